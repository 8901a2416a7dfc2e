// Issue 6: being built.
export default function Placeholder() {
  return null;
}

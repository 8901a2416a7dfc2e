// Issue 7: being built.
export default function Placeholder() {
  return null;
}

// Issue 7: being built.
export function loader() {
  return new Response("Not found", { status: 404 });
}

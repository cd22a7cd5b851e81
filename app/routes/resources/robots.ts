// Being built (issue 4).
export function loader() {
  return new Response("", { status: 404 });
}

// Being built (issue 4).
export default function Page() {
  return <h1 className="p-8 text-2xl">Contact</h1>;
}

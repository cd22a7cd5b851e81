// Being built (issue 5).
export default function Page() {
  return <h1 className="p-8 text-2xl">Verify e-mail</h1>;
}

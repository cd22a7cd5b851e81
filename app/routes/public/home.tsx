export default function Page() {
  return <p>home</p>;
}

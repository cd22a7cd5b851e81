export default function Page() {
  return <p>properties</p>;
}

export default function Page() {
  return <p>property</p>;
}

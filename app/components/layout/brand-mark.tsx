// The company's mark, the drawing of public/favicon.svg (brand-mark.test.ts keeps them equal),
// inline in the header. As `<img src="/favicon.svg">` the browser built a separate SVG document
// for it on every page's first load: 15-22 ms of the main thread on this machine, four times that
// on Lighthouse's phone, in the middle of the first paint.
export function BrandMark({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 64 64" width={size} height={size} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#065f46" />
      <path d="M14 32 32 16l18 16v18H38V38H26v12H14z" fill="#fbbf24" />
    </svg>
  );
}

import { type ImgHTMLAttributes, useEffect, useRef, useState } from "react";
import { PLACEHOLDER_IMAGE } from "~/lib/images";
import { cn } from "~/lib/utils";

/**
 * An <img> that copes with a missing file: it either hides (a decorative background) or shows
 * the placeholder. It also catches a failure that happened before hydration, when React was
 * not yet listening for the error event.
 */
export function MediaImage({
  whenBroken,
  placeholder = PLACEHOLDER_IMAGE,
  alt,
  className,
  ...props
}: ImgHTMLAttributes<HTMLImageElement> & {
  alt: string;
  whenBroken: "hide" | "placeholder";
  /** The picture shown instead of a broken one (whenBroken="placeholder"). */
  placeholder?: string;
}) {
  const ref = useRef<HTMLImageElement>(null);
  const [broken, setBroken] = useState(false);

  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setBroken(true);
  }, []);

  if (broken && whenBroken === "placeholder") {
    const { srcSet: _srcSet, sizes: _sizes, src: _src, ...rest } = props;
    return <img {...rest} alt={alt} src={placeholder} className={className} />;
  }
  return (
    <img
      ref={ref}
      {...props}
      alt={alt}
      onError={() => setBroken(true)}
      className={cn(className, broken && "invisible")}
    />
  );
}

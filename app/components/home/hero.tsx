import { useEffect, useRef, useState } from "react";
import { MediaImage } from "~/components/media-image";
import {
  HERO_IMAGES,
  HERO_ROTATION_MS,
  type HomeContent,
  PRELOAD_NEXT_AFTER_MS,
} from "~/lib/home-content";
import { responsiveImage } from "~/lib/images";
import { cn } from "~/lib/utils";
import { HeroSearchForm } from "./hero-search-form";
import {
  preloadImage,
  useInView,
  usePageLoaded,
  usePageVisible,
  usePrefersReducedMotion,
  useSaveData,
} from "./hooks";

// Full-bleed background: the image is as wide as the viewport.
const HERO_SIZES = "100vw";
const images = HERO_IMAGES.map((url) => responsiveImage(url, HERO_SIZES));

/**
 * The first image is in the server HTML and is the page's LCP element; the others are fetched
 * one at a time after the page has loaded, each while the one before it is showing, so a slow
 * first paint downloads a single hero image and a visitor who scrolls on fetches no more.
 * Nothing rotates for reduced-motion or data-saver visitors, off screen or in a background tab.
 */
export function Hero({ content }: { content: HomeContent }) {
  const [current, setCurrent] = useState(0);
  // Images whose <img> is in the page: the first, and each one once it has been preloaded.
  const [ready, setReady] = useState<ReadonlySet<number>>(() => new Set([0]));
  // The current image has had its 6 s. The switch then waits for the next image if it is still
  // on its way, so a slow network never shows an empty hero.
  const [due, setDue] = useState(false);
  const sectionRef = useRef<HTMLElement>(null);
  const inView = useInView(sectionRef);
  const visible = usePageVisible();
  const reducedMotion = usePrefersReducedMotion();
  const saveData = useSaveData();
  const pageLoaded = usePageLoaded();
  const rotating = inView && visible && !reducedMotion && !saveData;
  const next = (current + 1) % images.length;

  useEffect(() => {
    const image = images[next];
    if (!rotating || !pageLoaded || ready.has(next) || !image) return;
    let cancelled = false;
    const timer = window.setTimeout(() => {
      preloadImage(image).then(
        () => {
          if (!cancelled) setReady((previous) => new Set(previous).add(next));
        },
        () => {}, // a missing image simply never joins the rotation
      );
    }, PRELOAD_NEXT_AFTER_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [rotating, pageLoaded, next, ready]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new image restarts its turn.
  useEffect(() => {
    setDue(false);
    if (!rotating) return;
    const timer = window.setTimeout(() => setDue(true), HERO_ROTATION_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, current]);

  useEffect(() => {
    if (due && ready.has(next)) setCurrent(next);
  }, [due, ready, next]);

  function show(index: number) {
    setReady((previous) => (previous.has(index) ? previous : new Set(previous).add(index)));
    setCurrent(index);
  }

  return (
    <section
      ref={sectionRef}
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-brand-900"
    >
      <div aria-hidden className="absolute inset-0 -z-10">
        {images.map((image, index) =>
          ready.has(index) || index === current ? (
            <MediaImage
              key={image.src}
              {...image}
              whenBroken="hide"
              alt=""
              width={1920}
              height={1080}
              loading="eager"
              fetchPriority={index === 0 ? "high" : "low"}
              decoding={index === 0 ? "sync" : "async"}
              className={cn(
                "absolute inset-0 size-full object-cover transition-opacity duration-1000 motion-reduce:transition-none",
                index === current ? "opacity-100" : "opacity-0",
              )}
            />
          ) : null,
        )}
        <div className="absolute inset-0 bg-gradient-to-b from-slate-950/70 via-slate-950/55 to-slate-950/75" />
      </div>

      <div className="mx-auto flex min-h-[560px] max-w-5xl flex-col items-center justify-center px-4 pb-16 pt-12 text-center text-white sm:min-h-[620px] sm:pt-16">
        <p className="mb-3 text-balance text-xs font-semibold uppercase tracking-wider text-accent-400 sm:text-sm">
          {content.hero_subtitle}
        </p>
        <h1 id="hero-title" className="text-balance text-3xl font-bold sm:text-5xl">
          {content.hero_title}
        </h1>
        <p className="mt-4 max-w-2xl text-pretty text-base text-slate-100 sm:text-lg">
          {content.hero_description}
        </p>
        <div className="mt-8 w-full">
          <HeroSearchForm />
        </div>
      </div>

      <div className="absolute inset-x-0 bottom-3 flex justify-center gap-1">
        {images.map((image, index) => (
          <button
            key={image.src}
            type="button"
            onClick={() => show(index)}
            aria-label={`Show background image ${index + 1} of ${images.length}`}
            aria-current={index === current ? "true" : undefined}
            className="group flex size-6 items-center justify-center rounded-full"
          >
            <span
              className={cn(
                "block h-2 rounded-full transition-all motion-reduce:transition-none",
                index === current ? "w-6 bg-white" : "w-2 bg-white/50 group-hover:bg-white/80",
              )}
            />
          </button>
        ))}
      </div>
    </section>
  );
}

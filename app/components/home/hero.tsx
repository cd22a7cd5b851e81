import { useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import { CarouselDots } from "~/components/carousel-dots";
import { MediaImage } from "~/components/media-image";
import {
  HERO_IMAGES,
  HERO_PORTRAIT_HEIGHT,
  HERO_PORTRAIT_IMAGES,
  HERO_PORTRAIT_MEDIA,
  HERO_PORTRAIT_WIDTH,
  HERO_ROTATION_MS,
  type HomeContent,
  PRELOAD_NEXT_AFTER_MS,
} from "~/lib/home-content";
import { responsiveImage } from "~/lib/images";
import { cn } from "~/lib/utils";
import { HeroSearchForm } from "./hero-search-form";
import {
  preloadImage,
  type ResponsiveImage,
  useInView,
  usePageLoaded,
  usePageVisible,
  usePrefersReducedMotion,
  useSaveData,
} from "./hooks";

// Full-bleed background: the image is as wide as the viewport.
const HERO_SIZES = "100vw";

export type HeroSlide = { landscape: ResponsiveImage; portrait: ResponsiveImage };

/**
 * Art direction: each hero picture in a wide frame and in a tall one. A phone held upright
 * (HERO_PORTRAIT_MEDIA) gets the tall picture, whose 960 px file fills a 360x680 box at 2x
 * sharply (1280 for larger or denser phones); a wide picture there would be cropped to a third
 * of its width and need a file ~2,400 px across. Everything else gets the wide picture.
 */
export const HERO_SLIDES: readonly HeroSlide[] = HERO_IMAGES.map((url, index) => ({
  landscape: responsiveImage(url, HERO_SIZES),
  portrait: responsiveImage(HERO_PORTRAIT_IMAGES[index], HERO_SIZES, HERO_PORTRAIT_WIDTH),
}));

/**
 * The slides for the set staff arranged (/website-editor): a built-in picture keeps its tall
 * variant; none was drawn for an upload, so a phone held upright gets the same picture,
 * narrower and cropped to the box. An empty set: the built-in pictures.
 */
export function heroSlidesFor(images: readonly { mediaUrl: string }[]): readonly HeroSlide[] {
  if (images.length === 0) return HERO_SLIDES;
  return images.map(({ mediaUrl }) => {
    const builtIn = HERO_SLIDES[HERO_IMAGES.indexOf(mediaUrl)];
    return (
      builtIn ?? {
        landscape: responsiveImage(mediaUrl, HERO_SIZES),
        portrait: responsiveImage(mediaUrl, HERO_SIZES, HERO_PORTRAIT_WIDTH),
      }
    );
  });
}

/** The variant the hero's <picture> shows in this window: the same media query as its <source>. */
export function heroVariant(slide: HeroSlide, matchMedia: (query: string) => { matches: boolean }) {
  return matchMedia(HERO_PORTRAIT_MEDIA).matches ? slide.portrait : slide.landscape;
}

/**
 * The first image is in the server HTML and is the page's LCP element; the others are fetched
 * one at a time after the page has loaded, each while the one before it is showing, so a slow
 * first paint downloads a single hero image and a visitor who scrolls on fetches no more.
 * Nothing rotates for reduced-motion or data-saver visitors, off screen or in a background tab.
 */
export function Hero({
  content,
  slides = HERO_SLIDES,
}: {
  content: HomeContent;
  slides?: readonly HeroSlide[];
}) {
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
  const next = (current + 1) % slides.length;

  // The first picture is the page's LCP element: announce both variants in the <head>, each
  // only for the screens whose <picture> would show it, so a browser fetches exactly one.
  // (React adds no preload of its own for an <img> inside a <picture>.)
  const first = slides[0];
  if (first) {
    for (const [image, media] of [
      [first.portrait, HERO_PORTRAIT_MEDIA],
      [first.landscape, `not all and ${HERO_PORTRAIT_MEDIA}`],
    ] as const) {
      preload(image.src, {
        as: "image",
        imageSrcSet: image.srcSet,
        imageSizes: image.sizes,
        fetchPriority: "high",
        media,
      });
    }
  }

  useEffect(() => {
    const slide = slides[next];
    if (!rotating || !pageLoaded || ready.has(next) || !slide) return;
    let cancelled = false;
    const timer = window.setTimeout(() => {
      // The variant the <picture> will pick, so showing it later downloads nothing more.
      preloadImage(heroVariant(slide, (query) => window.matchMedia(query))).then(
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
  }, [rotating, pageLoaded, next, ready, slides]);

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
        {slides.map(({ landscape, portrait }, index) =>
          ready.has(index) || index === current ? (
            // The <img> is positioned against this div, so the <picture> around it needs no
            // box of its own; the <source> picks the file, the <img> shows (and hides) it.
            <picture key={landscape.src}>
              <source
                media={HERO_PORTRAIT_MEDIA}
                srcSet={portrait.srcSet}
                sizes={portrait.sizes}
                width={HERO_PORTRAIT_WIDTH}
                height={HERO_PORTRAIT_HEIGHT}
              />
              <MediaImage
                {...landscape}
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
            </picture>
          ) : null,
        )}
        <div className="absolute inset-0 bg-gradient-to-b from-slate-950/70 via-slate-950/55 to-slate-950/75" />
      </div>

      <div className="mx-auto flex min-h-[560px] max-w-5xl flex-col items-center justify-center px-4 pb-16 pt-12 text-center text-white sm:min-h-[620px] sm:pt-16">
        <HeroText content={content} />
        <div className="mt-8 w-full">
          <HeroSearchForm />
        </div>
      </div>

      <CarouselDots
        className="absolute inset-x-0 bottom-3 flex justify-center gap-1"
        items={slides.map(({ landscape }, index) => ({
          key: landscape.src,
          label: `Show background image ${index + 1} of ${slides.length}`,
        }))}
        current={current}
        onSelect={show}
        tone="light"
      />
    </section>
  );
}

/**
 * The hero's texts, always as text (React escapes them): the home page and the editor's preview
 * share it. `headingAs` lets the preview keep its page's heading outline.
 */
export function HeroText({
  content,
  headingAs: Heading = "h1",
}: {
  content: Pick<HomeContent, "hero_title" | "hero_subtitle" | "hero_description">;
  headingAs?: "h1" | "p";
}) {
  return (
    <>
      {content.hero_subtitle ? (
        <p className="mb-3 text-balance text-xs font-semibold uppercase tracking-wider text-accent-400 sm:text-sm">
          {content.hero_subtitle}
        </p>
      ) : null}
      <Heading
        id={Heading === "h1" ? "hero-title" : undefined}
        className="text-balance text-3xl font-bold sm:text-5xl"
      >
        {content.hero_title}
      </Heading>
      {content.hero_description ? (
        <p className="mt-4 max-w-2xl whitespace-pre-line text-pretty text-base text-slate-100 sm:text-lg">
          {content.hero_description}
        </p>
      ) : null}
    </>
  );
}

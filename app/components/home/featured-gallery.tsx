import { type KeyboardEvent, type TouchEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { CarouselDots } from "~/components/carousel-dots";
import { ChevronLeft, ChevronRight, Pause, Play } from "~/components/icons";
import { MediaImage } from "~/components/media-image";
import {
  GALLERY_ADVANCE_MS,
  GALLERY_CATEGORIES,
  type GalleryCategory,
  type GallerySlide,
  PRELOAD_NEXT_AFTER_MS,
} from "~/lib/home-content";
import { responsiveImage } from "~/lib/images";
import { cn } from "~/lib/utils";
import { describeVideo } from "~/lib/video-url";
import { preloadImage, useInView, usePageVisible, usePrefersReducedMotion } from "./hooks";
import { LiteVideo } from "./lite-video";

// The slide box is at most max-w-5xl (1024px) inside the page's 1rem gutters.
const SLIDE_SIZES = "(min-width: 1056px) 1024px, calc(100vw - 2rem)";
const SWIPE_THRESHOLD_PX = 50;
const ARROW_CLASS =
  "pointer-events-auto flex size-11 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow hover:bg-white";

const CATEGORY_LABEL = { finished: "Finished", under_construction: "Under Construction" };

function slidesIn(slides: GallerySlide[], category: GalleryCategory) {
  return category === "all" ? slides : slides.filter((slide) => slide.category === category);
}

/**
 * The '3D Gallery': category tabs over a one-slide carousel. Only the current slide is in the
 * page; the next image is fetched while this one shows. It advances every 5 s while on screen,
 * and stops under the pointer, with focus inside, for reduced motion, or when paused.
 */
export function FeaturedGallery({ slides }: { slides: GallerySlide[] }) {
  const [category, setCategory] = useState<GalleryCategory>("all");
  const [index, setIndex] = useState(0);
  // null: the default (on, unless the visitor prefers reduced motion).
  const [rotationChoice, setRotationChoice] = useState<boolean | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const regionRef = useRef<HTMLElement>(null);
  const tabsRef = useRef<HTMLDivElement>(null);
  const touchStartX = useRef<number | null>(null);
  const inView = useInView(regionRef);
  const visible = usePageVisible();
  const reducedMotion = usePrefersReducedMotion();

  const shown = slidesIn(slides, category);
  const count = shown.length;
  const current = count > 0 ? index % count : 0;
  const slide = shown[current];
  const nextSlide = count > 1 ? shown[(current + 1) % count] : undefined;
  const rotationOn = rotationChoice ?? !reducedMotion;
  // A video slide stays until the visitor moves on: it would be cut off after 5 s.
  const advancing =
    rotationOn &&
    !hovered &&
    !focused &&
    inView &&
    visible &&
    count > 1 &&
    slide?.mediaType !== "video";

  useEffect(() => {
    if (!advancing) return;
    // Keyed on `current`: moving by hand gives the new slide its full 5 s.
    const timer = window.setTimeout(() => setIndex((current + 1) % count), GALLERY_ADVANCE_MS);
    return () => window.clearTimeout(timer);
  }, [advancing, count, current]);

  useEffect(() => {
    // Fetch the next picture only once this one has been watched for a while.
    if (!advancing || !nextSlide || nextSlide.mediaType !== "image") return;
    const image = responsiveImage(nextSlide.mediaUrl, SLIDE_SIZES);
    const timer = window.setTimeout(
      () => preloadImage(image).catch(() => {}),
      PRELOAD_NEXT_AFTER_MS,
    );
    return () => window.clearTimeout(timer);
  }, [advancing, nextSlide]);

  function go(to: number) {
    if (count > 0) setIndex((to + count) % count);
  }

  function selectCategory(value: GalleryCategory) {
    setCategory(value);
    setIndex(0);
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const at = GALLERY_CATEGORIES.findIndex((c) => c.value === category);
    const total = GALLERY_CATEGORIES.length;
    // Arrows wrap around; Home and End jump to the ends (the WAI-ARIA tabs pattern).
    const moves: Record<string, number> = {
      ArrowRight: (at + 1) % total,
      ArrowLeft: (at - 1 + total) % total,
      Home: 0,
      End: total - 1,
    };
    const target = moves[event.key];
    const next = target === undefined ? undefined : GALLERY_CATEGORIES[target];
    if (!next) return;
    event.preventDefault();
    selectCategory(next.value);
    tabsRef.current?.querySelector<HTMLElement>(`#gallery-tab-${next.value}`)?.focus();
  }

  function onTouchEnd(event: TouchEvent) {
    const start = touchStartX.current;
    const end = event.changedTouches[0]?.clientX;
    touchStartX.current = null;
    if (start === null || end === undefined) return;
    const dx = end - start;
    if (Math.abs(dx) >= SWIPE_THRESHOLD_PX) go(dx < 0 ? current + 1 : current - 1);
  }

  return (
    <div>
      <div
        ref={tabsRef}
        role="tablist"
        aria-label="Gallery categories"
        onKeyDown={onTabKeyDown}
        className="mx-auto mb-6 grid max-w-md grid-cols-3 gap-1 rounded-lg bg-slate-100 p-1 sm:flex sm:w-fit sm:max-w-none"
      >
        {GALLERY_CATEGORIES.map((option) => {
          const selected = option.value === category;
          return (
            <button
              key={option.value}
              id={`gallery-tab-${option.value}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls="gallery-panel"
              tabIndex={selected ? 0 : -1}
              onClick={() => selectCategory(option.value)}
              className={cn(
                "rounded-md px-2 py-2 text-sm font-medium leading-tight sm:whitespace-nowrap sm:px-4",
                selected
                  ? "bg-white text-brand-800 shadow-sm"
                  : "text-slate-600 hover:text-slate-900",
              )}
            >
              {option.label}
            </button>
          );
        })}
      </div>

      <div
        id="gallery-panel"
        role="tabpanel"
        aria-labelledby={`gallery-tab-${category}`}
        className="mx-auto max-w-5xl"
      >
        <section
          ref={regionRef}
          aria-roledescription="carousel"
          aria-label="Featured projects"
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
          }}
          onTouchStart={(event) => {
            touchStartX.current = event.touches[0]?.clientX ?? null;
          }}
          onTouchEnd={onTouchEnd}
          className="relative"
        >
          {slide ? (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group, not a form fieldset.
            <div
              key={`${category}-${slide.id}`}
              role="group"
              aria-roledescription="slide"
              aria-label={`${current + 1} of ${count}`}
              aria-live={advancing ? "off" : "polite"}
            >
              <SlideMedia slide={slide} active={inView} />
              <SlideCaption slide={slide} />
            </div>
          ) : (
            <p className="flex aspect-[4/3] items-center justify-center rounded-xl bg-slate-100 p-6 text-center text-slate-600 sm:aspect-video">
              No projects in this category yet.
            </p>
          )}

          {count > 1 ? (
            <>
              {/* Laid over the media box (same width and aspect ratio), outside the slide so
                  the buttons keep focus while slides change. */}
              <div className="pointer-events-none absolute inset-x-0 top-0 flex aspect-[4/3] items-center justify-between px-2 sm:aspect-video sm:px-4">
                <button
                  type="button"
                  onClick={() => go(current - 1)}
                  aria-label="Previous slide"
                  className={ARROW_CLASS}
                >
                  <ChevronLeft className="size-6" aria-hidden />
                </button>
                <button
                  type="button"
                  onClick={() => go(current + 1)}
                  aria-label="Next slide"
                  className={ARROW_CLASS}
                >
                  <ChevronRight className="size-6" aria-hidden />
                </button>
              </div>
              <div className="mt-4 flex items-center justify-center gap-2">
                <button
                  type="button"
                  onClick={() => setRotationChoice(!rotationOn)}
                  aria-label={
                    rotationOn ? "Stop automatic slide show" : "Start automatic slide show"
                  }
                  className="flex size-8 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                >
                  {rotationOn ? (
                    <Pause className="size-4" aria-hidden />
                  ) : (
                    <Play className="size-4" aria-hidden />
                  )}
                </button>
                <CarouselDots
                  className="flex flex-wrap justify-center"
                  items={shown.map((slide, i) => ({
                    key: slide.id,
                    label: `Go to slide ${i + 1}${slide.title ? `: ${slide.title}` : ""}`,
                  }))}
                  current={current}
                  onSelect={go}
                  tone="brand"
                />
              </div>
            </>
          ) : null}
        </section>
      </div>
    </div>
  );
}

function SlideMedia({ slide, active }: { slide: GallerySlide; active: boolean }) {
  const box =
    "relative aspect-[4/3] w-full overflow-hidden rounded-xl bg-slate-200 sm:aspect-video";
  const title = slide.title ?? "Project";
  if (slide.mediaType === "video") {
    const video = describeVideo(slide.mediaUrl);
    if (video.kind === "file") return <SlideVideo src={video.src} title={title} active={active} />;
    return <LiteVideo url={slide.mediaUrl} title={title} showTitle={false} className={box} />;
  }
  const image = responsiveImage(slide.mediaUrl, SLIDE_SIZES);
  return (
    <div className={box}>
      <MediaImage
        {...image}
        whenBroken="placeholder"
        alt={slide.title ?? ""}
        width={1600}
        height={900}
        loading="lazy"
        decoding="async"
        className="size-full object-cover"
      />
    </div>
  );
}

/** An uploaded clip: muted and looping like a moving picture, playing only while on screen. */
function SlideVideo({ src, title, active }: { src: string; title: string; active: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    if (active && !reducedMotion) video.play().catch(() => {});
    else video.pause();
  }, [active, reducedMotion]);
  return (
    <div className="relative aspect-[4/3] w-full overflow-hidden rounded-xl bg-slate-900 sm:aspect-video">
      <video
        ref={ref}
        src={src}
        muted
        loop
        playsInline
        controls
        preload={active ? "metadata" : "none"}
        aria-label={title}
        className="size-full object-cover"
      />
    </div>
  );
}

function SlideCaption({ slide }: { slide: GallerySlide }) {
  const link =
    slide.linkUrl && /^(\/(?!\/)|https?:\/\/)/.test(slide.linkUrl) ? slide.linkUrl : null;
  return (
    <div className="mt-4 flex flex-col gap-2 text-center sm:px-16">
      <p className="text-xs font-semibold uppercase tracking-wider text-brand-700">
        {CATEGORY_LABEL[slide.category]}
      </p>
      {slide.title ? <h3 className="text-xl font-semibold text-slate-900">{slide.title}</h3> : null}
      {slide.description ? (
        <p className="mx-auto max-w-2xl text-pretty text-slate-600">{slide.description}</p>
      ) : null}
      {link ? (
        link.startsWith("/") ? (
          <Link to={link} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            View details
          </Link>
        ) : (
          <a
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            View details
          </a>
        )
      ) : null}
    </div>
  );
}

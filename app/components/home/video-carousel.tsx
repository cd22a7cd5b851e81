import { useCallback, useEffect, useRef, useState } from "react";
import { ChevronLeft, ChevronRight } from "~/components/icons";
import { cn } from "~/lib/utils";
import type { FeaturedVideo } from "~/models/video.server";
import { usePrefersReducedMotion } from "./hooks";
import { LiteVideo } from "./lite-video";

/**
 * A scroll-snap strip: one video per view on phones, two or three on wider screens. It swipes
 * and scrolls without JavaScript; the buttons move one video at a time. Only one player is
 * ever open.
 */
export function VideoCarousel({ videos }: { videos: FeaturedVideo[] }) {
  const trackRef = useRef<HTMLUListElement>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const [edges, setEdges] = useState({ start: true, end: videos.length <= 1 });
  const reducedMotion = usePrefersReducedMotion();

  const measure = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    const slack = 4; // sub-pixel snapping leaves a few pixels
    setEdges({
      start: track.scrollLeft <= slack,
      end: track.scrollLeft + track.clientWidth >= track.scrollWidth - slack,
    });
  }, []);

  useEffect(() => {
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [measure]);

  function step(direction: 1 | -1) {
    const track = trackRef.current;
    const item = track?.querySelector("li");
    if (!track || !item) return;
    if (direction === 1 ? edges.end : edges.start) return;
    const gap = Number.parseFloat(getComputedStyle(track).columnGap) || 0;
    track.scrollBy({
      left: direction * (item.getBoundingClientRect().width + gap),
      behavior: reducedMotion ? "auto" : "smooth",
    });
  }

  return (
    <div className="relative">
      <ul
        ref={trackRef}
        id="video-track"
        onScroll={measure}
        aria-label="Featured videos"
        className="flex snap-x snap-mandatory gap-4 overflow-x-auto pb-2 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {videos.map((video, index) => {
          const title = video.title?.trim() || `Video ${index + 1}`;
          return (
            <li
              key={video.id}
              className="w-full shrink-0 snap-start md:w-[calc((100%-1rem)/2)] lg:w-[calc((100%-2rem)/3)]"
            >
              <LiteVideo
                url={video.videoUrl}
                title={title}
                active={playing === video.id}
                onActivate={() => setPlaying(video.id)}
              />
              {/* The poster carries the title; the description sits under it. */}
              {video.description ? (
                <p className="mt-3 line-clamp-2 text-sm text-slate-600">{video.description}</p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {videos.length > 1 ? (
        <div className={cn("mt-4 flex justify-center gap-3", edges.start && edges.end && "hidden")}>
          <button
            type="button"
            onClick={() => step(-1)}
            // aria-disabled rather than disabled: the button keeps focus at the end of the strip.
            aria-disabled={edges.start}
            aria-controls="video-track"
            aria-label="Previous video"
            className="flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 aria-disabled:opacity-40"
          >
            <ChevronLeft className="size-5" aria-hidden />
          </button>
          <button
            type="button"
            onClick={() => step(1)}
            aria-disabled={edges.end}
            aria-controls="video-track"
            aria-label="Next video"
            className="flex size-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 aria-disabled:opacity-40"
          >
            <ChevronRight className="size-5" aria-hidden />
          </button>
        </div>
      ) : null}
    </div>
  );
}

import { type MouseEvent, useEffect, useRef, useState } from "react";
import { Play, VideoOff } from "~/components/icons";
import { cn } from "~/lib/utils";
import { describeVideo, withAutoplay } from "~/lib/video-url";

const PROVIDER_LABEL = { youtube: "YouTube", vimeo: "Vimeo", file: "Video", link: "Video" };

/**
 * A "lite embed": a poster drawn by the page (no thumbnail, no player, nothing from another
 * site) until the visitor presses play; only then the player is inserted. Without JavaScript
 * the poster is a plain link to the video. Only YouTube's and Vimeo's players (built by
 * describeVideo from the video's id) are ever framed; any other link stays a link out.
 *
 * Pass `active`/`onActivate` to let a parent keep a single player open at a time.
 */
export function LiteVideo({
  url,
  title,
  active: activeProp,
  onActivate,
  showTitle = true,
  className,
}: {
  url: string;
  title: string;
  /** Draw the title on the poster (off where a caption beside it already says it). */
  showTitle?: boolean;
  active?: boolean;
  onActivate?: () => void;
  className?: string;
}) {
  const [activeState, setActiveState] = useState(false);
  const active = activeProp ?? activeState;
  const video = describeVideo(url);
  const playerRef = useRef<HTMLIFrameElement & HTMLVideoElement>(null);

  useEffect(() => {
    // Keyboard users continue inside the player they just opened.
    if (active) playerRef.current?.focus();
  }, [active]);

  const frame = cn(
    "relative aspect-video w-full overflow-hidden rounded-lg bg-slate-900",
    className,
  );

  if (video.kind === "invalid") {
    return (
      <div className={cn(frame, "flex flex-col items-center justify-center gap-2 text-slate-300")}>
        <VideoOff className="size-8" aria-hidden />
        <p className="text-sm">This video is not available.</p>
      </div>
    );
  }

  if (active && video.kind !== "link") {
    return (
      <div className={frame}>
        {video.kind === "file" ? (
          // biome-ignore lint/a11y/useMediaCaption: uploaded clips come without caption files.
          <video
            ref={playerRef}
            src={video.src}
            controls
            autoPlay
            playsInline
            title={title}
            className="absolute inset-0 size-full"
          />
        ) : (
          <iframe
            ref={playerRef}
            src={withAutoplay(video.embedUrl)}
            title={title}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            className="absolute inset-0 size-full border-0"
          />
        )}
      </div>
    );
  }

  const href =
    "watchUrl" in video ? video.watchUrl : video.kind === "file" ? video.src : video.href;
  function play(event: MouseEvent<HTMLAnchorElement>) {
    // Modified clicks (new tab) keep the link's own behaviour; another site's page opens there.
    if (
      video.kind === "link" ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    event.preventDefault();
    setActiveState(true);
    onActivate?.();
  }

  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={play}
      className={cn(
        frame,
        "group block bg-gradient-to-br from-brand-800 via-brand-900 to-slate-950 text-left",
      )}
    >
      {/* A faint roofline pattern so posters read as "property video" without an image. */}
      <svg
        aria-hidden
        viewBox="0 0 160 90"
        preserveAspectRatio="xMidYMax slice"
        className="absolute inset-0 size-full text-white/10"
      >
        <path
          d="M0 90V62l18-12 18 12v-8l22-16 22 16v-6l20-14 20 14v10l16-10 24 14v28z"
          fill="currentColor"
        />
      </svg>
      {/* The link's name is "Play video: <title>" from its text; the provider badge is decoration. */}
      <span className="sr-only">Play video: </span>
      <span
        aria-hidden
        className="absolute left-3 top-3 rounded bg-black/40 px-2 py-0.5 text-xs font-medium text-white"
      >
        {PROVIDER_LABEL[video.kind]}
      </span>
      <span className="absolute inset-0 flex items-center justify-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-white/90 text-brand-800 shadow-lg transition-transform group-hover:scale-110 motion-reduce:transition-none">
          <Play className="ml-1 size-7" fill="currentColor" aria-hidden />
        </span>
      </span>
      {showTitle ? (
        <span className="absolute inset-x-0 bottom-0 line-clamp-2 bg-gradient-to-t from-black/70 to-transparent p-3 pt-8 text-sm font-semibold text-white">
          {title}
        </span>
      ) : (
        <span className="sr-only">{title}</span>
      )}
    </a>
  );
}

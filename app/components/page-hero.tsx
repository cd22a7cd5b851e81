import type { ReactNode } from "react";
import { MediaImage } from "~/components/media-image";
import { HERO_IMAGES } from "~/lib/home-content";
import { responsiveImage } from "~/lib/images";

/**
 * The banner at the top of an inner page (About, Team): a title over one of the site's hero
 * pictures, darkened so white text stays readable whatever the picture shows. The picture is
 * decorative: if it cannot load the dark background remains.
 */
export function PageHero({
  title,
  intro,
  image = HERO_IMAGES[0],
  children,
}: {
  title: string;
  intro: string;
  /** A /media URL, one of HERO_IMAGES (their keys are drawn by the media route). */
  image?: string;
  children?: ReactNode;
}) {
  return (
    <section className="relative isolate overflow-hidden bg-brand-900 text-white">
      <MediaImage
        {...responsiveImage(image, "100vw")}
        alt=""
        width={1920}
        height={1080}
        fetchPriority="high"
        whenBroken="hide"
        className="absolute inset-0 -z-10 h-full w-full object-cover"
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-brand-900/90 via-brand-900/75 to-brand-900/50" />
      <div className="mx-auto max-w-7xl px-4 py-20 sm:py-28">
        <h1 className="max-w-3xl text-balance text-4xl font-bold sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-pretty text-lg text-brand-50">{intro}</p>
        {children}
      </div>
    </section>
  );
}

import { type ReactNode, useMemo } from "react";
import { getSessionUser } from "~/auth/session.server";
import { SavedFavorites } from "~/components/favorite-button";
import { FeaturedGallery } from "~/components/home/featured-gallery";
import { FeaturedProperties } from "~/components/home/featured-properties";
import { Hero, heroSlidesFor } from "~/components/home/hero";
import { AboutTeaser, ContactTeaser, ServicesTeaser } from "~/components/home/home-teasers";
import { VideoCarousel } from "~/components/home/video-carousel";
import { parseFeaturedFilter, resolveHomeContent } from "~/lib/home-content";
import { pageMeta, siteUrlFrom } from "~/lib/seo";
import { COMPANY_DESCRIPTION, COMPANY_NAME, COMPANY_TAGLINE } from "~/lib/site";
import { realEstateAgentJsonLd } from "~/lib/structured-data";
import { describeVideo } from "~/lib/video-url";
import { logger } from "~/log/logger.server";
import { listFavoriteIds } from "~/models/favorite.server";
import { listFeaturedProperties, type PropertyCardData } from "~/models/property.server";
import { getContactDetails, getSectionContent, listHeroImages } from "~/models/site-content.server";
import { listActiveSlides } from "~/models/slideshow.server";
import { listActiveVideos } from "~/models/video.server";
import type { Route } from "./+types/home";

export async function loader({ request }: Route.LoaderArgs) {
  const featured = parseFeaturedFilter(new URL(request.url).searchParams.get("featured"));
  const [stored, heroImages, contact, slides, videos, properties, user] = await Promise.all([
    getSectionContent("home"),
    listHeroImages(),
    getContactDetails(),
    listActiveSlides(),
    listActiveVideos(),
    listFeaturedProperties(featured === "all" ? undefined : featured).catch(
      (error): PropertyCardData[] => {
        // The spec: a failed featured load is logged and the page still renders.
        logger.error({ err: error }, "Failed to load featured properties");
        return [];
      },
    ),
    getSessionUser(request),
  ]);
  // The hearts of the cards the signed-in visitor saved.
  const favoriteIds = await listFavoriteIds(
    user?.id,
    properties.map((p) => p.id),
  );
  return {
    favoriteIds,
    content: resolveHomeContent(stored),
    heroImages: heroImages.map((image) => ({ mediaUrl: image.mediaUrl })),
    contact: { phones: contact.phones, email: contact.email, whatsapp: contact.whatsapp },
    slides,
    // A link that can never play (not http(s)) is left out rather than shown broken.
    videos: videos.filter((video) => describeVideo(video.videoUrl).kind !== "invalid"),
    featured,
    properties,
  };
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { content, slides, videos, featured, properties, favoriteIds, heroImages } = loaderData;
  const heroSlides = useMemo(() => heroSlidesFor(heroImages), [heroImages]);
  return (
    <SavedFavorites ids={favoriteIds}>
      <Hero content={content} slides={heroSlides} />

      <Section
        id="gallery"
        title="Featured Projects"
        intro="Homes we have finished and estates we are building now."
      >
        <FeaturedGallery slides={slides} />
      </Section>

      {videos.length > 0 ? (
        <Section
          id="videos"
          title="Featured Videos"
          intro="Walk through our properties and projects."
          tinted
        >
          <VideoCarousel videos={videos} />
        </Section>
      ) : null}

      <Section
        id="featured"
        title="Featured Properties"
        intro="Hand-picked homes and commercial spaces, checked by our agents."
        tinted={videos.length === 0}
      >
        <FeaturedProperties properties={properties} filter={featured} />
      </Section>

      <section aria-labelledby="about-title" className="below-fold bg-white py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4">
          <AboutTeaser content={content} />
        </div>
      </section>

      <section aria-labelledby="services-title" className="below-fold bg-slate-50 py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4">
          <ServicesTeaser content={content} />
        </div>
      </section>

      <section id="contact" aria-labelledby="contact-title" className="below-fold py-16 sm:py-20">
        <div className="mx-auto max-w-5xl px-4">
          <ContactTeaser content={content} contact={loaderData.contact} />
        </div>
      </section>
    </SavedFavorites>
  );
}

function Section({
  id,
  title,
  intro,
  tinted = false,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  tinted?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`below-fold py-16 sm:py-20 ${tinted ? "bg-slate-50" : "bg-white"}`}
    >
      <div className="mx-auto max-w-7xl px-4">
        <div className="mx-auto mb-8 max-w-2xl text-center">
          <h2 id={`${id}-title`} className="text-3xl font-bold text-slate-900">
            {title}
          </h2>
          <p className="mt-2 text-pretty text-slate-600">{intro}</p>
        </div>
        {children}
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = (args) => {
  // The contact details and social links come from the site layout's loader data (also there
  // when this runs in the browser).
  const layout = args.matches[1]?.loaderData;
  return pageMeta(args, {
    title: `${COMPANY_NAME} | ${COMPANY_TAGLINE}`,
    description: COMPANY_DESCRIPTION,
    path: "/",
    jsonLd: layout
      ? realEstateAgentJsonLd(layout.contact, siteUrlFrom(args.matches), layout.social)
      : undefined,
  });
};

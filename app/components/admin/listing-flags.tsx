import { Link } from "react-router";
import { MediaImage } from "~/components/media-image";
import { Badge } from "~/components/ui/badge";
import { responsiveImage } from "~/lib/images";
import { listingCodePath } from "~/lib/listing-code";
import type { ListingFlags, OtherListing, QueueFlags } from "~/models/photo-match.server";

// What the office is warned of before publishing (issue 46 item 3): a photo that is on another
// listing, shown beside that listing's photo, and another listing on offer at the same address
// (one unit, one listing). The review page and the admin property form show it; the queue shows
// the badges (QueueFlagBadges).

export const FLAG_WORDS = {
  heading: "Possible copy: check before publishing",
  copiedPhoto: "Copied photo",
  sameUnit: "Same unit already listed",
  thisPhoto: "This photo",
  sameUnitIntro: "Another listing on offer has the same address (one unit, one listing):",
} as const;

function ListingLink({ listing }: { listing: OtherListing }) {
  return (
    <>
      <Link
        to={`/admin/properties/${listing.id}`}
        className="font-medium text-brand-700 hover:underline"
      >
        {listing.code}: {listing.title}
      </Link>{" "}
      <span className="text-slate-600">({listing.city})</span>{" "}
      <a
        href={listingCodePath(listing.code)}
        target="_blank"
        rel="noreferrer"
        className="text-sm text-brand-700 hover:underline"
      >
        public page
      </a>
    </>
  );
}

function Thumbnail({ url, alt }: { url: string; alt: string }) {
  return (
    <a href={url} target="_blank" rel="noreferrer">
      <MediaImage
        {...responsiveImage(url, "200px")}
        alt={alt}
        whenBroken="placeholder"
        className="aspect-[4/3] w-full rounded-md object-cover"
      />
    </a>
  );
}

/** The flags in full; nothing when there are none. `subject`: "this submission" or "this listing". */
export function ListingFlagsPanel({ flags, subject }: { flags: ListingFlags; subject: string }) {
  if (flags.photoMatches.length === 0 && flags.sameUnit.length === 0) return null;
  return (
    <section
      aria-labelledby="listing-flags-title"
      className="space-y-4 rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="listing-flags-title" className="text-lg font-semibold text-amber-950">
        {FLAG_WORDS.heading}
      </h2>
      {flags.photoMatches.length > 0 ? (
        <div className="space-y-3">
          <p className="text-sm text-amber-950">
            {flags.photoMatches.length === 1
              ? `A photo of ${subject} looks the same as a photo of another listing.`
              : `${flags.photoMatches.length} photos of ${subject} look the same as photos of other listings.`}{" "}
            Ask where they come from before publishing.
          </p>
          <ul className="space-y-3">
            {flags.photoMatches.map((match) => (
              <li
                key={`${match.photoUrl} ${match.otherPhotoUrl}`}
                className="rounded-md border border-amber-200 bg-white p-3"
              >
                <p className="mb-2 text-sm">
                  <Badge tone="red">{FLAG_WORDS.copiedPhoto}</Badge> also on{" "}
                  <ListingLink listing={match.listing} />
                  {match.distance === 0 ? " (the same picture)" : " (a near copy)"}
                </p>
                <div className="grid max-w-md grid-cols-2 gap-3">
                  <figure>
                    <Thumbnail url={match.photoUrl} alt={`${FLAG_WORDS.thisPhoto} (${subject})`} />
                    <figcaption className="mt-1 text-xs text-slate-600">
                      {FLAG_WORDS.thisPhoto}
                    </figcaption>
                  </figure>
                  <figure>
                    <Thumbnail
                      url={match.otherPhotoUrl}
                      alt={`The photo on ${match.listing.code}`}
                    />
                    <figcaption className="mt-1 text-xs text-slate-600">
                      On {match.listing.code}
                    </figcaption>
                  </figure>
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {flags.sameUnit.length > 0 ? (
        <div className="space-y-2">
          <p className="text-sm text-amber-950">
            <Badge tone="red">{FLAG_WORDS.sameUnit}</Badge> {FLAG_WORDS.sameUnitIntro}
          </p>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {flags.sameUnit.map((listing) => (
              <li key={listing.id}>
                <ListingLink listing={listing} /> · {listing.address}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** The queue's badges for one submission. */
export function QueueFlagBadges({ flags }: { flags: QueueFlags | null | undefined }) {
  if (!flags) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-1">
      {flags.copiedPhotos > 0 ? (
        <Badge tone="red">
          {FLAG_WORDS.copiedPhoto}
          {flags.copiedPhotos > 1 ? ` (${flags.copiedPhotos})` : ""}
        </Badge>
      ) : null}
      {flags.sameUnit > 0 ? <Badge tone="red">{FLAG_WORDS.sameUnit}</Badge> : null}
    </span>
  );
}

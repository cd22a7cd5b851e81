import type { ShouldRevalidateFunctionArgs } from "react-router";
import { requireUser } from "~/auth/session.server";
import { EmptyState } from "~/components/dashboard/empty-state";
import { SavedFavorites } from "~/components/favorite-button";
import { PropertyCard } from "~/components/property-card";
import { ErrorNotice } from "~/components/ui/alert";
import { selectedTab, UrlTabs } from "~/components/ui/tabs";
import { pageMeta } from "~/lib/seo";
import { logger } from "~/log/logger.server";
import { listFavoriteIds, listFavoriteProperties } from "~/models/favorite.server";
import { listInterestedProperties } from "~/models/interested-property.server";
import type { PropertyCardData } from "~/models/property.server";
import { listRecentlyViewedProperties } from "~/models/property-view.server";
import type { Route } from "./+types/properties";

// Your Saved Properties: favourites (the heart removes one, with or without JavaScript, and
// comes back here), the last property pages opened, and the properties booked for a viewing.

const TABS = [
  { id: "favorites", label: "Favorites" },
  { id: "recent", label: "Recently Viewed" },
  { id: "interested", label: "Interested" },
] as const;

type TabId = (typeof TABS)[number]["id"];

const LOAD_ERROR = "Could not load your saved properties";

const LISTS: Record<TabId, (userId: string) => Promise<PropertyCardData[]>> = {
  favorites: (userId) => listFavoriteProperties(userId),
  recent: (userId) => listRecentlyViewedProperties(userId),
  interested: (userId) => listInterestedProperties(userId),
};

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const tab = selectedTab(request.url, TABS);
  try {
    const properties = await LISTS[tab](user.id);
    const savedIds =
      tab === "favorites"
        ? properties.map((p) => p.id)
        : await listFavoriteIds(
            user.id,
            properties.map((p) => p.id),
          );
    return { tab, properties, savedIds, error: null };
  } catch (error) {
    logger.error({ err: error, tab }, "Could not load the dashboard properties");
    return { tab, properties: [], savedIds: [], error: LOAD_ERROR };
  }
}

// With JavaScript, a card whose heart was just turned off stays (unfilled) until the next visit:
// the toast can show, and a mistaken tap can be undone in place.
export function shouldRevalidate({
  formAction,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formAction === "/favorites" && currentUrl.href === nextUrl.href) return false;
  return defaultShouldRevalidate;
}

export default function SavedPropertiesPage({ loaderData }: Route.ComponentProps) {
  const { tab, properties, savedIds, error } = loaderData;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Your Saved Properties</h1>
      <UrlTabs tabs={TABS} current={tab} label="Saved properties" />
      {error ? (
        <ErrorNotice>{error}</ErrorNotice>
      ) : properties.length === 0 ? (
        <EmptyState
          title="No properties found"
          text={EMPTY_TEXT[tab]}
          action={{ label: "Browse Properties", to: "/properties" }}
        />
      ) : (
        <SavedFavorites ids={savedIds}>
          <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
            {properties.map((property) => (
              <li key={property.id}>
                <PropertyCard property={property} viewDetails />
              </li>
            ))}
          </ul>
        </SavedFavorites>
      )}
    </div>
  );
}

const EMPTY_TEXT: Record<TabId, string> = {
  favorites: "Tap the heart on a property to save it here.",
  recent: "The properties you open appear here.",
  interested: "Properties you book a viewing for appear here.",
};

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "My Properties",
    description: "Your favourite, recently viewed and booked properties.",
    path: "/dashboard/properties",
    noindex: true,
  });

import { createContext, useContext, useEffect, useRef } from "react";
import { useFetcher, useLocation, useRouteLoaderData } from "react-router";
import { Heart } from "~/components/icons";
import { toast } from "~/components/toaster";
import { buttonVariants } from "~/components/ui/button";
import {
  type LayoutAccount,
  noteFavorite,
  useSavedInStore,
  useViewer,
} from "~/components/viewer-store";
import { useHydrated } from "~/hooks/use-hydrated";
import { FLASH_MESSAGES } from "~/lib/flash";
import { cn } from "~/lib/utils";
import type { action as favoritesAction } from "~/routes/resources/favorites";

// The heart on cards and Save to Favorites on the detail page. A real POST form to /favorites:
// with JavaScript it goes through a fetcher (button disabled while updating, toasts); without,
// the page reloads with a toast saying what was done (or a signed-out visitor is sent to sign in).
// Pages that know which of their properties the user saved wrap their content in
// <SavedFavorites>; a page from the page cache knows none, and learns them from /api/me (ADR 19):
// its hearts are unfilled until then, and without JavaScript its form asks the server to toggle.

const SavedFavoritesContext = createContext<ReadonlySet<string> | null>(null);

export function SavedFavorites({ ids, children }: { ids: string[]; children: React.ReactNode }) {
  return (
    <SavedFavoritesContext.Provider value={new Set(ids)}>{children}</SavedFavoritesContext.Provider>
  );
}

const AUTH_REQUIRED = {
  title: "Authentication Required",
  description: "Please sign in to save properties to favorites",
};

export function FavoriteButton({
  propertyId,
  variant = "icon",
  className,
  labelClassName,
}: {
  propertyId: string;
  variant?: "icon" | "full";
  className?: string;
  /** The full variant's words (e.g. "max-sm:sr-only": only the heart shows on a phone). */
  labelClassName?: string;
}) {
  const fetcher = useFetcher<typeof favoritesAction>();
  const layout = useRouteLoaderData("routes/public/layout") as
    | { account?: LayoutAccount }
    | undefined;
  // "pending": the member copy of a cached page; a stale session gets the 401 toast.
  const signedIn = useViewer(layout?.account) !== null;
  const inStore = useSavedInStore(propertyId);
  const savedIds = useContext(SavedFavoritesContext);
  const location = useLocation();
  const hydrated = useHydrated();

  const pendingIntent = fetcher.formData?.get("intent");
  const result = fetcher.data;
  const saved =
    pendingIntent !== undefined && pendingIntent !== null
      ? pendingIntent === "add"
      : (inStore.toggled ??
        (result?.ok ? result.saved : Boolean(savedIds?.has(propertyId) || inStore.listed)));
  const busy = fetcher.state !== "idle";

  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !result || reported.current === result) return;
    reported.current = result;
    if (result.ok) {
      noteFavorite(propertyId, result.saved);
      toast.success(FLASH_MESSAGES[result.saved ? "favoriteAdded" : "favoriteRemoved"].title);
    } else if (result.reason === "signin") toast.error(AUTH_REQUIRED.title, AUTH_REQUIRED);
    else toast.error(FLASH_MESSAGES.favoriteFailed.title);
  }, [fetcher.state, result, propertyId]);

  function onSubmit(event: React.FormEvent) {
    if (signedIn) return;
    event.preventDefault();
    toast.error(AUTH_REQUIRED.title, { description: AUTH_REQUIRED.description });
  }

  const label = saved ? "Remove from favorites" : "Save to favorites";
  return (
    <fetcher.Form method="post" action="/favorites" onSubmit={onSubmit} className="contents">
      <input type="hidden" name="propertyId" value={propertyId} />
      {/* Before JavaScript the page may not know what is saved (a cached page): the server
          flips it and says which it did. */}
      <input type="hidden" name="intent" value={hydrated ? (saved ? "remove" : "add") : "toggle"} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      {variant === "full" ? (
        <button
          type="submit"
          disabled={busy}
          aria-pressed={saved}
          className={buttonVariants({
            variant: saved ? "destructive-soft" : "outline",
            className,
          })}
        >
          <Heart className={cn("size-5", saved && "fill-current")} aria-hidden />
          <span className={labelClassName}>
            {saved ? "Saved to Favorites" : "Save to Favorites"}
          </span>
        </button>
      ) : (
        <button
          type="submit"
          disabled={busy}
          aria-label={label}
          aria-pressed={saved}
          className={cn(
            "flex size-9 items-center justify-center rounded-full bg-white/90 shadow hover:text-red-600 disabled:opacity-70",
            saved ? "text-red-600" : "text-slate-700",
            className,
          )}
        >
          <Heart className={cn("size-5", saved && "fill-current")} aria-hidden />
        </button>
      )}
    </fetcher.Form>
  );
}

import { Heart } from "lucide-react";
import { toast } from "sonner";
import { cn } from "~/lib/utils";

// Saving favourites needs an account. Until accounts exist every visitor is signed out, so the
// button gives the spec's sign-in message; the accounts work replaces the click handler with a
// real save.
export function FavoriteButton({
  variant = "icon",
  className,
}: {
  propertyId: string;
  variant?: "icon" | "full";
  className?: string;
}) {
  function requireSignIn() {
    toast.error("Authentication Required", {
      description: "Please sign in to save properties to favorites",
    });
  }

  if (variant === "full") {
    return (
      <button
        type="button"
        onClick={requireSignIn}
        className={cn(
          "inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 px-4 py-2.5 font-medium text-slate-700 hover:bg-slate-50",
          className,
        )}
      >
        <Heart className="size-5" aria-hidden />
        Save to Favorites
      </button>
    );
  }
  return (
    <button
      type="button"
      onClick={requireSignIn}
      aria-label="Save to favorites"
      className={cn(
        "flex size-9 items-center justify-center rounded-full bg-white/90 text-slate-700 shadow hover:text-red-600",
        className,
      )}
    >
      <Heart className="size-5" aria-hidden />
    </button>
  );
}

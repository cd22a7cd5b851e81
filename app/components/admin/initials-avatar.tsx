import { initialsOf } from "~/lib/admin-format";

/** A round badge with a person's initials (the admin lists' Client and user columns). */
export function InitialsAvatar({ name, email }: { name: string | null; email: string }) {
  return (
    <span
      aria-hidden
      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
    >
      {initialsOf(name, email)}
    </span>
  );
}

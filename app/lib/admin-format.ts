import { lazyDateFormat } from "./lazy";

// Small formatting helpers of the admin screens, the same on the server and in the browser.

const weekFormat = lazyDateFormat("en-NG", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});

/** A yyyy-MM-dd day as '16 Nov'. */
export function formatWeekLabel(day: string) {
  return weekFormat.format(new Date(`${day}T00:00:00Z`));
}

/** 'Ada Obi' gives 'AO'; an e-mail gives its first letter. */
export function initialsOf(name: string | null | undefined, email = "") {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  const letters =
    words.length >= 2 ? [words[0], words.at(-1)] : words.length ? [words[0]] : [email];
  return letters
    .map((word) => word?.charAt(0) ?? "")
    .join("")
    .toUpperCase();
}

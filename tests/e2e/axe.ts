import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * The page's WCAG 2.1 A and AA violations (contrast included) as found by axe-core, one line
 * each ("url rule (impact): where"), so a failing expectation lists them all. With
 * `bestPractices`, axe's best-practice rules too (landmark-unique: two search regions of one
 * name; region; heading order), as the admin lists are held to.
 */
export async function violationsOf(
  page: Page,
  url: string,
  options: { bestPractices?: boolean } = {},
) {
  // Colours are judged as they end: a toast or dialog still fading in has half its contrast.
  // Only those (a carousel may always be moving), and for a few seconds at most.
  await page
    .waitForFunction(
      () =>
        document.getAnimations().every((animation) => {
          const target = (animation.effect as KeyframeEffect | null)?.target;
          const overlay = target?.closest("[data-sonner-toast], [role=dialog], [role=alertdialog]");
          return !overlay || animation.playState !== "running";
        }),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  // Legacy mode runs axe.run in the page itself: the default opens a blank page for every
  // analysis to merge the frames' results (about a second each on this machine), and the one
  // frame it would merge (the map) is left out anyway. Only the violations come back in full:
  // axe otherwise describes every node that passed too (the markup of each), serialized in the
  // page and parsed here, for nothing (accessibility.spec.ts: 101-107 processor-seconds instead
  // of 110-113). `options` goes first: it replaces what `withTags` sets.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .withTags([
      "wcag2a",
      "wcag2aa",
      "wcag21a",
      "wcag21aa",
      ...(options.bestPractices ? ["best-practice"] : []),
    ])
    // The map is another site's document.
    .exclude("iframe")
    .analyze();
  return results.violations.map(
    (v) => `${url} ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

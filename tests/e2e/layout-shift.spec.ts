import type { Page } from "@playwright/test";
import { gotoHydrated } from "./support";
import { expect, test } from "./test";

// Nothing on the pages Lighthouse audits moves once drawn, on Lighthouse's phone (a Moto G
// Power: 412 px wide, its processor four times slower than this machine's). Two shifts cost the
// listing its last Lighthouse point: its cards not yet drawn (content-visibility) asked for 640 px
// of width, so the page grew wider than the phone and back as they were drawn (0.03 each time);
// and its "Sort" button for browsers without JavaScript, removed on hydration, moved the view
// switch.

test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

/** Opens the page with the processor slowed as Lighthouse's phone is (layout then happens in
 * more steps, as on a phone), and sums its layout shifts not caused by input, as CLS does. */
async function layoutShiftOf(page: Page, path: string) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await gotoHydrated(page, path);
  // After hydration: the render that switches to the JavaScript controls, and /api/me.
  await page.waitForLoadState("networkidle");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  return page.evaluate(
    () =>
      new Promise<{ total: number; moved: string[] }>((resolve) => {
        let total = 0;
        const moved: string[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources: {
              node?: Node | null;
              previousRect: DOMRectReadOnly;
              currentRect: DOMRectReadOnly;
            }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            total += entry.value;
            // What moved, where from and to (a node removed since has none), at what time.
            for (const { node, previousRect: from, currentRect: to } of entry.sources)
              moved.push(
                `${(node as Element | null)?.outerHTML?.slice(0, 80) ?? node?.nodeName ?? "(removed)"} ` +
                  `${from.x},${from.y} ${from.width}x${from.height} -> ${to.x},${to.y} ${to.width}x${to.height} ` +
                  `at ${Math.round(entry.startTime)} ms`,
              );
          }
        }).observe({ type: "layout-shift", buffered: true });
        // Buffered entries come in the observer's first callback, after this task.
        setTimeout(() => resolve({ total, moved }), 100);
      }),
  );
}

async function firstPropertyPath(page: Page) {
  const html = await (await page.request.get("/properties")).text();
  return /href="(\/property\/[0-9a-f-]{36})"/.exec(html)?.[1] ?? "/";
}

for (const [name, path] of [
  ["home", "/"],
  ["listing", "/properties"],
  ["property", null],
  ["service", "/services/property-sales"],
] as const) {
  test(`${name}: nothing moves once drawn, hydration included`, async ({ page }) => {
    const shift = await layoutShiftOf(page, path ?? (await firstPropertyPath(page)));
    expect(shift.moved).toEqual([]);
    expect(shift.total).toBe(0);
  });
}

test("the listing is as wide as the phone, its cards below the first screen included", async ({
  page,
}) => {
  await gotoHydrated(page, "/properties");
  // The last cards are not drawn yet (content-visibility: auto), and must not widen the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(412);
});

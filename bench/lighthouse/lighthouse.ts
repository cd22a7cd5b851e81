// What bench/lighthouse/run.ts and compare.ts share: the test Chromium launched for
// Lighthouse, one audit (retried), and a visitor before the audits.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, resolveChromium } from "../../tests/e2e/browser";

/** The test Chromium (tests/e2e/browser.ts: Debian's, or the npm package's), headless. */
export async function launchChromium() {
  const browser = await resolveChromium();
  const chrome = await chromeLauncher.launch({
    chromePath: browser.executablePath,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
    envVars: browser.env ? { ...process.env, ...browser.env } : undefined,
  });
  return { browser, chrome };
}

/** One Lighthouse report of `url` (mobile preset); a run sometimes fails with NO_NAVSTART on
 * these machines, and is tried again. */
export async function lighthouseReport(
  port: number,
  url: string,
  flags: Parameters<typeof lighthouse>[1] = {},
) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, { port, output: "json", logLevel: "error", ...flags });
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    if (attempt >= 3) throw new Error(`${url}: ${lhr?.runtimeError?.code ?? "no result"}`);
  }
}

/**
 * One visitor before the audits: each page once (the page cache fills) and every photo width
 * it offers (the server renders a generated image on its first request). Without it the first
 * audit of each page measured a server just started, not what visitors get: 86-91 against
 * 97-100 for the same page a minute later.
 */
export async function warmUp(base: string, pathnames: string[]) {
  for (const pathname of pathnames) {
    const html = await (await fetch(`${base}${pathname}`)).text();
    const media = new Set(
      [...html.matchAll(/\/media\/[^"' ,]+/g)].map((m) => m[0].replace(/&amp;/g, "&")),
    );
    for (const url of media) await (await fetch(`${base}${url}`)).arrayBuffer();
  }
}

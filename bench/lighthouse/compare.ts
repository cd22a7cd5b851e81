// Two builds side by side on Lighthouse's phone: which one blocks less, paints sooner.
//
//   npx tsx bench/lighthouse/compare.ts http://127.0.0.1:3341 http://127.0.0.1:3342 /properties
//   # LIGHTHOUSE_RUNS=6 audits of each (default), alternating A, B, then B, A, ...
//
// Start the two production servers first (e.g. a `git worktree` of the other commit, built,
// with its own PORT and DATA_DIR, SEED_DEMO=1), then check each answers from the build you
// mean: a server that fails to listen leaves an old one answering. Runs of one build minutes
// apart differ more than two builds do (the host's speed moves: see README.md), so only audits
// interleaved like this compare two builds.

import { median } from "../stats";
import { launchChromium, lighthouseReport, warmUp } from "./lighthouse";

const [baseA, baseB, pathname = "/"] = process.argv.slice(2);
if (!baseA || !baseB) {
  console.error("usage: compare.ts <base URL of A> <base URL of B> [path]");
  process.exit(2);
}
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 6);

type Audit = { performance: number; tbtMs: number; lcpMs: number; cls: number };

async function audit(port: number, url: string): Promise<Audit> {
  const lhr = await lighthouseReport(port, url, { onlyCategories: ["performance"] });
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? 0;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    tbtMs: Math.round(metric("total-blocking-time")),
    lcpMs: Math.round(metric("largest-contentful-paint")),
    cls: metric("cumulative-layout-shift"),
  };
}

async function main() {
  await warmUp(baseA as string, [pathname]);
  await warmUp(baseB as string, [pathname]);
  const { chrome } = await launchChromium();
  const audits: Record<"A" | "B", Audit[]> = { A: [], B: [] };
  try {
    for (let run = 0; run < RUNS; run++) {
      const order: ["A" | "B", string][] =
        run % 2 === 0
          ? [
              ["A", baseA as string],
              ["B", baseB as string],
            ]
          : [
              ["B", baseB as string],
              ["A", baseA as string],
            ];
      for (const [name, base] of order) {
        const result = await audit(chrome.port, `${base}${pathname}`);
        audits[name].push(result);
        console.log(
          `[compare] ${name} ${pathname}: performance ${result.performance}, TBT ${result.tbtMs} ms, LCP ${result.lcpMs} ms, CLS ${result.cls.toFixed(3)}`,
        );
      }
    }
  } finally {
    chrome.kill();
  }
  console.log(`\n${pathname}, ${RUNS} audits each, medians:`);
  for (const [name, base] of [
    ["A", baseA],
    ["B", baseB],
  ] as const) {
    const list = audits[name];
    console.log(
      `${name} (${base}): performance ${median(list.map((a) => a.performance))}, TBT ${median(list.map((a) => a.tbtMs))} ms, LCP ${median(list.map((a) => a.lcpMs))} ms`,
    );
  }
}

await main();

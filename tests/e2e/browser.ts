// Which Chromium the end-to-end tests (and benchmarks) drive.
//
// Debian's headless shell (package chromium-headless-shell: the same engine as chromium, without
// the desktop browser around it) when it is installed: bench/browser-cpu measured it at about
// half the processor time per page load, and Chromium is most of the end-to-end suite's
// processor time. Then Debian's Chromium at /usr/bin/chromium; otherwise the one shipped inside
// the `@sparticuz/chromium` npm package (a compressed build with its own fonts, linking only
// libc, libexpat and libgcc from the system), so `npm install && npm test` works on a machine
// with Node alone. `E2E_BROWSER=npm` forces the npm browser (CI runs one spec that way),
// `E2E_BROWSER=chromium` the full Debian Chromium, and `E2E_BROWSER=system` refuses to fall back
// to the npm browser.
//
// The package unpacks into `os.tmpdir()` and trusts whatever it finds there. We unpack into a
// directory of our own under node_modules/.cache instead, through a temporary directory that is
// renamed into place once complete, so an interrupted unpack or two runs at once never leave a
// half-written browser behind for the next run.
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createBrotliDecompress } from "node:zlib";

export const SYSTEM_CHROMIUM = "/usr/bin/chromium";
export const SYSTEM_HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/** Flags for every launch: CI containers run as root without a GPU. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export type ResolvedBrowser = {
  kind: "system" | "npm";
  executablePath: string;
  /** Extra environment for the browser process (the npm browser's own fonts). */
  env?: Record<string, string>;
};

async function unpackNpmChromium(): Promise<ResolvedBrowser> {
  const require = createRequire(import.meta.url);
  // build/cjs/index.cjs -> the package's directory (its package.json is not exported).
  const packageDir = path.resolve(path.dirname(require.resolve("@sparticuz/chromium")), "../..");
  const { version } = JSON.parse(readFileSync(path.join(packageDir, "package.json"), "utf8")) as {
    version: string;
  };
  const cacheRoot = path.resolve("node_modules/.cache");
  const target = path.join(cacheRoot, `sparticuz-chromium-${version}`);
  const executable = path.join(target, "chromium");
  if (!existsSync(executable)) {
    mkdirSync(cacheRoot, { recursive: true });
    const staging = mkdtempSync(path.join(cacheRoot, `sparticuz-chromium-${version}.partial-`));
    // The package unpacks into os.tmpdir(), read from TMPDIR at call time.
    const previousTmp = process.env.TMPDIR;
    process.env.TMPDIR = staging;
    try {
      const { default: chromium } = await import("@sparticuz/chromium");
      await chromium.executablePath();
    } finally {
      if (previousTmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previousTmp;
    }
    // Its NSS libraries (the binary links libnss3/libnspr4, which a machine without a browser
    // lacks); the package only unpacks them on Amazon Linux, but they load on Debian too.
    const tar = createRequire(path.join(packageDir, "package.json"))("tar-fs") as {
      extract: (dir: string) => NodeJS.WritableStream;
    };
    await pipeline(
      createReadStream(path.join(packageDir, "bin/al2023.tar.br")),
      createBrotliDecompress(),
      tar.extract(path.join(staging, "al2023")),
    );
    // Its fonts.conf names /tmp/fonts: point it at our copy.
    writeFileSync(
      path.join(staging, "fonts/fonts.conf"),
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <dir>${path.join(target, "fonts/fonts")}</dir>\n  <cachedir>${path.join(target, "fonts-cache")}</cachedir>\n</fontconfig>\n`,
    );
    try {
      renameSync(staging, target);
    } catch (error) {
      // Another run finished first: use its copy.
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(executable)) throw error;
    }
  }
  return {
    kind: "npm",
    executablePath: executable,
    // The bundled fontconfig reads its configuration and fonts from here.
    env: {
      FONTCONFIG_PATH: path.join(target, "fonts"),
      LD_LIBRARY_PATH: path.join(target, "al2023/lib"),
    },
  };
}

/** The browser for this run (see the top of this file). */
export async function resolveChromium(
  choice = process.env.E2E_BROWSER ?? "auto",
): Promise<ResolvedBrowser> {
  if (choice === "npm") return unpackNpmChromium();
  if (choice !== "chromium" && existsSync(SYSTEM_HEADLESS_SHELL)) {
    return { kind: "system", executablePath: SYSTEM_HEADLESS_SHELL };
  }
  if (existsSync(SYSTEM_CHROMIUM)) return { kind: "system", executablePath: SYSTEM_CHROMIUM };
  if (choice === "system") {
    throw new Error(
      `E2E_BROWSER=system but neither ${SYSTEM_HEADLESS_SHELL} nor ${SYSTEM_CHROMIUM} is installed`,
    );
  }
  return unpackNpmChromium();
}

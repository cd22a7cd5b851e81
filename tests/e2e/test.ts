import { readFileSync } from "node:fs";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  type Page,
} from "@playwright/test";

export { expect } from "@playwright/test";

// The `test` every spec imports: Playwright's, with the browser context and page kept for the
// worker's next test instead of made anew or reset the way Playwright's own `reuseContext` does.
//
// Why: on this 2-core machine the end-to-end pass is bound by the processor, and most of it is
// Chromium loading pages. Playwright's reset navigates to about:blank and back (under the site's
// Cross-Origin-Opener-Policy each switch starts another renderer process) and empties the HTTP
// cache, so every test compiled the site's scripts from nothing. Measured on the accessibility
// and layout specs (104 tests): 146-151 processor-seconds against 176-185; the whole suite, 780
// against 870 before `openPage` took the second browsers of the admin specs into the pool too.
//
// What a test still starts with: no cookies but those of its storageState, empty local and
// session storage, no routes, extra headers or permissions, the configured viewport, and a page
// showing a blank same-origin document (/robots.txt). What is kept: the HTTP cache (the site's
// files are hashed and immutable; its pages are `no-cache`, revalidated on every visit) and the
// renderer. A context is closed after the test instead of kept when it or its page was given a
// setting that cannot be undone (an init script, a listener, emulated media, the clock,
// geolocation...), when the test closed the page, or when its storageState is an object (taken
// from a live context) or has local storage to restore.

type Counts = Map<string | symbol, number>;
type Target = Page | BrowserContext;

/**
 * Methods whose effect outlasts the test, and how the fixture undoes it (`null`: it cannot, and
 * the page or context is closed instead of kept).
 */
const LASTING: Record<string, ((target: Target) => Promise<unknown>) | null> = {
  setExtraHTTPHeaders: (target) => target.setExtraHTTPHeaders({}),
  route: (target) => target.unrouteAll({ behavior: "ignoreErrors" }),
  grantPermissions: async (target) => "clearPermissions" in target && target.clearPermissions(),
  addInitScript: null,
  exposeBinding: null,
  exposeFunction: null,
  routeFromHAR: null,
  routeWebSocket: null,
  emulateMedia: null,
  setGeolocation: null,
  setOffline: null,
  setHTTPCredentials: null,
  setDefaultTimeout: null,
  setDefaultNavigationTimeout: null,
};
const CLOCK_METHODS = [
  "install",
  "fastForward",
  "pauseAt",
  "resume",
  "runFor",
  "setFixedTime",
  "setSystemTime",
];

/** What each page or context had done to it during the current test. */
const used = new WeakMap<Target, Set<string>>();

/** Records calls to `target`'s LASTING methods (and its clock's: shared by a context's pages). */
function watchForLastingChanges(target: Target) {
  const calls = new Set<string>();
  used.set(target, calls);
  const record = (object: object, names: string[], as: (name: string) => string) => {
    const methods = object as Record<string, unknown>;
    for (const name of names) {
      const original = methods[name];
      if (typeof original !== "function") continue;
      methods[name] = (...args: unknown[]) => {
        calls.add(as(name));
        return original.apply(object, args);
      };
    }
  };
  record(target, Object.keys(LASTING), (name) => name);
  if ("newPage" in target) record(target.clock, CLOCK_METHODS, () => "clock");
}

/** Undoes what the test did to `target`; false when that cannot be undone. */
async function undo(target: Target): Promise<boolean> {
  const calls = used.get(target);
  if (!calls) return false;
  for (const name of calls) {
    const reset = LASTING[name];
    if (!reset) return false;
    await reset(target);
  }
  calls.clear();
  return true;
}

// Pages and contexts are event emitters at run time; their types leave these two out.
type Emitter = {
  eventNames(): (string | symbol)[];
  listenerCount(name: string | symbol): number;
};

/** Listener counts by event, to tell listeners a test added (Playwright's waits remove theirs). */
function listeners(target: Target): Counts {
  const emitter = target as unknown as Emitter;
  return new Map(emitter.eventNames().map((name) => [name, emitter.listenerCount(name)]));
}

function addedListeners(target: Target, before: Counts) {
  const emitter = target as unknown as Emitter;
  return emitter.eventNames().some((name) => emitter.listenerCount(name) > (before.get(name) ?? 0));
}

/** The `page` fixture's page, with its listeners when the test got it. */
const handedOut = new WeakMap<Page, Counts>();

type SavedState = Exclude<BrowserContextOptions["storageState"], string | undefined>;

function stateOf(state: BrowserContextOptions["storageState"]): SavedState {
  if (!state) return { cookies: [], origins: [] };
  return typeof state === "string" ? JSON.parse(readFileSync(state, "utf8")) : state;
}

/**
 * Whether a context with these options can be kept: not with a state given as an object (one
 * taken from a live context is never asked for again) or one with local storage to restore.
 */
function poolable(options: BrowserContextOptions) {
  const state = options.storageState;
  return typeof state !== "object" && !stateOf(state).origins?.length;
}

/** What Storage.clearDataForOrigin empties: everything but cookies (handled) and the HTTP cache. */
const STORAGE_TYPES =
  "local_storage,indexeddb,websql,service_workers,cache_storage,shared_storage,storage_buckets,file_systems";

/** Leaves the context as a new test expects it (see above); false when it must be closed. */
async function tidy(
  context: BrowserContext,
  baseURL: string | undefined,
  before: Counts,
): Promise<boolean> {
  if (addedListeners(context, before) || !(await undo(context))) return false;
  const [first, ...others] = context.pages();
  await Promise.all(others.map((page) => page.close()));
  // The storage is emptied through the kept page: without one, the context goes too.
  if (!first || first.isClosed() || !baseURL) return false;
  const pageBefore = handedOut.get(first);
  if (!pageBefore || addedListeners(first, pageBefore) || !(await undo(first))) return false;
  // Away from the test's page first, so nothing it runs as it unloads writes to storage after
  // it is emptied; a same-origin document keeps the renderer.
  await first.goto(new URL("/robots.txt", baseURL).href);
  const cdp = await context.newCDPSession(first);
  const origins = visited.get(context) ?? new Set<string>();
  origins.add(new URL(baseURL).origin);
  for (const origin of origins) {
    await cdp.send("Storage.clearDataForOrigin", { origin, storageTypes: STORAGE_TYPES });
  }
  origins.clear();
  await cdp.detach();
  await first.evaluate(() => sessionStorage.clear());
  return true;
}

/** The origins a context's pages went to (the others' storage is emptied too). */
const visited = new WeakMap<BrowserContext, Set<string>>();

/** Contexts closed by a test: never kept. */
const closed = new WeakSet<BrowserContext>();

async function newContext(browser: Browser, options: BrowserContextOptions) {
  const context = await browser.newContext(options);
  context.on("close", () => closed.add(context));
  const origins = new Set<string>();
  visited.set(context, origins);
  context.on("page", (page) =>
    page.on("framenavigated", (frame) => {
      if (/^https?:/.test(frame.url())) origins.add(new URL(frame.url()).origin);
    }),
  );
  watchForLastingChanges(context);
  return context;
}

/** A kept context made ready for the next test: its storageState's cookies, its viewport. */
async function prepare(context: BrowserContext, options: BrowserContextOptions) {
  await context.clearCookies();
  await context.addCookies(stateOf(options.storageState).cookies ?? []);
  const [page] = context.pages();
  if (page && options.viewport) {
    const size = page.viewportSize();
    if (size?.width !== options.viewport.width || size?.height !== options.viewport.height)
      await page.setViewportSize(options.viewport);
  }
}

/** The context's kept page, or a new one, handed to a test. */
async function pageOf(context: BrowserContext) {
  let page = context.pages()[0];
  if (!page) {
    page = await context.newPage();
    watchForLastingChanges(page);
  }
  handedOut.set(page, listeners(page));
  return page;
}

/** The worker's kept contexts, by their options (the `context` fixture's and openPage's alike). */
type Pool = Map<string, BrowserContext[]>;

/**
 * A kept context for these options, made ready (or a new one); `giveBack()` after the test
 * tidies it and puts it back in the pool, or closes it when it cannot be kept.
 */
async function borrow(pool: Pool, browser: Browser, options: BrowserContextOptions) {
  const key = JSON.stringify(options);
  const kept = pool.get(key)?.pop();
  if (kept) await prepare(kept, options);
  const context = kept ?? (await newContext(browser, options));
  const before = listeners(context);
  return {
    context,
    async giveBack() {
      const keep =
        !closed.has(context) &&
        poolable(options) &&
        (await tidy(context, options.baseURL, before).catch(() => false));
      if (!keep) {
        // A test that closed its page itself (the beforeunload test) can leave the context
        // already gone by now: closing it again is then nothing to report.
        await context.close().catch((error: unknown) => {
          if (!/has been closed/.test(String(error))) throw error;
        });
        return;
      }
      pool.set(key, [...(pool.get(key) ?? []), context]);
    },
  };
}

type Fixtures = {
  /**
   * A page in a browser context of its own, beside the test's `page`: another person, or the
   * admin who acts on what a visitor sees. Its options go over the test's
   * (`openPage({ storageState: ADMIN_STATE })`). Like `page`, it is kept for a later test, so
   * leave it open.
   */
  openPage: (options?: BrowserContextOptions) => Promise<Page>;
  // Playwright's own (internal) fixture: the context options of this test, config and test.use.
  _combinedContextOptions: BrowserContextOptions;
};

/** The `openPage` fixture's function, for helpers that take it. */
export type OpenPage = Fixtures["openPage"];

type WorkerFixtures = { contextPool: Pool };

export const test = base.extend<Fixtures, WorkerFixtures>({
  contextPool: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its first parameter
    async ({}, use) => {
      const pool: Pool = new Map();
      await use(pool);
      await Promise.all([...pool.values()].flat().map((context) => context.close()));
    },
    { scope: "worker" },
  ],

  context: async ({ browser, contextPool, _combinedContextOptions: options }, use) => {
    const lent = await borrow(contextPool, browser, options);
    await use(lent.context);
    await lent.giveBack();
  },

  page: async ({ context }, use) => {
    await use(await pageOf(context));
  },

  openPage: async ({ browser, contextPool, _combinedContextOptions }, use) => {
    const lent: Awaited<ReturnType<typeof borrow>>[] = [];
    await use(async (extra = {}) => {
      const borrowed = await borrow(contextPool, browser, { ..._combinedContextOptions, ...extra });
      lent.push(borrowed);
      return pageOf(borrowed.context);
    });
    for (const borrowed of lent) await borrowed.giveBack();
  },
});

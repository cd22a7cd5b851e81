import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The layering rules, checked on the source of app/, server/, scripts/ and bench/: no module
// imports itself back through others (a cycle makes the import order decide what is
// initialised), and each folder of app/ is a layer that imports only the layers LAYERS allows
// it (a lower folder never imports a higher one); server/, scripts/ and bench/ are rows too.
// Every import is read: `import ... from`, `export ... from`, `import "x"`, `import("x")` and
// `require("x")`; one that names no file fails the test rather than going unseen.

const REPO = path.resolve(import.meta.dirname, "..");
const APP = path.join(REPO, "app");
const ROOTS = ["app", "server", "scripts", "bench"].map((root) => path.join(REPO, root));
const EXTENSIONS = [".ts", ".tsx", ".js", ".mjs"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const skip = entry.name.startsWith("+") || entry.name === "node_modules";
      return skip ? [] : sourceFiles(full);
    }
    const isSource = EXTENSIONS.some((ext) => entry.name.endsWith(ext));
    return isSource && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every form of import, with whether it names types only. */
const IMPORT_FORMS = [
  /^\s*(?:import|export)\s(?<type>type\s)?[^;]*?\sfrom\s+["'](?<specifier>[^"']+)["']/gm,
  /^\s*import\s+["'](?<specifier>[^"']+)["']/gm,
  /(?<type>typeof\s+)?\bimport\(\s*["'](?<specifier>[^"']+)["']\s*\)/g,
  /\brequire\(\s*["'](?<specifier>[^"']+)["']\s*\)/g,
];

/** The specifiers `source` imports, in every form above. */
function specifiersOf(source: string): { specifier: string; typeOnly: boolean }[] {
  return IMPORT_FORMS.flatMap((form) =>
    [...source.matchAll(form)].map((match) => ({
      specifier: match.groups?.specifier ?? "",
      typeOnly: match.groups?.type !== undefined,
    })),
  );
}

/** Files the build or the route type generator makes, which a fresh clone may not have yet. */
const GENERATED = [
  /\/\+types\//, // react-router typegen: a route module's Route types
  /^\.\.\/build\/server\/index\.js$/, // npm run build: server/main.js loads the built app
];

/**
 * Imports written inside a string, and why: they run elsewhere, so they are no import of the
 * file they appear in. Keyed by the file (from the repository root) and the specifier.
 */
const IN_STRINGS: Record<string, string> = {
  "bench/throughput/run.ts ./server/cluster.js": "node -e, run from the repository root",
  "bench/browser-cpu/run.ts ./server/cluster.js": "node -e, run from the repository root",
  "bench/restarts/run.ts ./server/cluster.js": "node -e, run from the repository root",
  "bench/import/run.ts ./server/cluster.js": "node -e, run from the repository root",
  "bench/backup-pause/run.ts ./server/cluster.js": "node -e, run from the repository root",
};

type Import = { target: string; typeOnly: boolean };

const unresolved: string[] = [];

/** The file `specifier` names from `file`, resolved like the bundler does. */
function resolveImport(file: string, specifier: string): string | undefined {
  const bare = specifier.replace(/\?.*$/, "");
  const base = bare.startsWith("~/")
    ? path.join(APP, bare.slice(2))
    : path.resolve(path.dirname(file), bare);
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** The source files `file` imports (type-only imports included); what names no file is noted. */
function importsOf(file: string): Import[] {
  const source = readFileSync(file, "utf8");
  return specifiersOf(source).flatMap(({ specifier, typeOnly }) => {
    const local = specifier.startsWith("~/") || specifier.startsWith(".");
    if (!local || GENERATED.some((pattern) => pattern.test(specifier))) return [];
    if (`${fromRepo(file)} ${specifier}` in IN_STRINGS) return [];
    const target = resolveImport(file, specifier);
    if (!target) {
      unresolved.push(`${fromRepo(file)} imports "${specifier}", which names no file`);
      return [];
    }
    const isSource = EXTENSIONS.some((ext) => target.endsWith(ext));
    return isSource ? [{ target, typeOnly }] : [];
  });
}

/** A path from the repository root, with "/" on every system. */
const fromRepo = (file: string) => path.relative(REPO, file).split(path.sep).join("/");

const files = ROOTS.filter((root) => existsSync(root)).flatMap(sourceFiles);
const imports = new Map(files.map((file) => [file, importsOf(file)]));
const graph = new Map(
  [...imports].map(([file, list]) => [file, list.map((entry) => entry.target)] as const),
);
type Layer = {
  /** The layers its modules may import (besides their own). */
  may: string[];
  /** Layers it may name types from (`import type`), never call. */
  typesFrom?: string[];
  /** Its modules no other layer may import (paths from the repository root, a folder ending in "/"). */
  internal?: { modules: string[]; why: string };
  /** Its folders (route areas) import none of each other's files, and why. */
  apart?: string;
  /** It runs on both sides: no `.server` file in it, and it imports nothing server-only. */
  bothSides?: string;
  why: string;
};

/**
 * The layers of app/, then server/, scripts/ and bench/, bottom up: a layer names only layers
 * listed before it, so no two folders import each other. A new folder must be placed here, or
 * the test fails.
 */
const LAYERS: Record<string, Layer> = {
  process: {
    may: [],
    why: "server/private-umask.js (PLACED): the file mode set before anything loads; app/db tightens older files with it",
  },
  log: { may: [], why: "logger.server.ts: the structured log every server layer writes to" },
  lib: {
    may: [],
    bothSides: "pure helpers for both sides: a browser cannot run a .server module or node:*",
    why: "pure helpers for both sides: packages and other lib modules only",
  },
  env: { may: [], why: "env.server.ts: the environment, read and checked once" },
  credentials: {
    may: ["log"],
    why: "app/auth's signing secret, password hashing and session cookie name (PLACED): lower layers use them too",
  },
  "request-context": {
    may: [],
    why: "app/http's request context (PLACED): what the server knows of a request, read by the rate limits",
  },
  db: {
    may: ["lib", "env", "log", "process"],
    why: "the database handle, schema and transactions every query uses",
  },
  "cache-base": {
    may: ["db", "lib", "env", "log"],
    why: "app/cache's change announcements, LISTEN connection, content and data generations and reference-data cache (PLACED): the models and the audit write and read through them, so they sit below the models",
  },
  audit: {
    may: ["cache-base", "db", "lib"],
    why: "the audit row in the change's transaction; it also ends the cached content's generation",
  },
  "rate-limit": {
    may: ["db", "lib", "env", "request-context", "log"],
    why: "attempt counters in the database",
  },
  media: {
    may: ["lib", "env", "log"],
    why: "stored files: the models remove theirs, so the store never calls a model",
  },
  models: {
    may: ["audit", "cache-base", "media", "db", "lib", "env", "credentials", "log", "rate-limit"],
    why: "every query; no session (an AdminActor from lib) and no e-mail: a write stores its notification row",
  },
  mail: {
    may: ["models", "rate-limit", "db", "lib", "env", "credentials", "log"],
    internal: {
      modules: [
        "app/mail/templates/",
        "app/mail/notification-mail.server.ts",
        "app/mail/appointment-mail.server.ts",
        "app/mail/inquiry-mail.server.ts",
        "app/mail/account-invite.server.ts",
        "app/mail/account-mail.server.ts",
      ],
      why: "only the sender renders a notification: a route stores it through a model and kicks the sender",
    },
    why: "renders and sends what the models' writes notified; reads the models",
  },
  backup: {
    may: ["mail", "media", "audit", "db", "lib", "env", "log"],
    why: "copies the database and files; a super admin's deletion of an archive is audited",
  },
  metrics: {
    may: ["backup", "db", "lib", "env", "log"],
    why: "counts requests, reads backup state",
  },
  cache: {
    may: [
      "cache-base",
      "metrics",
      "models",
      "rate-limit",
      "request-context",
      "credentials",
      "db",
      "lib",
      "env",
      "log",
    ],
    why: "every cache in one folder: the public and per-session page caches and the session cache; above the models and metrics they read, below auth, which looks sessions up through it",
  },
  auth: {
    may: ["mail", "models", "rate-limit", "db", "lib", "env", "credentials", "log", "cache"],
    why: "sessions and guards over the user model (and the reset e-mail): auth uses the models",
  },
  demo: { may: ["media", "lib"], why: "the demo catalogue and the photos drawn from it" },
  seed: {
    may: ["demo", "auth", "models", "cache-base", "db", "lib", "env"],
    why: "writes the demo through auth and the models, so it sits above them; only CLIs call it",
  },
  http: {
    may: [
      "models",
      "rate-limit",
      "lib",
      "env",
      "mail",
      "media",
      "request-context",
      "credentials",
      "log",
    ],
    why: "request plumbing: posted forms read and checked (fields, files, honeypot), answers, cookies, security headers, what several route areas share",
  },
  hooks: { may: ["lib"], why: "client hooks shared by screens" },
  components: {
    may: ["hooks", "demo", "lib"],
    typesFrom: ["routes", "auth", "models"],
    why: "UI sent to the browser: it names what loaders answer, never calls the server",
  },
  routes: {
    may: [
      "components",
      "hooks",
      "http",
      "metrics",
      "backup",
      "auth",
      "mail",
      "models",
      "media",
      "rate-limit",
      "demo",
      "db",
      "lib",
      "env",
      "credentials",
      "request-context",
      "log",
      "cache",
    ],
    apart:
      "a route area (public, dashboard, admin, auth, resources) imports no other area's files: what two share lives in http/ or the models",
    why: "the top: a route may use any layer but the seed, and no layer imports a route",
  },
  shell: {
    may: ["routes", "components", "hooks", "http", "lib", "env", "request-context"],
    why: "root.tsx, entry.server.tsx and routes.ts: the document (its stream: http) and the URL map",
  },
  tests: {
    may: [],
    why: "tests/: not read here; the benchmarks borrow its browser launcher and counting SMTP server",
  },
  server: {
    may: [
      "shell",
      "http",
      "metrics",
      "auth",
      "db",
      "lib",
      "env",
      "log",
      "process",
      "request-context",
      "cache-base",
      "seed",
      "mail",
      "models",
      "backup",
      "cache",
      "credentials",
      "demo",
    ],
    why: "the Node entry: the HTTP app in front of React Router (the page caches from app/cache), start and stop; the photo fingerprint job it starts draws the demo's photos",
  },
  scripts: {
    may: [
      "server",
      "seed",
      "backup",
      "mail",
      "auth",
      "models",
      "db",
      "lib",
      "env",
      "log",
      "process",
      "components",
      "demo",
    ],
    why: "thin command-line tasks over the models, the seed and the backups",
  },
  bench: {
    may: [
      "scripts",
      "server",
      "tests",
      "components",
      "http",
      "models",
      "cache-base",
      "db",
      "demo",
      "lib",
      "env",
      "log",
      "mail",
    ],
    why: "benchmarks: they drive the app from outside, and may call any layer to set up their data",
  },
};

const ROOT_FILES: Record<string, string> = {
  "env.server.ts": "env",
  "root.tsx": "shell",
  "entry.server.tsx": "shell",
  "routes.ts": "shell",
};

/**
 * Modules that live in their folder for a reader but sit in another layer than the folder's,
 * because of what they use or what uses them; each imports only what its layer may.
 */
const PLACED: Record<string, string> = {
  "app/auth/auth-secret.server.ts": "credentials",
  "app/auth/passwords.server.ts": "credentials",
  "app/auth/session-cookie.ts": "credentials",
  "app/cache/announcements.server.ts": "cache-base",
  "app/cache/pg-listener.server.ts": "cache-base",
  "app/cache/content-generation.server.ts": "cache-base",
  "app/cache/data-generation.server.ts": "cache-base",
  "app/cache/reference-data.server.ts": "cache-base",
  "app/http/request-context.server.ts": "request-context",
  "server/private-umask.js": "process",
};

/**
 * The layer of a file: its top folder under app/, the role of a file at the top of app/, or
 * the folder at the top of the repository (server, scripts, bench, tests).
 */
function layerOf(file: string): string {
  const name = fromRepo(file);
  const placed = PLACED[name];
  if (placed) return placed;
  const [root = "", top = "", ...rest] = name.split("/");
  if (root !== "app") return root;
  return rest.length === 0 ? (ROOT_FILES[top] ?? top) : top;
}

/** The route area of a file under a layer with `apart` (its first folder there). */
function areaOf(file: string): string {
  const [, , area = "", ...rest] = fromRepo(file).split("/");
  return rest.length === 0 ? "" : area;
}

/** Each cycle once, as the files around it (Tarjan's strongly connected components). */
function cycles(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  function visit(file: string) {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(fromRepo(member));
    } while (member !== file);
    const selfImport = graph.get(file)?.includes(file) ?? false;
    if (component.length > 1 || selfImport) found.push(component.sort());
  }
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

describe("the import graph of app/, server/, scripts/ and bench/", () => {
  it("reads every form of import", () => {
    const source = [
      'import { a } from "./static";',
      'import type { B } from "./types";',
      'export { c } from "./re-export";',
      'export * from "./everything";',
      'import "./side-effect";',
      'const d = await import("./dynamic");',
      'type E = typeof import("./type-query");',
      'const f = require("./required");',
    ].join("\n");
    expect(specifiersOf(source)).toEqual(
      expect.arrayContaining([
        { specifier: "./static", typeOnly: false },
        { specifier: "./types", typeOnly: true },
        { specifier: "./re-export", typeOnly: false },
        { specifier: "./everything", typeOnly: false },
        { specifier: "./side-effect", typeOnly: false },
        { specifier: "./dynamic", typeOnly: false },
        { specifier: "./type-query", typeOnly: true },
        { specifier: "./required", typeOnly: false },
      ]),
    );
    expect(specifiersOf(source)).toHaveLength(8);
  });

  it("reads the modules and their imports", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(graph.get(path.join(APP, "routes/public/book-appointment.tsx"))).toContain(
      path.join(APP, "models/appointment.server.ts"),
    );
    // A side-effect import and a dynamic one, outside app/.
    expect(graph.get(path.join(REPO, "server/main.js"))).toContain(
      path.join(REPO, "server/private-umask.js"),
    );
    expect(graph.get(path.join(REPO, "server/start.js"))).toContain(
      path.join(REPO, "server/cluster.js"),
    );
  });

  it("resolves every ~/ and relative import to a file", () => {
    expect(unresolved).toEqual([]);
  });

  it("has no import cycles", () => {
    expect(cycles()).toEqual([]);
  });

  it("places every folder and top-level file of app/ in a layer", () => {
    const unplaced = [...new Set(files.map(layerOf))].filter((layer) => !(layer in LAYERS));
    expect(unplaced).toEqual([]);
  });

  it("lists the layers bottom up: each imports only layers before it, so no two tie", () => {
    // Types may point up (a component's useFetcher<typeof action>): they are gone at run time.
    const order = Object.keys(LAYERS);
    const upward = Object.entries(LAYERS).flatMap(([name, layer]) =>
      layer.may
        .filter((other) => order.indexOf(other) < 0 || order.indexOf(other) >= order.indexOf(name))
        .map((other) => `${name} may import ${other}`),
    );
    expect(upward).toEqual([]);
  });

  it("keeps each layer's internal modules to itself", () => {
    const offenders = files.flatMap((file) => {
      const from = layerOf(file);
      return (imports.get(file) ?? []).flatMap(({ target }) => {
        const to = layerOf(target);
        const internal = LAYERS[to]?.internal;
        const name = fromRepo(target);
        if (to === from || !internal?.modules.some((m) => name.startsWith(m))) return [];
        return [`${fromRepo(file)} imports ${name} (${to}: ${internal.why})`];
      });
    });
    expect(offenders).toEqual([]);
  });

  it("has no module importing a layer its own may not", () => {
    const offenders = files.flatMap((file) => {
      const from = layerOf(file);
      const layer = LAYERS[from];
      if (!layer) return [];
      return (imports.get(file) ?? [])
        .filter(({ target, typeOnly }) => {
          const to = layerOf(target);
          if (to === from || layer.may.includes(to)) return false;
          return !(typeOnly && layer.typesFrom?.includes(to));
        })
        .map(
          ({ target }) => `${fromRepo(file)} imports ${fromRepo(target)} (${from}: ${layer.why})`,
        );
    });
    expect(offenders).toEqual([]);
  });

  it("keeps each route area to itself: what two areas share lives in http/ or the models", () => {
    const offenders = files.flatMap((file) => {
      const layer = layerOf(file);
      if (!LAYERS[layer]?.apart) return [];
      return (imports.get(file) ?? [])
        .filter(({ target }) => layerOf(target) === layer && areaOf(target) !== areaOf(file))
        .map(
          ({ target }) => `${fromRepo(file)} imports ${fromRepo(target)} (${LAYERS[layer]?.apart})`,
        );
    });
    expect(offenders).toEqual([]);
  });

  it("keeps the layers for both sides free of server-only code", () => {
    const offenders = files.flatMap((file) => {
      const layer = layerOf(file);
      const why = LAYERS[layer]?.bothSides;
      if (!why) return [];
      const own = /\.server\.tsx?$/.test(file)
        ? [`${fromRepo(file)} is a .server file (${why})`]
        : [];
      const source = readFileSync(file, "utf8");
      const builtins = specifiersOf(source)
        .filter(({ specifier, typeOnly }) => !typeOnly && specifier.startsWith("node:"))
        .map(({ specifier }) => `${fromRepo(file)} imports ${specifier} (${why})`);
      const servers = (imports.get(file) ?? [])
        .filter(({ target, typeOnly }) => !typeOnly && /\.server\.tsx?$/.test(target))
        .map(({ target }) => `${fromRepo(file)} imports ${fromRepo(target)} (${why})`);
      return [...own, ...builtins, ...servers];
    });
    expect(offenders).toEqual([]);
  });
});

import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The layering rules, checked on the source: no module imports itself back through others (a
// cycle makes the import order decide what is initialised), and each folder of app/ is a layer
// that imports only the layers LAYERS allows it (a lower folder never imports a higher one).

const APP = path.resolve(import.meta.dirname);
const EXTENSIONS = [".ts", ".tsx"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith("+") ? [] : sourceFiles(full);
    const isSource = EXTENSIONS.some((ext) => entry.name.endsWith(ext));
    return isSource && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const IMPORT = /^\s*(?:import|export)\s(type\s)?[^;]*?from\s+"([^"]+)"/gm;

type Import = { target: string; typeOnly: boolean };

/** The app files `file` imports (type-only imports included), resolved like the bundler does. */
function importsOf(file: string): Import[] {
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(IMPORT)].flatMap(([, typeOnly, specifier = ""]) => {
    const base = specifier.startsWith("~/")
      ? path.join(APP, specifier.slice(2))
      : specifier.startsWith(".")
        ? path.resolve(path.dirname(file), specifier)
        : undefined;
    if (!base) return [];
    const candidates = [base, ...EXTENSIONS.map((ext) => base + ext)];
    const found = candidates.find((candidate) => existsSync(candidate) && candidate !== base);
    return found ? [{ target: found, typeOnly: typeOnly !== undefined }] : [];
  });
}

const files = sourceFiles(APP);
const imports = new Map(files.map((file) => [file, importsOf(file)]));
const graph = new Map(
  [...imports].map(([file, list]) => [file, list.map((entry) => entry.target)] as const),
);
const relative = (file: string) => path.relative(APP, file);

type Layer = {
  /** The layers its modules may import (besides their own). */
  may: string[];
  /** Layers it may name types from (`import type`), never call. */
  typesFrom?: string[];
  /** Its modules no other layer may import (paths under app/, a folder ending in "/"). */
  internal?: { modules: string[]; why: string };
  why: string;
};

/**
 * The layers of app/, bottom up: a layer names only layers listed before it, so no two folders
 * import each other. A new folder must be placed here, or the test fails.
 */
const LAYERS: Record<string, Layer> = {
  log: { may: [], why: "logger.server.ts: the structured log every server layer writes to" },
  lib: { may: [], why: "pure helpers for both sides: packages and other lib modules only" },
  env: { may: [], why: "env.server.ts: the environment, read and checked once" },
  credentials: {
    may: ["log"],
    why: "app/auth's signing secret and password hashing (PLACED): the models and mail use them too",
  },
  "request-context": {
    may: [],
    why: "app/http's request context (PLACED): what the server knows of a request, read by the rate limits",
  },
  db: {
    may: ["lib", "env", "log"],
    why: "the database handle, schema and transactions every query uses",
  },
  "page-cache": {
    may: ["db", "lib", "env"],
    why: "the content generation and the reference-data cache the models read through",
  },
  audit: {
    may: ["page-cache", "db", "lib"],
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
    may: ["audit", "page-cache", "media", "db", "lib", "env", "credentials", "log"],
    why: "every query; no session (an AdminActor from lib) and no e-mail: a write stores its notification row",
  },
  mail: {
    may: ["models", "rate-limit", "db", "lib", "env", "credentials", "log"],
    internal: {
      modules: [
        "mail/templates/",
        "mail/notification-mail.server.ts",
        "mail/appointment-mail.server.ts",
        "mail/inquiry-mail.server.ts",
        "mail/account-invite.server.ts",
        "mail/account-mail.server.ts",
      ],
      why: "only the sender renders a notification: a route stores it through a model and kicks the sender",
    },
    why: "renders and sends what the models' writes notified; reads the models",
  },
  auth: {
    may: ["mail", "models", "rate-limit", "db", "lib", "env", "credentials", "log"],
    why: "sessions and guards over the user model (and the reset e-mail): auth uses the models",
  },
  backup: {
    may: ["mail", "media", "db", "lib", "env", "log"],
    why: "copies the database and files",
  },
  metrics: {
    may: ["backup", "db", "lib", "env", "log"],
    why: "counts requests, reads backup state",
  },
  "backup-control": {
    may: ["metrics", "backup", "lib", "env", "log"],
    why: "backup/control-socket.server.ts (PLACED): the server's socket runs backups and answers readiness",
  },
  demo: { may: ["media", "lib"], why: "the demo catalogue and the photos drawn from it" },
  seed: {
    may: ["demo", "auth", "models", "page-cache", "db", "lib", "env"],
    why: "writes the demo through auth and the models, so it sits above them; only CLIs call it",
  },
  http: {
    may: [
      "metrics",
      "models",
      "page-cache",
      "rate-limit",
      "lib",
      "env",
      "mail",
      "media",
      "request-context",
      "log",
    ],
    why: "request plumbing: posted forms read and checked (fields, files, honeypot), answers, cookies, security headers, the page cache, what several route areas share",
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
    ],
    why: "the top: a route may use any layer but the seed, and no layer imports a route",
  },
  shell: {
    may: ["routes", "components", "hooks", "http", "lib", "env", "request-context"],
    why: "root.tsx, entry.server.tsx and routes.ts: the document (its stream: http) and the URL map",
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
  "backup/control-socket.server.ts": "backup-control",
  "auth/auth-secret.server.ts": "credentials",
  "auth/passwords.server.ts": "credentials",
  "http/request-context.server.ts": "request-context",
};

/** The layer of an app file: its top folder, or the role of a file at the top of app/. */
function layerOf(file: string): string {
  const name = relative(file).split(path.sep).join("/");
  const placed = PLACED[name];
  if (placed) return placed;
  const [top = "", ...rest] = name.split("/");
  return rest.length === 0 ? (ROOT_FILES[top] ?? top) : top;
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
      component.push(relative(member));
    } while (member !== file);
    const selfImport = graph.get(file)?.includes(file) ?? false;
    if (component.length > 1 || selfImport) found.push(component.sort());
  }
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

describe("the import graph of app/", () => {
  it("reads the modules and their imports", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(graph.get(path.join(APP, "routes/public/book-appointment.tsx"))).toContain(
      path.join(APP, "models/appointment.server.ts"),
    );
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
        const name = relative(target).split(path.sep).join("/");
        if (to === from || !internal?.modules.some((m) => name.startsWith(m))) return [];
        return [`${relative(file)} imports ${name} (${to}: ${internal.why})`];
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
          ({ target }) => `${relative(file)} imports ${relative(target)} (${from}: ${layer.why})`,
        );
    });
    expect(offenders).toEqual([]);
  });
});

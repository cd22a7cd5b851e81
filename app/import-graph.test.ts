import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The layering rules, checked on the source: no module imports itself back through others (a
// cycle makes the import order decide what is initialised), and models only read and write.
// Notifications (app/mail) are sent by the route actions after a model answered ok; a model
// that sent them would tie every caller (scripts, seeds, tests) to the mail server.

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

const IMPORT = /^\s*(?:import|export)\s[^;]*?from\s+"([^"]+)"/gm;

/** The app files `file` imports (type-only imports included), resolved like the bundler does. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(IMPORT)].flatMap(([, specifier = ""]) => {
    const base = specifier.startsWith("~/")
      ? path.join(APP, specifier.slice(2))
      : specifier.startsWith(".")
        ? path.resolve(path.dirname(file), specifier)
        : undefined;
    if (!base) return [];
    const candidates = [base, ...EXTENSIONS.map((ext) => base + ext)];
    const found = candidates.find((candidate) => existsSync(candidate) && candidate !== base);
    return found ? [found] : [];
  });
}

const files = sourceFiles(APP);
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const relative = (file: string) => path.relative(APP, file);

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

  it("keeps e-mail out of the models: route actions send it after the model answered", () => {
    const offenders = files
      .filter((file) => relative(file).startsWith(`models${path.sep}`))
      .flatMap((file) =>
        (graph.get(file) ?? [])
          .filter((target) => relative(target).startsWith(`mail${path.sep}`))
          .map((target) => `${relative(file)} imports ${relative(target)}`),
      );
    expect(offenders).toEqual([]);
  });
});

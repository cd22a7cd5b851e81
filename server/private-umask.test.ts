import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { closeToOthers } from "~/db/private-files.server";
import { PRIVATE_UMASK } from "./private-umask.js";

// Issue 42, item 7: the server and the commands that write data make their files private (umask
// 0027) whatever starts them: a process started with umask 0000, as a shell or a container may,
// makes no file or folder that others can read or anyone but the owner can write, the embedded
// database's included; files an earlier start left open are closed at start.

const ROOT = process.cwd();
const work = fs.mkdtempSync(path.join(os.tmpdir(), "private-umask-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/**
 * Runs `script` (an ES module, resolved from the project, TypeScript through tsx) in a new Node
 * started with umask 0000, after importing the umask module when `privateUmask`; answers what
 * it prints.
 */
function runWithOpenUmask(script: string, privateUmask: boolean) {
  const code = `${privateUmask ? 'import "./server/private-umask.js";\n' : ""}${script}`;
  return execFileSync(
    "/bin/sh",
    [
      "-c",
      'umask 0000 && exec "$0" --import tsx --input-type=module -e "$1"',
      process.execPath,
      code,
    ],
    { cwd: ROOT, encoding: "utf8" },
  );
}

/** Every entry under `dir` whose mode lets others in or the group write, with its mode. */
function openEntries(dir: string): string[] {
  const open: string[] = [];
  for (const name of ["", ...fs.readdirSync(dir, { recursive: true, encoding: "utf8" })]) {
    const mode = fs.lstatSync(path.join(dir, name)).mode & 0o777;
    if (mode & PRIVATE_UMASK) open.push(`${name || "."} ${mode.toString(8)}`);
  }
  return open;
}

const WRITE_FILES = (dir: string) => `
  import fs from "node:fs";
  fs.mkdirSync(${JSON.stringify(`${dir}/media/uploads`)}, { recursive: true });
  fs.writeFileSync(${JSON.stringify(`${dir}/media/uploads/photo.webp`)}, "photo");
  fs.writeFileSync(${JSON.stringify(`${dir}/backup.tar.gz`)}, "archive");
  console.log(process.umask().toString(8));
`;

describe("a process started with umask 0000", () => {
  it("makes files others can read and write without the module (the test can fail)", () => {
    const dir = path.join(work, "without");
    expect(runWithOpenUmask(WRITE_FILES(dir), false).trim()).toBe("0");
    expect(openEntries(dir)).toContain("backup.tar.gz 666");
    expect(openEntries(dir)).toContain("media/uploads 777");
  });

  it("makes only private files and folders with it", () => {
    const dir = path.join(work, "with");
    expect(runWithOpenUmask(WRITE_FILES(dir), true).trim()).toBe("27");
    expect(openEntries(dir)).toEqual([]);
    expect(fs.statSync(path.join(dir, "backup.tar.gz")).mode & 0o777).toBe(0o640);
    expect(fs.statSync(path.join(dir, "media/uploads")).mode & 0o777).toBe(0o750);
  });

  it("makes the embedded database's files private, opened by the app", { timeout: 90_000 }, () => {
    // No umask module imported by the script: opening the database brings it, and PGlite's
    // own 0666 files of a new database are closed to others once it is open.
    const dir = path.join(work, "data");
    const printed = runWithOpenUmask(
      `import { openDatabase } from "./app/db/client.server.ts";
       const handle = await openDatabase({ kind: "pglite", dataDir: ${JSON.stringify(dir)} });
       await handle.ping();
       await handle.close();
       console.log(process.umask().toString(8));`,
      false,
    );
    expect(printed.trim().split("\n").at(-1)).toBe("27");
    expect(fs.readdirSync(path.join(dir, "pgdata"), { recursive: true }).length).toBeGreaterThan(
      100,
    );
    expect(openEntries(dir)).toEqual([]);
  });
});

describe("the entry points", () => {
  it("import the umask module before anything else", () => {
    for (const file of [
      "server/main.js",
      "scripts/backup.ts",
      "scripts/restore.ts",
      "scripts/run-task.ts",
    ]) {
      const source = fs.readFileSync(path.join(ROOT, file), "utf8");
      const firstImport = /^import .*$/m.exec(source)?.[0];
      expect(firstImport, file).toMatch(/^import "\.\.?\/(server\/)?private-umask\.js";$/);
    }
    // Every command that opens the database goes through run-task (or is one of the above).
    for (const file of ["seed", "migrate", "create-admin", "search-alerts", "owner-reports"]) {
      const source = fs.readFileSync(path.join(ROOT, "scripts", `${file}.ts`), "utf8");
      expect(source, file).toMatch(/from "\.\/run-task"/);
    }
  });
});

describe("files made before the umask", () => {
  it("are closed to others at start, the owner's access kept", async () => {
    const dir = path.join(work, "earlier");
    fs.mkdirSync(path.join(dir, "pgdata/base"), { recursive: true });
    fs.writeFileSync(path.join(dir, "pgdata/base/1"), "table");
    fs.writeFileSync(path.join(dir, "run.sh"), "#!/bin/sh");
    fs.chmodSync(path.join(dir, "pgdata/base/1"), 0o666);
    fs.chmodSync(path.join(dir, "run.sh"), 0o775);
    fs.chmodSync(path.join(dir, "pgdata/base"), 0o777);
    fs.chmodSync(path.join(dir, "pgdata"), 0o700);
    fs.symlinkSync("/etc/hostname", path.join(dir, "link"));
    const before = fs.lstatSync("/etc/hostname").mode;

    expect(await closeToOthers(dir)).toEqual({ checked: 5, changed: 3 });
    expect(openEntries(dir).filter((entry) => !entry.startsWith("link"))).toEqual([]);
    expect(fs.statSync(path.join(dir, "pgdata/base/1")).mode & 0o777).toBe(0o640);
    expect(fs.statSync(path.join(dir, "run.sh")).mode & 0o777).toBe(0o750);
    expect(fs.statSync(path.join(dir, "pgdata/base")).mode & 0o777).toBe(0o750);
    expect(fs.statSync(path.join(dir, "pgdata")).mode & 0o777).toBe(0o700);
    // A link is not followed.
    expect(fs.lstatSync("/etc/hostname").mode).toBe(before);
    // A folder that is not there yet is nothing to do.
    expect(await closeToOthers(path.join(work, "not-made"))).toEqual({ checked: 0, changed: 0 });
  });
});

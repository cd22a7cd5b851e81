import { describe, expect, it } from "vitest";
import { workerCount } from "./cluster.js";

const PG = "postgres://u:p@127.0.0.1:5432/db";

describe("how many worker processes", () => {
  it("is one on the embedded database, whatever the cores", () => {
    expect(workerCount({}, 8)).toBe(1);
    expect(workerCount({ WEB_CONCURRENCY: "1" }, 8)).toBe(1);
  });

  it("refuses more than one on the embedded database, which one process owns", () => {
    expect(() => workerCount({ WEB_CONCURRENCY: "2" }, 8)).toThrow(/needs DATABASE_URL/);
  });

  it("defaults to the cores on PostgreSQL, or WEB_CONCURRENCY", () => {
    expect(workerCount({ DATABASE_URL: PG }, 2)).toBe(2);
    expect(workerCount({ DATABASE_URL: PG, WEB_CONCURRENCY: "3" }, 2)).toBe(3);
    expect(workerCount({ DATABASE_URL: PG, WEB_CONCURRENCY: "1" }, 2)).toBe(1);
  });

  it("refuses a WEB_CONCURRENCY that is not a whole number of at least 1", () => {
    for (const bad of ["0", "-1", "1.5", "two"]) {
      expect(() => workerCount({ DATABASE_URL: PG, WEB_CONCURRENCY: bad }, 2)).toThrow(
        /WEB_CONCURRENCY must be a whole number/,
      );
    }
  });
});

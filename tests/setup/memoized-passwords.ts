import { vi } from "vitest";

// Vitest setup file (every project): the password functions memoized per worker. Scrypt is
// built to be slow (~100 ms of processor time a call) and the suite made ~700 calls, nearly all
// for the same test password: a quarter of the Vitest suite's processor time. Each distinct
// password is still hashed, and each distinct hash and password still checked, by the real
// function once; only the repeats are answered from memory. The one difference a test could see:
// two accounts given the same password here share a salt. The production server (and so every
// end-to-end test) hashes every time.

vi.mock("~/auth/passwords.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/auth/passwords.server")>();
  const hashes = new Map<string, Promise<string>>();
  const checks = new Map<string, Promise<boolean>>();
  /** `compute()` once per key; a failure is not kept. */
  function memo<T>(cache: Map<string, Promise<T>>, key: string, compute: () => Promise<T>) {
    let answer = cache.get(key);
    if (!answer) {
      answer = compute();
      cache.set(key, answer);
      answer.catch(() => cache.delete(key));
    }
    return answer;
  }
  return {
    ...real,
    hashPassword: (password: string) => memo(hashes, password, () => real.hashPassword(password)),
    checkPassword: (hash: string | null | undefined, password: string) =>
      memo(checks, JSON.stringify([hash ?? null, password]), () =>
        real.checkPassword(hash, password),
      ),
  };
});

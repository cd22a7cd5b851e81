import { getEnv } from "~/env.server";
import { contentGeneration } from "./content-generation.server";

// Reference data every page reads and admins rarely change (social links, contact details, the
// site's texts, the list of cities): read once and kept until the content generation moves
// (every admin write and the seed: content-generation.server). A value is kept with the
// generation taken before it was read, so a read that overlapped a change is read again, and
// for a minute at most.
//
// On with the page cache (PAGE_CACHE, on in production). Off in tests by default, where
// fixtures write tables directly, without telling anyone, between two reads.

type Memo<T> = { generation: number; expiresAt: number; value: Promise<T> };

/** The backstop, as for cached pages: a change nothing announced shows within a minute. */
export const REFERENCE_DATA_MAX_AGE_MS = 60_000;

/**
 * `load(arg)` once per content generation and key (`key(arg)`, default the argument itself); a
 * failed load is not kept. With many possible keys (searches), `maxKeys` bounds the memory: the
 * least recently used go first.
 */
export function cachedUntilContentChanges<T, A = void>(
  load: (arg: A) => Promise<T>,
  options: { key?: (arg: A) => string; maxKeys?: number } = {},
): (arg: A) => Promise<T> {
  const maxKeys = options.maxKeys ?? 100;
  const keyOf = options.key ?? ((arg: A) => (arg === undefined ? "" : String(arg)));
  const memos = new Map<string, Memo<T>>();
  return (arg: A): Promise<T> => {
    if (!getEnv().pageCache) return load(arg);
    const key = keyOf(arg);
    const generation = contentGeneration();
    const memo = memos.get(key);
    if (memo && memo.generation === generation && memo.expiresAt > Date.now()) {
      memos.delete(key);
      memos.set(key, memo);
      return memo.value;
    }
    const value = load(arg);
    memos.delete(key);
    memos.set(key, { generation, expiresAt: Date.now() + REFERENCE_DATA_MAX_AGE_MS, value });
    for (const [oldest] of memos) {
      if (memos.size <= maxKeys) break;
      memos.delete(oldest);
    }
    value.catch(() => {
      if (memos.get(key)?.value === value) memos.delete(key);
    });
    return value;
  };
}

import { getEnv } from "~/env.server";
import { contentGeneration } from "./content-generation.server";

// Reference data every page reads and admins rarely change (social links, contact details, the
// site's texts, the list of cities): read once and kept until the content generation moves
// (every admin write and the seed: content-generation.server). A value is kept with the
// generation taken before it was read, so a read that overlapped a change is read again.
//
// On with the page cache (PAGE_CACHE, on in production). Off in tests by default, where
// fixtures write tables directly, without telling anyone, between two reads.

type Memo<T> = { generation: number; value: Promise<T> };

/** `load(key)` once per content generation and key; a failed load is not kept. */
export function cachedUntilContentChanges<T>(load: (key: string) => Promise<T>) {
  const memos = new Map<string, Memo<T>>();
  return (key = ""): Promise<T> => {
    if (!getEnv().pageCache) return load(key);
    const generation = contentGeneration();
    const memo = memos.get(key);
    if (memo && memo.generation === generation) return memo.value;
    const value = load(key);
    memos.set(key, { generation, value });
    value.catch(() => {
      if (memos.get(key)?.value === value) memos.delete(key);
    });
    return value;
  };
}

import crypto from "node:crypto";
import { resolveAuthSecret } from "~/auth/auth-secret.server";
import { getEnv } from "~/env.server";
import type { FormMessage } from "~/lib/action-result";
import {
  type EditConflict,
  type FieldValues,
  formFieldValues,
  type LastChange,
  type MergeFields,
  mergeEdits,
  VERSION_FIELD,
} from "~/lib/edit-conflict";
import { failed, notFound } from "./responses.server";

// Issue 42: the one way every versioned admin form saves (app/lib/edit-conflict.ts says why).
//
// The form's hidden `version` is a token: the record's version (the digest the model checks)
// and the values the form was opened with, signed with a key derived from the auth secret, so
// the base of a merge is what this server gave that form and not what a post says it was. The
// loader makes it (versionToken); saveMerging reads it, saves, and on a stale version merges
// three ways and saves the merge, or answers the conflict (409) with only the fields both
// people changed. A bare digest (a token of before this change, a test calling a model) is a
// version without a base: a stale one makes every field that differs a question.

const PURPOSE = "edit-base:v1";
let cachedKey: { secret: string; key: Buffer } | undefined;

function key(): Buffer {
  const secret = resolveAuthSecret(getEnv());
  if (cachedKey?.secret === secret) return cachedKey.key;
  const derived = crypto.createHmac("sha256", secret).update(PURPOSE).digest();
  cachedKey = { secret, key: derived };
  return derived;
}

function signature(digest: string, payload: string) {
  return crypto.createHmac("sha256", key()).update(`${digest}.${payload}`).digest("base64url");
}

/** Form values as a base: strings (null and undefined are ""), lists kept. */
type BaseValues = Record<string, string | string[]>;

function baseOf(values: FieldValues): BaseValues {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      value == null ? "" : typeof value === "string" ? value : [...value],
    ]),
  );
}

/**
 * The hidden `version` of a form opened now: the record's version (`digest`) and the values the
 * form shows (`values`, by field name, as the form posts them), signed.
 */
export function versionToken(digest: string, values: FieldValues): string {
  const payload = Buffer.from(JSON.stringify(baseOf(values))).toString("base64url");
  return `${digest}.${payload}.${signature(digest, payload)}`;
}

export type PostedVersion = { digest: string; base: FieldValues | null };

/**
 * The version a form was opened at and its base; undefined when none was sent. A token whose
 * signature does not hold (changed in the browser) counts as a version without a base.
 */
export function readVersion(
  value: FormDataEntryValue | null | undefined,
): PostedVersion | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const [digest = "", payload, sig, ...rest] = value.trim().split(".");
  if (payload === undefined || sig === undefined || rest.length) return { digest, base: null };
  const expected = Buffer.from(signature(digest, payload));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
    return { digest, base: null };
  }
  try {
    const base = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return { digest, base: base && typeof base === "object" ? base : null };
  } catch {
    return { digest, base: null };
  }
}

/** A model's answer to a stale save (app/models/record-version.server.ts). */
type Stale = { ok: false; reason: "conflict"; change: LastChange | null };

function isStaleResult(result: unknown): result is Stale {
  return (
    typeof result === "object" &&
    result !== null &&
    (result as { ok?: unknown }).ok === false &&
    (result as { reason?: unknown }).reason === "conflict"
  );
}

/** The record as the form shows it now: its version (digest) and values. */
export type CurrentValues = { version: string; values: FieldValues };

/** What the conflict answer carries besides the conflict: the route's intent, its values. */
type Extra = { intent?: string; values?: Record<string, unknown>; error?: FormMessage };

export type MergedSave<R> =
  /** Saved (merged when `theirsKept` names fields the other person changed). */
  | { ok: true; result: R; theirsKept: string[] }
  /** Not saved: answer this 409 (the conflict panel's data). */
  | { ok: false; response: ReturnType<typeof conflictResponse> };

function conflictResponse(conflict: EditConflict, extra: Extra) {
  return failed(409, { ...extra, conflict });
}

/** A copy of the posted form with the merged fields' values and the version now. */
function mergedForm(
  form: FormData,
  fields: MergeFields,
  values: Record<string, string | string[]>,
  digest: string,
) {
  const merged = new FormData();
  for (const [name, value] of form) {
    if (name in fields || name === VERSION_FIELD) continue;
    merged.append(name, value);
  }
  for (const [name, value] of Object.entries(values)) {
    const kind = fields[name];
    if (Array.isArray(value)) for (const item of value) merged.append(name, item);
    // An unticked checkbox posts nothing.
    else if (kind !== "flag" || value !== "") merged.append(name, value);
  }
  merged.set(VERSION_FIELD, digest);
  return merged;
}

/** The panel's entries: yours merged, without the conflicting fields and the version. */
function entriesToPost(
  form: FormData,
  fields: MergeFields,
  values: Record<string, string | string[]>,
  conflicts: readonly string[],
) {
  const entries: [string, string][] = [];
  for (const [name, value] of form) {
    if (name in fields || name === VERSION_FIELD || typeof value !== "string") continue;
    entries.push([name, value]);
  }
  for (const [name, value] of Object.entries(values)) {
    if (conflicts.includes(name)) continue;
    const kind = fields[name];
    if (Array.isArray(value)) for (const item of value) entries.push([name, item]);
    else if (kind !== "flag" || value !== "") entries.push([name, value]);
  }
  return entries;
}

/** How many times a merged save is tried again when yet another save lands in between. */
const MERGE_ATTEMPTS = 3;

/**
 * Saves an edit form the one way (issue 42). `save` checks and writes a form at a version (the
 * route's own validation and model call) and answers the model's result; `current` reads the
 * record as the form shows it now (a gone record: 404). A post without a version writes nothing
 * and answers the conflict; a stale one is merged with what was saved since:
 *
 *   const saved = await saveMerging({ form, fields, current, save });
 *   if (!saved.ok) return saved.response;
 */
export async function saveMerging<R>(options: {
  form: FormData;
  fields: MergeFields;
  save: (form: FormData, version: string) => Promise<R>;
  current: () => Promise<CurrentValues | undefined | null>;
  /** The route's intent and values, kept in a conflict answer. */
  extra?: Extra;
}): Promise<MergedSave<Exclude<R, Stale>>> {
  const { form, fields, save, current, extra = {} } = options;
  const posted = readVersion(form.get(VERSION_FIELD));
  const mine = formFieldValues(form, fields);
  let change: LastChange | null = null;
  if (posted) {
    const first = await save(form, posted.digest);
    if (!isStaleResult(first)) {
      return { ok: true, result: first as Exclude<R, Stale>, theirsKept: [] };
    }
    change = first.change;
  }
  for (let attempt = 0; ; attempt++) {
    const now = await current();
    if (!now) notFound();
    const merge = mergeEdits(fields, posted?.base ?? null, mine, now.values);
    if (!posted || merge.conflicts.length || attempt >= MERGE_ATTEMPTS) {
      const names = merge.conflicts.map((c) => c.name);
      const conflict: EditConflict = {
        reason: posted ? "stale" : "no-version",
        change,
        version: versionToken(now.version, now.values),
        conflicts: merge.conflicts,
        theirsKept: merge.theirsKept,
        yoursTaken: merge.yoursTaken,
        post: entriesToPost(form, fields, merge.values, names),
      };
      return { ok: false, response: conflictResponse(conflict, extra) };
    }
    const again = await save(mergedForm(form, fields, merge.values, now.version), now.version);
    if (!isStaleResult(again)) {
      return { ok: true, result: again as Exclude<R, Stale>, theirsKept: merge.theirsKept };
    }
    change = again.change;
  }
}

/**
 * Whether a caught value is a thrown Response (a 404, a redirect) to throw on: also one made by
 * another realm's Response class (tests run the routes beside their own fetch classes).
 */
export function isThrownResponse(error: unknown): error is Response {
  return (
    error instanceof Response ||
    (typeof error === "object" &&
      error !== null &&
      "status" in error &&
      "headers" in error &&
      "bodyUsed" in error)
  );
}

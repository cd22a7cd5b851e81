import type { Outcome } from "~/lib/action-result";
import { readForm } from "./read-form.server";
import { badRequest } from "./responses.server";

// The unsubscribe links of an owner's e-mails (the weekly report, issue 20; the same-day news of
// interest in a listing, issue 47): they work signed out, the signed token in the address names
// the account. Opening one changes nothing (mail scanners open links); the page's one button
// posts, and a mail client's one-click unsubscribe (List-Unsubscribe-Post, RFC 8058) posts to the
// same address.

type Switch = {
  /** The account a token was signed for, or undefined. */
  verify: (token: string) => string | undefined;
  subscriber: (userId: string) => Promise<{ email: string; enabled: boolean } | undefined>;
  unsubscribe: (userId: string) => Promise<Outcome<object, "not-found" | "already-off">>;
};

function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get("token") ?? "";
}

export async function loadOwnerUnsubscribe(request: Request, owned: Switch) {
  const token = tokenOf(request);
  const userId = owned.verify(token);
  const subscriber = userId ? await owned.subscriber(userId) : undefined;
  return { token, subscriber: subscriber ?? null };
}

export async function postOwnerUnsubscribe(request: Request, owned: Switch) {
  const form = await readForm(request);
  const token = String(form.get("token") ?? "") || tokenOf(request);
  const userId = owned.verify(token);
  const result = userId ? await owned.unsubscribe(userId) : undefined;
  // Already off: the link did its job before; say so rather than call it invalid.
  if (result?.ok === false && result.reason === "already-off") {
    return { ok: true as const, alreadyOff: true };
  }
  if (!result?.ok) return badRequest({ reason: "invalid-link" });
  return { ok: true as const, alreadyOff: false };
}

import { redirect } from "react-router";
import { getSessionUser } from "~/auth/session.server";
import { isHoneypotTripped } from "~/http/honeypot.server";
import { readForm } from "~/http/read-form.server";
import { notFound, redirectWithFlash } from "~/http/responses.server";
import { requestTitleCopies } from "~/models/title-copy-requests.server";
import {
  consumeRateLimit,
  getClientIp,
  RATE_LIMITS,
  rateLimitKey,
} from "~/rate-limit/rate-limit.server";
import type { Route } from "./+types/title-copies";

// POST /property/:id/title-copies: a signed-in buyer asks for copies of a sale listing's title
// documents (issue 46). One open request per buyer and listing, a few an hour per account; the
// office answers on /admin/title-requests and the buyer is e-mailed. Back to the listing with a
// toast (a plain form: works without JavaScript). Signed out: to sign in, then the listing.

/** Asked for as a page (a link followed, a reload): the listing's own page. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/property/${encodeURIComponent(params.id)}`);
}

export async function action(args: Route.ActionArgs) {
  const { id } = args.params;
  const back = `/property/${id}#title`;
  const user = await getSessionUser(args.request);
  if (!user) {
    throw redirect(`/signin?redirectTo=${encodeURIComponent(`/property/${id}`)}`);
  }
  const form = await readForm(args.request);
  // A bot that filled the hidden field is told it worked and nothing is stored.
  if (isHoneypotTripped(form)) throw redirectWithFlash(back, "titleCopiesRequested");
  const limited = await consumeRateLimit(
    rateLimitKey("titleCopyRequest", user.id),
    RATE_LIMITS.titleCopyRequest,
  );
  if (!limited.allowed) throw redirectWithFlash(back, "titleCopiesTooMany");
  const outcome = await requestTitleCopies(
    { id: user.id, email: user.email, clientAddress: getClientIp(args) },
    id,
  );
  if (!outcome.ok && outcome.reason === "not-found") notFound();
  if (!outcome.ok && outcome.reason === "not-for-sale") {
    throw redirectWithFlash(back, "titleCopiesNotForSale");
  }
  throw redirectWithFlash(back, outcome.ok ? "titleCopiesRequested" : "titleCopiesWaiting");
}

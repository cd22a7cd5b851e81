import { getSessionUser } from "~/auth/session.server";
import { OwnerSubmissionForm } from "~/components/owner/submission-form";
import { PageHero } from "~/components/page-hero";
import {
  holdForSignIn,
  readHoldToken,
  readSubmissionForm,
  saveSubmissionPost,
} from "~/http/owner-submission.server";
import { redirectWithFlash, retryAfterHeaders } from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import { mySubmissionPath } from "~/lib/navigation";
import { pageMeta } from "~/lib/seo";
import { MAX_OPEN_SUBMISSIONS } from "~/lib/submissions";
import { getHeldValues } from "~/models/submission-hold.server";
import type { Route } from "./+types/list-your-property";

// "List your property" (issue 20): what the agency does for landlords and sellers, then the
// submission form. Signed out, posting keeps what was typed and leads through sign-in (or
// sign-up, then sign-in) back here, where the form shows it again; signed in, it is saved as a
// draft or sent for review, and the owner follows it under My Listings.

const PATH = "/list-your-property";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const token = readHoldToken(request);
  const held = token ? await getHeldValues(token) : undefined;
  return {
    signedIn: Boolean(user),
    held: held ?? null,
    defaults: { contactPhone: user?.phone ?? "" },
  };
}

/** A 429 keeps its Retry-After (pages and data requests alike). */
export const headers = retryAfterHeaders;

export async function action(args: Route.ActionArgs) {
  const user = await getSessionUser(args.request);
  if (!user) return holdForSignIn(args, `${PATH}#submission`);
  const saved = await saveSubmissionPost(args, user.id, await readSubmissionForm(args.request));
  if (!saved.ok) return saved.response;
  return redirectWithFlash(
    mySubmissionPath(saved.id),
    saved.sent ? "submissionSent" : "submissionSaved",
    { headers: saved.headers },
  );
}

const STEPS = [
  {
    title: "Tell us about it",
    text: "The facts buyers and renters ask first: price, rooms, title document, service charge. Add photos; save a draft and finish later if you like.",
  },
  {
    title: "We review it",
    text: "Our office checks the details within two working days, and asks you if something needs changing.",
  },
  {
    title: "We list it and find the people",
    text: "It goes live as one of our listings. We answer the calls, show the property and vet tenants and buyers.",
  },
  {
    title: "You watch it work",
    text: "Under My Listings you see its views week by week, the viewings booked and how many saved it.",
  },
] as const;

export default function ListYourPropertyPage({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData as { ok: boolean } | undefined) as
    | {
        error?: { title: string; message: string };
        fields?: Partial<Record<string, string>>;
        values?: Record<string, string>;
      }
    | undefined;
  const values = failure?.values ?? loaderData.held ?? loaderData.defaults;
  return (
    <>
      <PageHero
        title="List your property with us"
        intro="Landlords and sellers: hand your house, flat, shop or land to one agency that lets or sells it for you, and see how it does from your dashboard."
      />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
        <section aria-labelledby="how-title">
          <h2 id="how-title" className="text-2xl font-bold text-slate-900">
            How it works
          </h2>
          <ol className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, i) => (
              <li key={step.title} className="rounded-xl border border-slate-200 bg-white p-5">
                <p className="text-sm font-semibold text-brand-700">Step {i + 1}</p>
                <h3 className="mt-1 font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
          <p className="mt-6 max-w-3xl text-slate-600">
            Your name and number are never shown on our website: the listing is ours, and the people
            who view it deal with our office. You can have up to {MAX_OPEN_SUBMISSIONS} submissions
            open at a time.
          </p>
        </section>

        <section
          id="submission"
          aria-labelledby="form-title"
          className="mt-12 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <h2 id="form-title" className="text-2xl font-bold text-slate-900">
            Your property
          </h2>
          {loaderData.signedIn ? null : (
            <p className="mt-2 text-slate-600">
              You will be asked to sign in, or to create an account, before it is sent. What you
              type is kept.
            </p>
          )}
          {loaderData.held && loaderData.signedIn ? (
            <p className="mt-2 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-800">
              Welcome back: here is what you typed. Add photos, then send it.
            </p>
          ) : null}
          <div className="mt-6">
            <OwnerSubmissionForm
              values={values}
              fields={failure?.fields ?? {}}
              error={failure?.error}
              signedIn={loaderData.signedIn}
            />
          </div>
        </section>
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "List Your Property",
    path: "/list-your-property",
    description:
      "Landlords and sellers in Nigeria: submit your property to NaijaHomes Realty for review. We let or sell it, and you follow its views and viewings online.",
  });

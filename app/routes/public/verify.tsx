import { Form } from "react-router";
import { HoneypotField } from "~/components/honeypot-field";
import { MessageSquareWarning, ShieldCheck } from "~/components/icons";
import { ReportForm } from "~/components/report/report-form";
import { Alert } from "~/components/ui/alert";
import { SubmitButton } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import { isHoneypotTripped } from "~/http/honeypot.server";
import { readForm } from "~/http/read-form.server";
import { badRequest, limitAttempt, retryAfterHeaders } from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import { CHANNEL_KINDS, VERIFY_WORDS } from "~/lib/schemas/trust";
import { pageMeta } from "~/lib/seo";
import { CHECK_INPUT_MAX_LENGTH, readCheckedValue } from "~/lib/verify-value";
import {
  listPublicOfficialChannels,
  type OfficialChannel,
} from "~/models/official-channels.server";
import { checkValue, type VerifyAnswer } from "~/models/verify.server";
import { getClientIp, RATE_LIMITS, rateLimitKey } from "~/rate-limit/rate-limit.server";
import type { Route } from "./+types/verify";

// "Check before you pay" (issue 45, item 2): one box for a phone or WhatsApp number, an e-mail
// address, a bank account number or a listing code, answered in plain words against the
// agency's own channels (app/models/verify-matchers.server.ts). A check is a POST (it is
// counted for the office), rate-limited per address; the answer never says anything about
// customers: only the agency's channels and staff are looked at. Works without JavaScript.

export async function loader({ request }: Route.LoaderArgs) {
  // ?value= (a link from an e-mail) fills the box; checking is always the visitor's own post.
  const value = (new URL(request.url).searchParams.get("value") ?? "").slice(
    0,
    CHECK_INPUT_MAX_LENGTH,
  );
  return { channels: await listPublicOfficialChannels(), value };
}

/** A 429 keeps its Retry-After. */
export const headers = retryAfterHeaders;

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request);
  const typed = String(form.get("value") ?? "").slice(0, CHECK_INPUT_MAX_LENGTH);
  const values = { value: typed };
  // A bot learns nothing and nothing is counted.
  if (isHoneypotTripped(form)) return badRequest({ fields: {}, values });
  const value = readCheckedValue(typed);
  if (!value) {
    const message = VERIFY_WORDS.unreadable;
    return badRequest({ error: { title: "Error", message }, fields: { value: message }, values });
  }
  const limited = await limitAttempt(
    rateLimitKey("verifyCheck", getClientIp(args)),
    RATE_LIMITS.verifyCheck,
    { values },
  );
  if (limited) return limited;
  return { ok: true as const, answer: await checkValue(value), values };
}

export default function VerifyPage({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useIsPending();
  const failure = failureOf(actionData);
  const answer = actionData?.ok ? actionData.answer : undefined;
  const typed = actionData?.values?.value ?? loaderData.value;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Check before you pay</h1>
      <p className="mt-4 text-pretty text-lg text-slate-600">
        Someone sent you a phone or WhatsApp number, a bank account or a listing code and says they
        are NaijaHomes? Check it here before you pay anyone or send documents.
      </p>
      <Form method="post" noValidate className="relative mt-8 space-y-4">
        <FormAlert error={failure?.error} />
        <HoneypotField />
        <TextField
          label="Phone or WhatsApp number, e-mail, account number or listing code"
          hint="For example 0803 555 1234, info@naijahomes.ng, 0123456789 or NH-LAG-0421"
          name="value"
          required
          autoComplete="off"
          inputMode="text"
          maxLength={CHECK_INPUT_MAX_LENGTH}
          defaultValue={typed}
          key={typed}
          error={failure?.fields?.value}
        />
        <SubmitButton pending={pending} pendingLabel="Checking...">
          Check
        </SubmitButton>
      </Form>
      {answer ? <VerifyResult answer={answer} /> : null}
      <OfficialChannels channels={loaderData.channels} />
    </div>
  );
}

function VerifyResult({ answer }: { answer: VerifyAnswer }) {
  if (answer.verdict === "ours") {
    return (
      <section aria-labelledby="verify-answer" className="mt-8">
        <Alert icon={ShieldCheck}>
          <div className="text-green-900">
            <p className="text-sm">{answer.shown}</p>
            <h2 id="verify-answer" className="text-lg font-semibold">
              {answer.headline}
            </h2>
            {answer.usedFor ? <p className="mt-1">Used for: {answer.usedFor}</p> : null}
          </div>
        </Alert>
      </section>
    );
  }
  return (
    <section aria-labelledby="verify-answer" className="mt-8 space-y-6">
      <Alert tone="error" icon={MessageSquareWarning}>
        <div className="text-red-900">
          <p className="text-sm">{answer.shown}</p>
          <h2 id="verify-answer" className="text-lg font-semibold">
            {answer.headline}
          </h2>
          <p className="mt-1 font-medium">{VERIFY_WORDS.advice}.</p>
        </div>
      </Alert>
      <section
        aria-labelledby="verify-report"
        className="rounded-lg border border-slate-200 p-5 shadow-sm"
      >
        <h2 id="verify-report" className="mb-4 text-lg font-semibold text-slate-900">
          Report it
        </h2>
        <ReportForm
          subject={{ kind: "value", value: answer.value.normalized }}
          reason="used_our_name"
          back="/verify"
          idPrefix="verify-report-form"
        />
      </section>
    </section>
  );
}

/** The agency's own channels, so a visitor can compare what they were sent. */
function OfficialChannels({ channels }: { channels: OfficialChannel[] }) {
  const groups = CHANNEL_KINDS.filter((kind) => kind.value !== "impostor")
    .map((kind) => ({ ...kind, items: channels.filter((c) => c.kind === kind.value) }))
    .filter((group) => group.items.length > 0);
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="official-channels" className="mt-12">
      <h2 id="official-channels" className="text-2xl font-bold text-slate-900">
        Our official numbers and accounts
      </h2>
      <p className="mt-2 text-slate-600">
        We only pay and get paid through the accounts below, and only call or message from these
        lines and our agents' numbers.
      </p>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        {groups.map((group) => (
          <div key={group.value}>
            <h3 className="font-semibold text-slate-900">{group.label}</h3>
            <ul className="mt-2 space-y-2 text-sm text-slate-700">
              {group.items.map((item) => (
                <li key={item.id}>
                  <span className="font-medium text-slate-900">{item.value}</span>
                  {item.kind === "bank_account" ? (
                    <span>
                      {" "}
                      · {item.bankName} · {item.accountName}
                    </span>
                  ) : item.label ? (
                    <span> · {item.label}</span>
                  ) : null}
                  {item.usedFor ? (
                    <span className="block text-slate-500">{item.usedFor}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Check before you pay",
    description:
      "Check a phone or WhatsApp number, e-mail address, bank account or listing code against NaijaHomes' own before you pay or send documents.",
    path: "/verify",
  });

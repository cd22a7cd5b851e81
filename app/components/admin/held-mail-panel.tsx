import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { FormAlert } from "~/components/ui/form-alert";
import type { FormMessage } from "~/lib/action-result";
import { formatMoment } from "~/lib/appointment-format";
import { HELD_MAIL_INTENT, heldMailQuestion } from "~/lib/held-mail";

// The Backups screen's "This site" card (issue 44): the site's id (what every backup's manifest
// names, and a restore compares), its last restore, and the e-mails held since it, each with
// "Send now" and "Drop" (both ask first: neither can be undone).

export type HeldMailPanelProps = {
  site:
    | {
        siteId: string;
        restoredAt: string | null;
        restoredBackupTakenAt: string | null;
        restoredBackupFile: string | null;
      }
    | undefined;
  held: {
    total: number;
    rows: {
      id: string;
      to: string | null;
      subject: string | null;
      kind: string | null;
      createdAt: string;
    }[];
  };
  error: FormMessage | undefined;
};

function HeldChoices({ id, label }: { id: string; label: string }) {
  const all = id === "all";
  return (
    <div className="flex flex-wrap gap-2">
      <ConfirmForm
        fields={{ intent: HELD_MAIL_INTENT.send, id }}
        label={
          <>
            {all ? "Send all now" : "Send now"}
            <span className="sr-only"> {label}</span>
          </>
        }
        question={heldMailQuestion("send", all)}
        confirmLabel={all ? "Yes, send them" : "Yes, send it"}
        pendingLabel="Sending..."
        variant="outline"
      />
      <ConfirmForm
        fields={{ intent: HELD_MAIL_INTENT.drop, id }}
        label={
          <>
            {all ? "Drop all" : "Drop"}
            <span className="sr-only"> {label}</span>
          </>
        }
        question={heldMailQuestion("drop", all)}
        confirmLabel={all ? "Yes, drop them" : "Yes, drop it"}
        pendingLabel="Dropping..."
      />
    </div>
  );
}

export function HeldMailPanel({ site, held, error }: HeldMailPanelProps) {
  return (
    <Card as="section" aria-labelledby="site-heading">
      <CardTitle id="site-heading">This site</CardTitle>
      <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-700">Site id</dt>
        <dd className="break-all font-mono text-xs text-slate-900">{site?.siteId ?? "None yet"}</dd>
        <dt className="font-medium text-slate-700">Last restore</dt>
        <dd className="text-slate-900">
          {site?.restoredAt
            ? `${formatMoment(site.restoredAt)}, from the backup taken ${
                site.restoredBackupTakenAt
                  ? formatMoment(site.restoredBackupTakenAt)
                  : "(time unknown)"
              }${site.restoredBackupFile ? ` (${site.restoredBackupFile})` : ""}`
            : "Never restored"}
        </dd>
      </dl>
      <CardDescription className="mt-3">
        Every backup names this id. A restore of another site&apos;s backup, or of one older than
        the data it replaces, needs <code>--force</code>.
      </CardDescription>
      {held.total > 0 ? (
        <div className="mt-5 space-y-3">
          <h3 className="font-semibold text-slate-900">
            E-mails held since the restore ({held.total})
          </h3>
          <p className="text-sm text-slate-700">
            These were waiting to be sent when the backup was taken, or came due before the restore
            (saved-search alerts, owners&apos; reports). The old site may have sent them after the
            backup: send only those you know did not go out.
          </p>
          <FormAlert error={error} />
          <ul className="divide-y divide-slate-100">
            {held.rows.map((mail) => {
              const what = mail.subject ?? `A ${mail.kind ?? "message"} notice, written when sent`;
              return (
                <li key={mail.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-medium text-slate-900">{what}</p>
                    <p className="text-slate-600">
                      To {mail.to ?? "its recipients"}, queued {formatMoment(mail.createdAt)}
                    </p>
                  </div>
                  <HeldChoices id={mail.id} label={`${what} to ${mail.to ?? "its recipients"}`} />
                </li>
              );
            })}
          </ul>
          {held.total > held.rows.length ? (
            <p className="text-sm text-slate-600">
              And {held.total - held.rows.length} more, sent or dropped with the buttons below.
            </p>
          ) : null}
          {held.total > 1 ? <HeldChoices id="all" label="every held e-mail" /> : null}
        </div>
      ) : site?.restoredAt ? (
        <p className="mt-4 text-sm text-slate-600">No e-mails are held.</p>
      ) : null}
    </Card>
  );
}

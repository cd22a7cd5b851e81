import { Form, Link } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { readManifest } from "~/backup/backup.server";
import { deleteBackup, listBackups, nextToRemove } from "~/backup/backup-archives.server";
import {
  backupRunning,
  nextScheduledBackup,
  readBackupStatus,
  runBackup,
} from "~/backup/backup-jobs.server";
import {
  BACKUP_KIND_LABELS,
  BACKUP_MESSAGES,
  backupMoment,
  deleteBackupQuestion,
  retentionRules,
} from "~/backup/backup-messages";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { HeldMailPanel } from "~/components/admin/held-mail-panel";
import { SubmitButton } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { FormAlert } from "~/components/ui/form-alert";
import { getEnv } from "~/env.server";
import { useIsPending } from "~/hooks/use-is-pending";
import { readForm } from "~/http/read-form.server";
import { failed, notFound, redirectWithFlash } from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import { formatMoment } from "~/lib/appointment-format";
import { askToConfirm, isConfirmed } from "~/lib/confirm";
import { COMPANY_NAME } from "~/lib/site";
import { logger } from "~/log/logger.server";
import { getSiteIdentity, listHeldMail } from "~/models/held-mail.server";
import type { Route } from "./+types/backups";
import { heldMailAction, isHeldMailIntent } from "./held-mail.server";

// /admin/backups (issue 22): super admins see the backups of the embedded database and its
// photos (BACKUP_DIR): the last success or failure, when the next scheduled one runs, how long
// each kind of archive is kept and which the rotation removes next (issue 44), each archive with
// its kind, contents, a download and a Delete that asks first; and take one now. A backup holds
// every account's data, so plain admins get a 403 here and no sidebar entry. On PostgreSQL the
// page says how to back up instead (pg_dump and the bucket's tools). Both show the site's id, its
// last restore and the e-mails held since (issue 44, ~/components/admin/held-mail-panel.tsx).

function requireSuperAdmin(actor: AdminActor) {
  if (!actor.isSuperAdmin) throw new Response(BACKUP_MESSAGES.superAdminsOnly, { status: 403 });
}

/**
 * The newest archives are listed with their contents (a manifest each: a few kilobytes read);
 * older ones with their size only, so every archive can still be downloaded or deleted.
 */
const WITH_CONTENTS = 30;

/** The site's id, last restore and held mail, as the panel shows them. */
async function loadSiteAndHeldMail() {
  const [site, held] = await Promise.all([getSiteIdentity(), listHeldMail()]);
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  return {
    site: site && {
      siteId: site.siteId,
      restoredAt: iso(site.restoredAt),
      restoredBackupTakenAt: iso(site.restoredBackupTakenAt),
      restoredBackupFile: site.restoredBackupFile,
    },
    held: {
      total: held.total,
      rows: held.rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    },
  };
}

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  requireSuperAdmin(actor);
  const env = getEnv();
  const siteAndHeldMail = await loadSiteAndHeldMail();
  if (env.databaseUrl) return { postgres: true as const, ...siteAndHeldMail };
  const files = listBackups();
  const backups = await Promise.all(
    files.map(async (file, index) => {
      const manifest = index < WITH_CONTENTS ? await readManifest(file.file) : undefined;
      return {
        name: file.name,
        kind: file.kind,
        bytes: file.bytes,
        takenAt: file.takenAt.toISOString(),
        properties: manifest?.counts.properties,
        photos: manifest?.media.kind === "disk" ? manifest.media.files : undefined,
        appointments: manifest?.counts.appointments,
      };
    }),
  );
  const next = nextScheduledBackup();
  const removedNext = nextToRemove(files, env.backupKeep, {
    nextScheduled: next,
    now: new Date(),
  });
  return {
    postgres: false as const,
    ...siteAndHeldMail,
    backups,
    removedNext: removedNext.map((file) => ({
      name: file.name,
      kind: file.kind,
      takenAt: file.takenAt.toISOString(),
    })),
    status: readBackupStatus(),
    running: backupRunning(),
    next: next?.toISOString(),
    schedule: env.backupSchedule,
    keep: env.backupKeep,
    dir: env.backupDir,
    s3Bucket: env.s3?.bucket,
  };
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  if (!actor.isSuperAdmin) {
    return failed(403, {
      error: { title: BACKUP_MESSAGES.failed, message: BACKUP_MESSAGES.superAdminsOnly },
    });
  }
  const form = await readForm(args.request);
  const intent = form.get("intent");
  if (isHeldMailIntent(intent)) return heldMailAction(actor, form);
  if ((intent !== "backup" && intent !== "delete") || getEnv().databaseUrl) {
    return failed(400, { error: { title: BACKUP_MESSAGES.failed, message: "Unknown action." } });
  }
  if (intent === "delete") return deleteAction(actor, form);
  try {
    await runBackup("screen");
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return failed(500, { error: { title: BACKUP_MESSAGES.failed, message } });
  }
  logger.info({ adminId: actor.id }, "A super admin took a backup from the Backups screen");
  throw redirectWithFlash("/admin/backups", "backupWritten");
}

/** Delete: only a name the list shows (anything else, a path included, is a 404), asked first. */
async function deleteAction(actor: AdminActor, form: FormData) {
  const name = form.get("name");
  const backup = listBackups().find((listed) => listed.name === name);
  if (!backup) notFound();
  if (!isConfirmed(form)) {
    return askToConfirm(form, deleteBackupQuestion(backupMoment(backup.takenAt)));
  }
  const deleted = await deleteBackup(actor, backup.name);
  if (!deleted.ok) {
    if (deleted.reason === "not-found") notFound();
    return failed(403, {
      error: { title: BACKUP_MESSAGES.deleteFailed, message: BACKUP_MESSAGES.superAdminsOnly },
    });
  }
  throw redirectWithFlash("/admin/backups", "backupDeleted");
}

/** Which archives the rotation removes next, and when: "None" when it removes nothing. */
function nextRemovalText(
  removed: readonly { kind: keyof typeof BACKUP_KIND_LABELS; takenAt: string }[],
  next: string | undefined,
) {
  if (removed.length === 0) return "None";
  const which = removed
    .map(
      (file) =>
        `the backup of ${backupMoment(file.takenAt)} (${BACKUP_KIND_LABELS[file.kind].toLowerCase()})`,
    )
    .join("; ");
  const when = next ? `after the backup of ${formatMoment(next)}` : "after the next backup";
  return `${which.charAt(0).toUpperCase()}${which.slice(1)}, ${when}`;
}

function size(bytes: number) {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export default function AdminBackupsPage({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const heldFailure = failure?.intent === "held-mail" ? failure.error : undefined;
  const pending = useIsPending({ intent: "backup" });
  const heldMailPanel = (
    <HeldMailPanel site={loaderData.site} held={loaderData.held} error={heldFailure} />
  );
  if (loaderData.postgres) {
    return (
      <div className="mx-auto max-w-4xl space-y-6 p-4 md:p-6">
        <h1 className="text-2xl font-bold text-slate-900">Backups</h1>
        <Card as="section" aria-labelledby="pg-heading">
          <CardTitle id="pg-heading">This site runs on PostgreSQL</CardTitle>
          <CardDescription>
            Back it up with pg_dump, and the photos with the bucket&apos;s own tools:
            docs/operations.md (Deploying, Backups) gives the commands. The backups on this screen
            are for the embedded database.
          </CardDescription>
        </Card>
        {heldMailPanel}
      </div>
    );
  }
  const { backups, removedNext, status, running, next, schedule, keep, dir, s3Bucket } = loaderData;
  const rules = retentionRules(keep);
  const lastFailed =
    status.lastFailure && (!status.lastSuccess || status.lastFailure.at > status.lastSuccess.at);
  return (
    <div className="mx-auto max-w-4xl space-y-6 p-4 md:p-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Backups</h1>
        <p className="mt-1 text-slate-600">
          The database and the uploaded photos, in one file, taken while the site keeps serving.
        </p>
      </div>
      <Card as="section" aria-labelledby="status-heading">
        <CardTitle id="status-heading">Status</CardTitle>
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-slate-700">Last backup</dt>
          <dd className="text-slate-900">
            {status.lastSuccess
              ? `${formatMoment(status.lastSuccess.at)}, ${size(status.lastSuccess.bytes)} in ${status.lastSuccess.seconds} s`
              : "None yet"}
          </dd>
          {lastFailed && status.lastFailure ? (
            <>
              <dt className="font-medium text-red-700">Last failure</dt>
              <dd className="break-words text-red-800">
                {formatMoment(status.lastFailure.at)}: {status.lastFailure.message}
              </dd>
            </>
          ) : null}
          <dt className="font-medium text-slate-700">Next backup</dt>
          <dd className="text-slate-900">
            {next
              ? `${formatMoment(next)} (daily at ${schedule}, Lagos time)`
              : "Not scheduled: set BACKUP_SCHEDULE (e.g. 02:30) for a daily backup."}
          </dd>
          <dt className="font-medium text-slate-700">Kept</dt>
          <dd className="space-y-1 text-slate-900">
            <p>{rules.scheduled}</p>
            <p>{rules.manual}</p>
            {backups.some((backup) => backup.kind === "unknown") ? <p>{rules.unknown}</p> : null}
            <p>
              In <span className="break-all font-mono text-xs">{dir}</span>
            </p>
          </dd>
          <dt className="font-medium text-slate-700">Next to be removed by the schedule</dt>
          <dd className="text-slate-900">{nextRemovalText(removedNext, next)}</dd>
          {s3Bucket ? (
            <>
              <dt className="font-medium text-slate-700">Photos</dt>
              <dd className="text-slate-900">
                In the bucket {s3Bucket}, not in these files: back the bucket up with its own tools.
              </dd>
            </>
          ) : null}
        </dl>
        <Form method="post" className="mt-5 space-y-3">
          <FormAlert error={heldFailure ? undefined : failure?.error} />
          <input type="hidden" name="intent" value="backup" />
          <SubmitButton pending={pending || running} pendingLabel="Backing up...">
            Back Up Now
          </SubmitButton>
        </Form>
      </Card>
      <Card as="section" aria-labelledby="files-heading">
        <CardTitle id="files-heading">Backup files</CardTitle>
        {backups.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No backups yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {backups.map((backup) => (
              <li key={backup.name} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">{backupMoment(backup.takenAt)}</p>
                  <p className="text-sm text-slate-600">
                    {BACKUP_KIND_LABELS[backup.kind]}, {size(backup.bytes)}
                    {backup.properties !== undefined ? `, ${backup.properties} listings` : ""}
                    {backup.photos !== undefined ? `, ${backup.photos} photos` : ""}
                    {backup.appointments !== undefined
                      ? `, ${backup.appointments} appointments`
                      : ""}
                  </p>
                </div>
                <Link
                  to={`/admin/backups/${backup.name}`}
                  reloadDocument
                  className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
                >
                  Download
                  <span className="sr-only"> the backup of {backupMoment(backup.takenAt)}</span>
                </Link>
                <ConfirmForm
                  fields={{ intent: "delete", name: backup.name }}
                  label={
                    <>
                      Delete
                      <span className="sr-only"> the backup of {backupMoment(backup.takenAt)}</span>
                    </>
                  }
                  question={deleteBackupQuestion(backupMoment(backup.takenAt))}
                  description={`The file ${backup.name} is removed from the backup folder. This cannot be undone.`}
                  confirmLabel="Yes, delete"
                  cancelLabel="Cancel"
                  pendingLabel="Deleting..."
                  mode="dialog"
                  size="xs"
                />
              </li>
            ))}
          </ul>
        )}
        <p className="mt-4 text-sm text-slate-600">
          To restore one, stop the site and run <code>npm run restore -- FILE</code>{" "}
          (docs/operations.md).
        </p>
      </Card>
      {heldMailPanel}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback="Failed to load the backups" />;
}

export const meta: Route.MetaFunction = () => [{ title: `Backups | Admin | ${COMPANY_NAME}` }];

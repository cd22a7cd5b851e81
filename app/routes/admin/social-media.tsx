import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { revalidateAfterConflict } from "~/components/admin/edit-conflict-panel";
import { AddSocialLinkForm, SocialLinksTable } from "~/components/admin/social-links";
import { isThrownResponse, saveMerging, versionToken } from "~/http/edit-merge.server";
import { readForm } from "~/http/read-form.server";
import {
  badRequest,
  failed,
  notFound,
  redirectWithFlash,
  unknownIntent,
} from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import { askToConfirm, isConfirmed } from "~/lib/confirm";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import {
  isSocialPlatform,
  SOCIAL_MESSAGES,
  socialLinkSchema,
  socialLinkUrlSchema,
  socialPlatformLabel,
} from "~/lib/schemas/site-content";
import { COMPANY_NAME } from "~/lib/site";
import { logger } from "~/log/logger.server";
import {
  addSocialLink,
  deleteSocialLink,
  getSocialLinksForAdmin,
  updateSocialLink,
} from "~/models/admin-site-content.server";
import { loadOrFail } from "~/routes/admin/load-or-fail.server";
import type { Route } from "./+types/social-media";

// /admin/social-media: the company's links on eight platforms (spec §5, §7): add one for a
// platform without a link (platform and URL both required), edit its URL (the platform cannot
// change), delete it (the platform's field set to null). The footer and the contact page show
// them from the next page on. Only http(s) addresses are accepted.

const PAGE = "/admin/social-media";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  return loadOrFail("the social links", SOCIAL_MESSAGES.loadFailed, async () => {
    // Each link's form carries the URL it opens with: the base of a merge (issue 42).
    const links = (await getSocialLinksForAdmin(actor)).map((link) =>
      link.url && link.version
        ? { ...link, version: versionToken(link.version, { url: link.url }) }
        : link,
    );
    const edit = new URL(args.request.url).searchParams.get("edit");
    const editing = links.find((link) => link.platform === edit && link.url)?.platform ?? null;
    return { links, editing };
  });
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const form = await readForm(args.request);
  switch (form.get("intent")) {
    case "add":
      return add(actor, form);
    case "update":
      return update(actor, form);
    case "delete":
      return remove(actor, form);
    default:
      return unknownIntent();
  }
}

/** The form-level message for refused input: the spec's 'both' message, else the first. */
function validationError(fields: Record<string, string | undefined>) {
  const messages = Object.values(fields).filter((m): m is string => Boolean(m));
  return messages.includes(SOCIAL_MESSAGES.missing.message) || messages.length === 0
    ? SOCIAL_MESSAGES.missing
    : { title: SOCIAL_MESSAGES.missing.title, message: messages[0] ?? "" };
}

async function add(actor: AdminActor, form: FormData) {
  const intent = "add";
  const values = {
    platform: String(form.get("platform") ?? ""),
    url: String(form.get("url") ?? ""),
  };
  const parsed = socialLinkSchema().safeParse(values);
  if (!parsed.success) {
    const fields = fieldErrorsOf(parsed.error);
    return badRequest({ intent, error: validationError(fields), fields, values });
  }
  try {
    const added = await addSocialLink(actor, parsed.data.platform, parsed.data.url);
    if (!added.ok) {
      const message = SOCIAL_MESSAGES.taken;
      const error = { title: SOCIAL_MESSAGES.addFailed, message };
      return badRequest({ intent, error, fields: { platform: message }, values });
    }
  } catch (error) {
    logger.error({ err: error }, "Adding a social link failed");
    const message = "Please try again.";
    return failed(500, { intent, error: { title: SOCIAL_MESSAGES.addFailed, message }, values });
  }
  throw redirectWithFlash(PAGE, "socialLinkAdded");
}

async function update(actor: AdminActor, form: FormData) {
  const intent = "update";
  const platform = form.get("platform");
  // The platform names the link being edited: it is never changed, only looked up.
  if (!isSocialPlatform(platform)) notFound();
  const values = { platform, url: String(form.get("url") ?? "") };
  const saved = await saveMerging({
    form,
    fields: { url: "text" },
    save: async (merged, version) => {
      const url = String(merged.get("url") ?? "");
      const parsed = socialLinkUrlSchema().safeParse({ platform, url });
      if (!parsed.success) {
        const fields = fieldErrorsOf(parsed.error);
        const error = validationError(fields);
        return badRequest({ intent, error, fields, values: { platform, url } });
      }
      return updateSocialLink(actor, platform, parsed.data.url, version);
    },
    current: async () => {
      const link = (await getSocialLinksForAdmin(actor)).find((l) => l.platform === platform);
      return link?.url && link.version
        ? { version: link.version, values: { url: link.url } }
        : null;
    },
    extra: { intent, values },
  }).catch((error: unknown) => {
    if (isThrownResponse(error)) throw error;
    logger.error({ err: error, platform }, "Updating a social link failed");
    return null;
  });
  if (!saved) {
    const message = "Please try again.";
    return failed(500, { intent, error: { title: SOCIAL_MESSAGES.updateFailed, message }, values });
  }
  if (!saved.ok) return saved.response;
  if (!("ok" in saved.result)) return saved.result;
  if (!saved.result.ok) notFound();
  throw redirectWithFlash(PAGE, saved.theirsKept.length ? "savedWithTheirs" : "socialLinkUpdated");
}

async function remove(actor: AdminActor, form: FormData) {
  const platform = form.get("platform");
  if (!isSocialPlatform(platform)) notFound();
  if (!isConfirmed(form))
    return askToConfirm(form, `Delete the ${socialPlatformLabel(platform)} link?`);
  try {
    const deleted = await deleteSocialLink(actor, platform);
    if (!deleted.ok) notFound();
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error, platform }, "Deleting a social link failed");
    const message = "Please try again.";
    return failed(500, {
      intent: "delete",
      error: { title: SOCIAL_MESSAGES.deleteFailed, message },
    });
  }
  throw redirectWithFlash(PAGE, "socialLinkDeleted");
}

export const shouldRevalidate = revalidateAfterConflict;

export default function SocialMediaPage({ loaderData, actionData }: Route.ComponentProps) {
  const { links, editing } = loaderData;
  const failure = failureOf(actionData);
  return (
    <div className="mx-auto max-w-4xl space-y-6 p-4 md:p-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Social Media</h1>
        <p className="mt-1 text-slate-600">
          The company's pages, shown as icons in the site's footer and on the contact page.
        </p>
      </div>
      <SocialLinksTable
        links={links}
        editing={editing}
        failure={failure?.intent === "update" || failure?.intent === "delete" ? failure : undefined}
      />
      <AddSocialLinkForm
        free={links.filter((link) => !link.url).map((link) => link.platform)}
        failure={failure?.intent === "add" ? failure : undefined}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={SOCIAL_MESSAGES.loadFailed} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Social Media | Admin | ${COMPANY_NAME}` }];

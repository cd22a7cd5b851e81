import { Form, Link } from "react-router";
import { SOCIAL_NETWORKS } from "~/components/social-icons";
import { LinkButton, SubmitButton } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { SelectField, TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import type { ActionFailure } from "~/lib/action-result";
import {
  SOCIAL_PLATFORMS,
  SOCIAL_URL_MAX,
  type SocialPlatform,
  socialPlatformLabel,
} from "~/lib/schemas/site-content";
import { EditConflictPanel } from "./edit-conflict-panel";
import { RowEditCancel } from "./row-edit-cancel";
import { AdminForm } from "./unsaved-changes";

// The parts of /admin/social-media: the platforms with their links (edit in the row, a
// plain link to ?edit=<platform> so it works without JavaScript; delete asks first) and the
// form that adds a link for a platform that has none.

const PAGE = "/admin/social-media";

type Failure = ActionFailure<Record<string, string>> | undefined;
type Row = { platform: SocialPlatform; url: string | null; version?: string };

function PlatformName({ platform }: { platform: SocialPlatform }) {
  const network = SOCIAL_NETWORKS.find((n) => n.key === platform);
  const Icon = network?.Icon;
  return (
    <span className="inline-flex items-center gap-2 font-medium text-slate-900">
      {Icon ? <Icon className="size-4 text-brand-700" /> : null}
      {socialPlatformLabel(platform)}
    </span>
  );
}

export function SocialLinksTable({
  links,
  editing,
  failure,
}: {
  links: readonly Row[];
  editing: SocialPlatform | null;
  failure: Failure;
}) {
  return (
    <Card as="section" aria-labelledby="links-heading">
      <CardTitle id="links-heading">Links</CardTitle>
      <CardDescription>A platform without a link shows no icon on the site.</CardDescription>
      <div className="mt-4">
        <FormAlert error={failure?.error} />
      </div>
      <ul className="mt-2 divide-y divide-slate-100">
        {links.map((link) => (
          <li key={link.platform} className="py-3">
            {editing === link.platform && link.url ? (
              <EditLinkForm key={link.version} link={link} failure={failure} />
            ) : (
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                <div className="w-32 shrink-0">
                  {link.url ? (
                    <Link
                      to={`${PAGE}?edit=${link.platform}`}
                      preventScrollReset
                      className="hover:underline"
                    >
                      <PlatformName platform={link.platform} />
                    </Link>
                  ) : (
                    <PlatformName platform={link.platform} />
                  )}
                </div>
                <div className="min-w-0 flex-[1_1_12rem] text-sm">
                  {link.url ? (
                    <a
                      href={link.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="break-all text-brand-700 hover:underline"
                    >
                      {link.url}
                    </a>
                  ) : (
                    <span className="text-slate-500">Not set</span>
                  )}
                </div>
                {link.url ? (
                  <div className="flex items-center gap-2">
                    <LinkButton
                      to={`${PAGE}?edit=${link.platform}`}
                      variant="outline"
                      size="xs"
                      preventScrollReset
                      aria-label={`Edit the ${socialPlatformLabel(link.platform)} link`}
                    >
                      Edit
                    </LinkButton>
                    <ConfirmForm
                      fields={{ intent: "delete", platform: link.platform }}
                      label="Delete"
                      question={`Delete the ${socialPlatformLabel(link.platform)} link?`}
                      confirmLabel="Yes, delete"
                      pendingLabel="Deleting..."
                      size="xs"
                    />
                  </div>
                ) : null}
              </div>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function EditLinkForm({ link, failure }: { link: Row; failure: Failure }) {
  const pending = useIsPending({ intent: "update" });
  const label = socialPlatformLabel(link.platform);
  const conflict = failure?.conflict;
  return (
    <>
      <EditConflictPanel
        conflict={conflict}
        labels={{ url: `${label} URL` }}
        what={`the ${label} link`}
        action={`${PAGE}?edit=${link.platform}`}
      />
      <AdminForm
        method="post"
        action={`${PAGE}?edit=${link.platform}`}
        version={link.version}
        className="space-y-3"
        noValidate
        aria-label={`Edit the ${label} link`}
        intent="update"
      >
        <input type="hidden" name="platform" value={link.platform} />
        <TextField
          label="Platform"
          name="platformShown"
          defaultValue={label}
          readOnly
          hint="The platform cannot be changed: delete this link and add another instead."
        />
        <TextField
          label={`${label} URL`}
          name="url"
          type="url"
          inputMode="url"
          required
          maxLength={SOCIAL_URL_MAX}
          defaultValue={(conflict ? undefined : failure?.values?.url) ?? link.url ?? ""}
          error={failure?.fields?.url}
          placeholder="https://"
        />
        <div className="flex flex-wrap gap-2">
          <SubmitButton pending={pending} pendingLabel="Saving..." size="sm">
            Save Link
          </SubmitButton>
          <RowEditCancel page={PAGE} />
        </div>
      </AdminForm>
    </>
  );
}

export function AddSocialLinkForm({
  free,
  failure,
}: {
  free: readonly SocialPlatform[];
  failure: Failure;
}) {
  const pending = useIsPending({ intent: "add" });
  const options = SOCIAL_PLATFORMS.filter((p) => free.includes(p.value));
  return (
    <Card as="section" aria-labelledby="add-link-heading">
      <CardTitle id="add-link-heading">Add a Link</CardTitle>
      {options.length === 0 ? (
        <CardDescription>
          Every platform has a link: edit or delete one above to change it.
        </CardDescription>
      ) : (
        <Form method="post" action={PAGE} className="mt-4 space-y-4" noValidate>
          <FormAlert error={failure?.error} />
          <input type="hidden" name="intent" value="add" />
          <SelectField
            label="Platform"
            name="platform"
            required
            options={options}
            placeholder="Select a platform"
            defaultValue={failure?.values?.platform ?? ""}
            error={failure?.fields?.platform}
          />
          <TextField
            label="URL"
            name="url"
            type="url"
            inputMode="url"
            required
            maxLength={SOCIAL_URL_MAX}
            defaultValue={failure?.values?.url ?? ""}
            error={failure?.fields?.url}
            placeholder="https://"
          />
          <SubmitButton pending={pending} pendingLabel="Adding...">
            Add Link
          </SubmitButton>
        </Form>
      )}
    </Card>
  );
}

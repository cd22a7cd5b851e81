import { PhotoInput } from "~/components/admin/photo-input";
import { AdminForm } from "~/components/admin/unsaved-changes";
import { LinkButton, SubmitButton } from "~/components/ui/button";
import { SwitchField, TextAreaField, TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import type { FieldErrors, FormMessage } from "~/lib/action-result";
import { PLACEHOLDER_PORTRAIT } from "~/lib/images";
import { PHONE_MAX_LENGTH } from "~/lib/phone";
import { TEAM_LIMITS, type TeamMemberValues } from "~/lib/schemas/team";

// The add and edit form of a team member (/admin/team/new, /admin/team/:id): name and position
// required, bio, e-mail, phone, a photo through the upload pipeline, and whether /team shows them.

/** The form's fields with the labels it shows (the conflict panel's rows). */
export const TEAM_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: "Name",
  position: "Position",
  bio: "Bio",
  email: "Email",
  phone: "Phone",
  isActive: "Active",
};

export function TeamMemberForm({
  mode,
  values,
  photo,
  errors,
  error,
  back,
  state,
  version,
}: {
  mode: "add" | "edit";
  values: TeamMemberValues;
  /** The stored photo (edit). */
  photo?: string | null;
  errors: FieldErrors;
  error?: FormMessage;
  back: string;
  state: unknown;
  /** Editing: the version of the record the form was opened at. */
  version?: string;
}) {
  const intent = mode === "add" ? "create" : "update";
  const pending = useIsPending({ intent });
  const name = values.name?.trim() || "this team member";
  return (
    <AdminForm
      version={version}
      method="post"
      encType="multipart/form-data"
      state={state}
      className="space-y-4"
      noValidate
    >
      <FormAlert error={error} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="back" value={back} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          required
          autoComplete="off"
          maxLength={TEAM_LIMITS.name}
          defaultValue={values.name}
          error={errors.name}
        />
        <TextField
          label="Position"
          name="position"
          required
          autoComplete="off"
          maxLength={TEAM_LIMITS.position}
          defaultValue={values.position}
          error={errors.position}
          hint="e.g. Senior Property Consultant"
        />
      </div>
      <TextAreaField
        label="Bio"
        name="bio"
        optional
        rows={4}
        maxLength={TEAM_LIMITS.bio}
        defaultValue={values.bio}
        error={errors.bio}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Email"
          name="email"
          type="email"
          optional
          autoComplete="off"
          maxLength={TEAM_LIMITS.email}
          defaultValue={values.email}
          error={errors.email}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          optional
          autoComplete="off"
          maxLength={PHONE_MAX_LENGTH}
          defaultValue={values.phone}
          error={errors.phone}
        />
      </div>
      <PhotoInput
        name="photo"
        label="Photo"
        current={photo}
        currentAlt={`Photo of ${name}`}
        error={errors.photo}
        removable={mode === "edit"}
        placeholder={PLACEHOLDER_PORTRAIT}
        round
      />
      <SwitchField
        label="Active (shown on the Team page)"
        name="isActive"
        defaultChecked={values.isActive !== "false" && values.isActive !== ""}
      />
      <div className="flex flex-wrap items-center gap-3 pt-2">
        <SubmitButton pending={pending} pendingLabel={mode === "add" ? "Adding..." : "Saving..."}>
          {mode === "add" ? "Add Team Member" : "Save Changes"}
        </SubmitButton>
        <LinkButton to={back} variant="outline" preventScrollReset>
          Cancel
        </LinkButton>
      </div>
    </AdminForm>
  );
}

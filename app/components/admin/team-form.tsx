import type { ItemFormProps, OrderedListScreen } from "~/components/admin/ordered-list-screens";
import { ItemFormFrame } from "~/components/admin/ordered-list-screens";
import { PhotoInput } from "~/components/admin/photo-input";
import { fieldBinder, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { PLACEHOLDER_PORTRAIT } from "~/lib/images";
import { PHONE_MAX_LENGTH } from "~/lib/phone";
import { TEAM_FIELDS, TEAM_LIMITS, TEAM_MESSAGES, type TeamMemberValues } from "~/lib/schemas/team";
import type { TeamStaffAccount, TeamStaffChoice } from "~/models/admin-team.server";

// The add and edit form of a team member (/admin/team/new, /admin/team/:id): name and position
// required, bio, e-mail, phone, a photo through the upload pipeline, the staff account the
// member is (issue 21: that agent's listings show this name, photo and phone), and whether
// /team shows them.

type TeamItem = { id: string; name: string; imageUrl: string | null };

/** What the form chooses from (the route's formOptions): the active staff accounts. */
export type TeamFormOptions = { staffAccounts: readonly TeamStaffChoice[] };

/** The "Staff account" choice left empty. */
export const NOT_LINKED = "Not linked";

/** How the team screens name an account: "Name (e-mail)". */
export function staffAccountLabel(account: TeamStaffAccount) {
  return account.name === account.email ? account.email : `${account.name} (${account.email})`;
}

/** An option's words: the account, and why choosing it may be refused or is unusual. */
function choiceLabel(choice: TeamStaffChoice, memberId: string | undefined) {
  const notes = [
    choice.inactive ? "deactivated" : null,
    choice.linkedTo && choice.linkedTo.id !== memberId ? `linked to ${choice.linkedTo.name}` : null,
  ].filter(Boolean);
  return notes.length
    ? `${staffAccountLabel(choice)} - ${notes.join(", ")}`
    : staffAccountLabel(choice);
}

export function TeamMemberForm({
  item,
  values,
  errors,
  options,
  ...frame
}: ItemFormProps<TeamItem, TeamFormOptions>) {
  const name = values.name?.trim() || "this team member";
  const accounts = options?.staffAccounts ?? [];
  const bind = fieldBinder<keyof TeamMemberValues>(values, errors);
  return (
    <ItemFormFrame
      {...frame}
      multipart
      active={{ label: "Active (shown on the Team page)", value: values.isActive }}
      addLabel="Add Team Member"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          {...bind("name")}
          required
          autoComplete="off"
          maxLength={TEAM_LIMITS.name}
        />
        <TextField
          label="Position"
          {...bind("position")}
          required
          autoComplete="off"
          maxLength={TEAM_LIMITS.position}
          hint="e.g. Senior Property Consultant"
        />
      </div>
      <TextAreaField label="Bio" {...bind("bio")} optional rows={4} maxLength={TEAM_LIMITS.bio} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Email"
          {...bind("email")}
          type="email"
          optional
          autoComplete="off"
          maxLength={TEAM_LIMITS.email}
        />
        <TextField
          label="Phone"
          {...bind("phone")}
          type="tel"
          optional
          autoComplete="off"
          maxLength={PHONE_MAX_LENGTH}
        />
      </div>
      <div className="max-w-md">
        <SelectField
          label="Staff account"
          {...bind("userId", "")}
          optional
          placeholder={NOT_LINKED}
          options={accounts.map((choice) => ({
            value: choice.id,
            label: choiceLabel(choice, item?.id),
          }))}
          hint="The account this member signs in with: the listings it is the agent of show this member's name, photo and phone."
        />
      </div>
      <PhotoInput
        name="photo"
        label="Photo"
        current={item?.imageUrl}
        currentAlt={`Photo of ${name}`}
        error={errors.photo}
        removable={frame.mode === "edit"}
        placeholder={PLACEHOLDER_PORTRAIT}
        round
      />
    </ItemFormFrame>
  );
}

/** /admin/team's screens (app/components/admin/ordered-list-screens.tsx). */
export const TEAM_SCREEN: OrderedListScreen<TeamItem, TeamFormOptions> = {
  list: "/admin/team",
  listLabel: "All team members",
  addTitle: "Add Team Member",
  editTitle: (member) => `Edit ${member.name}`,
  what: "this team member",
  fields: TEAM_FIELDS,
  labels: {
    name: "Name",
    position: "Position",
    bio: "Bio",
    email: "Email",
    phone: "Phone",
    userId: "Staff account",
    isActive: "Active",
  },
  multipart: true,
  Form: TeamMemberForm,
  choices: (options) => ({
    userId: Object.fromEntries([
      ["", NOT_LINKED],
      ...(options?.staffAccounts ?? []).map((choice) => [choice.id, staffAccountLabel(choice)]),
    ]),
  }),
  deleteQuestion: TEAM_MESSAGES.deleteQuestion,
  deleteDescription: (member) =>
    `${member.name} is removed from the Team page and from this list. This cannot be undone.`,
  deleteSection: (member) => ({
    headingId: "delete-member-heading",
    heading: "Delete team member",
    hint: `To take ${member.name} off the Team page for a while, switch Active off instead.`,
    label: "Delete Team Member",
  }),
};

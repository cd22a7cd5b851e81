import { z } from "zod";
import { PHONE_MAX_LENGTH } from "~/lib/phone";
import { checkbox, optionalPhone, optionalText, requiredText, trimmedText } from "./fields";

// /admin/team: a team member's form (dashboard-and-admin §5: name and position required, 'Name
// and position are required') and the screen's words (§8).

export const TEAM_LIMITS = {
  name: 100,
  position: 100,
  bio: 2000,
  email: 254,
  userId: 100,
} as const;

export const TEAM_MESSAGES = {
  loadFailed: "Failed to load team members",
  required: { title: "Validation Error", message: "Name and position are required" },
  name: "Please enter a name",
  position: "Please enter a position",
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
  addFailed: "Failed to add team member",
  updateFailed: "Failed to update team member",
  deleteFailed: "Failed to delete team member",
  reorderFailed: "Failed to reorder team members",
  deleteQuestion: "Are you sure you want to delete this team member?",
  tryAgain: "Please try again.",
  /** The staff account a member is (issue 21): the choice is checked on the server. */
  staffUnknown: "That staff account does not exist. Choose one from the list.",
  staffNotStaff: "That account is not a staff account. Choose one from the list.",
  staffInactive: "That staff account is deactivated. Choose an active one.",
} as const;

/** A staff account is one team member at most: the message names the one it is linked to. */
export function staffTakenMessage(memberName: string) {
  return `That staff account is already linked to ${memberName}. Unlink it there first.`;
}

export function teamMemberSchema() {
  return z.object({
    name: requiredText(TEAM_MESSAGES.name, { max: TEAM_LIMITS.name }),
    position: requiredText(TEAM_MESSAGES.position, { max: TEAM_LIMITS.position }),
    bio: optionalText(TEAM_LIMITS.bio),
    email: trimmedText().pipe(
      z.union([z.literal(""), z.email(TEAM_MESSAGES.email).max(TEAM_LIMITS.email)], {
        error: TEAM_MESSAGES.email,
      }),
    ),
    phone: optionalPhone(TEAM_MESSAGES.phone).pipe(z.string().max(PHONE_MAX_LENGTH)),
    // "" is "Not linked"; an id is checked against the accounts inside the save's transaction.
    userId: trimmedText().pipe(z.string().max(TEAM_LIMITS.userId, TEAM_MESSAGES.staffUnknown)),
    isActive: checkbox(),
    removePhoto: checkbox(),
  });
}

export type TeamMemberForm = z.infer<ReturnType<typeof teamMemberSchema>>;

/** What the model stores (the photo's URL comes from the upload, or stays as it was). */
export type TeamMemberInput = Omit<TeamMemberForm, "removePhoto"> & {
  imageUrl: string | null;
};

/** The form's text fields, as posted (kept on a failed save). */
export const TEAM_FIELDS = [
  "name",
  "position",
  "bio",
  "email",
  "phone",
  "userId",
  "isActive",
] as const;
export type TeamMemberValues = Partial<Record<(typeof TEAM_FIELDS)[number], string>>;

// Owner submissions (issue 20): what an owner hands the agency and where it stands. Pure, for
// the owner's pages, the admin queue and the model alike.

/**
 * The life of a submission: draft -> submitted -> changes requested <-> resubmitted -> approved
 * (a live listing) or declined (with a reason); the owner may withdraw it before approval.
 */
export const SUBMISSION_STATUSES = [
  "draft",
  "submitted",
  "changes_requested",
  "resubmitted",
  "approved",
  "declined",
  "withdrawn",
] as const;

export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/**
 * What is asked: a new listing, a change to a live one (the listing unchanged until approved),
 * or taking a live one down.
 */
export const SUBMISSION_KINDS = ["listing", "change", "takedown"] as const;

export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  draft: "Draft",
  submitted: "Waiting for review",
  changes_requested: "Changes requested",
  resubmitted: "Resubmitted",
  approved: "Approved",
  declined: "Declined",
  withdrawn: "Withdrawn",
};

export const SUBMISSION_KIND_LABELS: Record<SubmissionKind, string> = {
  listing: "New listing",
  change: "Change to a live listing",
  takedown: "Take a listing down",
};

/** Waiting for the office: the admin queue's default and the sidebar's count. */
export const WAITING_STATUSES = ["submitted", "resubmitted"] as const satisfies SubmissionStatus[];

/** Not finished yet: these count against the owner's cap. */
export const OPEN_STATUSES = [
  "draft",
  "submitted",
  "changes_requested",
  "resubmitted",
] as const satisfies SubmissionStatus[];

/** Open submissions one owner may have at a time (drafts included). */
export const MAX_OPEN_SUBMISSIONS = 20;

/** Photos one submission may hold (the admin upload's per-request limit, twice). */
export const MAX_SUBMISSION_PHOTOS = 20;

/** Weeks of views an owner sees under My Listings. */
export const OWNER_VIEW_WEEKS = 12;

/** The owner may edit it (and send it): a draft, or one the office sent back. */
export function isEditableByOwner(status: SubmissionStatus) {
  return status === "draft" || status === "changes_requested";
}

/** The owner may withdraw it: anything not decided yet. */
export function isWithdrawable(status: SubmissionStatus) {
  return (OPEN_STATUSES as readonly string[]).includes(status);
}

/** The office may decide on it: sent and not decided yet. */
export function isReviewable(status: SubmissionStatus) {
  return (WAITING_STATUSES as readonly string[]).includes(status);
}

export const CONTACT_METHODS = [
  { value: "phone", label: "Phone call" },
  { value: "whatsapp", label: "WhatsApp" },
  { value: "email", label: "E-mail" },
] as const;

export type ContactMethod = (typeof CONTACT_METHODS)[number]["value"];

export function contactMethodLabel(value: string) {
  return CONTACT_METHODS.find((m) => m.value === value)?.label ?? value;
}

export const SUBMISSION_MESSAGES = {
  saved: "Draft saved",
  submitted: "Sent for review",
  withdrawn: "Submission withdrawn",
  tooMany: `You have ${MAX_OPEN_SUBMISSIONS} submissions open. Finish, withdraw or wait for a decision on one before adding another.`,
  notEditable: "This submission can no longer be changed.",
  tooManyPhotos: `A submission holds at most ${MAX_SUBMISSION_PHOTOS} photos. Remove some first.`,
  alreadyAsked: "A request like this one is already waiting for our office.",
  changeOutOfDate: "This form is out of date. Please check the listing and send your change again.",
  saveFailed: "Could not save your property",
  contactMethod: "Please choose how we should reach you",
  contactPhone: "Please enter the phone number we should call",
  availableFrom: "Please enter a valid date",
  reviewMessage: "Please tell the owner what to change",
  declineReason: "Please give a reason",
  takedownReason: "Please tell us why (for example: let privately)",
  approved: "Approved: the listing is live",
  changesRequested: "Changes requested from the owner",
  declined: "Submission declined",
  notReviewable: "This submission is not waiting for review any more.",
  signInFirst:
    "Sign in or create an account to send your property. What you typed is kept for you.",
} as const;

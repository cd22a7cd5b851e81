// Toasts that survive a redirect (sign-in, sign-up, sign-out, a booking). The cookie carries only a key of
// this catalogue, never text, so a forged cookie can show nothing but these messages.
export const FLASH_MESSAGES = {
  accountCreated: { type: "success", title: "Your account has been created successfully" },
  accountExists: {
    type: "error",
    title: "Account already exists",
    description: "An account with this email already exists. Please sign in instead.",
  },
  signedIn: { type: "success", title: "You have successfully signed in" },
  passwordReset: { type: "success", title: "Your password has been reset. Please sign in." },
  appointmentCancelled: { type: "success", title: "Appointment Cancelled" },
  appointmentRescheduled: {
    type: "success",
    title: "Appointment Rescheduled",
    description: "We'll contact you to confirm the new date and time.",
  },
  passwordUpdated: {
    type: "success",
    title: "Password Updated",
    description: "Your password has been changed. Your other devices have been signed out.",
  },
  signedOut: {
    type: "success",
    title: "Signed out successfully",
    description: "You have been signed out of your account",
  },
  appointmentBooked: {
    type: "success",
    title: "Appointment Booked",
    description: "Your appointment has been scheduled. We'll contact you to confirm.",
  },
  // Users and settings (admin part 3: /admin/users, /admin/settings).
  userAdded: {
    type: "success",
    title: "User added",
    description: "We have e-mailed them a link to choose their password.",
  },
  userUpdated: { type: "success", title: "User updated" },
  agentProfileUpdated: { type: "success", title: "Agent profile updated" },
  userDeleted: {
    type: "success",
    title: "User deleted",
    description: "Their bookings and inquiries are kept.",
  },
  notificationsEnabled: { type: "success", title: "Notifications enabled" },
  notificationsDisabled: { type: "success", title: "Notifications disabled" },
  emailNotificationsEnabled: { type: "success", title: "Email notifications enabled" },
  emailNotificationsDisabled: { type: "success", title: "Email notifications disabled" },
  adminPasswordUpdated: {
    type: "success",
    title: "Password updated",
    description: "Your other sessions have been signed out.",
  },
  adminUserAdded: { type: "success", title: "Admin user added" },
  adminUserRemoved: { type: "success", title: "Admin user removed" },
  backupWritten: {
    type: "success",
    title: "Backup written",
    description: "The database and the photos, in one file you can download below.",
  },
  backupDeleted: { type: "success", title: "Backup deleted" },
  heldMailSent: {
    type: "success",
    title: "Sending now",
    description: "The released e-mails leave the outbox within moments.",
  },
  heldMailDropped: {
    type: "success",
    title: "Dropped",
    description: "Those e-mails will not be sent.",
  },
  accountDeleted: { type: "success", title: "Account deleted" },
  appointmentConfirmed: { type: "success", title: "Appointment Confirmed" },
  appointmentCompleted: { type: "success", title: "Appointment Completed" },
  viewingCodeMatched: { type: "success", title: "Recorded: the viewing code matched" },
  viewingCodeMismatch: {
    type: "error",
    title: "Recorded: the viewing code did NOT match",
    description: "The viewing is flagged for the office to follow up.",
  },
  appointmentNotStarted: {
    type: "error",
    title: "Not completed",
    description: "An appointment can be marked completed once its start time has passed.",
  },
  appointmentBookedByStaff: {
    type: "success",
    title: "Appointment booked",
    description:
      "Confirmed. Send the caller the text below; they are e-mailed too if they gave an address.",
  },
  appointmentRescheduledByStaff: {
    type: "success",
    title: "Appointment rescheduled",
    description: "The customer has been e-mailed the new date and time.",
  },
  generalBookingsSaved: { type: "success", title: "General bookings setting saved" },
  availabilitySaved: {
    type: "success",
    title: "Availability periods saved",
    description: "The search applies them now.",
  },
  availabilityConfirmed: {
    type: "success",
    title: "Availability confirmed",
    description: "The listing shows today's date and stays in the search.",
  },
  feeTermsSaved: {
    type: "success",
    title: "Fee terms saved",
    description: "Every rental's page shows them now.",
  },
  appointmentReassigned: {
    type: "success",
    title: "Appointment reassigned",
    description: "Both the new and the previous party have been e-mailed.",
  },
  appointmentStatusFailed: {
    type: "error",
    title: "Failed to update appointment status",
    description: "It may have changed in the meantime: its current status is shown.",
  },
  // The lead inbox (issue 47).
  leadUpdated: { type: "success", title: "Lead updated" },
  leadNoteAdded: { type: "success", title: "Note added" },
  responseSent: { type: "success", title: "Response sent successfully" },
  inquiryStatusUpdated: { type: "success", title: "Inquiry status updated" },
  propertyAdded: { type: "success", title: "Property added successfully" },
  propertyUpdated: { type: "success", title: "Property updated successfully" },
  // Any admin edit saved over a newer version, merged (issue 42, app/http/edit-merge.server.ts).
  savedWithTheirs: {
    type: "success",
    title: "Your changes are saved",
    description:
      "Someone else changed other fields while you were editing: their changes are kept too.",
  },
  propertyDeleted: {
    type: "success",
    title: "Property deleted successfully",
    description: "It waits 30 days in the trash, from where it can be restored.",
  },
  propertyRestored: { type: "success", title: "Property restored" },
  propertiesUpdated: { type: "success", title: "Properties updated" },
  propertiesImported: { type: "success", title: "Properties imported successfully" },
  propertiesImportedSkipping: {
    type: "success",
    title: "Properties imported successfully",
    description: 'Rows that look like existing listings were skipped (not ticked "Add anyway").',
  },
  propertyDeleteFailed: { type: "error", title: "Failed to delete property" },
  // Team, gallery slides and featured videos (admin part 4).
  teamMemberAdded: { type: "success", title: "Team member added successfully" },
  teamMemberUpdated: { type: "success", title: "Team member updated successfully" },
  teamMemberDeleted: { type: "success", title: "Team member deleted successfully" },
  teamMemberDeleteFailed: { type: "error", title: "Failed to delete team member" },
  teamReorderFailed: { type: "error", title: "Failed to reorder team members" },
  slideAdded: { type: "success", title: "Slide added successfully" },
  slideUpdated: { type: "success", title: "Slide updated successfully" },
  slideDeleted: { type: "success", title: "Slide deleted successfully" },
  slideDeleteFailed: { type: "error", title: "Failed to delete slide" },
  slidesReorderFailed: { type: "error", title: "Failed to reorder slides" },
  videoAdded: { type: "success", title: "Video added successfully" },
  videoUpdated: { type: "success", title: "Video updated successfully" },
  videoDeleted: { type: "success", title: "Video deleted successfully" },
  videoDeleteFailed: { type: "error", title: "Failed to delete video" },
  videosReorderFailed: { type: "error", title: "Failed to reorder videos" },
  // Owner submissions (issue 20: /list-your-property, My Listings, /admin/submissions).
  submissionHeld: {
    type: "success",
    title: "Sign in to send your property",
    description: "Sign in, or create an account and then sign in: what you typed is kept for you.",
  },
  submissionSaved: { type: "success", title: "Draft saved" },
  submissionSent: {
    type: "success",
    title: "Sent for review",
    description: "Our office reviews it within two working days; we will e-mail you.",
  },
  submissionWithdrawn: { type: "success", title: "Submission withdrawn" },
  changeRequested: {
    type: "success",
    title: "Change sent for review",
    description: "The live listing stays as it is until our office approves the change.",
  },
  takedownRequested: {
    type: "success",
    title: "Request sent",
    description: "Our office takes the listing down once it has checked with you.",
  },
  weeklyReportOn: {
    type: "success",
    title: "Weekly report on",
    description: "We'll e-mail you every Monday morning how your live listings did.",
  },
  weeklyReportOff: { type: "success", title: "Weekly report off" },
  // Issue 47: an owner's e-mails about interest in their listings, and a submission's thread.
  interestAlertsOn: {
    type: "success",
    title: "E-mails on",
    description: "We'll e-mail you when someone asks about or books a viewing of your listings.",
  },
  interestAlertsOff: { type: "success", title: "E-mails off" },
  threadMessageSent: { type: "success", title: "Message sent" },
  submissionApproved: { type: "success", title: "Approved: the listing is live" },
  submissionChangesRequested: { type: "success", title: "Changes requested from the owner" },
  submissionDeclined: { type: "success", title: "Submission declined" },
  // Saved searches (/dashboard/searches).
  searchSaved: {
    type: "success",
    title: "Search saved",
    description: "We'll e-mail you new listings that match it.",
  },
  searchSavedNoAlerts: { type: "success", title: "Search saved" },
  searchRenamed: { type: "success", title: "Search renamed" },
  searchDeleted: { type: "success", title: "Search deleted" },
  searchAlertsUpdated: { type: "success", title: "Alerts updated" },
  // Site content (admin part 4: /admin/social-media, /admin/contact-info, /website-editor).
  socialLinkAdded: { type: "success", title: "Social media link added successfully" },
  socialLinkUpdated: { type: "success", title: "Social media link updated successfully" },
  socialLinkDeleted: { type: "success", title: "Social media link deleted successfully" },
  contactInfoUpdated: {
    type: "success",
    title: "Success",
    description: "contact information updated",
  },
  contentUpdated: { type: "success", title: "Content updated successfully" },
  imageUploaded: { type: "success", title: "Image uploaded successfully" },
  heroImageRemoved: { type: "success", title: "Image removed" },
  heroImageMoved: { type: "success", title: "Image moved" },
  // Issue 45: /admin/channels and /admin/reports.
  channelsUpdated: { type: "success", title: "Official channels updated" },
  reportUpdated: { type: "success", title: "Report updated" },
  listingTakenDown: {
    type: "success",
    title: "Listing taken down",
    description: "It is off the site and in the trash; restore it from Properties if needed.",
  },
  enquirersWarned: { type: "success", title: "Warning e-mails queued" },
  // Issue 46: title documents (staff) and a buyer's request for copies.
  titleDocumentUploaded: {
    type: "success",
    title: "Title document uploaded",
    description: "Only staff can open it.",
  },
  titleDocumentRemoved: { type: "success", title: "Title document removed" },
  titleDocumentRefused: {
    type: "error",
    title: "Upload failed",
    description: "Only PDF, JPEG, PNG or WebP files of up to 15 MB can be kept as title documents.",
  },
  titleCopiesRequested: {
    type: "success",
    title: "Request sent",
    description: "The office will answer by e-mail; the status is on your dashboard.",
  },
  titleCopiesWaiting: {
    type: "success",
    title: "Already asked",
    description: "You already asked for copies of this title; the office will answer soon.",
  },
  titleCopiesTooMany: {
    type: "error",
    title: "Too many requests",
    description: "Please wait a while before asking for more title copies.",
  },
  titleCopiesNotForSale: {
    type: "error",
    title: "Not available",
    description: "Copies of title documents are only available for properties for sale.",
  },
  titleCopyAnswered: { type: "success", title: "Answer sent to the buyer" },
  // A heart without JavaScript (POST /favorites): the page it returns to says what was done.
  favoriteAdded: { type: "success", title: "Added to favorites" },
  favoriteRemoved: { type: "success", title: "Removed from favorites" },
  favoriteFailed: { type: "error", title: "Failed to update favorite status" },
} as const satisfies Record<
  string,
  { type: "success" | "error"; title: string; description?: string }
>;

export type FlashKey = keyof typeof FLASH_MESSAGES;

export type Flash = {
  /** Changes on every read, so the same message twice in a row still shows twice. */
  id: string;
  /** Which message: a page may also show it inline (the booking form without JavaScript). */
  key: FlashKey;
  type: "success" | "error";
  title: string;
  description?: string;
};

export function isFlashKey(value: string): value is FlashKey {
  return Object.hasOwn(FLASH_MESSAGES, value);
}

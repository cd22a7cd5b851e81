import { COMPANY_NAME } from "~/lib/site";
import type { SubmissionKind, SubmissionStatus } from "~/lib/submissions";
import {
  composeEmail,
  type EmailContact,
  emailButton,
  emailGreeting,
  emailQuote,
  escapeHtml,
  oneLine,
  type RenderedEmail,
} from "../email-layout";

// The e-mail an owner gets at each step of a submission (issue 20). Pure: the caller gives the
// submission, the step and the office's message.

function wordsFor(
  kind: SubmissionKind,
  status: SubmissionStatus,
): { subject: string; intro: string } {
  const what =
    kind === "takedown"
      ? "your request to take this listing down"
      : kind === "change"
        ? "your change to this listing"
        : "your property";
  switch (status) {
    case "submitted":
      return {
        subject: "We have received",
        intro: `We have received ${what}. Our office reviews it within two working days and will tell you here.`,
      };
    case "resubmitted":
      return {
        subject: "We have received your changes to",
        intro: `Thank you for the changes. Our office reviews ${what} again shortly.`,
      };
    case "changes_requested":
      return {
        subject: "Changes requested:",
        intro: `Our office has looked at ${what} and asks for a few changes before it goes live:`,
      };
    case "approved":
      return kind === "takedown"
        ? { subject: "Taken down:", intro: "The listing has been taken off our website." }
        : kind === "change"
          ? { subject: "Change approved:", intro: "Your change is now on the live listing." }
          : {
              subject: "Now live:",
              intro:
                "Your property is now listed on our website. You can follow its views and viewings under My Listings.",
            };
    case "declined":
      return {
        subject: "Not accepted:",
        intro: `We are sorry: our office could not accept ${what}. The reason:`,
      };
    case "withdrawn":
      return {
        subject: "Withdrawn:",
        intro: `You have withdrawn ${what}. Nothing more will happen with it.`,
      };
    default:
      return { subject: "Update:", intro: `There is news about ${what}.` };
  }
}

export function submissionStatusEmail({
  name,
  title,
  listingCode,
  kind,
  status,
  message,
  url,
  contact,
}: {
  name: string;
  title: string;
  /** The listing's reference code, once the submission is (or changes) a listing (issue 45). */
  listingCode?: string | null;
  kind: SubmissionKind;
  status: SubmissionStatus;
  message: string | null;
  url: string;
  contact?: EmailContact;
}): RenderedEmail {
  const words = wordsFor(kind, status);
  const subject = `${words.subject} ${oneLine(title, 100)}${listingCode ? ` (${listingCode})` : ""} | ${COMPANY_NAME}`;
  const code = listingCode ? `Listing code: ${listingCode}` : undefined;
  return composeEmail({
    subject,
    greeting: emailGreeting(oneLine(name, 80)),
    contact,
    text: [
      words.intro,
      "",
      ...(code ? [code, ""] : []),
      ...(message ? [message, ""] : []),
      "See it in your dashboard:",
      url,
    ],
    html: [
      `<p>${escapeHtml(words.intro)}</p>`,
      code ? `<p>${escapeHtml(code)}</p>` : "",
      message ? emailQuote(message) : "",
      emailButton("Open My Listings", url),
    ],
  });
}

import {
  composeEmail,
  type EmailContact,
  emailButton,
  emailGreeting,
  escapeHtml,
  type RenderedEmail,
} from "../email-layout";

// The shape shared by the e-mails whose point is one single-use link (password reset, e-mail
// confirmation): greeting, why it was sent, the button (and the bare address for clients that
// lose it), how long it works, and what to do if the reader did not ask for it.

export function linkEmail({
  subject,
  firstName,
  intro,
  instruction,
  buttonLabel,
  link,
  expiry,
  ignore,
  contact,
}: {
  subject: string;
  firstName?: string;
  intro: string;
  /** The plain-text line before the link, e.g. "Open this link to choose a new password:". */
  instruction: string;
  buttonLabel: string;
  link: string;
  expiry: string;
  ignore: string;
  contact?: EmailContact;
}): RenderedEmail {
  return composeEmail({
    subject,
    greeting: emailGreeting(firstName),
    contact,
    text: [intro, instruction, link, "", expiry, ignore],
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      emailButton(buttonLabel, link),
      `<p style="font-size:14px;color:#475569">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(link)}" style="color:#065f46;word-break:break-all">${escapeHtml(link)}</a></p>`,
      `<p>${escapeHtml(expiry)}</p>`,
      `<p>${escapeHtml(ignore)}</p>`,
    ],
  });
}

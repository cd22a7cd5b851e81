import { COMPANY_NAME } from "~/lib/site";
import {
  type EmailContact,
  emailButton,
  emailLayout,
  escapeHtml,
  textFooter,
} from "../email-layout";

export type PasswordResetEmail = { subject: string; text: string; html: string };

/** The e-mail with the link to /reset-password. Pure: the caller supplies link and contact. */
export function passwordResetEmail({
  firstName,
  link,
  expiresInMinutes,
  contact,
}: {
  firstName?: string;
  link: string;
  expiresInMinutes: number;
  contact?: EmailContact;
}): PasswordResetEmail {
  const subject = `Reset your ${COMPANY_NAME} password`;
  const greeting = firstName?.trim() ? `Hello ${firstName.trim()},` : "Hello,";
  const intro = `We received a request to reset the password of your ${COMPANY_NAME} account.`;
  const expiry = `The link works once and expires in ${expiresInMinutes} minutes.`;
  const ignore =
    "If you did not ask for this, you can ignore this e-mail: your password stays the same.";

  const text = [
    greeting,
    "",
    intro,
    "Open this link to choose a new password:",
    link,
    "",
    expiry,
    ignore,
    "",
    textFooter(contact),
  ].join("\n");

  const html = emailLayout({
    title: subject,
    contact,
    bodyHtml: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      emailButton("Reset your password", link),
      `<p style="font-size:14px;color:#475569">If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(link)}" style="color:#065f46;word-break:break-all">${escapeHtml(link)}</a></p>`,
      `<p>${escapeHtml(expiry)}</p>`,
      `<p>${escapeHtml(ignore)}</p>`,
    ].join("\n"),
  });

  return { subject, text, html };
}

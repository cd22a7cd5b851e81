import { getEnv } from "~/env.server";
import { NO_FEE_PROMISE, noFeePromiseText, payOnlyLine, VERIFY_PATH } from "~/lib/fee-terms";
import { COMPANY_NAME, DEFAULT_CONTACT } from "~/lib/site";

// The frame every HTML e-mail shares: the company name on top, the message, and a footer with
// the contact details. Inline styles and a single-column table, because mail clients ignore
// <style> blocks and most of CSS layout. Each e-mail also has a plain-text part built with
// textFooter(), so a text-only client (or a spam filter) sees the same content. Every footer
// carries the no-fee promise and the address of /verify (issue 45): impostors send e-mails too.

export type EmailContact = {
  address: string;
  phones: readonly string[];
  email: string;
  /** The company's WhatsApp number, when staff gave one (contact info). */
  whatsapp?: string | null;
};

const BRAND_COLOR = "#065f46";

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** What every template returns: the subject and the two parts of one e-mail. */
export type RenderedEmail = { subject: string; text: string; html: string };

/**
 * One e-mail from its parts: the greeting (emailGreeting) when it has one, the plain-text lines
 * (the footer is added after a blank line) and the HTML blocks (empty ones left out), framed by
 * emailLayout. Each HTML block is trusted markup: every value in it already escaped.
 */
export function composeEmail({
  subject,
  greeting,
  text,
  html,
  contact,
}: {
  subject: string;
  greeting?: string;
  text: readonly string[];
  html: readonly string[];
  contact?: EmailContact;
}): RenderedEmail {
  const opening = greeting
    ? { text: [greeting, ""], html: [`<p>${escapeHtml(greeting)}</p>`] }
    : undefined;
  return {
    subject,
    text: [...(opening?.text ?? []), ...text, "", textFooter(contact)].join("\n"),
    html: emailLayout({
      title: subject,
      contact,
      bodyHtml: [...(opening?.html ?? []), ...html].filter(Boolean).join("\n"),
    }),
  };
}

/**
 * Who wrote in (name, e-mail, phone; empty ones left out), as the staff's notices show it: one
 * text line each, and one HTML paragraph (empty when there is nothing to show).
 */
export function senderDetails(sender: {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
}): { text: string[]; html: string } {
  const rows: [string, string][] = [];
  for (const [label, value] of [
    ["Name", sender.name],
    ["E-mail", sender.email],
    ["Phone", sender.phone],
  ] as const) {
    if (value) rows.push([label, value]);
  }
  return {
    text: rows.map(([label, value]) => `${label}: ${value}`),
    html: rows.length
      ? `<p>${rows.map(([label, value]) => `<strong>${escapeHtml(label)}:</strong> ${escapeHtml(value)}`).join("<br>")}</p>`
      : "",
  };
}

/** "Hello Ada," or, without a name, "Hello,". */
export function emailGreeting(name?: string | null): string {
  const trimmed = name?.trim();
  return trimmed ? `Hello ${trimmed},` : "Hello,";
}

/** What a visitor typed, on one short line: for subjects and names (no header injection). */
export function oneLine(value: string, max: number): string {
  const flat = value.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Escaped, its line breaks kept. */
export function escapeLines(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, "<br>");
}

/** Someone's own words set apart (the office's message, a response): escaped here. */
export function emailQuote(value: string): string {
  return `<div style="margin:16px 0;padding:12px 16px;border-left:4px solid ${BRAND_COLOR};background:#ecfdf5">${escapeLines(value)}</div>`;
}

/** A call-to-action button; `url` is escaped here. */
export function emailButton(label: string, url: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:${BRAND_COLOR};color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">${escapeHtml(label)}</a></p>`;
}

/** One listing in an e-mail's list: a linked title, what stands beside it, lines under it. */
export type EmailItem = {
  title: string;
  url: string;
  /** Beside the title, muted, e.g. the city. */
  aside?: string;
  lines: readonly string[];
};

const ITEM_NOTE_STYLE = "font-size:14px;color:#475569";

/** The listings as a one-column table (the weekly report, the search alert); all escaped here. */
export function emailItemsTable(items: readonly EmailItem[]): string {
  const rows = items.map((item) => {
    const aside = item.aside
      ? ` <span style="${ITEM_NOTE_STYLE}">${escapeHtml(item.aside)}</span>`
      : "";
    const lines = item.lines
      .map((line) => `<br><span style="${ITEM_NOTE_STYLE}">${escapeHtml(line)}</span>`)
      .join("");
    return `<tr><td style="padding:10px 0;border-bottom:1px solid #e2e8f0"><a href="${escapeHtml(item.url)}" style="color:${BRAND_COLOR};font-weight:600;text-decoration:none">${escapeHtml(item.title)}</a>${aside}${lines}</td></tr>`;
  });
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 16px">\n${rows.join("\n")}\n</table>`;
}

/** The plain-text counterpart of emailItemsTable: title (aside), its lines, the link, a gap. */
export function emailItemsText(items: readonly EmailItem[]): string[] {
  return items.flatMap((item) => [
    item.aside ? `${item.title} (${item.aside})` : item.title,
    ...item.lines,
    item.url,
    "",
  ]);
}

/**
 * The whole HTML document. `bodyHtml` is trusted markup built by a template: every value it
 * interpolates must already be escaped with escapeHtml().
 */
export function emailLayout({
  title,
  bodyHtml,
  contact = DEFAULT_CONTACT,
}: {
  title: string;
  bodyHtml: string;
  contact?: EmailContact;
}): string {
  const phones = contact.phones.map(escapeHtml).join(" &middot; ");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${BRAND_COLOR};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:700">${escapeHtml(COMPANY_NAME)}</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">
${bodyHtml}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e2e8f0;font-size:13px;line-height:1.5;color:#475569">
${noFeePromiseHtml()}
${escapeHtml(COMPANY_NAME)}<br>
${escapeHtml(contact.address)}<br>
${phones}<br>
${contact.whatsapp ? `WhatsApp: ${escapeHtml(contact.whatsapp)}<br>\n` : ""}<a href="mailto:${escapeHtml(contact.email)}" style="color:${BRAND_COLOR}">${escapeHtml(contact.email)}</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

/** The absolute address of "Check before you pay", for the footer's link. */
function verifyUrl(): string {
  return `${getEnv().siteUrl}${VERIFY_PATH}`;
}

/** The footer's first paragraph: no fee ever, and where money may go. */
function noFeePromiseHtml(): string {
  const url = verifyUrl();
  const link = `<a href="${escapeHtml(url)}" style="color:${BRAND_COLOR}">${escapeHtml(url)}</a>`;
  const pay = escapeHtml(payOnlyLine(url)).replace(escapeHtml(url), link);
  return `<p style="margin:0 0 12px;color:#0f172a"><strong>${escapeHtml(NO_FEE_PROMISE)}</strong> ${pay}</p>`;
}

/** The plain-text counterpart of the HTML footer. */
export function textFooter(contact: EmailContact = DEFAULT_CONTACT): string {
  return [
    "--",
    noFeePromiseText(verifyUrl()),
    "",
    COMPANY_NAME,
    contact.address,
    contact.phones.join(" / "),
    ...(contact.whatsapp ? [`WhatsApp: ${contact.whatsapp}`] : []),
    contact.email,
  ].join("\n");
}

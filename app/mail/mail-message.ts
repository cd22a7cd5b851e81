import type { OutboxAttachment } from "~/db/schema";

// One e-mail as the renderers make it and the outbox stores it (app/mail/mail.server.ts,
// mail-claims.server.ts): beside both so neither imports the other for it.

export type MailAttachment = {
  filename: string;
  content: string | Buffer;
  contentType: string;
};

export type MailMessage = {
  to: string;
  subject: string;
  /** Always sent, as the plain-text alternative when `html` is given too. */
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
};

function outboxAttachment(attachment: MailAttachment): OutboxAttachment {
  const { filename, contentType, content } = attachment;
  return typeof content === "string"
    ? { filename, contentType, content }
    : { filename, contentType, content: content.toString("base64"), encoding: "base64" };
}

/** The outbox columns of a rendered message. */
export function renderedColumns(message: MailMessage) {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    attachments: message.attachments?.length ? message.attachments.map(outboxAttachment) : null,
    headers: message.headers && Object.keys(message.headers).length ? message.headers : null,
  };
}

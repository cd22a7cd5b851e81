import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

// A real SMTP server on 127.0.0.1 and a free port, for tests that check what the site actually
// sends: plain SMTP (no TLS offered, no login needed), every accepted message kept in memory.
// `rejectRecipients: true` makes it refuse every recipient with a 550, like a server that
// bounces the message.

export type ReceivedMail = {
  from: string | undefined;
  to: string[];
  subject: string;
  /** The raw message as received (headers and MIME body). */
  raw: string;
  /** The raw message with quoted-printable undone, so a long link reads as one string. */
  decoded: string;
};

export type SmtpTestServer = {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or still to come) that matches. */
  waitForMessage: (
    match: (mail: ReceivedMail) => boolean,
    timeoutMs?: number,
  ) => Promise<ReceivedMail>;
  close: () => Promise<void>;
};

export async function startSmtpTestServer(
  options: { rejectRecipients?: boolean } = {},
): Promise<SmtpTestServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!options.rejectRecipients) return callback();
      const error = new Error(`Mailbox unavailable: ${address.address}`) as Error & {
        responseCode: number;
      };
      error.responseCode = 550;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: headerValue(raw, "subject"),
          raw,
          decoded: decodeQuotedPrintable(raw),
        });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    waitForMessage(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching e-mail arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An unfolded header of the message's top-level header block. */
function headerValue(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line ? line.slice(name.length + 1).trim() : "";
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
}

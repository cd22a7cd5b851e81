import net from "node:net";

// A minimal SMTP server on 127.0.0.1 and a free port, written on node:net alone, for measuring
// how the sender uses connections: it counts the connections it accepted (and the most open at
// once) and the messages it accepted, and can wait before its 220 greeting the way a real mail
// server does (DNS checks, anti-spam delays), which is what a connection per message costs.
// Plain SMTP only (no STARTTLS, no AUTH, no PIPELINING advertised). Used by the sender's tests
// and bench/mail-burst.

export type CountedMail = {
  from: string;
  to: string[];
  /** Which connection (1, 2, ...) carried it. */
  connection: number;
  /** The message as received (headers and body), dot-stuffing undone. */
  data: string;
};

export type CountingSmtpServerOptions = {
  /** Milliseconds between accepting a connection and sending the 220 greeting. */
  greetingDelayMs?: number;
  /** Refuse this recipient with a 550, keeping the connection (a bounce). */
  rejectRecipient?: (address: string) => boolean;
  /** Drop the connection without answering once this recipient's message has been sent. */
  dropAfterData?: (to: string[]) => boolean;
  /**
   * Asked at each new connection: true greets it with "421 Service not available" and closes it,
   * as a mail server does while it takes no mail (down for maintenance, overloaded).
   */
  refuseSessions?: () => boolean;
};

export type CountingSmtpServer = {
  url: string;
  port: number;
  messages: CountedMail[];
  /** Connections accepted so far. */
  connections: () => number;
  /** The most connections open at the same moment. */
  maxOpenConnections: () => number;
  /** Connections refused with a 421 greeting (refuseSessions). */
  refusedSessions: () => number;
  close: () => Promise<void>;
};

const ADDRESS = /<([^>]*)>/;

export async function startCountingSmtpServer(
  options: CountingSmtpServerOptions = {},
): Promise<CountingSmtpServer> {
  const messages: CountedMail[] = [];
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  let maxOpen = 0;
  let refused = 0;

  const server = net.createServer((socket) => {
    accepted += 1;
    const id = accepted;
    sockets.add(socket);
    maxOpen = Math.max(maxOpen, sockets.size);
    socket.setNoDelay(true);
    socket.on("error", () => socket.destroy());
    socket.on("close", () => sockets.delete(socket));

    let buffered = "";
    let greeted = false;
    let from = "";
    let to: string[] = [];
    let data: string[] | undefined;
    const reply = (line: string) => {
      if (!socket.destroyed) socket.write(`${line}\r\n`);
    };

    const onLine = (line: string) => {
      if (data) {
        if (line !== ".") {
          data.push(line.startsWith("..") ? line.slice(1) : line);
          return;
        }
        const mail = { from, to, connection: id, data: data.join("\r\n") };
        data = undefined;
        from = "";
        to = [];
        if (options.dropAfterData?.(mail.to)) {
          socket.destroy();
          return;
        }
        messages.push(mail);
        reply(`250 2.0.0 Ok: queued as ${messages.length}`);
        return;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === "EHLO") reply("250-localhost\r\n250-8BITMIME\r\n250 SIZE 10485760");
      else if (verb === "HELO") reply("250 localhost");
      else if (verb === "MAIL") {
        from = ADDRESS.exec(line)?.[1] ?? "";
        to = [];
        reply("250 2.1.0 Ok");
      } else if (verb === "RCPT") {
        const address = ADDRESS.exec(line)?.[1] ?? "";
        if (options.rejectRecipient?.(address))
          reply(`550 5.1.1 <${address}>: Mailbox unavailable`);
        else {
          to.push(address);
          reply("250 2.1.5 Ok");
        }
      } else if (verb === "DATA") {
        if (to.length === 0) reply("554 5.5.1 No valid recipients");
        else {
          data = [];
          reply("354 End data with <CR><LF>.<CR><LF>");
        }
      } else if (verb === "RSET") {
        from = "";
        to = [];
        reply("250 2.0.0 Ok");
      } else if (verb === "NOOP") reply("250 2.0.0 Ok");
      else if (verb === "QUIT") {
        reply("221 2.0.0 Bye");
        socket.end();
      } else reply("502 5.5.2 Command not recognized");
    };

    socket.on("data", (chunk: Buffer) => {
      // A client that talks before the greeting is a spammer to a real server; here it waits.
      buffered += chunk.toString("latin1");
      if (!greeted) return;
      drain();
    });
    const drain = () => {
      for (let end = buffered.indexOf("\r\n"); end !== -1; end = buffered.indexOf("\r\n")) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        onLine(line);
        if (socket.destroyed) return;
      }
    };

    setTimeout(() => {
      if (socket.destroyed) return;
      if (options.refuseSessions?.()) {
        refused += 1;
        reply("421 4.3.2 Service not available, closing transmission channel");
        socket.end();
        return;
      }
      greeted = true;
      reply("220 localhost ESMTP counting test server");
      drain();
    }, options.greetingDelayMs ?? 0);
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    connections: () => accepted,
    maxOpenConnections: () => maxOpen,
    refusedSessions: () => refused,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

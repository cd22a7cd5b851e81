// The words and intents of the Backups screen's held mail (issue 44), shared by the panel and
// the action (app/routes/admin/held-mail.server.ts). Client-safe.

export const HELD_MAIL_INTENT = { send: "send-held", drop: "drop-held" } as const;

/** The confirm step's question: both choices are for good. */
export function heldMailQuestion(choice: "send" | "drop", all: boolean): string {
  if (choice === "send") {
    return all
      ? "Send every held e-mail now? Once sent they cannot be called back."
      : "Send this e-mail now? Once sent it cannot be called back.";
  }
  return all
    ? "Drop every held e-mail? They will never be sent."
    : "Drop this e-mail? It will never be sent.";
}

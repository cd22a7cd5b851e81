import { failed, redirectWithFlash } from "~/http/responses.server";
import type { AdminActor } from "~/lib/admin-actor";
import { askToConfirm, isConfirmed } from "~/lib/confirm";
import { HELD_MAIL_INTENT, heldMailQuestion } from "~/lib/held-mail";
import { isUuid } from "~/lib/ids";
import { kickMailSender } from "~/mail/mail-sender.server";
import { dropHeldMail, type HeldMailTarget, sendHeldMail } from "~/models/held-mail.server";

// The Backups screen's "Send now" and "Drop" for mail held since a restore (issue 44 item 2):
// one message (`id`) or every held one (`id=all`). Both are for good, so both ask first
// (ConfirmForm, and askToConfirm without JavaScript); each is audited by the model.

const NOT_HELD = {
  title: "Nothing changed",
  message: "That e-mail is no longer held: someone sent or dropped it meanwhile.",
};

/** Whether the posted intent is one of the held mail's. */
export function isHeldMailIntent(intent: unknown): intent is "send-held" | "drop-held" {
  return intent === HELD_MAIL_INTENT.send || intent === HELD_MAIL_INTENT.drop;
}

/** Answers a held-mail post of the Backups screen (`actor` is a super admin). */
export async function heldMailAction(actor: AdminActor, form: FormData) {
  const intent = form.get("intent") === HELD_MAIL_INTENT.send ? "send" : "drop";
  const id = form.get("id");
  const target: HeldMailTarget | undefined = id === "all" ? "all" : isUuid(id) ? { id } : undefined;
  if (!target) {
    return failed(400, {
      intent: "held-mail",
      error: { title: NOT_HELD.title, message: "Choose an e-mail to send or drop." },
    });
  }
  if (!isConfirmed(form)) return askToConfirm(form, heldMailQuestion(intent, target === "all"));
  const outcome =
    intent === "send" ? await sendHeldMail(actor, target) : await dropHeldMail(actor, target);
  if (!outcome.ok) return failed(409, { intent: "held-mail", error: NOT_HELD });
  if (intent === "send") kickMailSender();
  throw redirectWithFlash("/admin/backups", intent === "send" ? "heldMailSent" : "heldMailDropped");
}

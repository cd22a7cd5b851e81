import { saveMerging } from "~/http/edit-merge.server";
import { failed, notFound, redirectWithFlash } from "~/http/responses.server";
import type { AdminActor } from "~/lib/admin-actor";
import { APPOINTMENT_MERGE_FIELDS, appointmentFormValues } from "~/lib/appointment-merge";
import { getAppointmentForAdmin, recordCodeCheck } from "~/models/admin-appointments.server";

// The viewing's "Did the customer's code match?" (issue 45 item 4), beside the other staff
// writes of app/routes/admin/appointment.tsx: versioned like them (a colleague's change since
// the page opened is merged in, or asked about), audited as appointment.code-check.

const INTENT = "code-check";

export const CODE_CHECK_MESSAGES = {
  failed: "Failed to record the viewing code check",
  choose: "Choose whether the code matched.",
  "no-code": "This viewing has no code: only a confirmed viewing gets one.",
  "not-yet": "The viewing has not started yet: record the code when you meet the customer.",
  "not-allowed": "Only a confirmed or completed viewing's code can be checked.",
} as const;

export async function recordCodeCheckForm(
  actor: AdminActor,
  id: string,
  form: FormData,
  back: string,
) {
  const answer = form.get("codeMatched");
  const title = CODE_CHECK_MESSAGES.failed;
  if (answer !== "yes" && answer !== "no") {
    return failed(400, { intent: INTENT, error: { title, message: CODE_CHECK_MESSAGES.choose } });
  }
  const matched = answer === "yes";
  const saved = await saveMerging({
    form,
    fields: APPOINTMENT_MERGE_FIELDS,
    save: (_merged, version) => recordCodeCheck(actor, id, matched, { expectedVersion: version }),
    current: async () => {
      const now = await getAppointmentForAdmin(actor, id);
      return (
        now && {
          version: now.version,
          values: appointmentFormValues({ ...now, agentId: now.agent?.id ?? null }),
        }
      );
    },
    extra: { intent: INTENT },
  });
  if (!saved.ok) return saved.response;
  const result = saved.result;
  if (result.ok) {
    throw redirectWithFlash(back, matched ? "viewingCodeMatched" : "viewingCodeMismatch");
  }
  if (result.reason === "not-found") notFound();
  return failed(409, {
    intent: INTENT,
    error: { title, message: CODE_CHECK_MESSAGES[result.reason] },
  });
}

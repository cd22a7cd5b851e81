import { describe, expect, it } from "vitest";
import { isPendingSubmission } from "./use-is-pending";

function submitting(
  formAction: string,
  fields: Record<string, string> = {},
  state: "submitting" | "loading" = "submitting",
  formMethod = "POST",
) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return { state, formAction, formMethod, formData } as const;
}

const idle = {
  state: "idle",
  formAction: undefined,
  formMethod: undefined,
  formData: undefined,
} as const;

describe("isPendingSubmission", () => {
  it("is pending while the form's own action is submitting and while the page then loads", () => {
    const criteria = { formAction: "/dashboard/profile" };
    expect(isPendingSubmission(submitting("/dashboard/profile"), criteria)).toBe(true);
    expect(isPendingSubmission(submitting("/dashboard/profile", {}, "loading"), criteria)).toBe(
      true,
    );
    expect(isPendingSubmission(idle, criteria)).toBe(false);
  });

  it("compares paths, not the search: ?tab= and ?index do not matter", () => {
    expect(
      isPendingSubmission(submitting("/dashboard/profile?tab=security"), {
        formAction: "/dashboard/profile?tab=personal",
      }),
    ).toBe(true);
    expect(isPendingSubmission(submitting("/dashboard?index"), { formAction: "/dashboard" })).toBe(
      true,
    );
    expect(isPendingSubmission(submitting("/signin"), { formAction: "/signup" })).toBe(false);
  });

  it("needs the method asked for (POST unless told)", () => {
    expect(
      isPendingSubmission(submitting("/properties", {}, "loading", "GET"), {
        formAction: "/properties",
      }),
    ).toBe(false);
    expect(
      isPendingSubmission(submitting("/properties", {}, "loading", "GET"), {
        formAction: "/properties",
        formMethod: "GET",
      }),
    ).toBe(true);
  });

  it("tells forms on one screen apart by intent and by other fields", () => {
    const cancelA = submitting("/dashboard/appointments", { intent: "cancel", appointmentId: "a" });
    const base = { formAction: "/dashboard/appointments" };
    expect(isPendingSubmission(cancelA, { ...base, intent: "cancel" })).toBe(true);
    expect(isPendingSubmission(cancelA, { ...base, intent: "sendVerification" })).toBe(false);
    expect(
      isPendingSubmission(cancelA, { ...base, intent: "cancel", match: { appointmentId: "a" } }),
    ).toBe(true);
    expect(
      isPendingSubmission(cancelA, { ...base, intent: "cancel", match: { appointmentId: "b" } }),
    ).toBe(false);
  });
});

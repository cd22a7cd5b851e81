import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { askToConfirm, confirmationFor, isConfirmed } from "./confirm";

/** The FormData a browser posts for these fields. */
function formOf(fields: Record<string, string>) {
  return new Response(new URLSearchParams(fields)).formData();
}

describe("the confirm step", () => {
  it("is confirmed only by confirmed=yes", async () => {
    expect(isConfirmed(await formOf({ intent: "delete", confirmed: "yes" }))).toBe(true);
    expect(isConfirmed(await formOf({ intent: "delete" }))).toBe(false);
    expect(isConfirmed(await formOf({ intent: "delete", confirmed: "true" }))).toBe(false);
  });

  it("asks with the question and the form's fields, leaving out the honeypot", async () => {
    const asked = askToConfirm(
      await formOf({ intent: "delete", id: "p1", [HONEYPOT_FIELD]: "", confirmed: "no" }),
      "Delete this property?",
    );
    expect(asked).toEqual({
      ok: false,
      confirm: { question: "Delete this property?", fields: { intent: "delete", id: "p1" } },
    });
  });

  it("finds the request for the form it is about, and only that one", async () => {
    const asked = askToConfirm(await formOf({ intent: "delete", id: "p1" }), "Delete?");
    expect(confirmationFor(asked, { intent: "delete", id: "p1" })?.question).toBe("Delete?");
    expect(confirmationFor(asked, { intent: "delete", id: "p2" })).toBeUndefined();
    expect(confirmationFor(asked, { intent: "archive", id: "p1" })).toBeUndefined();
    expect(confirmationFor({ ok: false, error: { title: "E", message: "m" } }, {})).toBeUndefined();
    expect(confirmationFor(undefined, {})).toBeUndefined();
  });
});

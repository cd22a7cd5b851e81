import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { askToConfirm, confirmationFor, isConfirmed } from "./confirm";

function formOf(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe("the confirm step", () => {
  it("is confirmed only by confirmed=yes", () => {
    expect(isConfirmed(formOf({ intent: "delete", confirmed: "yes" }))).toBe(true);
    expect(isConfirmed(formOf({ intent: "delete" }))).toBe(false);
    expect(isConfirmed(formOf({ intent: "delete", confirmed: "true" }))).toBe(false);
  });

  it("asks with the question and the form's fields, leaving out the honeypot", () => {
    const asked = askToConfirm(
      formOf({ intent: "delete", id: "p1", [HONEYPOT_FIELD]: "", confirmed: "no" }),
      "Delete this property?",
    );
    expect(asked).toEqual({
      ok: false,
      confirm: { question: "Delete this property?", fields: { intent: "delete", id: "p1" } },
    });
  });

  it("finds the request for the form it is about, and only that one", () => {
    const asked = askToConfirm(formOf({ intent: "delete", id: "p1" }), "Delete?");
    expect(confirmationFor(asked, { intent: "delete", id: "p1" })?.question).toBe("Delete?");
    expect(confirmationFor(asked, { intent: "delete", id: "p2" })).toBeUndefined();
    expect(confirmationFor(asked, { intent: "archive", id: "p1" })).toBeUndefined();
    expect(confirmationFor({ ok: false, error: { title: "E", message: "m" } }, {})).toBeUndefined();
    expect(confirmationFor(undefined, {})).toBeUndefined();
  });
});

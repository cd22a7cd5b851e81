import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { isHoneypotTripped } from "./honeypot.server";

function form(entries: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(entries)) formData.append(name, value);
  return formData;
}

describe("isHoneypotTripped", () => {
  it("passes a person's submission: the field empty or absent", () => {
    expect(isHoneypotTripped(form({ email: "ada@example.com", [HONEYPOT_FIELD]: "" }))).toBe(false);
    expect(isHoneypotTripped(form({ email: "ada@example.com", [HONEYPOT_FIELD]: "  " }))).toBe(
      false,
    );
    expect(isHoneypotTripped(form({ email: "ada@example.com" }))).toBe(false);
  });

  it("catches a bot that filled the hidden field", () => {
    expect(isHoneypotTripped(form({ [HONEYPOT_FIELD]: "https://spam.example" }))).toBe(true);
    const twice = form({ [HONEYPOT_FIELD]: "" });
    twice.append(HONEYPOT_FIELD, "x");
    expect(isHoneypotTripped(twice)).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { passwordResetEmail } from "./password-reset";

const LINK = "https://naijahomes.ng/reset-password?token=abc123&x=1";

describe("password reset e-mail", () => {
  it("carries the link, the expiry and the contact details in both parts", () => {
    const email = passwordResetEmail({
      firstName: "Ada",
      link: LINK,
      expiresInMinutes: 30,
      contact: { address: "1 Test Road, Abuja", phones: ["+234 800 000 0000"], email: "hi@x.ng" },
    });
    expect(email.subject).toBe("Reset your NaijaHomes Realty password");
    expect(email.text).toContain("Hello Ada,");
    expect(email.text).toContain(LINK);
    expect(email.text).toContain("expires in 30 minutes");
    expect(email.text).toContain("1 Test Road, Abuja");
    // The HTML escapes the link's & in attributes and text.
    expect(email.html).toContain(
      'href="https://naijahomes.ng/reset-password?token=abc123&amp;x=1"',
    );
    expect(email.html).toContain("+234 800 000 0000");
    expect(email.html).toContain("NaijaHomes Realty");
  });

  it("escapes what it did not write itself", () => {
    const email = passwordResetEmail({
      firstName: "<script>alert(1)</script>",
      link: LINK,
      expiresInMinutes: 30,
    });
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;");
  });

  it("greets without a name when none is known", () => {
    expect(passwordResetEmail({ link: LINK, expiresInMinutes: 30 }).text).toMatch(/^Hello,\n/);
  });
});

import { describe, expect, it } from "vitest";
import { inquiryResponseEmail } from "./inquiry-response";

const CONTACT = { address: "1 Test Road, Abuja", phones: ["+234 800 000 0000"], email: "hi@x.ng" };

describe("inquiry response e-mail", () => {
  it("quotes the response and the original message in both parts", () => {
    const email = inquiryResponseEmail({
      name: "Ngozi",
      source: "service",
      subject: "Inquiry about Property Sales",
      originalMessage: "Is the Maitama villa still for sale?\nWe can view on Saturday.",
      response: "Yes, it is.\nSaturday at 11 works.",
      contact: CONTACT,
    });
    expect(email.subject).toBe("Re: Inquiry about Property Sales");
    expect(email.text).toMatch(/^Hello Ngozi,\n/);
    expect(email.text).toContain("Thank you for your inquiry.");
    expect(email.text).toContain("Yes, it is.\nSaturday at 11 works.");
    expect(email.text).toContain("Is the Maitama villa still for sale?");
    expect(email.text).toContain("1 Test Road, Abuja");
    expect(email.html).toContain("Yes, it is.<br>Saturday at 11 works.");
    expect(email.html).toContain("+234 800 000 0000");
    expect(email.html).not.toContain("dashboard");
  });

  it("escapes what the visitor and the admin typed", () => {
    const email = inquiryResponseEmail({
      name: '<img src=x onerror="alert(1)">',
      source: "contact",
      subject: "<b>Hi</b>",
      originalMessage: "<script>alert(1)</script>",
      response: "Use <a href='http://evil'>this</a>",
    });
    expect(email.html).not.toMatch(/<script|<img|<a href='http:\/\/evil'|<b>Hi/);
    expect(email.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(email.html).toContain("&lt;a href=&#39;http://evil&#39;&gt;");
  });

  it("keeps the subject on one short line, and links complaints to the dashboard", () => {
    const email = inquiryResponseEmail({
      source: "complaint",
      subject: `Line one\r\nBcc: victim@example.com ${"x".repeat(300)}`,
      originalMessage: "Leaking roof",
      response: "Fixed.",
      dashboardUrl: "https://naijahomes.ng/dashboard/complaints",
    });
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.subject.length).toBeLessThanOrEqual(124);
    expect(email.text).toMatch(/^Hello,\n/);
    expect(email.text).toContain("https://naijahomes.ng/dashboard/complaints");
    expect(email.html).toContain('href="https://naijahomes.ng/dashboard/complaints"');
  });
});

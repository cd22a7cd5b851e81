import { describe, expect, it } from "vitest";
import { getEnv } from "~/env.server";
import {
  composeEmail,
  emailGreeting,
  emailItemsTable,
  emailItemsText,
  emailQuote,
  oneLine,
} from "./email-layout";

describe("the listings table shared by the weekly report and the search alert", () => {
  it("escapes the title, the link, the aside and every line", () => {
    const html = emailItemsTable([
      {
        title: '<script>alert("x")</script> & Sons',
        url: "https://naijahomes.ng/property/1?a=1&b=<2>",
        aside: "Lagos <Island>",
        lines: ["Views: <b>3</b>"],
      },
    ]);
    expect(html).not.toMatch(/<script|<b>|<Island>|<2>/);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Sons</a>");
    expect(html).toContain('href="https://naijahomes.ng/property/1?a=1&amp;b=&lt;2&gt;"');
    expect(html).toContain("Lagos &lt;Island&gt;</span>");
    expect(html).toContain("Views: &lt;b&gt;3&lt;/b&gt;</span>");
  });

  it("gives one row per listing, its lines under the title", () => {
    const html = emailItemsTable([
      { title: "Flat in Yaba", url: "https://x.ng/1", lines: ["₦2,500,000 per year", "2 beds"] },
      { title: "Plot in Lekki", url: "https://x.ng/2", lines: [] },
    ]);
    expect(html.match(/<tr>/g)).toHaveLength(2);
    expect(html).toMatch(/Flat in Yaba<\/a><br><span[^>]*>₦2,500,000 per year<\/span><br><span/);
    expect(html).toContain("Plot in Lekki</a></td></tr>");
  });

  it("has a plain-text counterpart: title (aside), the lines, the link, a blank line", () => {
    expect(
      emailItemsText([
        { title: "Flat", url: "https://x.ng/1", aside: "Lagos", lines: ["Views: 3"] },
        { title: "Plot", url: "https://x.ng/2", lines: [] },
      ]),
    ).toEqual(["Flat (Lagos)", "Views: 3", "https://x.ng/1", "", "Plot", "https://x.ng/2", ""]);
  });
});

describe("the pieces every template is made of", () => {
  const contact = {
    address: "1 Test Road, Abuja",
    phones: ["+234 800 000 0000"],
    email: "hi@x.ng",
  };

  it("opens with the greeting, puts the footer under the text and leaves empty HTML blocks out", () => {
    const email = composeEmail({
      subject: "Hi <there>",
      greeting: "Hello <Ada>,",
      text: ["Body"],
      html: ["", "<p>Body</p>"],
      contact,
    });
    expect(email.subject).toBe("Hi <there>");
    // Every footer carries the no-fee promise and the address of /verify (issue 45).
    expect(email.text).toBe(
      "Hello <Ada>,\n\nBody\n\n--\n" +
        "NaijaHomes Realty never charges inspection or viewing fees. Pay only into the accounts " +
        `listed on ${getEnv().siteUrl}/verify, and never pay anyone before or at a viewing.\n\n` +
        "NaijaHomes Realty\n1 Test Road, Abuja\n+234 800 000 0000\nhi@x.ng",
    );
    expect(email.html).toContain(
      `<strong>NaijaHomes Realty never charges inspection or viewing fees.</strong> Pay only into the accounts listed on <a href="${getEnv().siteUrl}/verify"`,
    );
    expect(email.html).toContain("<title>Hi &lt;there&gt;</title>");
    expect(email.html).toContain("<p>Hello &lt;Ada&gt;,</p>\n<p>Body</p>");
    expect(composeEmail({ subject: "S", text: ["Body"], html: ["<p>Body</p>"] }).text).toMatch(
      /^Body\n\n--\n/,
    );
  });

  it("greets by name, or without one", () => {
    expect(emailGreeting(" Ada ")).toBe("Hello Ada,");
    expect(emailGreeting("  ")).toBe("Hello,");
    expect(emailGreeting(null)).toBe("Hello,");
  });

  it("keeps what a visitor typed on one short line", () => {
    expect(oneLine(" Line one\r\nBcc: x@y.ng ", 120)).toBe("Line one Bcc: x@y.ng");
    expect(oneLine("abcdefghij", 5)).toBe("abcd…");
  });

  it("quotes a message escaped, its line breaks kept", () => {
    expect(emailQuote("<b>Fix</b>\r\nplease")).toMatch(
      />&lt;b&gt;Fix&lt;\/b&gt;<br>please<\/div>$/,
    );
  });
});

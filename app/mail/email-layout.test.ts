import { describe, expect, it } from "vitest";
import { emailItemsTable, emailItemsText } from "./email-layout";

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

import { describe, expect, it } from "vitest";
import { LINE_BREAK_MESSAGE, lineText, optionalText, text, trimmedText } from "./fields";
import { contactSchema } from "./inquiry";

describe("the shared text schemas", () => {
  it("remove NUL and other control characters, keeping tabs and line breaks", () => {
    expect(text().parse("a\u0000b\u0007c\u007f\u0085\td\r\ne")).toBe("abc\td\r\ne");
    expect(trimmedText().parse(" \u0000 x \u001b")).toBe("x");
    expect(optionalText(10).parse("\u0000\u0000")).toBe("");
  });

  it("refuse a line break in one-line fields (names, subjects): no header injection", () => {
    expect(lineText().safeParse("Ada Obi").success).toBe(true);
    for (const value of ["Ada\r\nBcc: x@example.com", "Ada\nObi", "Ada\u2028Obi"]) {
      const parsed = lineText().safeParse(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(LINE_BREAK_MESSAGE);
    }
    const contact = contactSchema().safeParse({
      name: "Ada",
      email: "ada@example.com",
      subject: "Hello\r\nBcc: victim@example.com",
      message: "Line one\r\nLine two",
    });
    expect(contact.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["subject", LINE_BREAK_MESSAGE],
    ]);
  });
});

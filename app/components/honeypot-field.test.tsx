import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { HoneypotField } from "./honeypot-field";

describe("HoneypotField", () => {
  it("renders an empty, labelled text input hidden from people and out of the tab order", () => {
    const html = renderToStaticMarkup(<HoneypotField />);
    expect(html).toMatch(/^<div aria-hidden="true" class="[^"]*absolute[^"]*-left-/);
    expect(html).toContain(`name="${HONEYPOT_FIELD}"`);
    expect(html).toContain('autoComplete="off"');
    expect(html).toContain('tabindex="-1"');
    expect(html).toContain('value=""');
    const id = /<input id="([^"]+)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html).toContain(`<label for="${id}">Leave this field empty</label>`);
  });
});

import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ErrorNotice, ErrorText } from "./alert";

describe("error messages in the page", () => {
  it("ErrorNotice: a red box announced as an alert, the words as given", () => {
    const html = renderToStaticMarkup(
      <ErrorNotice>Failed to load your saved properties.</ErrorNotice>,
    );
    expect(html).toMatch(/^<div role="alert" class="[^"]*bg-red-50[^"]*">/);
    expect(html).toContain(">Failed to load your saved properties.</p>");
  });

  it("ErrorText: red text announced as an alert, and nothing at all without a message", () => {
    expect(renderToStaticMarkup(<ErrorText className="w-full">Pick one</ErrorText>)).toBe(
      '<p role="alert" class="text-sm text-red-700 w-full">Pick one</p>',
    );
    expect(renderToStaticMarkup(<ErrorText>{undefined}</ErrorText>)).toBe("");
    expect(renderToStaticMarkup(<ErrorText>{""}</ErrorText>)).toBe("");
  });

  it("ErrorText: several messages one line each, empty ones dropped; a page's at text size", () => {
    expect(renderToStaticMarkup(<ErrorText id="e" lines={["", "Too big", "Not a photo"]} />)).toBe(
      '<p id="e" role="alert" class="text-sm text-red-700"><span class="block">Too big</span>' +
        '<span class="block">Not a photo</span></p>',
    );
    expect(renderToStaticMarkup(<ErrorText lines={[""]} />)).toBe("");
    expect(renderToStaticMarkup(<ErrorText size="base">Failed</ErrorText>)).toBe(
      '<p role="alert" class="text-base text-red-700">Failed</p>',
    );
  });
});

import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { DEFERRED_TYPE, deferScripts, PHOTO_WAIT_MS } from "./deferred-scripts.server";

// The shape React Router and React write: preload links hoisted into the head, the context
// script, then the module script that imports the routes and the client entry.
const PAGE =
  '<!DOCTYPE html><html lang="en-NG"><head><meta charSet="utf-8"/>' +
  '<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N0nce=="/>' +
  '<link rel="modulepreload" href="/assets/shared-B.js" nonce="N0nce=="/>' +
  "<title>Homes</title></head><body><main><p>₦660,000/month in Ọ̀yọ́</p></main>" +
  '<script nonce="N0nce==">window.__reactRouterContext = {};</script>' +
  '<script nonce="N0nce==" type="module" async="">;\nimport * as route0 from "/assets/root-C.js";\n' +
  'import("/assets/entry.client-A.js");</script>' +
  '<script nonce="N0nce==">window.__reactRouterContext.streamController.close();</script>' +
  "</body></html>";

async function run(chunks: Buffer[], nonce = "N0nce=="): Promise<string> {
  return text(Readable.from(chunks).pipe(deferScripts(nonce)));
}

function expectDeferred(html: string) {
  // No script download starts from the head.
  expect(html).not.toContain('rel="modulepreload" href=');
  // The module script is still there, whole, but of a type the browser does not run.
  expect(html).toContain(
    `<script nonce="N0nce==" type="${DEFERRED_TYPE}">;\nimport * as route0 from "/assets/root-C.js";`,
  );
  expect(html).not.toContain('type="module" async=""');
  // The starter, with this response's nonce, knows the preloads in their order.
  const starter = html.match(/<script nonce="N0nce==">(\(function\(\)\{var done.*?)<\/script>/);
  expect(starter?.[1]).toContain('["/assets/entry.client-A.js","/assets/shared-B.js"]');
  expect(html.indexOf(starter?.[0] ?? "")).toBeLessThan(html.indexOf(`${DEFERRED_TYPE}">`));
  // Everything else is untouched.
  expect(html).toContain("<p>₦660,000/month in Ọ̀yọ́</p>");
  expect(html).toContain(
    '<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>',
  );
  expect(html.endsWith("</script></body></html>")).toBe(true);
}

describe("deferScripts", () => {
  it("takes the preloads out of the head and starts the module script after the page", async () => {
    expectDeferred(await run([Buffer.from(PAGE)]));
  });

  it("finds the tags and keeps every character however the stream is cut", async () => {
    const bytes = Buffer.from(PAGE);
    for (let at = 1; at < bytes.length; at += 7) {
      expectDeferred(await run([bytes.subarray(0, at), bytes.subarray(at)]));
    }
    const singleBytes = [...bytes].map((byte) => Buffer.from([byte]));
    expectDeferred(await run(singleBytes));
  });

  it("starts the scripts by itself after the main photo and the first paint, at low priority", async () => {
    const html = await run([Buffer.from(PAGE)]);
    expect(html).toContain('addEventListener("DOMContentLoaded",afterPhoto)');
    expect(html).toContain(`querySelectorAll('img[fetchpriority="high"]')`);
    expect(html).toContain(`setTimeout(afterPaint,${PHOTO_WAIT_MS})`);
    expect(html).toContain("requestAnimationFrame(function(){setTimeout(start,0)})");
    expect(html.match(/fetchPriority="low"/g)).toHaveLength(2);
  });

  it("leaves a page without scripts (an error page of a resource) as it is", async () => {
    const plain = "<html><body><p>Not found</p></body></html>";
    expect(await run([Buffer.from(plain)])).toBe(plain);
  });
});

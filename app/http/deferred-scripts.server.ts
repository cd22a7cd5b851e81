import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";

// Scripts after the first screen. A page's HTML and stylesheet are all a visitor needs to read
// it (every form and link works before any script runs), so the browser is left to fetch and
// draw them first: the script downloads start once the page has painted, instead of sharing the
// first round trips of a slow connection with the HTML and the hero photo.
//
// React Router's <Scripts> writes a `<link rel="modulepreload">` per module (React hoists them
// into the head) and one inline `<script type="module" async>` that imports the route modules
// and then the client entry, which hydrates. This transform, on the document's HTML stream:
// - takes the modulepreload links out of the head;
// - renames that module script's type, so the browser keeps its text but does not run it;
// - writes before it a small script that, once the document is parsed, the first screen's main
//   photo (the one marked `fetchpriority="high"`: the hero, a listing's first card, a property's
//   cover) has arrived or failed (3 s at most) and the next frame is drawn, adds the preload
//   links and puts the module script back with its real type and nonce, all at low fetch
//   priority: on a slow link the photo does not share its bandwidth with ~170 KB of script, and
//   no script counts as blocking the first paint or the largest one.
// React hydrates a frame later than before, the same way (the scripts carry suppressHydrationWarning;
// the preload links React then adds to the head are fetched already). Measured by
// bench/lighthouse: the simulated first paint no longer waits for ~170 KB of script.

export const DEFERRED_TYPE = "text/x-deferred-module";

/** How long the scripts wait at most for the first screen's main photo. */
export const PHOTO_WAIT_MS = 3000;

const PRELOAD_LINK = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">/;

/** The script that starts the deferred module once the page has painted. */
export function starterScript(nonce: string | undefined, preloads: readonly string[]): string {
  const hrefs = JSON.stringify(preloads).replace(/</g, "\\u003c");
  const body = `(function(){var done=false;function start(){if(done)return;done=true;var s=document.querySelector('script[type="${DEFERRED_TYPE}"]');if(!s)return;${hrefs}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;l.fetchPriority="low";document.head.appendChild(l)});var m=document.createElement("script");m.type="module";m.fetchPriority="low";m.nonce=s.nonce;m.textContent=s.textContent;s.replaceWith(m)}function afterPaint(){if(document.visibilityState==="hidden")start();else requestAnimationFrame(function(){setTimeout(start,0)})}function afterPhoto(){var left=[].filter.call(document.querySelectorAll('img[fetchpriority="high"]'),function(i){return!i.complete});if(!left.length)return afterPaint();var n=left.length,timer=setTimeout(afterPaint,${PHOTO_WAIT_MS});left.forEach(function(i){function one(){if(--n===0){clearTimeout(timer);afterPaint()}}i.addEventListener("load",one);i.addEventListener("error",one)})}if(document.readyState==="loading")addEventListener("DOMContentLoaded",afterPhoto);else afterPhoto()})();`;
  return `<script${nonce ? ` nonce="${nonce}"` : ""}>${body}</script>`;
}

/**
 * The HTML stream with the scripts deferred (above). Text is held back only from a `<` whose tag
 * has not ended yet, so a tag split between two chunks is still found.
 */
export function deferScripts(nonce: string | undefined): Transform {
  const preloads: string[] = [];
  let pending = "";
  let moduleFound = false;
  // A naira sign or a Yoruba letter may be split between two chunks.
  const decoder = new StringDecoder("utf8");

  function rewrite(html: string): string {
    let out = html.replace(PRELOAD_LINK, (_tag, href: string) => {
      preloads.push(href);
      return "";
    });
    if (!moduleFound) {
      out = out.replace(MODULE_SCRIPT, (_tag, nonceAttribute: string | undefined) => {
        moduleFound = true;
        return `${starterScript(nonce, preloads)}<script${nonceAttribute ?? ""} type="${DEFERRED_TYPE}">`;
      });
    }
    return out;
  }

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending += decoder.write(chunk);
      // The preloads and the module script are behind us: the rest (the route data React
      // Router streams after them) passes through without being searched.
      if (moduleFound) {
        const rest = pending;
        pending = "";
        callback(null, rest || undefined);
        return;
      }
      const open = pending.lastIndexOf("<");
      const cut = open !== -1 && pending.indexOf(">", open) === -1 ? open : pending.length;
      const ready = pending.slice(0, cut);
      pending = pending.slice(cut);
      callback(null, ready ? rewrite(ready) : undefined);
    },
    flush(callback: TransformCallback) {
      pending += decoder.end();
      callback(null, pending ? rewrite(pending) : undefined);
    },
  });
}

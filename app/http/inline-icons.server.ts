import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";

// The icons' symbols, written into the page that uses them (app/components/icons/index.tsx).
// A rendered page refers to `#i-heart`; this transform, on the document's HTML stream, notes
// every such reference and writes the symbols named, each once, in one hidden <svg> just
// before </body>. A `<use>` finds its symbol whenever it arrives, so an icon parsed earlier is
// drawn as soon as the end of the page is; React leaves an element it did not render at the
// end of the body alone, and the browser's icons drawn later find their symbols there.

/** Text kept back from each chunk: a reference or `</body>` cut in two is found whole later. */
const TAIL = 64;

/**
 * The inliner for one sprite (app/components/icons/sprite.svg: `<symbol id="heart" ...>` per
 * line), whose symbols a page refers to as `#<prefix><id>`.
 */
export function iconInliner(sprite: string, prefix: string) {
  const symbols: ReadonlyMap<string, string> = new Map(
    [...sprite.matchAll(/<symbol id="([a-z0-9-]+)"([^>]*)>([\s\S]*?)<\/symbol>/g)].map(
      ([, id, attributes, paths]) => [
        id as string,
        `<symbol id="${prefix}${id}"${attributes}>${paths}</symbol>`,
      ],
    ),
  );
  const reference = new RegExp(`href="#${prefix}([a-z0-9-]+)"`, "g");

  /** The hidden <svg> of the named icons' symbols (empty when none is known). */
  function iconSymbols(ids: Iterable<string>): string {
    const known = [...new Set(ids)].flatMap((id) => symbols.get(id) ?? []);
    if (known.length === 0) return "";
    return `<svg xmlns="http://www.w3.org/2000/svg" hidden aria-hidden="true">${known.join("")}</svg>`;
  }

  return { iconSymbols, inlineIcons: () => inlineIcons(reference, iconSymbols) };
}

/** The HTML stream with the symbols of the icons it refers to written before `</body>`. */
function inlineIcons(reference: RegExp, iconSymbols: (ids: Iterable<string>) => string): Transform {
  const used = new Set<string>();
  let pending = "";
  const decoder = new StringDecoder("utf8");

  const note = (html: string) => {
    for (const match of html.matchAll(reference)) used.add(match[1] as string);
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending += decoder.write(chunk);
      if (pending.length <= TAIL) return callback();
      // Cut before the tail, and never inside a tag: the part sent is searched whole.
      let cut = pending.length - TAIL;
      const open = pending.lastIndexOf("<", cut);
      if (open !== -1 && pending.indexOf(">", open) >= cut) cut = open;
      const ready = pending.slice(0, cut);
      pending = pending.slice(cut);
      note(ready);
      callback(null, ready || undefined);
    },
    flush(callback: TransformCallback) {
      pending += decoder.end();
      note(pending);
      const end = pending.lastIndexOf("</body>");
      // A document always ends with </body></html>; were it ever cut short, the symbols still
      // come last (the HTML parser puts them into the body).
      const out =
        end === -1
          ? pending + iconSymbols(used)
          : pending.slice(0, end) + iconSymbols(used) + pending.slice(end);
      callback(null, out || undefined);
    },
  });
}

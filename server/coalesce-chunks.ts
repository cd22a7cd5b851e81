// A page leaves React in many small pieces (about 2 KB each), and React Router's writer sends
// each one on its own and flushes the compressor after it: a 32 KB dashboard cost ~16 compressor
// flushes and as many socket writes, the largest share of a signed-in page's CPU after the
// database and rendering (bench/throughput). This joins the pieces that arrive in the same turn
// of the event loop into one, so a page rendered at once is compressed and written once, while
// a part that streams in later (a deferred loader value) still goes out as soon as it is ready.

/** Past this size the pieces joined so far go out without waiting for the end of the turn. */
const MAX_JOINED_BYTES = 64 * 1024;

export function coalesceChunks(): TransformStream<Uint8Array, Uint8Array> {
  let pending: Uint8Array[] = [];
  let size = 0;
  let scheduled: NodeJS.Immediate | null = null;
  let controller: TransformStreamDefaultController<Uint8Array> | undefined;

  const send = () => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = null;
    if (size === 0) return;
    const joined = pending.length === 1 ? pending[0] : Buffer.concat(pending, size);
    pending = [];
    size = 0;
    try {
      if (joined) controller?.enqueue(joined);
    } catch {
      // The reader went away (the visitor closed the page): nothing left to send to.
    }
  };

  return new TransformStream({
    start(c) {
      controller = c;
    },
    transform(chunk) {
      pending.push(chunk);
      size += chunk.byteLength;
      if (size >= MAX_JOINED_BYTES) send();
      else scheduled ??= setImmediate(send);
    },
    flush() {
      send();
    },
  });
}

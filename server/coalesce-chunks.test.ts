import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { coalesceChunks } from "./coalesce-chunks";

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (chunk: Uint8Array) => new TextDecoder().decode(chunk);

/** What a reader of the joined stream receives, piece by piece, as the writer's steps run. */
async function readAll(stream: ReadableStream<Uint8Array>) {
  const pieces: string[] = [];
  const reader = stream.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    pieces.push(text(next.value));
  }
  return pieces;
}

describe("coalesceChunks", () => {
  it("sends the pieces written in one turn as one, byte for byte", async () => {
    const joined = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of ["<!DOCTYPE html>", "<html>", "<body>é</body>", "</html>"]) {
          controller.enqueue(bytes(piece));
        }
        controller.close();
      },
    }).pipeThrough(coalesceChunks());

    expect(await readAll(joined)).toEqual(["<!DOCTYPE html><html><body>é</body></html>"]);
  });

  it("still streams: a piece that comes later goes out on its own, the first without waiting", async () => {
    let sendRest: () => void = () => {};
    const rest = new Promise<void>((resolve) => {
      sendRest = resolve;
    });
    const joined = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes("<main>"));
        controller.enqueue(bytes("shell"));
        await rest;
        controller.enqueue(bytes("<script>deferred</script>"));
        controller.close();
      },
    }).pipeThrough(coalesceChunks());

    const reader = joined.getReader();
    // The shell is readable while the deferred part has not been written yet.
    expect(text((await reader.read()).value ?? new Uint8Array())).toBe("<main>shell");
    sendRest();
    expect(text((await reader.read()).value ?? new Uint8Array())).toBe("<script>deferred</script>");
    expect((await reader.read()).done).toBe(true);
  });

  it("does not hold more than 64 KB back", async () => {
    const piece = "x".repeat(16 * 1024);
    const joined = new ReadableStream<Uint8Array>({
      async start(controller) {
        for (let i = 0; i < 5; i++) controller.enqueue(bytes(piece));
        await sleep(1);
        controller.close();
      },
    }).pipeThrough(coalesceChunks());

    const sizes = (await readAll(joined)).map((chunk) => chunk.length);
    expect(sizes).toEqual([64 * 1024, 16 * 1024]);
  });
});

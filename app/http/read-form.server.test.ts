import { describe, expect, it } from "vitest";
import { FORM_BODY_LIMIT_BYTES } from "~/lib/body-limits";
import { thrownStatus } from "../../tests/setup/route-calls";
import { READ_FORM_MESSAGES, readForm } from "./read-form.server";

function request(body: BodyInit | null, headers: Record<string, string> = {}, path = "/contact") {
  return new Request(`http://localhost${path}`, { method: "POST", body, headers });
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return { status: thrownStatus(error), message: (error as { data?: unknown })?.data };
}

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

describe("readForm", () => {
  it("reads a urlencoded and a multipart form, without control characters but with line breaks", async () => {
    const form = await readForm(request("name=A%00da%07&message=Hi%0D%0Athere%09!", FORM));
    expect(form.get("name")).toBe("Ada");
    expect(form.get("message")).toBe("Hi\r\nthere\t!");
    const multipart = new FormData();
    multipart.append("name", "Obi\u0000\u0085");
    multipart.append("file", new Blob(["x\u0000y"]), "a.csv");
    const read = await readForm(request(multipart));
    expect(read.get("name")).toBe("Obi");
    // Files are left as sent.
    expect(await (read.get("file") as File).text()).toBe("x\u0000y");
  });

  it("answers 400 for a missing or wrong Content-Type and for a broken body", async () => {
    for (const [body, headers] of [
      ["name=Ada", {}],
      ['{"name":"Ada"}', { "Content-Type": "application/json" }],
      ["name=Ada", { "Content-Type": "text/plain" }],
      ["--x\r\nbroken", { "Content-Type": "multipart/form-data; boundary=x" }],
      ["", { "Content-Type": "multipart/form-data; boundary=x" }],
      ["name=Ada", { "Content-Type": "multipart/form-data" }],
    ] as const) {
      const { status, message } = await refusal(readForm(request(body, headers)));
      expect(status, `${JSON.stringify(headers)} ${body}`).toBe(400);
      expect([READ_FORM_MESSAGES.contentType, READ_FORM_MESSAGES.broken]).toContain(message);
    }
  });

  it("answers 413 past the limit, declared or streamed", async () => {
    const big = "a".repeat(FORM_BODY_LIMIT_BYTES + 1);
    const declared = await refusal(
      readForm(request("a=1", { ...FORM, "Content-Length": String(big.length) })),
    );
    expect(declared).toEqual({ status: 413, message: READ_FORM_MESSAGES.tooLarge });
    const streamed = await refusal(readForm(request(`a=${big}`, FORM)));
    expect(streamed.status).toBe(413);
    // A route's own smaller limit.
    const small = await refusal(readForm(request("a=123456", FORM), { maxBytes: 4 }));
    expect(small.status).toBe(413);
    // An empty form is a form.
    expect([...(await readForm(request("", FORM))).keys()]).toEqual([]);
  });
});

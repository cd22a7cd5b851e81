import { data } from "react-router";
import { BODY_TOO_LARGE_MESSAGE, bodyLimitFor } from "~/lib/body-limits";
import { stripControlCharacters } from "~/lib/control-characters";

// Every action reads its form with readForm, never request.formData(): whatever a client
// sends (no or another Content-Type, an empty or broken multipart body, too many bytes), the
// answer is a 400 or 413 with a message, thrown like notFound(), and the action writes nothing.
// Text values come back without control characters (see control-characters.ts), so a NUL
// never reaches the database.

export const READ_FORM_MESSAGES = {
  contentType:
    "This address only accepts a form (application/x-www-form-urlencoded or multipart/form-data).",
  broken: "The form could not be read. Please reload the page and try again.",
  tooLarge: BODY_TOO_LARGE_MESSAGE,
} as const;

const FORM_CONTENT_TYPE = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

class TooLarge extends Error {}

/** The refusal readForm throws: `data(message, { status })`, shown by the error boundary. */
function refused(status: 400 | 413, message: string): never {
  throw data(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * The posted form. `maxBytes` lowers the route's body limit (app/lib/body-limits.ts), e.g. for
 * an upload that needs less than the upload limit.
 */
export async function readForm(
  request: Request,
  options: { maxBytes?: number } = {},
): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!FORM_CONTENT_TYPE.test(contentType)) refused(400, READ_FORM_MESSAGES.contentType);
  const routeLimit = bodyLimitFor(new URL(request.url).pathname, contentType);
  const limit = Math.min(options.maxBytes ?? routeLimit, routeLimit);
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > limit) refused(413, READ_FORM_MESSAGES.tooLarge);

  let body: Uint8Array;
  try {
    body = await readBody(request, limit);
  } catch (error) {
    // The server cuts a body off past its limit (server/body-limit.ts) with this code.
    const code = (error as { code?: unknown } | null)?.code;
    const tooLarge = error instanceof TooLarge || code === "BODY_TOO_LARGE";
    refused(
      tooLarge ? 413 : 400,
      tooLarge ? READ_FORM_MESSAGES.tooLarge : READ_FORM_MESSAGES.broken,
    );
  }

  let form: FormData;
  try {
    form = await new Response(body as BodyInit, {
      headers: { "Content-Type": contentType },
    }).formData();
  } catch {
    refused(400, READ_FORM_MESSAGES.broken);
  }
  return withoutControlCharacters(form);
}

async function readBody(request: Request, limit: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new TooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function withoutControlCharacters(form: FormData): FormData {
  const clean = new FormData();
  for (const [name, value] of form) {
    const key = stripControlCharacters(name);
    if (typeof value === "string") clean.append(key, stripControlCharacters(value));
    else clean.append(key, value, value.name);
  }
  return clean;
}

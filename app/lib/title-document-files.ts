// What a title document upload may be (issue 46, item 2): a PDF or a photo of the paper (JPEG,
// PNG, WebP), told by its first bytes, never by its name or the browser's word for it. The file
// is kept as sent (a scan re-encoded could lose the stamp or signature a lawyer looks at).

export const TITLE_DOCUMENT_KINDS = [
  { extension: "pdf", contentType: "application/pdf", magic: [[0x25, 0x50, 0x44, 0x46, 0x2d]] },
  { extension: "jpg", contentType: "image/jpeg", magic: [[0xff, 0xd8, 0xff]] },
  {
    extension: "png",
    contentType: "image/png",
    magic: [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  },
] as const;

export type TitleDocumentKind = { extension: string; contentType: string };

export const TITLE_DOCUMENT_MESSAGES = {
  none: "Please choose a PDF or a photo of the document.",
  type: "Only PDF, JPEG, PNG or WebP files can be kept as title documents.",
  tooBig: "This file is larger than 15 MB. Please send a smaller scan.",
  uploaded: "The title document was uploaded. Only staff can open it.",
  removed: "The title document was removed.",
  confirmRemove: "Remove this title document? It cannot be brought back.",
} as const;

function startsWith(bytes: Uint8Array, magic: readonly number[], at = 0) {
  return bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);
}

const WEBP: TitleDocumentKind = { extension: "webp", contentType: "image/webp" };

/** The kind of file `bytes` holds, by its signature; undefined for anything else. */
export function sniffTitleDocument(bytes: Uint8Array): TitleDocumentKind | undefined {
  for (const kind of TITLE_DOCUMENT_KINDS) {
    if (kind.magic.some((magic) => startsWith(bytes, magic))) {
      return { extension: kind.extension, contentType: kind.contentType };
    }
  }
  // RIFF....WEBP
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return WEBP;
  return undefined;
}

/** A file name safe to send back in a Content-Disposition header (no quotes, slashes or controls). */
export function downloadName(name: string, extension: string): string {
  const base = name
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
    .replace(/[\u0000-\u001f\u007f"\\/;:*?<>|]+/g, " ")
    .replace(/[^\x20-\x7e]+/g, "_")
    .trim()
    .slice(0, 100);
  return `${base || "title-document"}.${extension}`;
}

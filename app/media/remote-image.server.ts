import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { acceptPhoto, MAX_PHOTO_BYTES, PHOTO_MESSAGES } from "./images.server";
import { isMediaStored, parseMediaKey } from "./media-store.server";

// "Add by URL": the server downloads a photo an admin points at, so it must not become a way to
// reach what only the server can reach (SSRF: the cloud metadata service, the database, an
// admin panel on the private network). The ruling:
// - only http: and https: addresses, without user:password, on any host name or public IP;
// - every address the name resolves to must be public: loopback, private, link-local (the
//   metadata service), carrier-grade NAT, multicast, documentation and reserved ranges, and
//   IPv6 forms that embed an IPv4 address (mapped, NAT64, 6to4) are refused; the connection
//   then goes to the checked address itself (no second lookup that could answer differently);
// - at most MAX_REDIRECTS redirects, each checked the same way; 10 MB and 15 seconds at most;
// - what arrives is then checked by its content like an upload (./images.server.ts).
// Photos of the site's own /media are not downloaded: the caller links the stored file.

export const REMOTE_FETCH_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 3;

export const REMOTE_MESSAGES = {
  invalid: "Please enter a web address starting with http:// or https://.",
  notAllowed: "This address cannot be used: it points inside a private network.",
  unreachable: "The photo at this address could not be downloaded.",
  timeout: "The photo at this address took too long to download.",
  tooBig: PHOTO_MESSAGES.tooBig,
} as const;

// Two lists: one list would check an IPv4 address against the IPv6 ranges as ::ffff:a.b.c.d,
// which the IPv4-mapped range then always matches.
const BLOCKED_V4 = new net.BlockList();
const BLOCKED_V6 = new net.BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata services
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  BLOCKED_V4.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["::ffff:0:0", 96], // IPv4-mapped
  ["::", 96], // IPv4-compatible (deprecated)
  ["64:ff9b::", 96], // NAT64
  ["64:ff9b:1::", 48], // local NAT64
  ["100::", 64], // discard
  ["2001::", 23], // IETF protocol assignments (Teredo, ORCHID...)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  BLOCKED_V6.addSubnet(network, prefix, "ipv6");
}

/** Whether `address` (an IP literal) is an ordinary public internet address. */
export function isPublicAddress(address: string) {
  const family = net.isIP(address);
  if (family === 0) return false;
  return family === 4 ? !BLOCKED_V4.check(address, "ipv4") : !BLOCKED_V6.check(address, "ipv6");
}

export type RemoteFetchOptions = {
  /** Which resolved addresses may be connected to (tests widen it to a local server). */
  isAllowedAddress?: (address: string) => boolean;
  timeoutMs?: number;
};

export type RemoteResult = { ok: true; data: Buffer } | { ok: false; message: string };

class Refusal extends Error {}

/** The URL if it is one the server may try at all (scheme, no credentials). */
export function parseRemoteUrl(raw: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  if (url.username || url.password || !url.hostname) return undefined;
  return url;
}

/** Downloads the bytes at `raw` under the rules above (the content is not checked here). */
export async function fetchRemoteImage(
  raw: string,
  options: RemoteFetchOptions = {},
): Promise<RemoteResult> {
  const allowed = options.isAllowedAddress ?? isPublicAddress;
  let url = parseRemoteUrl(raw);
  if (!url) return { ok: false, message: REMOTE_MESSAGES.invalid };
  const deadline = Date.now() + (options.timeoutMs ?? REMOTE_FETCH_TIMEOUT_MS);
  try {
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const answer = await getOnce(url, allowed, deadline);
      if (answer.kind === "body") return { ok: true, data: answer.data };
      const next = parseRemoteUrl(new URL(answer.location, url).toString());
      if (!next) return { ok: false, message: REMOTE_MESSAGES.invalid };
      url = next;
    }
    return { ok: false, message: REMOTE_MESSAGES.unreachable };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, message: error.message };
    return { ok: false, message: REMOTE_MESSAGES.unreachable };
  }
}

type Answer = { kind: "body"; data: Buffer } | { kind: "redirect"; location: string };

function getOnce(url: URL, allowed: (address: string) => boolean, deadline: number) {
  return new Promise<Answer>((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, "");
    // An IP literal is never looked up: check it here.
    if (net.isIP(host) && !allowed(host)) {
      reject(new Refusal(REMOTE_MESSAGES.notAllowed));
      return;
    }
    const lookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
      dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
        if (error) return callback(error, "", 4);
        const list = addresses as dns.LookupAddress[];
        if (list.length === 0 || !list.every((a) => allowed(a.address))) {
          return callback(new Refusal(REMOTE_MESSAGES.notAllowed), "", 4);
        }
        if ((lookupOptions as dns.LookupOptions).all) return callback(null, list as never, 4);
        const first = list[0] as dns.LookupAddress;
        callback(null, first.address, first.family);
      });
    };
    const remaining = deadline - Date.now();
    if (remaining <= 0) {
      reject(new Refusal(REMOTE_MESSAGES.timeout));
      return;
    }
    const client = url.protocol === "https:" ? https : http;
    const request = client.get(
      url,
      {
        lookup,
        headers: { Accept: "image/*", "User-Agent": "NaijaHomes-photo-fetch/1.0" },
        // No proxy from the environment: the checked address is the one connected to.
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ kind: "redirect", location: response.headers.location });
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(new Refusal(REMOTE_MESSAGES.unreachable));
          return;
        }
        const declared = Number(response.headers["content-length"] ?? Number.NaN);
        if (declared > MAX_PHOTO_BYTES) {
          response.destroy();
          reject(new Refusal(REMOTE_MESSAGES.tooBig));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_PHOTO_BYTES) {
            response.destroy();
            reject(new Refusal(REMOTE_MESSAGES.tooBig));
            return;
          }
          chunks.push(chunk);
        });
        response.on("end", () => resolve({ kind: "body", data: Buffer.concat(chunks) }));
        response.on("error", reject);
      },
    );
    const timer = setTimeout(() => {
      // Settled first: the error the destroyed request then emits changes nothing.
      reject(new Refusal(REMOTE_MESSAGES.timeout));
      request.destroy();
    }, remaining);
    timer.unref();
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on("close", () => clearTimeout(timer));
  });
}

export type PhotoFromUrl =
  | { ok: true; photo: { url: string; key: string; fingerprint?: string } }
  | { ok: false; message: string };

export const OWN_MEDIA_MISSING = "This photo is not stored on the site any more.";

/**
 * The photo at an address an admin typed: one of the site's own stored files (a /media path,
 * on this site's address or relative) is linked as it is; anything else is downloaded under
 * the rules above and accepted by its content like an upload (stored under its hash).
 */
export async function acceptPhotoFromUrl(
  raw: string,
  { ownOrigins, ...options }: RemoteFetchOptions & { ownOrigins: readonly string[] },
): Promise<PhotoFromUrl> {
  const text = raw.trim();
  const own = ownMediaKey(text, ownOrigins);
  if (own !== undefined) {
    if (!own || !(await isMediaStored(own))) return { ok: false, message: OWN_MEDIA_MISSING };
    return { ok: true, photo: { url: `/media/${own}`, key: own } };
  }
  const fetched = await fetchRemoteImage(text, options);
  if (!fetched.ok) return fetched;
  const accepted = await acceptPhoto(fetched.data);
  if (!accepted.ok) return accepted;
  const { url, key, fingerprint } = accepted.photo;
  return { ok: true, photo: { url, key, fingerprint } };
}

/** The media key of one of the site's own /media URLs ("" when malformed), else undefined. */
function ownMediaKey(text: string, ownOrigins: readonly string[]) {
  let url: URL;
  try {
    url = new URL(text, "relative:/");
  } catch {
    return undefined;
  }
  const isOwn = url.protocol === "relative:" || ownOrigins.includes(url.origin);
  if (!isOwn || !url.pathname.startsWith("/media/")) return undefined;
  return parseMediaKey(url.pathname.slice("/media/".length))?.key ?? "";
}

import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setTestEnv } from "../../tests/setup/env";
import { plainJpeg } from "../../tests/setup/photo-fixtures";

// Add by URL: only public web addresses are fetched, within size and time caps, redirects
// checked again; the bytes are then checked like an upload. A server on 127.0.0.1 stands in for
// a public host, with the address rule widened to it for the tests that need a download.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "remote-photo-"));
setTestEnv({ DATA_DIR: dataDir });
const { acceptPhotoFromUrl, fetchRemoteImage, isPublicAddress, REMOTE_MESSAGES } = await import(
  "./remote-image.server"
);

let base = "";
let photo: Buffer;
const server = http.createServer((request, response) => {
  if (request.url === "/photo.jpg") {
    response.writeHead(200, { "Content-Type": "image/jpeg" }).end(photo);
  } else if (request.url === "/big") {
    response.writeHead(200, { "Content-Type": "image/jpeg" });
    // 11 MB without a Content-Length: cut off at the cap.
    const chunk = Buffer.alloc(1024 * 1024, 1);
    for (let i = 0; i < 11; i++) response.write(chunk);
    response.end();
  } else if (request.url === "/slow") {
    response.writeHead(200);
    response.write("x");
  } else if (request.url === "/to-metadata") {
    response.writeHead(302, { Location: "http://169.254.169.254/latest/meta-data" }).end();
  } else if (request.url === "/to-photo") {
    response.writeHead(301, { Location: "/photo.jpg" }).end();
  } else if (request.url === "/page") {
    response.writeHead(200, { "Content-Type": "image/jpeg" }).end("<html>not a photo</html>");
  } else {
    response.writeHead(404).end();
  }
});
const loopbackOnly = (address: string) => address === "127.0.0.1";

beforeAll(async () => {
  photo = await plainJpeg("#446688", 300, 200);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("which addresses are public", () => {
  it.each([
    "127.0.0.1",
    "10.0.0.5",
    "172.20.1.1",
    "192.168.1.10",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "::1",
    "::",
    "::ffff:127.0.0.1",
    "fe80::1",
    "fd12:3456::1",
    "64:ff9b::a00:1",
    "2002:7f00:1::1",
    "not-an-ip",
  ])("%s is not", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
  it.each(["8.8.8.8", "102.89.1.1", "2606:4700:4700::1111"])("%s is", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("downloading a photo", () => {
  it("refuses loopback by default, by name and by number, before connecting", async () => {
    for (const url of [`${base}/photo.jpg`, `http://localhost:${new URL(base).port}/photo.jpg`]) {
      expect(await fetchRemoteImage(url)).toEqual({
        ok: false,
        message: REMOTE_MESSAGES.notAllowed,
      });
    }
  });

  it("refuses other schemes and addresses with a password", async () => {
    for (const url of [
      "ftp://example.com/a.jpg",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "http://u:p@example.com/a.jpg",
      "not a url",
    ]) {
      expect(await fetchRemoteImage(url)).toEqual({ ok: false, message: REMOTE_MESSAGES.invalid });
    }
  });

  it("downloads, follows a redirect, and stores the photo checked by content", async () => {
    const fetched = await fetchRemoteImage(`${base}/to-photo`, { isAllowedAddress: loopbackOnly });
    expect(fetched.ok && fetched.data.equals(photo)).toBe(true);
    const accepted = await acceptPhotoFromUrl(`${base}/photo.jpg`, {
      ownOrigins: [],
      isAllowedAddress: loopbackOnly,
    });
    if (!accepted.ok) throw new Error(accepted.message);
    expect(accepted.photo.url).toMatch(/^\/media\/uploads\/[0-9a-f]{64}\.webp$/);
    expect(fs.existsSync(path.join(dataDir, "media", accepted.photo.key))).toBe(true);
  });

  it("refuses a redirect into the private network, a body over 10 MB, a slow server and a page", async () => {
    const options = { isAllowedAddress: loopbackOnly };
    expect(await fetchRemoteImage(`${base}/to-metadata`, options)).toEqual({
      ok: false,
      message: REMOTE_MESSAGES.notAllowed,
    });
    expect(await fetchRemoteImage(`${base}/big`, options)).toEqual({
      ok: false,
      message: REMOTE_MESSAGES.tooBig,
    });
    expect(await fetchRemoteImage(`${base}/slow`, { ...options, timeoutMs: 300 })).toEqual({
      ok: false,
      message: REMOTE_MESSAGES.timeout,
    });
    expect(await fetchRemoteImage(`${base}/missing`, options)).toEqual({
      ok: false,
      message: REMOTE_MESSAGES.unreachable,
    });
    const page = await acceptPhotoFromUrl(`${base}/page`, { ownOrigins: [], ...options });
    expect(page).toEqual({
      ok: false,
      message: "This file is not a photo we can use (JPEG, PNG, WebP, AVIF or HEIC).",
    });
  });
});

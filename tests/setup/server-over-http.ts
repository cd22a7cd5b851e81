import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import type express from "express";
import { createServer } from "vite";

// The real server handler (server/app.ts loaded through Vite, as `npm run dev` does) over HTTP,
// for the tests of what happens between the browser and the routes (the page caches).

export type Answer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  /** The body as text, gunzipped when it came compressed. */
  text: string;
};

export type ServerOverHttp = {
  get: (path: string, headers?: Record<string, string>, method?: string) => Promise<Answer>;
  close: () => Promise<void>;
};

/** Starts server/app.ts on a free port of 127.0.0.1; `get` asks it, without following redirects. */
export async function startServerOverHttp(): Promise<ServerOverHttp> {
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false },
    appType: "custom",
    logLevel: "silent",
  });
  const { app } = (await vite.ssrLoadModule("./server/app.ts")) as { app: express.Express };
  const served = await serveOverHttp(app);
  return {
    get: served.get,
    close: async () => {
      await served.close();
      await vite.close();
    },
  };
}

/** Serves `handler` (an Express app of a test's own) on a free port of 127.0.0.1. */
export async function serveOverHttp(handler: http.RequestListener): Promise<ServerOverHttp> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    new Promise<Answer>((resolve, reject) => {
      const request = http.request(`${baseUrl}${path}`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const raw = Buffer.concat(chunks);
          const text =
            response.headers["content-encoding"] === "gzip"
              ? zlib.gunzipSync(raw).toString("utf8")
              : raw.toString("utf8");
          resolve({ status: response.statusCode ?? 0, headers: response.headers, raw, text });
        });
      });
      request.on("error", reject);
      request.end();
    });

  return { get, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The nonce of the response's Content-Security-Policy. */
export function policyNonce(answer: Answer) {
  return /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1] ?? "";
}

/** Every non-empty nonce attribute in the page. */
export function pageNonces(text: string) {
  return [...text.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]);
}

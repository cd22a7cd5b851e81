import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { appointments, inquiries, slideshowItems, teamMembers, videos } from "~/db/schema";
import { createProperty, createSignedInUser, signInCookie } from "../../tests/setup/accounts";
import { createSignedInAdmin } from "../../tests/setup/admin";
import { guestBooking } from "../../tests/setup/appointments";
import { setTestEnv } from "../../tests/setup/env";
import {
  flatRoutes,
  routeModule,
  startTestServer,
  type TestServer,
} from "../../tests/setup/http-app";
import { setupTestDatabase } from "../../tests/setup/test-database";

// Bad input is never a 5xx (issue 9): every route of app/routes.ts is requested over HTTP,
// through the whole server (server/http-app.ts and React Router rendering the pages), with
// hostile values in every query parameter and every field of every form the pages render
// (forms posting to resource routes such as /favorites and /signout included), and with
// hostile bodies: none, another Content-Type, broken multipart, repeated fields.
//
// Forms and parameters are found, not listed: each page is fetched as the actor who can see
// it and its <form>s, fields and links are read from the HTML; the route module's source adds
// the parameters it reads with `.get("...")`.

// Every request comes from its own address (X-Forwarded-For behind one trusted proxy), so the
// rate limits let each one reach the code it is meant to test.
setTestEnv({ TRUST_PROXY: "1" });

await setupTestDatabase();

/** Longer than any field may be; a body of one such field stays under the form limit. */
const HUGE = "x".repeat(100_000);
/** Over every field's maximum (5,000), small enough to put in every field of a form at once. */
const LONG = "é".repeat(6_000);

/**
 * Values that once broke a page, or could: control characters, line breaks, sizes, Unicode
 * (a lone surrogate included), numbers out of range, wrong types, dates and ids that are not,
 * and the usual injection strings. Several kinds share a value to keep the run short.
 */
const HOSTILE = [
  "a\u0000b\u0007\u001b[31m\u007f\u0085",
  "\r\nBcc: victim@example.com",
  LONG,
  "𝔘𝔫𝔦 \u202e 🏠 é\u0301 \ufeff \ud800",
  "-1",
  "1e309",
  "99999999999999999999999",
  "[object Object]",
  "2024-02-30",
  "00000000-0000-0000-0000-000000000000",
  "../../etc/passwd' OR 1=1 --<script>alert(1)</script>%00%0d%0a",
  "",
];

/**
 * Tried in each field alone, the others keeping their normal value: a NUL (which the database
 * cannot store) in a value far longer than any field allows.
 */
const PER_FIELD = [`a\u0000b${HUGE}`];
const PER_PARAM = ["a\u0000b"];

/** In every query, with the parameters found (they cost nothing when a page ignores them). */
const COMMON_PARAMS = ["q", "page", "sort", "dir", "status", "view", "redirectTo", "intent", "id"];

type Actor = "anonymous" | "customer" | "admin";

let server: TestServer;
const serverErrors: unknown[] = [];
const failures: string[] = [];
let requests = 0;
let clientNumber = 0;

const fixtures = {
  propertyId: "",
  customerId: "",
  appointmentId: "",
  inquiryId: "",
  teamMemberId: "",
  slideId: "",
  videoId: "",
};
const cookies: Record<Actor, string> = { anonymous: "", customer: "", admin: "" };
const CUSTOMER = "fuzz-customer@example.com";
const ADMIN = "fuzz-admin@example.com";

beforeAll(async () => {
  server = await startTestServer((error) => serverErrors.push(error));
  fixtures.propertyId = await createProperty("Fuzz House");
  const customer = await createSignedInUser(CUSTOMER, "Fuzz Customer");
  fixtures.customerId = customer.id;
  cookies.customer = customer.cookie;
  const admin = await createSignedInAdmin(ADMIN, { superAdmin: true });
  cookies.admin = admin.cookie;
  const [appointment] = await db
    .insert(appointments)
    .values({ ...guestBooking(CUSTOMER), userId: customer.id, propertyId: fixtures.propertyId })
    .returning({ id: appointments.id });
  fixtures.appointmentId = appointment?.id ?? "";
  const [inquiry] = await db
    .insert(inquiries)
    .values({
      source: "complaint",
      name: "Fuzz Customer",
      email: CUSTOMER,
      description: "The tap leaks.",
      userId: customer.id,
    })
    .returning({ id: inquiries.id });
  fixtures.inquiryId = inquiry?.id ?? "";
  const [member] = await db
    .insert(teamMembers)
    .values({ name: "Fuzz Member", position: "Agent" })
    .returning({ id: teamMembers.id });
  fixtures.teamMemberId = member?.id ?? "";
  const [slide] = await db
    .insert(slideshowItems)
    .values({ title: "Fuzz slide", mediaUrl: "/media/fuzz.jpg" })
    .returning({ id: slideshowItems.id });
  fixtures.slideId = slide?.id ?? "";
  const [video] = await db
    .insert(videos)
    .values({ title: "Fuzz video", videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" })
    .returning({ id: videos.id });
  fixtures.videoId = video?.id ?? "";
});

afterAll(async () => {
  await server?.close();
});

// ---------------------------------------------------------------------------------------------
// Requests

function headersFor(actor: Actor, extra: Record<string, string> = {}) {
  clientNumber += 1;
  const headers: Record<string, string> = {
    "X-Forwarded-For": `10.77.${Math.floor(clientNumber / 250) % 250}.${clientNumber % 250}`,
    ...extra,
  };
  if (cookies[actor]) headers.cookie = cookies[actor];
  return headers;
}

async function send(
  label: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: BodyInit },
) {
  requests += 1;
  let status: number | undefined;
  let failure: unknown;
  // Once more when the connection itself failed (a kept-alive socket the server was closing):
  // that is the transport, not the answer.
  for (let attempt = 0; attempt < 2 && status === undefined; attempt++) {
    try {
      const response = await fetch(`${server.origin}${url}`, { redirect: "manual", ...init });
      status = response.status;
      await response.arrayBuffer();
    } catch (error) {
      failure = error;
    }
  }
  if (status === undefined) {
    failures.push(`${label}: ${init.method ?? "GET"} ${short(url)} failed: ${String(failure)}`);
  } else if (status >= 500) {
    failures.push(`${label}: ${init.method ?? "GET"} ${short(url)} -> ${status}`);
  }
}

let lastProgress = { at: Date.now(), requests: 0 };

/** FUZZ_LOG=<file>: what was fuzzed, how many requests and how long it took. */
function progress(what: string) {
  const file = process.env.FUZZ_LOG;
  if (!file) return;
  const now = Date.now();
  fs.appendFileSync(
    file,
    `${what}: ${requests - lastProgress.requests} requests, ${now - lastProgress.at} ms\n`,
  );
  lastProgress = { at: now, requests };
}

function short(value: string) {
  return value.length > 160 ? `${value.slice(0, 160)}...(${value.length})` : value;
}

/** Runs `tasks` a few at a time (the server is in this process: more would not be faster). */
async function inBatches(tasks: (() => Promise<void>)[], size = 4) {
  for (let i = 0; i < tasks.length; i += size) {
    await Promise.all(tasks.slice(i, i + size).map((task) => task()));
  }
}

// ---------------------------------------------------------------------------------------------
// The pages: every route with its parameters filled in, as the actor who may see it

type Page = { url: string; files: string[]; actor: Actor };

function actorOf(url: string): Actor {
  if (url.startsWith("/admin") && !url.startsWith("/admin/login")) return "admin";
  if (url.startsWith("/website-editor")) return "admin";
  if (url.startsWith("/dashboard")) return "customer";
  return "anonymous";
}

function fillParams(pattern: string): string {
  const byPath: [RegExp, () => string][] = [
    [/^\/property\/:id$/, () => fixtures.propertyId],
    [/^\/services\/:id$/, () => "property-sales"],
    [/^\/dashboard\/appointments\/:id$/, () => fixtures.appointmentId],
    [/^\/admin\/users\/:id$/, () => fixtures.customerId],
    [/^\/admin\/properties\/:id(\/photos)?$/, () => fixtures.propertyId],
    [/^\/admin\/appointments\/:id$/, () => fixtures.appointmentId],
    [/^\/admin\/complaints\/:id$/, () => fixtures.inquiryId],
    [/^\/admin\/team\/:id$/, () => fixtures.teamMemberId],
    [/^\/admin\/slideshow\/:id$/, () => fixtures.slideId],
    [/^\/admin\/videos\/:id$/, () => fixtures.videoId],
    [/^\/calendar\/:file$/, () => "0123456789abcdef.ics"],
  ];
  const known = byPath.find(([re]) => re.test(pattern));
  let url = known ? pattern.replace(/:[a-z]+/i, known[1]()) : pattern;
  url = url.replace(/\/\*$/, "/no-such-page");
  return url;
}

/** One page per URL (a layout and its index route share one), with every module it runs. */
function pages(): Page[] {
  const byUrl = new Map<string, Page>();
  for (const route of flatRoutes()) {
    const url = fillParams(route.path);
    const known = byUrl.get(url);
    if (known) known.files.push(route.file);
    else byUrl.set(url, { url, files: [route.file], actor: actorOf(url) });
  }
  return [...byUrl.values()];
}

// ---------------------------------------------------------------------------------------------
// Reading forms and parameters from a page's HTML and its module's source

type FoundForm = {
  method: "get" | "post";
  action: string;
  multipart: boolean;
  fields: [string, string][];
};

const decodeEntities = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag);
  return match?.[1] === undefined ? undefined : decodeEntities(match[1]);
}

function formsOf(html: string, pageUrl: string): FoundForm[] {
  const forms: FoundForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const [, attrs = "", inner = ""] = match;
    const method = (attribute(` ${attrs}`, "method") ?? "get").toLowerCase();
    const action = attribute(` ${attrs}`, "action") ?? pageUrl;
    const fields: [string, string][] = [];
    for (const tag of inner.matchAll(/<(input|select|textarea|button)\b[^>]*>/gi)) {
      const name = attribute(tag[0], "name");
      if (!name) continue;
      let value = attribute(tag[0], "value") ?? "";
      const type = attribute(tag[0], "type");
      if (tag[1]?.toLowerCase() === "select") {
        const rest = inner.slice((tag.index ?? 0) + tag[0].length);
        value = attribute(/<option\b[^>]*>/i.exec(rest)?.[0] ?? "", "value") ?? "";
      }
      if (type === "file") continue;
      fields.push([name, value]);
    }
    forms.push({
      method: method === "post" ? "post" : "get",
      action,
      multipart: /multipart\/form-data/i.test(attrs),
      fields,
    });
  }
  return forms;
}

/** Query keys of links back to the same path ("?page=2&sort=price"). */
function linkParamsOf(html: string, pagePath: string): string[] {
  const keys = new Set<string>();
  for (const match of html.matchAll(/\shref="([^"]*\?[^"]*)"/g)) {
    const href = decodeEntities(match[1] ?? "");
    const url = new URL(href, `http://x${pagePath}`);
    if (url.host !== "x" || url.pathname !== pagePath) continue;
    for (const key of url.searchParams.keys()) keys.add(key);
  }
  return [...keys];
}

const SOURCE_CACHE = new Map<string, string[]>();

/** Names a route module reads with `.get("...")` / `.getAll("...")`. */
function sourceParamsOf(file: string): string[] {
  const known = SOURCE_CACHE.get(file);
  if (known) return known;
  const source = fs.readFileSync(path.join("app", file), "utf8");
  const names = [...source.matchAll(/\.(?:get|getAll|has)\(\s*"([A-Za-z_][\w-]*)"\s*\)/g)]
    .map((m) => m[1] ?? "")
    .filter((name) => !["cookie", "content-type", "user-agent"].includes(name.toLowerCase()));
  const unique = [...new Set(names)];
  SOURCE_CACHE.set(file, unique);
  return unique;
}

// ---------------------------------------------------------------------------------------------
// The fuzz

function withParam(url: string, name: string, value: string | string[]) {
  const target = new URL(url, "http://x");
  target.searchParams.delete(name);
  for (const v of Array.isArray(value) ? value : [value]) target.searchParams.append(name, v);
  return `${target.pathname}${target.search}`;
}

function urlencoded(fields: [string, string][]) {
  const body = new URLSearchParams();
  for (const [name, value] of fields) body.append(name, value);
  return body.toString();
}

function multipart(fields: [string, string][]) {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

/** The single-fetch URL of a page (its loaders' data, without rendering): faster. */
function dataUrl(url: string) {
  const target = new URL(url, "http://x");
  target.pathname = target.pathname === "/" ? "/_.data" : `${target.pathname}.data`;
  return `${target.pathname}${target.search}`;
}

function isResourceRoute(pathname: string) {
  const route = routeAt(pathname);
  return !route || !routeModule(route.file).default;
}

function routeAt(pathname: string) {
  return flatRoutes()
    .filter((route) => !route.path.endsWith("*"))
    .find((route) => {
      const pattern = route.path.replace(/:[a-z]+/gi, "[^/]+");
      return new RegExp(`^${pattern}/?$`, "i").test(pathname);
    });
}

async function fuzzQuery(page: Page, found: string[]) {
  const tasks: (() => Promise<void>)[] = [];
  const label = `query ${page.url}`;
  const get =
    (url: string, asData = true) =>
    () =>
      send(label, asData ? dataUrl(url) : url, { headers: headersFor(page.actor) });
  const everyParam = (value: string | string[]) => {
    let url = page.url;
    for (const name of new Set([...found, ...COMMON_PARAMS])) url = withParam(url, name, value);
    return url;
  };
  // A page that reads no parameter gets the first few values only, in the common ones.
  for (const value of found.length ? HOSTILE : HOSTILE.slice(0, 4)) {
    tasks.push(get(everyParam(value)));
  }
  // Rendered once with hostile values, and with every parameter repeated.
  tasks.push(get(everyParam(["a\u0000b\r\n", "𝔘 \u202e"]), false));
  tasks.push(get(everyParam(["1", "2", "\u0000"])));
  for (const name of found) {
    for (const value of PER_PARAM) tasks.push(get(withParam(page.url, name, value)));
  }
  // A broken percent-encoding and a bare key, which URLSearchParams would never write.
  const separator = page.url.includes("?") ? "&" : "?";
  tasks.push(get(`${page.url}${separator}q=%E0%A4%A&%ZZ&page`, false));
  await inBatches(tasks);
}

/** Sessions that a form may end (sign out, a password change): fresh ones per form. */
async function freshCookie(actor: Actor) {
  if (actor === "anonymous") return "";
  return signInCookie(actor === "admin" ? ADMIN : CUSTOMER);
}

/** Actions (by path) that already had the whole-body variants. */
const bodiesSent = new Set<string>();

async function fuzzForm(page: Page, form: FoundForm) {
  const label = `form on ${page.url} -> ${form.action}`;
  const cookie = await freshCookie(page.actor);
  const target = new URL(form.action, "http://x");
  // Actions answer the same to a single-fetch post, without rendering the page after.
  const fast = isResourceRoute(target.pathname) ? form.action : dataUrl(form.action);
  const post = (
    body: BodyInit | undefined,
    extra: Record<string, string> = {},
    url: string = fast,
  ) => {
    const headers = headersFor("anonymous", extra);
    if (cookie) headers.cookie = cookie;
    return () => send(label, url, { method: "POST", headers, body });
  };
  const encode = (fields: [string, string][]) =>
    form.multipart ? multipart(fields) : urlencoded(fields);
  const urlencodedType = { "Content-Type": "application/x-www-form-urlencoded" };
  const type = form.multipart ? {} : urlencodedType;
  const every = (value: string) => form.fields.map(([name]): [string, string] => [name, value]);

  const tasks: (() => Promise<void>)[] = [];
  for (const value of HOSTILE) tasks.push(post(encode(every(value)), type));
  // Rendered after the action, with what it sends back.
  tasks.push(post(encode(every("a\u0000b\r\n𝔘 \u202e")), type, form.action));
  for (const [name] of new Map(form.fields)) {
    for (const value of PER_FIELD) {
      const fields = form.fields.map(([n, v]): [string, string] => [n, n === name ? value : v]);
      tasks.push(post(encode(fields), type));
    }
  }
  // Every field twice (an array where one value is expected).
  tasks.push(post(encode([...form.fields, ...form.fields]), type));
  // Whole bodies, once per action: none, JSON, text, broken multipart, invalid UTF-8.
  const body = urlencoded(form.fields);
  if (!bodiesSent.has(target.pathname)) {
    bodiesSent.add(target.pathname);
    tasks.push(
      post(undefined),
      post(JSON.stringify(Object.fromEntries(form.fields)), { "Content-Type": "application/json" }),
      post(body, { "Content-Type": "text/plain" }, form.action),
      post('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', {
        "Content-Type": "multipart/form-data; boundary=x",
      }),
      post(body, { "Content-Type": "multipart/form-data" }),
      post(Buffer.from([0xff, 0xfe, 0x00, 0x61, 0x3d, 0xc3, 0x28]), urlencodedType),
    );
  }
  await inBatches(tasks);
}

describe("a fuzz of every form and query parameter", () => {
  // Its budget: about 3,900 requests took 61 s at a load average of 5 and 370 s at 15-19 on the
  // 2-core machine (the processor, shared, is the limit); twenty minutes holds at three times
  // that contention. It runs in the embedded pass only (vitest.config.ts, EMBEDDED_ONLY).
  it("never answers 5xx", { timeout: 1_200_000 }, async () => {
    const started = Date.now();
    const allPages = pages();
    const formsToFuzz = new Map<string, { page: Page; form: FoundForm }>();

    for (const page of allPages) {
      // The page as its actor; public pages also signed in (the header and forms change).
      const actors: Actor[] = page.actor === "anonymous" ? ["anonymous", "customer"] : [page.actor];
      let html = "";
      for (const actor of actors) {
        const response = await fetch(`${server.origin}${page.url}`, {
          headers: headersFor(actor),
          redirect: "manual",
        });
        requests += 1;
        const text = await response.text();
        if (response.status >= 500)
          failures.push(`GET ${page.url} as ${actor} -> ${response.status}`);
        html += text;
        for (const form of formsOf(text, page.url)) {
          if (form.method !== "post") continue;
          const key = `${form.action} ${actor} ${form.fields
            .map(([n]) => n)
            .sort()
            .join(",")}`;
          if (!formsToFuzz.has(key)) formsToFuzz.set(key, { page: { ...page, actor }, form });
        }
      }
      const getFormParams = formsOf(html, page.url)
        .filter((form) => form.method === "get")
        .flatMap((form) => form.fields.map(([name]) => name));
      const params = [
        ...new Set([
          ...getFormParams,
          ...linkParamsOf(html, new URL(page.url, "http://x").pathname),
          ...page.files.flatMap(sourceParamsOf),
        ]),
      ];
      await fuzzQuery(page, params);
      progress(`query ${page.url} (${params.length} parameters)`);
      // Hostile path parameters: /property/<NUL>, an id that is not one, a long one.
      const last = page.files.at(-1) ?? "";
      if (/\/:[a-z]+$/i.test(flatRoutes().find((r) => r.file === last)?.path ?? "")) {
        const base = page.url.slice(0, page.url.lastIndexOf("/") + 1);
        const values = ["%00", "%0d%0a", "not-an-id", "x".repeat(4000), "%F0%9F%8F%A0", "..%2f"];
        for (const value of values) {
          await send(`path ${page.url}`, `${base}${value}`, { headers: headersFor(page.actor) });
        }
      }
      // Actions no rendered form posts to (a page without the form, a resource route): the
      // names the module reads, posted to the route itself.
      for (const file of page.files) {
        const source = fs.readFileSync(path.join("app", file), "utf8");
        if (!/export (async )?function action/.test(source)) continue;
        const fields = sourceParamsOf(file).map((name): [string, string] => [name, "1"]);
        formsToFuzz.set(`${page.url} ${page.actor} ${file}`, {
          page,
          form: { method: "post", action: page.url, multipart: false, fields },
        });
      }
    }

    for (const { page, form } of formsToFuzz.values()) {
      await fuzzForm(page, form);
      progress(`form on ${page.url} -> ${form.action} (${form.fields.length} fields)`);
    }

    const seconds = Math.round((Date.now() - started) / 1000);
    console.info(
      `fuzz: ${allPages.length} routes, ${formsToFuzz.size} forms, ${requests} requests, ${seconds} s`,
    );
    expect(formsToFuzz.size).toBeGreaterThan(20);
    expect(failures).toEqual([]);
    // What the server logged as unexpected (an error a 4xx answer hid would show here).
    const errors = [
      ...new Set(serverErrors.map((e) => (e instanceof Error ? e.message : JSON.stringify(e)))),
    ];
    expect(errors).toEqual([]);
  });
});

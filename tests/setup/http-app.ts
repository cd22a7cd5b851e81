import type { AddressInfo } from "node:net";
import {
  type ServerBuild,
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps,
} from "react-router";
import * as entryServer from "~/entry.server";
import routeConfig from "~/routes";
import { createHttpApp } from "../../server/http-app";

// The whole HTTP app (server/http-app.ts: headers, Origin check, body limits, no-store, then
// React Router rendering every page with app/entry.server.tsx) over the route modules from
// app/routes.ts, served on a free port. What the production build serves, minus the browser
// assets: for tests that send real HTTP requests (limits, headers, the fuzz).

type ConfigEntry = {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: ConfigEntry[];
};

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

const MODULES = import.meta.glob<RouteModule>(
  ["../../app/routes/**/*.{ts,tsx}", "../../app/root.tsx", "!../../app/routes/**/*.test.{ts,tsx}"],
  { eager: true },
);

const wrapped = new Map<string, RouteModule>();

/**
 * A route module as the Vite plugin serves it: its component, error boundary and hydrate
 * fallback get their props (loaderData, params, error) from the router.
 */
function moduleOf(file: string): RouteModule {
  const known = wrapped.get(file);
  if (known) return known;
  const found = MODULES[`../../app/${file}`];
  if (!found) throw new Error(`no module for ${file}`);
  // biome-ignore lint/suspicious/noExplicitAny: the wrappers take any component.
  const mod: Record<string, any> = { ...found };
  if (mod.default) mod.default = UNSAFE_withComponentProps(mod.default);
  if (mod.ErrorBoundary) mod.ErrorBoundary = UNSAFE_withErrorBoundaryProps(mod.ErrorBoundary);
  if (mod.HydrateFallback) {
    mod.HydrateFallback = UNSAFE_withHydrateFallbackProps(mod.HydrateFallback);
  }
  wrapped.set(file, mod as RouteModule);
  return mod as RouteModule;
}

/** React Router's route id: the file without its extension ("routes/public/home"). */
function idOf(entry: ConfigEntry) {
  return entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
}

export type FlatRoute = { id: string; file: string; path: string; index: boolean };

/** Every route of app/routes.ts with its full path ("/property/:id"). */
export function flatRoutes(): FlatRoute[] {
  const out: FlatRoute[] = [];
  const walk = (entries: ConfigEntry[], parentPath: string) => {
    for (const entry of entries) {
      const path = entry.path
        ? `${parentPath.replace(/\/$/, "")}/${entry.path}`
        : parentPath || "/";
      out.push({ id: idOf(entry), file: entry.file, path, index: Boolean(entry.index) });
      walk(entry.children ?? [], path);
    }
  };
  walk(routeConfig as ConfigEntry[], "");
  return out;
}

/** The route modules by file ("routes/public/home.tsx"). */
export function routeModule(file: string): RouteModule {
  return moduleOf(file);
}

/** A ServerBuild as the React Router Vite plugin makes it, from the sources. */
export function createTestBuild(onError?: (error: unknown) => void): ServerBuild {
  const routes: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: moduleOf("root.tsx") },
  };
  const assetRoutes: ServerBuild["assets"]["routes"] = {};
  const add = (entries: ConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = idOf(entry);
      routes[id] = {
        id,
        parentId,
        path: entry.path,
        index: entry.index,
        caseSensitive: entry.caseSensitive,
        module: moduleOf(entry.file),
      };
      add(entry.children ?? [], id);
    }
  };
  add(routeConfig as ConfigEntry[], "root");
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const mod = route.module;
    assetRoutes[route.id] = {
      id: route.id,
      parentId: route.parentId,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      module: `/test-assets/${route.id}.js`,
      hasAction: Boolean(mod.action),
      hasLoader: Boolean(mod.loader),
      hasClientAction: false,
      hasClientLoader: false,
      hasClientMiddleware: false,
      hasErrorBoundary: Boolean(mod.ErrorBoundary),
      clientActionModule: undefined,
      clientLoaderModule: undefined,
      clientMiddlewareModule: undefined,
      hydrateFallbackModule: undefined,
    };
  }
  return {
    entry: {
      module: {
        ...entryServer,
        handleError: (error: unknown, { request }: { request: Request }) => {
          if (!request.signal.aborted) onError?.(error);
        },
      },
    },
    routes,
    assets: {
      entry: { module: "/test-assets/entry.client.js", imports: [] },
      routes: assetRoutes,
      url: "/test-assets/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {
      v8_middleware: true,
      v8_passThroughRequests: true,
      v8_trailingSlashAwareDataRequests: true,
    },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    // As react-router.config.ts; the type wants a manifest path even when no manifest is served.
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as ServerBuild;
}

export type TestServer = { origin: string; port: number; close: () => Promise<void> };

/** Serves the HTTP app on 127.0.0.1 and a free port; close() when done. */
export async function startTestServer(
  onError: (error: unknown) => void = (error) => console.error(error),
): Promise<TestServer> {
  const app = createHttpApp(createTestBuild(onError));
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest as one cached script (assets/manifest-*.js) instead of a partial
  // manifest computed for every page rendered and fetched again from /__manifest before a link
  // to an unseen route works: see README "Speed".
  routeDiscovery: { mode: "initial" },
  // Every v8 flag is on so the move to React Router 8 is a version bump (STACK-NOTES.md).
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;

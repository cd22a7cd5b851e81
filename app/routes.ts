import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

// The whole URL map. Public pages share the site layout (header and footer).
export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("properties", "routes/public/properties.tsx"),
    route("property/:id", "routes/public/property.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
  route("healthz", "routes/resources/healthz.ts"),
  route("media/*", "routes/resources/media.ts"),
] satisfies RouteConfig;

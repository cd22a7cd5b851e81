import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The whole HTTP app (security headers, request log, React Router handler) is built into
  // build/server/index.js so the server and the routes share one module graph and one
  // database handle.
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  ssr: { external: ["@electric-sql/pglite", "pg", "sharp", "pino"] },
});

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The whole HTTP app (security headers, request log, React Router handler) is built into
  // build/server/index.js so the server and the routes share one module graph and one
  // database handle.
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    // Browser code: the app's own helpers and components that at least four pages share go
    // into one chunk. Split file by file they made ~30 scripts per page, each paying its own
    // request and headers on a slow phone connection (bench/page-weight). The admin screens'
    // components (and the UI kit parts only they use) go into a chunk of their own, which no
    // public page loads: 30 KB less script on every public page.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "shared",
                  test: /[\\/]app[\\/](lib|components[\\/](?!admin[\\/]|ui[\\/](data-table|sidebar|tooltip)\b))/,
                  minShareCount: 4,
                  priority: 2,
                },
                {
                  name: "admin",
                  test: /[\\/]app[\\/]components[\\/](admin|ui)[\\/]/,
                  minShareCount: 2,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  ssr: { external: ["@electric-sql/pglite", "pg", "sharp", "pino"] },
});

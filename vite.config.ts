import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  // The whole HTTP app (security headers, request log, React Router handler) is built into
  // build/server/index.js so the server and the routes share one module graph and one
  // database handle.
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    // Browser code: the app's own helpers and components, and the icons, that at least four
    // pages share go into one chunk. Split file by file they made ~30 scripts per page, each
    // paying its own request and headers on a slow phone connection (bench/page-weight).
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "shared",
                  test: /[\\/]app[\\/](lib|components)[\\/]|node_modules[\\/]lucide-react/,
                  minShareCount: 4,
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

import { defineConfig } from "drizzle-kit";

// Only used to generate SQL migrations from app/db/schema.ts; no connection needed.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema.ts",
  out: "./drizzle",
});

import { defineConfig } from "drizzle-kit";

// Only used to generate migrations (`npx drizzle-kit generate`); the app migrates from code.
export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema/*.ts",
  out: "./app/db/migrations",
});

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { reactRouterHonoServer } from "react-router-hono-server/dev";
import { defineConfig } from "vite";
import path from "node:path";

export default defineConfig({
  plugins: [reactRouterHonoServer({ serverEntryPoint: "server/index.ts" }), tailwindcss(), reactRouter()],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: { target: "es2022" },
  ssr: { external: ["@electric-sql/pglite", "sharp", "pg", "@node-rs/argon2"] },
});

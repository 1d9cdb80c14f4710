import type { Config } from "@react-router/dev/config";

declare module "react-router" {
  interface Future {
    v8_middleware: true;
  }
}

export default {
  ssr: true,
  // BUILD_DIR lets parallel work build beside the main build without replacing its assets.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  future: { v8_middleware: true },
  routeDiscovery: { mode: "initial" },
} satisfies Config;

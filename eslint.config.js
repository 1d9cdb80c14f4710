import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build*/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "import-x": importX },
    languageOptions: { globals: { process: "readonly", console: "readonly" } },
    settings: {
      "import-x/resolver": { typescript: { project: "./tsconfig.json" } },
      // TypeScript modules are read for their imports too (no-cycle follows them).
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      // Imports flow one way (docs/style.md): routes and server/api -> features -> shared.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./app/features", from: "./app/routes", message: "Features do not import routes." },
            { target: "./app/features", from: "./server", message: "Features do not import the HTTP layer." },
            { target: "./app/components", from: "./app/routes", message: "Components do not import routes." },
            { target: "./app/components", from: "./server", message: "Components do not import the HTTP layer." },
            {
              // The demo seed (app/db/seed) composes features and is left out on purpose.
              target: ["./app/db/schema", "./app/db/client.server.ts", "./app/utils", "./app/i18n"],
              from: ["./app/features", "./app/routes", "./server"],
              message: "Shared code does not import features, routes or the HTTP layer.",
            },
          ],
        },
      ],
      // No import circles: a module and what it imports can be read in order (docs/style.md).
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // No barrels: a name is imported from the module that defines it.
      "no-restricted-syntax": [
        "error",
        { selector: "ExportAllDeclaration", message: "No re-exports: import from the module that defines it." },
        {
          selector: "ExportNamedDeclaration[source]",
          message: "No re-exports: import from the module that defines it.",
        },
      ],
    },
  },
  {
    // The shared UI tier (app/components) serves every feature and imports none of their code; a
    // type of a feature's wire data (the root loader's company info) carries no code and may be named.
    files: ["app/components/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/features/*", "../features/*"],
              allowTypeImports: true,
              message: "Shared components import no feature: move the component into its feature.",
            },
          ],
        },
      ],
    },
  },
  {
    // The whole route manifest is sent up front (routeDiscovery "initial"): links and forms come
    // from app/components/router-links.tsx, which leaves out the lazy-discovery attribute.
    files: ["app/**/*.tsx"],
    ignores: ["app/components/router-links.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-router",
              importNames: ["Link", "NavLink", "Form"],
              message: "Import Link, NavLink and Form from ~/components/router-links.",
            },
          ],
        },
      ],
    },
  },
  {
    // Plain scripts (bench, start): Node with browser code evaluated inside Chromium.
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ["**/*.test.ts", "tests/**"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
);

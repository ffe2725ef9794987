import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";

// The house's import rules (issue 28, item 3; docs/decisions/0058-import-rules.md): no import
// circles, and the layers import downwards only. Routes may import anything in app/, workers anything.
export const LAYERS = [
  {
    target: "./app/domain",
    from: ["./app/data", "./app/services", "./app/routes", "./app/components", "./workers"],
    message: "app/domain holds pure rules: it imports no storage, services, routes, components or workers.",
  },
  {
    target: "./app/data",
    from: ["./app/services", "./app/routes", "./app/components", "./workers"],
    message: "app/data is storage access: it imports no services, routes, components or workers.",
  },
  {
    target: "./app/components",
    from: ["./app/data", "./workers"],
    message: "Components get their data from loaders: they import no storage access (app/data) or workers.",
  },
  // workers/ holds the Worker's entry points (fetch, queue, scheduled, the Durable Object): they sit on top, and the app owns what they share with it (the queue's messages are app/domain/queue-messages.ts).
  {
    target: "./app",
    from: ["./workers"],
    message:
      "app/ imports nothing from workers/: the entry points import the app, never the other way (the queue's messages are app/domain/queue-messages.ts).",
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      ".wrangler/",
      "node_modules/",
      "worker-configuration.d.ts",
      ".tmp/",
      "playwright-report/",
      "test-results/",
      ".test-reports/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: "readonly",
        process: "readonly",
        URL: "readonly",
        fetch: "readonly",
        crypto: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        TextEncoder: "readonly",
        Buffer: "readonly",
        URLSearchParams: "readonly",
        AbortSignal: "readonly",
        Request: "readonly",
      },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-namespace": "off",
      // Files of one purpose (issue 28, item 2): a file past 300 lines of code holds more than one thing.
      // Counted after Prettier has formatted it (issue 48), blank lines and comments aside.
      "max-lines": ["error", { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "workers/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.cloudflare.json" })],
    },
    rules: {
      // A type-only import is a circle too: it ties two modules' meaning together.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { zones: LAYERS }],
    },
  },
);

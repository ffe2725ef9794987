import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { importCircles } from "./import-circles.mjs";

// The house's import rules fail on a planted break (issue 28, item 3): a circle, whether of
// values, of types only or through import(), and a layer importing upwards.

describe("import circles", () => {
  it("finds a circle of types only and one through a lazy import(), not a one-way import", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "circles-"));
    const files = {
      "context.ts":
        'import type { SessionUser } from "./session";\nexport interface AppContext { user: SessionUser }\n',
      "session.ts":
        'import type { AppContext } from "./context";\nexport interface SessionUser { id: string }\nexport const read = (app: AppContext) => app.user;\n',
      "header.tsx":
        'import { lazy } from "react";\nexport const Drawer = lazy(() => import("./drawer"));\nexport const initials = (s: string) => s[0];\n',
      "drawer.tsx":
        'import { initials } from "./header";\nexport default function Drawer() { return initials("A"); }\n',
      "money.ts": "export const gbp = (p: number) => `£${p / 100}`;\n",
      "card.tsx": 'import { gbp } from "./money";\nexport const price = gbp(100);\n',
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
    const circles = (
      await importCircles([dir], { baseDir: dir, tsConfig: path.resolve("tsconfig.cloudflare.json") })
    ).map((c) => [...c].sort().join(" "));
    expect(circles.sort()).toEqual(["context.ts session.ts", "drawer.tsx header.tsx"]);
  });
});

describe("layers", () => {
  const eslint = new ESLint();
  const ruleErrors = async (filePath, code) =>
    (await eslint.lintText(code, { filePath }))[0].messages
      .filter((m) => m.ruleId === "import-x/no-restricted-paths")
      .map((m) => m.message);

  it("refuses storage, services or routes in the domain, services in storage, and storage in components", async () => {
    expect(
      await ruleErrors(
        "app/domain/planted.ts",
        'import { database } from "../data/db.server";\nexport const d = database;\n',
      ),
    ).toEqual([expect.stringContaining("app/domain holds pure rules")]);
    expect(
      await ruleErrors(
        "app/domain/planted.ts",
        'import { notify } from "../services/notify.server";\nexport const n = notify;\n',
      ),
    ).toHaveLength(1);
    expect(
      await ruleErrors(
        "app/data/planted.server.ts",
        'import { notify } from "../services/notify.server";\nexport const n = notify;\n',
      ),
    ).toEqual([expect.stringContaining("app/data is storage access")]);
    expect(
      await ruleErrors(
        "app/components/planted.tsx",
        'import type { CartLine } from "../data/cart.server";\nexport type L = CartLine;\n',
      ),
    ).toEqual([expect.stringContaining("Components get their data from loaders")]);
  });

  it("lets each layer import the layers below it", async () => {
    expect(
      await ruleErrors(
        "app/services/planted.server.ts",
        'import { database } from "../data/db.server";\nimport { formatGBP } from "../domain/money";\nexport const x = [database, formatGBP];\n',
      ),
    ).toEqual([]);
    expect(
      await ruleErrors(
        "app/components/planted.tsx",
        'import { formatGBP } from "../domain/money";\nexport const x = formatGBP;\n',
      ),
    ).toEqual([]);
  });
});

describe("file length", () => {
  const eslint = new ESLint();
  const lengthErrors = async (filePath, lines) =>
    (
      await eslint.lintText(Array.from({ length: lines }, (_, i) => `export const x${i} = ${i};`).join("\n"), {
        filePath,
      })
    )[0].messages.filter((m) => m.ruleId === "max-lines");

  it("refuses a source or test file over 300 lines (issue 28, item 2) and lets one of 300 be", async () => {
    expect(await lengthErrors("app/domain/planted.ts", 301)).toHaveLength(1);
    expect(await lengthErrors("tests/integration/planted.test.ts", 301)).toHaveLength(1);
    expect(await lengthErrors("app/domain/planted.ts", 300)).toEqual([]);
  });
});

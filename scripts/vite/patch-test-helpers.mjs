// Helpers of the library patches' tests (decisions 0110, 0111): a patch applied to the installed
// library's own file, and the patched file loaded beside it.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** An installed package's folder (their exports name neither package.json nor these files). */
export const packageDir = (name) => fileURLToPath(new URL(`../../node_modules/${name}`, import.meta.url));

/** A plugin's transform of a file's text, failing as the build would. */
export const transform = (plugin, code, id) =>
  plugin.transform.call(
    {
      error: (message) => {
        throw new Error(message);
      },
    },
    code,
    id,
  );

// Inside the project, so a patched file's own imports of packages ("react") resolve as the library's do.
const scratch = fileURLToPath(new URL("../../node_modules/.cache/library-patch/", import.meta.url));

/** The patched file written beside the test run, its relative imports pointed at the library's own files. */
export async function loadPatched(plugin, file) {
  const out = transform(plugin, readFileSync(file, "utf8"), file);
  const code = out.code
    .replace(/\/\/# sourceMappingURL=.*/, "")
    .replace(
      /from "(\.\.?\/[^"]+)"/g,
      (_, name) => `from ${JSON.stringify(pathToFileURL(path.join(path.dirname(file), name)).href)}`,
    );
  mkdirSync(scratch, { recursive: true });
  const where = path.join(scratch, `${path.basename(file, ".js")}-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(where, code);
  try {
    return await import(pathToFileURL(where).href);
  } finally {
    rmSync(where, { force: true });
  }
}

/** The app's source files (app/, .ts and .tsx) whose text matches `pattern`: what asks for a feature a patch left out. */
export function appFilesAsking(pattern) {
  const files = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? files(path.join(dir, entry.name))
        : /\.tsx?$/.test(entry.name)
          ? [path.join(dir, entry.name)]
          : [],
    );
  return files(fileURLToPath(new URL("../../app", import.meta.url))).filter((file) =>
    pattern.test(readFileSync(file, "utf8")),
  );
}

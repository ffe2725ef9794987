// No import circles (issue 28, item 3): every import between our modules counts, type-only and
// dynamic ones included (eslint-plugin-import-x's no-cycle skips type imports, and a circle of
// types ties two modules' meaning together as much as one of values). madge draws the graph.
// `npm run lint` runs it over app/, workers/ and db/; it exits 1 and names each circle found.
import madge from "madge";

export const DIRS = ["app", "workers", "db"];

/** The circles among the modules under `dirs`, each as the list of its files. */
export async function importCircles(
  dirs = DIRS,
  { baseDir = process.cwd(), tsConfig = "tsconfig.cloudflare.json" } = {},
) {
  const graph = await madge(dirs, {
    baseDir,
    fileExtensions: ["ts", "tsx", "mjs", "js"],
    excludeRegExp: [/\.test\.(ts|mjs)$/, /node_modules/, /\+types/],
    tsConfig,
    // Type imports and import() are edges too (detective-typescript's defaults, said out loud).
    detectiveOptions: {
      ts: { skipTypeImports: false, skipAsyncImports: false },
      tsx: { skipTypeImports: false, skipAsyncImports: false },
    },
  });
  return graph.circular();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const circles = await importCircles();
  if (circles.length > 0) {
    console.error(`Import circles (${circles.length}): move what both sides need to a module both import.`);
    for (const circle of circles) console.error(`  ${[...circle, circle[0]].join(" → ")}`);
    process.exit(1);
  }
  console.log(`No import circles in ${DIRS.join(", ")}.`);
}

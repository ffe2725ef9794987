// Vite plugins that change a library's file in the Worker's build (decisions 0110 and 0111), or in
// the browser's (decision 0133): each replaces texts that must appear exactly once, or the build
// fails and says which decision to read, so an upgrade that changes the library is seen rather
// than quietly losing the patch. The development server and the integration tests run the
// libraries unchanged; the browser tests, the bench and production run the build.
import { parseAst } from "vite";

/**
 * A build plugin that makes `replacements` in the files `file` matches, in the environments
 * `environments` names (all if none). Each is a [text, replacement] pair, the text found exactly
 * once; or a [start, end, replacement] range (decision 0147), from a start found exactly once to
 * the first end after it, for a stretch of a library too long to quote whole. `functions` gives
 * new bodies to top-level functions by name (decision 0149), each declared exactly once, and
 * `statements` drops the top-level statements that begin with one of its texts (each must begin
 * at least one): a library's own functions stay declared, so nothing that still calls one breaks.
 */
export function libraryPatch({
  name,
  library,
  decision,
  file,
  replacements = [],
  functions,
  statements,
  environments,
}) {
  return {
    name: `closetloop:${name}`,
    apply: "build",
    ...(environments ? { applyToEnvironment: (environment) => environments.includes(environment.name) } : {}),
    transform(code, id) {
      if (!file.test(id)) return null;
      const changed = (what) => this.error(`${what} in ${id}: ${library} changed; see decision ${decision}.`);
      let out = code;
      for (const entry of replacements) {
        const [text, end, replacement] = entry.length === 3 ? entry : [entry[0], null, entry[1]];
        const found = out.split(text).length - 1;
        const at = out.indexOf(text);
        const to = end === null ? at + text.length : out.indexOf(end, at + text.length);
        if (found !== 1 || to < 0)
          changed(
            `${JSON.stringify(text.split("\n")[0])} appears ${found} times${found === 1 ? ` with no ${JSON.stringify(end)} after it` : ", not once"}`,
          );
        out = out.slice(0, at) + replacement + out.slice(end === null ? to : to + end.length);
      }
      if (functions || statements) out = patchTopLevel(out, functions ?? {}, statements ?? [], changed);
      return { code: out, map: null };
    },
  };
}

function patchTopLevel(code, functions, statements, changed) {
  const edits = [];
  const seen = new Map(Object.keys(functions).map((name) => [name, 0]));
  const dropped = new Map(statements.map((text) => [text, 0]));
  for (const node of parseAst(code).body) {
    if (node.type === "FunctionDeclaration" && seen.has(node.id.name)) {
      seen.set(node.id.name, seen.get(node.id.name) + 1);
      edits.push([node.body.start, node.body.end, functions[node.id.name]]);
    } else if (node.type === "ExpressionStatement") {
      const text = statements.find((start) => code.startsWith(start, node.start));
      if (text === undefined) continue;
      dropped.set(text, dropped.get(text) + 1);
      edits.push([node.start, node.end, ""]);
    }
  }
  for (const [fn, count] of seen) if (count !== 1) changed(`function ${fn} is declared ${count} times, not once`);
  for (const [text, count] of dropped) if (count === 0) changed(`no statement begins ${JSON.stringify(text)}`);
  let out = code;
  for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + text + out.slice(end);
  return out;
}

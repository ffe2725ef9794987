// Vite plugins that change a library's file in the Worker's build (decisions 0110 and 0111), or in
// the browser's (decision 0133): each replaces texts that must appear exactly once, or the build
// fails and says which decision to read, so an upgrade that changes the library is seen rather
// than quietly losing the patch. The development server and the integration tests run the
// libraries unchanged; the browser tests, the bench and production run the build.

/**
 * A build plugin that makes `replacements` in the files `file` matches, in the environments
 * `environments` names (all if none). Each is a [text, replacement] pair, the text found exactly
 * once; or a [start, end, replacement] range (decision 0147), from a start found exactly once to
 * the first end after it, for a stretch of a library too long to quote whole.
 */
export function libraryPatch({ name, library, decision, file, replacements, environments }) {
  return {
    name: `closetloop:${name}`,
    apply: "build",
    ...(environments ? { applyToEnvironment: (environment) => environments.includes(environment.name) } : {}),
    transform(code, id) {
      if (!file.test(id)) return null;
      let out = code;
      for (const entry of replacements) {
        const [text, end, replacement] = entry.length === 3 ? entry : [entry[0], null, entry[1]];
        const found = out.split(text).length - 1;
        const at = out.indexOf(text);
        const to = end === null ? at + text.length : out.indexOf(end, at + text.length);
        if (found !== 1 || to < 0)
          this.error(
            `${JSON.stringify(text.split("\n")[0])} appears ${found} times in ${id}${found === 1 ? ` with no ${JSON.stringify(end)} after it` : ", not once"}: ${library} changed; see decision ${decision}.`,
          );
        out = out.slice(0, at) + replacement + out.slice(end === null ? to : to + end.length);
      }
      return { code: out, map: null };
    },
  };
}

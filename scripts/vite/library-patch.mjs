// Vite plugins that change a library's file in the Worker's build (decisions 0110 and 0111), or in
// the browser's (decision 0133): each replaces texts that must appear exactly once, or the build
// fails and says which decision to read, so an upgrade that changes the library is seen rather
// than quietly losing the patch. The development server and the integration tests run the
// libraries unchanged; the browser tests, the bench and production run the build.

/**
 * A build plugin that makes `replacements` ([text, replacement] pairs, each text found exactly
 * once) in the files `file` matches, in the environments `environments` names (all if none).
 */
export function libraryPatch({ name, library, decision, file, replacements, environments }) {
  return {
    name: `closetloop:${name}`,
    apply: "build",
    ...(environments ? { applyToEnvironment: (environment) => environments.includes(environment.name) } : {}),
    transform(code, id) {
      if (!file.test(id)) return null;
      let out = code;
      for (const [text, replacement] of replacements) {
        const found = out.split(text).length - 1;
        if (found !== 1)
          this.error(
            `${JSON.stringify(text.split("\n")[0])} appears ${found} times in ${id}, not once: ${library} changed; see decision ${decision}.`,
          );
        out = out.replace(text, () => replacement);
      }
      return { code: out, map: null };
    },
  };
}

// A Vite plugin for the Worker's build (decision 0110). React's Node server build measures every
// chunk it writes with `Buffer.byteLength(chunk, "utf8")`, only to decide whether a completed
// Suspense boundary is streamed apart (above 500 bytes, or past its progressive chunk size). In
// workerd that call goes through the nodejs_compat Buffer polyfill and its global getter: 7–9% of
// a dashboard's CPU (admin Users, admin Financial). A string chunk is counted by its length
// instead: the same for ASCII markup, less for other text, so a boundary is, if anything, kept
// inline — what a page without JavaScript needs (an outlined boundary waits for a script).
// If React's text changes, the build fails here rather than quietly losing this.

const FILE = /react-dom[\\/]cjs[\\/]react-dom-server\.node\.production\.js$/;
const CALL = 'Buffer.byteLength(chunk, "utf8")';

/** React's server build with its string chunks counted by their length (the build's SSR bundle). */
export function reactChunkBytes() {
  return {
    name: "closetloop:react-chunk-bytes",
    apply: "build",
    transform(code, id) {
      if (!FILE.test(id)) return null;
      const calls = code.split(CALL).length - 1;
      if (calls !== 1)
        this.error(`${CALL} appears ${calls} times in ${id}, not once: React changed; see decision 0110.`);
      return { code: code.replace(CALL, "chunk.length"), map: null };
    },
  };
}

// React's Node server build measures every chunk it writes with `Buffer.byteLength(chunk,
// "utf8")`, only to decide whether a completed Suspense boundary is streamed apart (above 500
// bytes, or past its progressive chunk size). In workerd that call goes through the nodejs_compat
// Buffer polyfill and its global getter: 7–9% of a dashboard's CPU (admin Users, admin Financial).
// A string chunk is counted by its length instead: the same for ASCII markup, less for other
// text, so a boundary is, if anything, kept inline — what a page without JavaScript needs (an
// outlined boundary waits for a script). Decision 0110.
import { libraryPatch } from "./library-patch.mjs";

/** React's server build with its string chunks counted by their length (the build's SSR bundle). */
export const reactChunkBytes = () =>
  libraryPatch({
    name: "react-chunk-bytes",
    library: "React",
    decision: "0110",
    file: /react-dom[\\/]cjs[\\/]react-dom-server\.node\.production\.js$/,
    replacements: [['Buffer.byteLength(chunk, "utf8")', "chunk.length"]],
  });

// React's Node server build writes a page as thousands of small pieces (a tag's start, an
// attribute, a text), and encodes each string piece into its byte buffer with its own
// `TextEncoder.encodeInto` call on a fresh view of the buffer; its fixed pieces are kept as bytes.
// In workerd each of those calls crosses into the runtime: on a dashboard with a long table the
// writing was 18% of the CPU (admin Users: `writeChunk` 13.6%, `encodeInto` 4.6%). In the Worker's
// build the fixed pieces stay strings, as React's own Bun build keeps them, and string pieces are
// joined and encoded once per PENDING_TEXT characters and at the end of each flush (React ends
// every flush with `completeWriting`), so a page streams as before, in fewer and larger pieces.
// A piece given as bytes first writes out what is pending, keeping the order. Decision 0111.
import { libraryPatch } from "./library-patch.mjs";

export const PENDING_TEXT = 8192;

/** React's server build joining its text before encoding it (the build's SSR bundle). */
export const reactTextChunks = () =>
  libraryPatch({
    name: "react-text-chunks",
    library: "React",
    decision: "0111",
    file: /react-dom[\\/]cjs[\\/]react-dom-server\.node\.production\.js$/,
    environments: ["ssr"],
    replacements: [
      [
        'function writeChunk(destination, chunk) {\n  if ("string" === typeof chunk) {',
        `var pendingText = "";
function writePendingText(destination) {
  0 < writtenBytes &&
    (writeToDestination(destination, currentView.subarray(0, writtenBytes)),
    (currentView = new Uint8Array(4096)),
    (writtenBytes = 0));
  0 < pendingText.length &&
    (writeToDestination(destination, textEncoder.encode(pendingText)),
    (pendingText = ""));
}
function writeChunk(destination, chunk) {
  if ("string" === typeof chunk) {
    pendingText += chunk;
    ${PENDING_TEXT} <= pendingText.length && writePendingText(destination);
    return;
  }
  writePendingText(destination);
  if (!1) {`,
      ],
      [
        "function completeWriting(destination) {\n",
        "function completeWriting(destination) {\n  writePendingText(destination);\n",
      ],
      [
        "function stringToPrecomputedChunk(content) {\n  return textEncoder.encode(content);\n}",
        "function stringToPrecomputedChunk(content) {\n  return content;\n}",
      ],
    ],
  });

// React Router asks, for every request and again for every route loader, whether it runs inside
// its own build's prerendering (`process.env.IS_RR_BUILD_REQUEST`), to read a header only then.
// In the Worker `process.env` is a getter of the Node compatibility layer: ~1% of a page's CPU,
// for an answer that does not change while the isolate lives. The Worker's build asks once, at
// the first request, and keeps the answer. Decision 0111.
import { libraryPatch } from "./library-patch.mjs";

/** React Router's getBuildTimeHeader, its environment read once (the build's SSR bundle). */
export const reactRouterBuildHeaderOnce = () =>
  libraryPatch({
    name: "react-router-build-header-once",
    library: "React Router",
    decision: "0111",
    file: /react-router[\\/]dist[\\/]production[\\/]lib[\\/]server-runtime[\\/]dev\.js$/,
    environments: ["ssr"],
    replacements: [
      [
        `function getBuildTimeHeader(request, headerName) {
\tif (typeof process !== "undefined") try {
\t\tif (process.env.hasOwnProperty("IS_RR_BUILD_REQUEST") && process.env.IS_RR_BUILD_REQUEST === "yes") return request.headers.get(headerName);
\t} catch {}
\treturn null;
}`,
        `let isBuildRequest;
function getBuildTimeHeader(request, headerName) {
\tif (isBuildRequest === void 0) {
\t\tisBuildRequest = false;
\t\tif (typeof process !== "undefined") try {
\t\t\tisBuildRequest = process.env.hasOwnProperty("IS_RR_BUILD_REQUEST") && process.env.IS_RR_BUILD_REQUEST === "yes";
\t\t} catch {}
\t}
\treturn isBuildRequest ? request.headers.get(headerName) : null;
}`,
      ],
    ],
  });

// React Router gives every middleware, data strategy, loader and action a `url`: the request's
// address made again from the request for the route's path (`createDataFunctionUrl`: the URL
// parsed, its query parsed and written back, its path, query and hash set). A document request
// made it five times or more: for the middleware, the data strategy and each route's loader. No
// loader, action or middleware of this app reads it (they read `request.url`), and on a listing
// with a query string it was 2.3% of the Worker's CPU. The Worker's build makes it when it is read:
// `url` is a getter that makes the same URL as React Router's own, and the copies React Router
// makes of those arguments keep it a getter (decision 0136).
import { libraryPatch } from "./library-patch.mjs";

/**
 * The patched router's helpers: `keepUrl` turns `url` into the plain property React Router's own
 * sets (at its first read, or when a caller sets it), so reading it again gives the same URL; a
 * copy of the arguments without `leave` reads the original's `url` when its own is read (a
 * spread would make it at once).
 */
export const URL_WHEN_READ_HELPERS = `function keepUrl(args, value) {
\tObject.defineProperty(args, "url", { value, writable: true, enumerable: true, configurable: true });
\treturn value;
}
function argsWithUrlWhenRead(args, leave) {
\tconst copy = {
\t\tget url() {
\t\t\treturn args.url;
\t\t},
\t\tset url(value) {
\t\t\tkeepUrl(this, value);
\t\t}
\t};
\tfor (const key of Object.keys(args)) if (key !== leave && key !== "url") copy[key] = args[key];
\treturn copy;
}
`;

/** `url` as a getter made from the request and a path (`indent`: the line's tabs), for an object literal. */
const urlGetter = (indent, pathName) =>
  `${indent}get url() {\n${indent}\treturn keepUrl(this, createDataFunctionUrl(request, ${pathName}));\n${indent}},\n${indent}set url(value) {\n${indent}\tkeepUrl(this, value);\n${indent}},`;

/** A site where React Router writes `url: createDataFunctionUrl(request, path)` after `head`, and its getter. */
const urlAt = (head, indent, pathName) => [
  `${head}${indent}url: createDataFunctionUrl(request, ${pathName}),`,
  `${head}${urlGetter(indent, pathName)}`,
];

/** The static handler's calls of middleware, data strategy, loaders and actions (router.js). */
export const routerUrlWhenRead = () =>
  libraryPatch({
    name: "react-router-url-when-read",
    library: "React Router",
    decision: "0136",
    file: /react-router[\\/]dist[\\/]production[\\/]lib[\\/]router[\\/]router\.js$/,
    environments: ["ssr"],
    replacements: [
      // query(): the middleware's arguments.
      urlAt(
        "\t\t\t\tlet response = await runServerMiddlewarePipeline({\n\t\t\t\t\trequest,\n",
        "\t\t\t\t\t",
        "location",
      ),
      // queryRoute(): the same for a resource route.
      urlAt("\t\t\treturn await runServerMiddlewarePipeline({\n\t\t\t\trequest,\n", "\t\t\t\t", "location"),
      // Each middleware gets the arguments without `matches`: copied with the getter kept.
      [
        "\tlet { matches, ...dataFnArgs } = args;",
        '\tlet { matches } = args;\n\tlet dataFnArgs = argsWithUrlWhenRead(args, "matches");',
      ],
      // The data strategy's arguments, and the copy it is called with.
      urlAt("\tlet dataStrategyArgs = {\n\t\trequest,\n", "\t\t", "path"),
      [
        "\tlet results = await dataStrategyImpl({\n\t\t...dataStrategyArgs,\n\t\tfetcherKey,\n\t\trunClientMiddleware\n\t});",
        "\tlet results = await dataStrategyImpl(Object.assign(argsWithUrlWhenRead(dataStrategyArgs), {\n\t\tfetcherKey,\n\t\trunClientMiddleware\n\t}));",
      ],
      // A loader's or action's arguments.
      urlAt("\t\t\treturn handler({\n\t\t\t\trequest,\n", "\t\t\t\t", "path"),
      [
        "async function defaultDataStrategy(args) {",
        `${URL_WHEN_READ_HELPERS}async function defaultDataStrategy(args) {`,
      ],
    ],
  });

/** The server runtime's call of a route module's loader or action (data.js): `url` passed on when read. */
export const routeHandlerUrlWhenRead = () =>
  libraryPatch({
    name: "react-router-route-handler-url-when-read",
    library: "React Router",
    decision: "0136",
    file: /react-router[\\/]dist[\\/]production[\\/]lib[\\/]server-runtime[\\/]data\.js$/,
    environments: ["ssr"],
    replacements: [
      [
        "\t\trequest: args.request,\n\t\turl: args.url,",
        '\t\trequest: args.request,\n\t\tget url() {\n\t\t\treturn args.url;\n\t\t},\n\t\tset url(value) {\n\t\t\tObject.defineProperty(this, "url", { value, writable: true, enumerable: true, configurable: true });\n\t\t},',
      ],
    ],
  });

export const reactRouterUrlWhenRead = () => [routerUrlWhenRead(), routeHandlerUrlWhenRead()];

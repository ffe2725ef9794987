// React Router's work at every server render that the page does not need (decision 0114):
// - The loader data is encoded for the browser by turbo-stream's `flatten`: it called the clock
//   for every value (to yield in a browser after a millisecond, checked every 6,000 values), made
//   a closure per value, an array per value seen before (only ever turned into its digits) and a
//   list of key texts per object, joined. The Worker's build encodes the same bytes without them:
//   10% of the home page's CPU was this encoding.
// - A link and a form make their click and submit handlers from the router (`useLinkClickHandler`,
//   `useSubmit`: the navigator, the location, the target resolved again). A server render never
//   clicks nor submits, and a handler is not written into the markup: the Worker's build gives
//   them a handler that does nothing. The browser's build is React Router's own.
import { libraryPatch } from "./library-patch.mjs";

/** turbo-stream's flatten (the build's SSR bundle), the same text encoded with less work. */
export const reactRouterFlattenLean = () =>
  libraryPatch({
    name: "react-router-flatten-lean",
    library: "React Router",
    decision: "0114",
    file: /react-router[\\/]dist[\\/]production[\\/]vendor[\\/]turbo-stream-v2[\\/]flatten\.js$/,
    environments: ["ssr"],
    replacements: [
      // A value seen before: its index, which every caller turns into text ("" + [n] === "" + n).
      [
        "\t\tconst existing = indices.get(value);\n\t\tif (existing) return [existing];",
        "\t\tconst existing = indices.get(value);\n\t\tif (existing) return existing;",
      ],
      [
        `\twhile (stack.length > 0) {
\t\tconst now = getNow();
\t\tif (++i % 6e3 === 0 && now - lastYieldTime >= TIME_LIMIT_MS) {`,
        `\tconst partsForObj = (obj) => {
\t\tconst keys = Object.keys(obj);
\t\tlet out = "";
\t\tfor (let j = 0; j < keys.length; j++) out += (j ? ',"_' : '"_') + flattenValue(keys[j]) + '":' + flattenValue(obj[keys[j]]);
\t\treturn out;
\t};
\twhile (stack.length > 0) {
\t\tif (++i % 6e3 === 0 && getNow() - lastYieldTime >= TIME_LIMIT_MS) {`,
      ],
      [
        '\t\tconst partsForObj = (obj) => Object.keys(obj).map((k) => `"_${flattenValue(k)}":${flattenValue(obj[k])}`).join(",");\n',
        "",
      ],
      // A number here is finite and not -0 (those are codes): its JSON is its text.
      [
        `\t\t\tcase "boolean":
\t\t\tcase "number":
\t\t\tcase "string":
\t\t\t\tstr[index] = JSON.stringify(input);
\t\t\t\tbreak;`,
        `\t\t\tcase "boolean":
\t\t\tcase "number":
\t\t\t\tstr[index] = "" + input;
\t\t\t\tbreak;
\t\t\tcase "string":
\t\t\t\tstr[index] = JSON.stringify(input);
\t\t\t\tbreak;`,
      ],
    ],
  });

/** Link and Form without the click and submit handlers a server render never calls (the build's SSR bundle). */
export const reactRouterNoHandlersOnServer = () =>
  libraryPatch({
    name: "react-router-no-handlers-on-server",
    library: "React Router",
    decision: "0114",
    file: /react-router[\\/]dist[\\/]production[\\/]lib[\\/]dom[\\/]lib\.js$/,
    environments: ["ssr"],
    replacements: [
      [
        `\tlet internalOnClick = useLinkClickHandler(to, {
\t\treplace,
\t\tmask,
\t\tstate,
\t\ttarget,
\t\tpreventScrollReset,
\t\trelative,
\t\tviewTransition,
\t\tdefaultShouldRevalidate,
\t\tuseTransitions
\t});`,
        "\tlet internalOnClick = noHandlerOnServer;",
      ],
      [
        "\tlet submit = useSubmit();\n\tlet formAction = useFormAction(action, { relative });",
        "\tlet submit = noHandlerOnServer;\n\tlet formAction = useFormAction(action, { relative });",
      ],
      ["const Link = React$1.forwardRef(", "const noHandlerOnServer = () => {};\nconst Link = React$1.forwardRef("],
    ],
  });

export const reactRouterRenderLean = () => [reactRouterFlattenLean(), reactRouterNoHandlersOnServer()];

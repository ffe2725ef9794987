// Drizzle asks `is(value, Class)` of every piece of every statement it builds and of every cell it
// maps (is it a string of SQL? a name? a column?), and most answers are "no": each walks the
// value's class chain, looking up a symbol on every class of it. That was 4–10% of a page's CPU
// (5.1% of the product page; more on the admin lists, asked per cell). The answer depends only on
// the value's prototype and the class asked about, so it is remembered for each pair (classes and
// prototypes are few and fixed: drizzle's own, Object's, Array's). A value without a prototype is
// asked the original way. Decision 0111.
import { libraryPatch } from "./library-patch.mjs";

export const REMEMBERED_IS = `const answersOfKind = new WeakMap();
function is(value, type) {
  if (!value || typeof value !== "object") {
    return false;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto === null) {
    return isAsked(value, type);
  }
  let answers = answersOfKind.get(type);
  if (answers === undefined) {
    answersOfKind.set(type, answers = new WeakMap());
  }
  let answer = answers.get(proto);
  if (answer === undefined) {
    answers.set(proto, answer = isAsked(value, type));
  }
  return answer;
}
function isAsked(value, type) {`;

/** Drizzle's `is` with its answer remembered per prototype and class (the build's SSR bundle). */
export const drizzleIsRemembered = () =>
  libraryPatch({
    name: "drizzle-is-remembered",
    library: "drizzle-orm",
    decision: "0111",
    file: /drizzle-orm[\\/]entity\.js$/,
    environments: ["ssr"],
    replacements: [["function is(value, type) {", REMEMBERED_IS]],
  });

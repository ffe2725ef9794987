// A form that does several things names the one it wants in its `intent` field. Each route
// module that dispatches on it exports its `intents`: the action reads the field with
// readIntent(), so an intent that is not in the list never reaches a branch, and the security
// suite (tests/integration/access-matrix.test.ts) reads the same list to try every intent as
// every kind of user.

/** The form's intent when it is one of `intents`, else null. */
export function readIntent<const T extends readonly string[]>(form: FormData, intents: T): T[number] | null {
  const value = form.get("intent");
  return typeof value === "string" && intents.includes(value) ? value : null;
}

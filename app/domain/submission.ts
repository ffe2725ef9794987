import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";

// How an action reads a form through its zod schema (docs/decisions/0062-forms-conform.md):
// Conform's parseWithZod turns the posted fields into the schema's input (dotted names such as
// `billing.city` or `return.line1` become nested objects, and its errors come back under the same
// names), and the first message per field is what the page shows at that field. Pure: FormData in.

/** The message shown at each field, by the field's name (`form` for one about the whole form). */
export type FieldErrors = Partial<Record<string, string>>;

export type FormCheck<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

// Conform reads these two names as its own JSON (a client-side intent and state): a forged one
// would throw or turn the parse into a "validate" round, so a plain form never sends them through.
const RESERVED = new Set(["__intent__", "__state__"]);

/**
 * A group of dotted fields (`billing.*`, `return.*`) as one object of the schema. When none of its
 * fields was sent, each is missing (and says so at its field) rather than the group as a whole.
 */
export const fieldGroup = <Schema extends z.ZodType>(schema: Schema) => z.preprocess((value) => value ?? {}, schema);

/** The first value of each field, as `form.get` reads it: a field sent twice counts once. */
function firstValues(form: FormData) {
  const single = new FormData();
  for (const [name, value] of form) if (!RESERVED.has(name) && !single.has(name)) single.append(name, value);
  return single;
}

/** First message per field, Conform's names (`billing.city`); the root's (`""`) as `form`. */
export function firstMessages(error: Record<string, string[] | null> | null) {
  const errors: Record<string, string> = {};
  for (const [name, messages] of Object.entries(error ?? {})) if (messages?.[0]) errors[name || "form"] ??= messages[0];
  return errors;
}

/**
 * The form checked by its schema. The schemas are written for the form's own text, so Conform's
 * automatic coercion is off: an emptied field stays "" and gets the schema's own message (with it
 * on, a cleared Country would quietly take its default instead of "Country is required").
 */
export function checkForm<Schema extends z.ZodType>(form: FormData, schema: Schema): FormCheck<z.output<Schema>> {
  const submission = parseWithZod(firstValues(form), { schema, disableAutoCoercion: true });
  if (submission.status === "success") return { ok: true, value: submission.value };
  const errors = firstMessages(submission.error);
  // A schema refusing without a message (it cannot with ours) still refuses.
  return { ok: false, errors: Object.keys(errors).length ? errors : { form: "Please check the form" } };
}

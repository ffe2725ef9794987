// Reading the text fields of a staff form (the admin Brands, Categories, Content and Blog forms):
// what a field holds, and which are over their limits. Pure: FormData in.

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;
export type Parsed<T, K extends string = string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<K> };

/** A text field, trimmed and cut at `max` characters ("" when missing). */
export const text = (form: FormData, name: string, max: number) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim().slice(0, max) : "";
};

/**
 * Reads a form's text fields against their limits (the fields' own maxlength, counted the same
 * way): one over its limit is refused at its field in words, not cut and saved (decision 0067).
 * `errors` collects the refusals for the form's other checks to add to.
 */
export function limitedText(form: FormData) {
  const errors: FieldErrors = {};
  const read = (name: string, max: number, label?: string) => {
    const value = form.get(name);
    const typed = typeof value === "string" ? value.replace(/\r\n/g, "\n").trim() : "";
    const most = `at most ${max.toLocaleString("en-GB")} characters`;
    if (typed.length > max) errors[name] = label ? `${label} must be ${most}` : `Use ${most}`;
    return typed.slice(0, max);
  };
  return { read, errors };
}

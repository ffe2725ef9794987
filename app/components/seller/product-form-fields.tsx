import {
  useEffect,
  useId,
  useState,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { useFetcher } from "react-router";
import {
  addTag,
  brandsMatching,
  matchBrand,
  NO_BRAND_FOUND,
  readTags,
  UNKNOWN_BRAND,
} from "../../domain/product-fields";
import { Field, FieldFrame, INPUT_CLASS, invalidProps } from "../forms";
import { showToast } from "../toasts";

export interface SuggestionReply {
  suggestion: { ok: boolean; title: string; message: string };
}

// The seller's product form's own fields (decision 0025): brand with suggestions, tags, and the
// select, textarea and error pieces they share. Split from product-form.tsx (issue 28: files of one
// purpose).

function useEnhanced() {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  return enhanced;
}

export function SelectField({
  label,
  name,
  options,
  error,
  required,
  placeholder,
  ...rest
}: {
  label: string;
  name: string;
  options: readonly (string | { value: string; label: string })[];
  error?: string;
  placeholder: string;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = `field-${name}`;
  return (
    <FieldFrame id={id} label={label} required={required} error={error}>
      <select id={id} name={name} {...invalidProps(id, error)} className={INPUT_CLASS} {...rest}>
        <option value="">{placeholder}</option>
        {options
          .map((o) => (typeof o === "string" ? { value: o, label: o } : o))
          .map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
      </select>
    </FieldFrame>
  );
}

export function TextArea({
  label,
  name,
  error,
  hint,
  ...rest
}: { label: string; name: string; error?: string; hint?: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = `field-${name}`;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <textarea id={id} name={name} rows={3} {...invalidProps(id, error)} className={INPUT_CLASS} {...rest} />
    </FieldFrame>
  );
}

export function BrandField({
  brands,
  defaultValue,
  error,
  action,
  suggestion,
}: {
  brands: readonly string[];
  defaultValue: string;
  error?: string;
  action: string;
  suggestion?: SuggestionReply["suggestion"];
}) {
  const enhanced = useEnhanced();
  const [typed, setTyped] = useState(defaultValue);
  const fetcher = useFetcher<SuggestionReply>();
  const reply = fetcher.data?.suggestion;
  useEffect(() => {
    if (reply) showToast({ type: reply.ok ? "success" : "error", title: reply.title, description: reply.message });
  }, [reply]);
  const listId = useId();
  const trimmed = typed.trim();
  const nothingMatches = trimmed !== "" && brandsMatching(trimmed, brands).length === 0;
  const unknown = trimmed !== "" && matchBrand(trimmed, brands) === null;
  // Without JavaScript the server says whether the brand is known (after a submit); with it, this page does as the seller types.
  const offerSuggestion = enhanced ? unknown : error === UNKNOWN_BRAND;
  const sending = fetcher.state !== "idle";
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="field-brand" className="text-sm font-medium">
        Brand
        <span aria-hidden="true" className="text-red-700">
          {" "}
          *
        </span>
      </label>
      <input
        id="field-brand"
        name="brand"
        list={listId}
        required
        autoComplete="off"
        defaultValue={defaultValue}
        onChange={(e) => setTyped(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "field-brand-error" : "field-brand-hint"}
        className={INPUT_CLASS}
      />
      <datalist id={listId}>
        {brands.map((b) => (
          <option key={b} value={b} />
        ))}
      </datalist>
      {error ? (
        <p id="field-brand-error" className="text-sm text-red-700">
          {error}
        </p>
      ) : enhanced && nothingMatches ? (
        <p id="field-brand-hint" className="text-sm text-stone-700">
          {NO_BRAND_FOUND}
        </p>
      ) : (
        <p id="field-brand-hint" className="text-xs text-stone-600">
          Start typing to choose from the brands in our database.
        </p>
      )}
      {offerSuggestion ? (
        enhanced ? (
          <button
            type="button"
            disabled={sending}
            onClick={() =>
              fetcher.submit({ intent: "suggest_brand", suggestedName: trimmed }, { method: "post", action })
            }
            className="self-start text-sm font-medium text-brand underline disabled:opacity-60"
          >
            {sending ? "Sending..." : `Suggest this brand: ${trimmed}`}
          </button>
        ) : (
          <button
            type="submit"
            name="intent"
            value="suggest_brand"
            formNoValidate
            className="self-start text-sm font-medium text-brand underline"
          >
            Suggest this brand
          </button>
        )
      ) : null}
      {suggestion && !enhanced ? (
        <p
          role={suggestion.ok ? "status" : "alert"}
          className={`text-sm ${suggestion.ok ? "text-emerald-800" : "text-red-700"}`}
        >
          <span className="font-semibold">{suggestion.title}</span> {suggestion.message}
        </p>
      ) : null}
    </div>
  );
}

export function TagsField({ defaultValue, error }: { defaultValue: string; error?: string }) {
  const enhanced = useEnhanced();
  const [tags, setTags] = useState(() => readTags(defaultValue));
  const [typed, setTyped] = useState("");
  if (!enhanced) {
    return (
      <Field
        label="Tags"
        name="tags"
        defaultValue={defaultValue}
        error={error}
        hint="Separate tags with commas, e.g. wool, winter, vintage"
      />
    );
  }
  const add = () => {
    if (!typed.trim()) return;
    setTags((current) => addTag(current, typed));
    setTyped("");
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="field-tag-input" className="text-sm font-medium">
        Tags
      </label>
      {/* A tag typed but not yet added still counts when the form is sent. */}
      <input type="hidden" name="tags" value={(typed.trim() ? addTag(tags, typed) : tags).join(", ")} />
      <div className="flex gap-2">
        <input
          id="field-tag-input"
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "field-tags-error" : "field-tags-hint"}
          className={`${INPUT_CLASS} flex-1`}
        />
        <button
          type="button"
          onClick={add}
          className="rounded-md border border-stone-300 px-3 py-2 text-sm font-medium"
        >
          Add tag
        </button>
      </div>
      {tags.length > 0 ? (
        <ul aria-label="Tags added" className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag} className="flex items-center gap-1 rounded-full bg-stone-200 px-2 py-0.5 text-xs">
              {tag}
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => setTags((current) => current.filter((t) => t !== tag))}
                className="text-stone-600"
              >
                ✕
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id="field-tags-error" className="text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id="field-tags-hint" className="text-xs text-stone-600">
          Type a tag and press Enter or Add tag.
        </p>
      )}
    </div>
  );
}

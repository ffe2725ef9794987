import { FieldFrame, INPUT_CLASS, invalidProps } from "./forms";
import { Panel } from "./kit/panel";
import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

// Form pieces of the admin Brands, Brand Review, Content and Blog screens (decisions 0033, 0034):
// a labelled textarea, select and checkbox with their error at the field, as forms.tsx's Field.

export function TextArea({
  label,
  name,
  error,
  required,
  hint,
  ...rest
}: { label: string; name: string; error?: string; hint?: ReactNode } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = rest.id ?? `field-${name}`;
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      <textarea
        id={id}
        name={name}
        required={required}
        {...invalidProps(id, error)}
        className={INPUT_CLASS}
        {...rest}
      />
    </FieldFrame>
  );
}

export function SelectField({
  label,
  name,
  error,
  options,
  ...rest
}: {
  label: string;
  name: string;
  error?: string;
  options: readonly { value: string; label: string }[];
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = rest.id ?? `field-${name}`;
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select id={id} name={name} {...invalidProps(id, error)} className={INPUT_CLASS} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function Checkbox({
  label,
  name,
  defaultChecked,
  id,
}: {
  label: string;
  name: string;
  defaultChecked?: boolean;
  id?: string;
}) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium" htmlFor={id ?? `field-${name}`}>
      <input
        id={id ?? `field-${name}`}
        type="checkbox"
        name={name}
        defaultChecked={defaultChecked}
        className="size-4"
      />
      {label}
    </label>
  );
}

/** The field errors an action answered with (400), if any. */
export function fieldErrors(actionData: unknown, form?: string): Record<string, string> {
  const answer = actionData as { errors?: Record<string, string>; form?: string } | undefined;
  if (!answer?.errors) return {};
  return form === undefined || answer.form === form ? answer.errors : {};
}

/** The values a refused form was sent with, to fill it in again. */
export function sentValues(actionData: unknown, form: string): Record<string, string> | null {
  const answer = actionData as { values?: Record<string, string>; form?: string } | undefined;
  return answer?.form === form && answer.values ? answer.values : null;
}

/** A titled section of a long admin page, with an id its table of contents links to. */
export function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <div id={id} className="scroll-mt-24">
      <Panel title={title}>{children}</Panel>
    </div>
  );
}

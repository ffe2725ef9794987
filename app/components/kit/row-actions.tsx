import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { buttonClass, linkButtonClass, primaryButtonClass } from "./buttons";

// A row's actions (docs/dashboard-kit.md): each one a plain POST form that works without
// JavaScript, naming its record by hidden fields and its action by the button's intent.

/** The current page with its search and page number: where a row's form returns after saving. */
export function ReturnTo() {
  const location = useLocation();
  return <input type="hidden" name="returnTo" value={location.pathname + location.search} />;
}

/** The hidden inputs that name a row's record. */
export function HiddenFields({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

const LOOKS = { button: buttonClass, primary: primaryButtonClass, link: linkButtonClass } as const;

/**
 * A row's actions in one form: `fields` name the record once, and each of its buttons
 * (RowButton, ConfirmButton) names its action by its intent; a select an action saves goes in it too
 * and is sent with every button (each intent reads its own field). On a long list that is one form
 * a row instead of one an action (admin Users: four a row). With `returnTo` the form comes back to
 * this page (its search and page), as the tab's action allows (tabReturnTo).
 */
export function RowForm({
  fields,
  returnTo,
  action,
  className,
  children,
}: {
  fields: Record<string, string>;
  returnTo?: boolean;
  action?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Form method="post" action={action} className={className}>
      {returnTo ? <ReturnTo /> : null}
      <HiddenFields fields={fields} />
      {children}
    </Form>
  );
}

/** One action of a row's form: its submit button; `label` says which record to a screen reader. */
export function RowButton({
  intent,
  text,
  label,
  look = "button",
  disabled,
}: {
  intent: string;
  text: string;
  label?: string;
  look?: keyof typeof LOOKS;
  disabled?: boolean;
}) {
  return (
    <button type="submit" name="intent" value={intent} disabled={disabled} className={LOOKS[look]} aria-label={label}>
      {text}
    </button>
  );
}

/**
 * One action of a row, a form of its own: `fields` name the record, `intent` the action; `label`
 * says which record to a screen reader ('Save status of order …'). What goes before the button (a
 * select and its label, a badge) is `children`. With `returnTo` the form comes back to this page.
 */
export function RowAction({
  intent,
  text,
  label,
  fields,
  returnTo,
  action,
  look = "button",
  disabled,
  className,
  children,
}: {
  intent: string;
  text: string;
  label?: string;
  fields: Record<string, string>;
  returnTo?: boolean;
  action?: string;
  look?: keyof typeof LOOKS;
  disabled?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <RowForm fields={fields} returnTo={returnTo} action={action} className={className}>
      {children}
      <RowButton intent={intent} text={text} label={label} look={look} disabled={disabled} />
    </RowForm>
  );
}

/**
 * A destructive action behind a confirmation that needs no JavaScript: the first button opens
 * (a native <details>), the second (`children`) posts.
 */
function Confirmation({ label, question, children }: { label: string; question: string; children: ReactNode }) {
  return (
    <details className="relative inline-block">
      <summary className="cursor-pointer list-none text-sm font-medium text-red-700 underline">{label}</summary>
      <div
        role="dialog"
        aria-label={label}
        className="absolute right-0 z-30 mt-2 w-64 rounded-md border border-stone-200 bg-white p-3 text-sm shadow-lg"
      >
        <p>{question}</p>
        {children}
      </div>
    </details>
  );
}

const confirmClass = "rounded-md bg-red-700 px-3 py-1.5 font-medium text-white";

/** A destructive action as a form of its own, behind a confirmation. */
export function ConfirmForm({
  label,
  question,
  confirmLabel,
  action,
  fields,
  intent,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  action?: string;
  fields?: Record<string, string>;
  intent: string;
}) {
  return (
    <Confirmation label={label} question={question}>
      <Form method="post" action={action} className="mt-2">
        <HiddenFields fields={fields ?? {}} />
        <button type="submit" name="intent" value={intent} className={confirmClass}>
          {confirmLabel}
        </button>
      </Form>
    </Confirmation>
  );
}

/** A destructive action of a row's form (RowForm), behind a confirmation. */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  intent,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  intent: string;
}) {
  return (
    <Confirmation label={label} question={question}>
      <button type="submit" name="intent" value={intent} className={`mt-2 ${confirmClass}`}>
        {confirmLabel}
      </button>
    </Confirmation>
  );
}

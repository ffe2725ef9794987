import { useContext, useEffect, useRef, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { UNSAFE_DataRouterDataContext, useNavigation } from "react-router";

/** The look of every text input, select and textarea; a refused one is outlined in red. */
export const INPUT_CLASS =
  "max-w-full rounded-md border border-stone-300 bg-white px-3 py-2 aria-invalid:border-red-600";

/** What ties a control to its error: aria-invalid, and aria-describedby naming the error's id. */
export const invalidProps = (id: string, error: string | undefined) => ({
  "aria-invalid": error ? true : undefined,
  "aria-describedby": error ? `${id}-error` : undefined,
});

/** A field's error, at the field: the text aria-describedby points to. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

/**
 * The frame every field shares: its label (a star, hidden from screen readers, when required:
 * the control's `required` says it to them), the control, a hint while there is no error, and
 * the error (id `{id}-error`).
 */
export function FieldFrame({
  id,
  label,
  required,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `flex flex-col gap-1 ${className}` : "flex flex-col gap-1"}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint && !error ? <p className="text-xs text-stone-600">{hint}</p> : null}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A labelled input with its error at the field (aria-invalid + aria-describedby). */
export function Field({
  label,
  name,
  error,
  required,
  hint,
  ...input
}: { label: string; name: string; error?: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = input.id ?? `field-${name}`;
  const control = (
    <input id={id} name={name} required={required} {...invalidProps(id, error)} className={INPUT_CLASS} {...input} />
  );
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} error={error}>
      {control}
    </FieldFrame>
  );
}

export function FormAlert({ title, message }: { title: string; message: string }) {
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">{title}</p>
      <p>{message}</p>
    </div>
  );
}

/**
 * With JavaScript a refused form stays on screen: when a submission ends, focus moves to the
 * first field the page now marks (aria-invalid) in the form that was sent, so a keyboard or
 * screen reader user lands on it instead of staying on the button. Rendered once, in the root:
 * every form gets it (without JavaScript the reloaded page shows the errors at their fields).
 *
 * A submission the router carried ends when its navigation goes back to idle, or when the router
 * holds a new answer from an action. React may hold the router's transitions until a part's code
 * came (decisions 0128, 0130). It then shows only the answer, never 'submitting', so the
 * answer alone tells that the submission ended (decision 0134).
 */
export function FocusRefusedField() {
  const { state } = useNavigation();
  // The router's answers to its own submissions (a fetcher's answers are not among them).
  const answer = useContext(UNSAFE_DataRouterDataContext)?.actionData ?? null;
  const shown = useRef(answer);
  const sent = useRef<{ form: HTMLFormElement; id: string; navigated: boolean; answer: unknown } | null>(null);
  useEffect(() => {
    const remember = (event: SubmitEvent) => {
      if (event.target instanceof HTMLFormElement)
        sent.current = { form: event.target, id: event.target.id, navigated: false, answer: shown.current };
    };
    document.addEventListener("submit", remember, true);
    return () => document.removeEventListener("submit", remember, true);
  }, []);
  useEffect(() => {
    shown.current = answer;
    if (!sent.current) return;
    // Only a submission the router carried (not a fetcher's, nor a download's) ends here.
    if (state === "submitting") sent.current.navigated = true;
    const answered = answer !== null && answer !== sent.current.answer;
    if (state !== "idle" || !(sent.current.navigated || answered)) return;
    const { form, id } = sent.current;
    sent.current = null;
    // A form drawn anew after the answer (a new key) is found again by its id.
    const now = form.isConnected ? form : id ? document.getElementById(id) : null;
    now?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state, answer]);
  return null;
}

/**
 * A number that changes with each answer of the page's action: as part of a control's key it puts
 * a choice the server refused back to what is saved (a select left showing the refused status).
 */
export function useAnswerKey(answer: unknown) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (answer) setCount((n) => n + 1);
  }, [answer]);
  return count;
}

/** True while a form with this intent is being submitted (for 'Signing in...' style labels). */
export function useSubmitting(intent: string, action?: string) {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (!action || navigation.formAction?.startsWith(action) === true)
  );
}

/**
 * While a submission runs the button says so and a second press does nothing, but it is not
 * `disabled`: a disabled button drops the keyboard focus to the page (to <body>), so someone on a
 * keyboard or a screen reader would lose their place after every press.
 */
export const busyProps = (busy: boolean) => ({
  "aria-disabled": busy || undefined,
  onClick: (event: React.MouseEvent<HTMLButtonElement>) => {
    if (busy) event.preventDefault();
  },
});

export function SubmitButton({
  busy,
  busyLabel,
  children,
  ...rest
}: { busy: boolean; busyLabel: string; children: ReactNode } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="submit"
      {...busyProps(busy)}
      className="rounded-md bg-brand px-4 py-2 font-semibold text-white aria-disabled:opacity-60"
      {...rest}
    >
      {busy ? busyLabel : children}
    </button>
  );
}

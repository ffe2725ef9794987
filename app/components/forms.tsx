import type { InputHTMLAttributes, ReactNode } from "react";
import { useNavigation } from "react-router";

/** A labelled input with its error at the field (aria-invalid + aria-describedby). */
export function Field({ label, name, error, required, hint, ...input }: { label: string; name: string; error?: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = input.id ?? `field-${name}`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required ? <span aria-hidden="true" className="text-red-700"> *</span> : null}
      </label>
      <input
        id={id}
        name={name}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="rounded-md border border-stone-300 bg-white px-3 py-2 aria-invalid:border-red-600"
        {...input}
      />
      {hint && !error ? <p className="text-xs text-stone-600">{hint}</p> : null}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
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

/** True while a form with this intent is being submitted (for 'Signing in...' style labels). */
export function useSubmitting(intent: string, action?: string) {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (!action || navigation.formAction?.startsWith(action) === true)
  );
}

export function SubmitButton({ busy, busyLabel, children, ...rest }: { busy: boolean; busyLabel: string; children: ReactNode } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="rounded-md bg-brand px-4 py-2 font-semibold text-white disabled:opacity-60"
      {...rest}
    >
      {busy ? busyLabel : children}
    </button>
  );
}

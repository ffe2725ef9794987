import {
  FIT_NOTES,
  MEASUREMENTS,
  measurementField,
  SIZE_SYSTEM_ORDER,
  SIZE_SYSTEMS,
  sizeSystemsFor,
} from "../../domain/sizes";
import { FieldError, INPUT_CLASS } from "../forms";

/**
 * The listing's size (required), fit note and measurements in centimetres (issue 25, item 1).
 * Without JavaScript the size list holds every system, grouped, and the server checks the choice
 * against the type and category; with it, only the systems of the chosen type and category show.
 */
export function SizeFields({
  productType,
  category,
  defaults,
  errors,
}: {
  productType: string;
  category: string;
  defaults: Partial<Record<string, string>>;
  errors: Partial<Record<string, string>>;
}) {
  const systems = productType && category ? sizeSystemsFor(productType, category) : [];
  const shown = systems.length ? systems : SIZE_SYSTEM_ORDER;
  const sizeError = errors.size;
  return (
    <fieldset className="grid gap-4 md:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold">Size and fit</legend>
      <div className="flex flex-col gap-1">
        <label htmlFor="field-size" className="text-sm font-medium">
          Size
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        </label>
        <select
          id="field-size"
          name="size"
          required
          defaultValue={defaults.size ?? ""}
          key={shown.join()}
          aria-invalid={sizeError ? true : undefined}
          aria-describedby={sizeError ? "field-size-error" : "field-size-hint"}
          className={INPUT_CLASS}
        >
          <option value="">Select a size</option>
          {shown.map((id) => (
            <optgroup key={id} label={SIZE_SYSTEMS[id].label}>
              {SIZE_SYSTEMS[id].sizes.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {sizeError ? (
          <FieldError id="field-size-error" error={sizeError} />
        ) : (
          <p id="field-size-hint" className="text-xs text-stone-600">
            Women's clothing in UK sizes, men's and unisex in letters, children's by age; bags and accessories are one
            size.
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="field-fitNote" className="text-sm font-medium">
          Fit
        </label>
        <select
          id="field-fitNote"
          name="fitNote"
          defaultValue={defaults.fitNote ?? ""}
          aria-invalid={errors.fitNote ? true : undefined}
          aria-describedby={errors.fitNote ? "field-fitNote-error" : undefined}
          className={INPUT_CLASS}
        >
          <option value="">No note</option>
          {FIT_NOTES.map((note) => (
            <option key={note} value={note}>
              {note}
            </option>
          ))}
        </select>
        <FieldError id="field-fitNote-error" error={errors.fitNote} />
      </div>
      <div className="md:col-span-2">
        <p className="text-sm font-medium">Measurements in centimetres (optional)</p>
        <div className="mt-1 grid grid-cols-2 gap-3 md:grid-cols-3">
          {MEASUREMENTS.map(([key, label]) => {
            const name = measurementField(key);
            const error = errors[name];
            return (
              <div key={key} className="flex flex-col gap-1">
                <label htmlFor={`field-${name}`} className="text-sm">
                  {label} (cm)
                </label>
                <input
                  id={`field-${name}`}
                  name={name}
                  inputMode="decimal"
                  defaultValue={defaults[name] ?? ""}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `field-${name}-error` : undefined}
                  className={INPUT_CLASS}
                />
                <FieldError id={`field-${name}-error`} error={error} />
              </div>
            );
          })}
        </div>
      </div>
    </fieldset>
  );
}

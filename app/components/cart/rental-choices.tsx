import type { CartLine } from "../../domain/basket";
import { PROTECTION_FEE, PROTECTION_TERMS } from "../../domain/damage-protection";
import { formatGBP } from "../../domain/money";
import { needByField, protectField } from "../../domain/rental-checkout";
import { Field } from "../forms";

/**
 * At checkout, each rental's 'Need it by' date and its damage protection (issue 44, items 1 and 6;
 * decision 0080). Plain fields of the checkout form: they work without JavaScript.
 */
export function RentalChoicesFields({
  lines,
  range,
  errors,
  values,
}: {
  lines: CartLine[];
  /** The days a need-by date may be, the earliest as a person reads it, and the country it is for (decision 0099). */
  range: { min: string; max: string; earliest: string; to: string | null };
  errors: Record<string, string>;
  values: Record<string, string>;
}) {
  const rentals = lines.filter((l) => l.type === "rental" && l.available);
  if (rentals.length === 0) return null;
  return (
    <fieldset className="min-w-0 rounded-lg border border-stone-200 bg-white p-4">
      <legend className="px-1 text-xl font-semibold">Your rentals</legend>
      <p className="text-sm text-stone-700">{`Need it for an occasion? Choose the date you need it by: the earliest is ${range.earliest}${range.to ? ` for delivery to ${range.to}` : ""}. Leave it empty and it is posted within 2 working days.`}</p>
      {/* The address below can still change: a date is checked against its country when the order is placed (decision 0099). */}
      <p className="text-xs text-stone-600">
        Parcels abroad take longer: the date is checked against the country you send it to when you order.
      </p>
      <ul className="mt-3 space-y-4">
        {rentals.map((line) => (
          <li key={line.productId} className="space-y-2">
            <p className="font-medium">{line.name}</p>
            <Field
              label={`Need it by (${line.name})`}
              name={needByField(line.productId)}
              id={`need-by-${line.productId}`}
              type="date"
              min={range.min}
              max={range.max}
              defaultValue={values[needByField(line.productId)] ?? ""}
              error={errors[needByField(line.productId)]}
            />
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={protectField(line.productId)}
                defaultChecked={values[protectField(line.productId)] === "on"}
              />
              {`Add damage protection for ${formatGBP(PROTECTION_FEE)} (${line.name})`}
            </label>
            {errors[protectField(line.productId)] ? (
              <p className="text-sm text-red-700">{errors[protectField(line.productId)]}</p>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-stone-600">{`${PROTECTION_TERMS} It is added to your total.`}</p>
    </fieldset>
  );
}

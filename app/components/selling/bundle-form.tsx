import { Form, Link } from "react-router";
import type { BundleFormData, BundleTier } from "../../domain/bundles";
import { bundleWords, MAX_BUNDLE_PERCENT } from "../../domain/bundles";

// The bundle discounts form of a seller's or a store's dashboard (issue 43 item 5; decision 0089).

export type { BundleFormData } from "../../domain/bundles";

const percentOf = (tiers: readonly BundleTier[], min: number) =>
  String(tiers.find((t) => t.minItems === min)?.percent ?? "");

export function BundleDiscountsForm({
  tiers,
  back,
  result,
}: {
  tiers: readonly BundleTier[];
  back: string;
  result?: BundleFormData;
}) {
  const field = (name: "two" | "three", label: string) => {
    const error = result?.errors[name];
    const id = `bundle-${name}`;
    return (
      <div className="space-y-1">
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
        </label>
        <input
          id={id}
          name={name}
          inputMode="numeric"
          defaultValue={result ? result.values[name] : percentOf(tiers, name === "two" ? 2 : 3)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-24 rounded-md border border-stone-300 px-3 py-2"
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-8">
      <p>
        <Link to={back} className="text-sm text-brand underline">
          Back to your dashboard
        </Link>
      </p>
      <h1 className="text-2xl font-bold">Bundle discounts</h1>
      <p className="text-sm text-stone-700">{`Reward shoppers who buy several of your items at once (Buy Now). The basket takes the discount off those items; leave a box empty for none (up to ${MAX_BUNDLE_PERCENT}%).`}</p>
      <p role="status" className="text-sm font-medium">
        {tiers.length ? `Now: ${bundleWords(tiers)}` : "No bundle discounts set."}
      </p>
      <Form method="post" className="space-y-3">
        {field("two", "Percent off 2 items")}
        {field("three", "Percent off 3 or more items")}
        <button type="submit" className="rounded-md bg-brand px-4 py-2 font-medium text-white">
          Save bundle discounts
        </button>
      </Form>
    </div>
  );
}

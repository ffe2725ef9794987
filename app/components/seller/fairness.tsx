import { buyFairness, rentalFairness, type Fairness } from "../../domain/fairness";
import { readPounds } from "../../domain/product-fields";

// Price fairness drawn (seller-store-admin.md §9): a bar with the fair range shaded and a mark at
// the price, and the verdict in words beside it, so the colour is never the only signal.

const TONE = { "Too Low": "bg-amber-500", Fair: "bg-emerald-600", "Too High": "bg-red-600" } as const;
const TEXT = { "Too Low": "text-amber-900", Fair: "text-emerald-800", "Too High": "text-red-800" } as const;

/** Where a percentage sits on a bar that shows twice the fair range's top. */
export function barScale(fairness: Pick<Fairness, "percent" | "low" | "high">) {
  const max = fairness.high * 2;
  const at = (p: number) => Math.round(Math.min(100, Math.max(0, (p / max) * 100)));
  return { low: at(fairness.low), high: at(fairness.high), mark: at(fairness.percent) };
}

/** The bar and its verdict; `range` adds the fair range in words (where verdicts of different ranges sit side by side). */
export function FairnessBar({
  fairness,
  label,
  range = false,
}: {
  fairness: Fairness | null;
  label: string;
  range?: boolean;
}) {
  if (!fairness) return <span className="text-xs text-stone-500">{label}: no verdict</span>;
  const scale = barScale(fairness);
  return (
    <span className="flex items-center gap-2 text-xs" title={`${label}: fair is ${fairness.low}–${fairness.high}%`}>
      <span
        aria-hidden="true"
        className="relative inline-block h-2 w-20 shrink-0 overflow-hidden rounded-full bg-stone-200"
      >
        <span
          className="absolute inset-y-0 bg-emerald-200"
          style={{ left: `${scale.low}%`, width: `${scale.high - scale.low}%` }}
        />
        <span
          className={`absolute inset-y-0 w-1 rounded-full ${TONE[fairness.band]}`}
          style={{ left: `calc(${scale.mark}% - 2px)` }}
        />
      </span>
      <span className={`font-medium ${TEXT[fairness.band]}`}>
        <span className="sr-only">{label}: </span>
        {`${fairness.percent}% · ${fairness.band}${range ? ` (fair ${fairness.low}–${fairness.high}%)` : ""}`}
      </span>
    </span>
  );
}

/**
 * The upload form's hint: what the typed prices mean for fairness, updated as the seller types
 * (with JavaScript), and drawn by the server from the submitted prices after a refusal (without).
 */
export function FairnessHint({
  rental,
  buying,
  original,
  condition,
}: {
  rental?: string;
  buying?: string;
  original?: string;
  condition?: string;
}) {
  const pence = (typed?: string) => {
    const read = readPounds(typed);
    return read.ok ? read.pence : null;
  };
  const rentalVerdict = rentalFairness(pence(rental), pence(buying));
  const buyVerdict = buyFairness(pence(buying), pence(original), condition);
  return (
    <div
      role="status"
      aria-live="polite"
      className="rounded-md border border-stone-200 bg-stone-50 p-3 text-sm"
      data-testid="fairness-hint"
    >
      <p className="font-medium">Price fairness</p>
      {rentalVerdict || buyVerdict ? (
        <ul className="mt-1 space-y-1">
          {rentalVerdict ? (
            <li className="flex flex-wrap items-center gap-2">
              <span>{`Rental is ${rentalVerdict.percent}% of the buying price (${rentalVerdict.low}–${rentalVerdict.high}% is fair):`}</span>
              <FairnessBar fairness={rentalVerdict} label="Rental price" />
            </li>
          ) : null}
          {buyVerdict ? (
            <li className="flex flex-wrap items-center gap-2">
              <span>{`Buying price is ${buyVerdict.percent}% of the original price (${buyVerdict.low}–${buyVerdict.high}% is fair${condition ? ` for ${condition}` : ""}):`}</span>
              <FairnessBar fairness={buyVerdict} label="Buying price" />
            </li>
          ) : null}
          <li className="font-medium">
            {[rentalVerdict, buyVerdict].some((f) => f && f.band !== "Fair") ? "Review Price" : "No Action Required"}
          </li>
        </ul>
      ) : (
        <p className="text-stone-600">Enter the original, rental and buying prices to see whether they are fair.</p>
      )}
    </div>
  );
}

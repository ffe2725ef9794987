import { createContext, useContext } from "react";
import type { PriceDisplay } from "../../domain/currency";
import { formatGBP, formatPrice } from "../../domain/money";

// The visitor's display currency and its rate (decision 0084), from the root loader: every price a
// shopper reads is formatted with it through formatPrice (app/domain/money.ts). Null: pounds.
export const PriceDisplayContext = createContext<PriceDisplay | null>(null);

/** The page's price formatter: `price(5499)` → "£54.99", or "≈ €63.40" in euros. */
export function usePrice(): (pence: number) => string {
  const display = useContext(PriceDisplayContext);
  return (pence) => formatPrice(pence, display);
}

/** Is the visitor reading prices in another currency than pounds? */
export function useShowsConverted(): boolean {
  return useContext(PriceDisplayContext) !== null;
}

/** What will be taken, always in pounds (basket, checkout): "You'll be charged £54.99". */
export function ChargedInPounds({ pence, className }: { pence: number; className?: string }) {
  const converted = useShowsConverted();
  return (
    <p className={className ?? "text-sm text-stone-700"} data-charged-in-pounds="">
      You&apos;ll be charged <strong>{formatGBP(pence)}</strong>
      {converted ? (
        <span className="block text-xs text-stone-500">Prices marked ≈ are approximate: you pay in pounds.</span>
      ) : null}
    </p>
  );
}

/** Beside a converted price, the pounds it stands for ("£54.99"); nothing when prices show in pounds. */
export function PoundsBeside({ pence, className }: { pence: number; className?: string }) {
  if (!useShowsConverted()) return null;
  return <span className={className ?? "block text-xs text-stone-600"}>{formatGBP(pence)}</span>;
}

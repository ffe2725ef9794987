import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { CartLine, CartOption } from "../../domain/basket";
import { handlerGroups } from "../../domain/delivery";
import { imageSources } from "../../domain/images";
import { BundleNote, LinePrice } from "./price-parts";
import { initials } from "../../domain/initials";
import { busyProps } from "../forms";

const OPTION_LABEL: Record<CartOption, string> = { rental: "7-Day Rental (Rent-Now-Buy-Later)", purchase: "Buy Now" };

export function useEnhanced() {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  return enhanced;
}

/** Switch and remove for one line; in place with JavaScript, plain posts without. */
export function LineControls({ line, returnTo }: { line: CartLine; returnTo: string }) {
  const switcher = useFetcher();
  const remover = useFetcher();
  const enhanced = useEnhanced();
  const hidden = (
    <>
      <input type="hidden" name="productId" value={line.productId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      {enhanced ? <input type="hidden" name="enhanced" value="1" /> : null}
    </>
  );
  const id = `option-${line.productId}`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <switcher.Form method="post" action="/cart" className="flex max-w-full min-w-0 flex-wrap items-center gap-1">
        {hidden}
        <input type="hidden" name="intent" value="switch" />
        <label htmlFor={id} className="sr-only">
          Purchase option for {line.name}
        </label>
        <select
          id={id}
          name="option"
          defaultValue={line.type}
          key={line.type}
          disabled={switcher.state !== "idle"}
          onChange={(e) => e.currentTarget.form?.requestSubmit()}
          className="max-w-full min-w-0 rounded border border-stone-300 bg-white py-1 pr-1 pl-1.5 text-xs sm:px-2 sm:text-sm"
        >
          <option value="rental">{OPTION_LABEL.rental}</option>
          <option value="purchase">{OPTION_LABEL.purchase}</option>
        </select>
        {enhanced ? null : (
          <button type="submit" className="rounded border border-stone-300 px-2 py-1 text-xs">
            Update
          </button>
        )}
      </switcher.Form>
      <remover.Form method="post" action="/cart">
        {hidden}
        <button
          type="submit"
          name="intent"
          value="remove"
          {...busyProps(remover.state !== "idle")}
          className="rounded px-2 py-1 text-sm text-red-700 underline aria-disabled:opacity-50"
          aria-label={`Remove ${line.name}`}
        >
          Remove
        </button>
      </remover.Form>
    </div>
  );
}

export function CartGroups({
  lines,
  returnTo,
  compact = false,
}: {
  lines: CartLine[];
  returnTo: string;
  compact?: boolean;
}) {
  return (
    <div className="space-y-5">
      {handlerGroups(lines).map((group) => {
        const first = group[0]!;
        const name = first.vendor ?? "Vendor";
        return (
          <section
            key={`${first.handler}:${first.sellerId}`}
            aria-label={`${name} items`}
            className="rounded-lg border border-stone-200 bg-white"
          >
            <header className="flex items-center gap-3 border-b border-stone-100 p-3">
              {first.sellerAvatar ? (
                <img
                  src={first.sellerAvatar}
                  alt=""
                  width={36}
                  height={36}
                  className="size-9 rounded-full object-cover"
                />
              ) : (
                <span
                  aria-hidden="true"
                  className="flex size-9 items-center justify-center rounded-full bg-brand text-sm font-semibold text-white"
                >
                  {initials(name).slice(0, 1)}
                </span>
              )}
              <div className="flex-1">
                <p className="font-semibold">{name}</p>
                <p className="text-xs text-stone-600">{`${group.length} ${group.length === 1 ? "item" : "items"}`}</p>
              </div>
              <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold">
                {first.sellerType === "store" ? "Store" : "Vendor"}
              </span>
            </header>
            <ul className="divide-y divide-stone-100">
              {group.map((line) => (
                // On a phone the controls take the line's whole width, under the photo: the option's spec'd label is long (decision 0069).
                <li key={line.productId} className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2 p-3">
                  <Link to={`/product/${line.productId}`} className="shrink-0">
                    {line.imageUrl ? (
                      <img
                        {...imageSources(line.imageUrl, "line")}
                        alt={line.name}
                        width={compact ? 56 : 80}
                        height={compact ? 70 : 100}
                        className="rounded object-cover"
                      />
                    ) : (
                      <span className="block h-24 w-20 rounded bg-stone-200" />
                    )}
                  </Link>
                  <div className="min-w-0 space-y-1">
                    <Link to={`/product/${line.productId}`} className="font-medium hover:underline">
                      {line.name}
                    </Link>
                    <p className="text-sm">
                      <span className="mr-2 rounded bg-brand-light px-1.5 py-0.5 text-xs font-semibold text-brand">
                        {line.type === "rental" ? "Rental" : "Purchase"}
                      </span>
                      <LinePrice line={line} />
                    </p>
                    {line.available ? null : <p className="text-sm font-medium text-red-700">{line.unavailableText}</p>}
                  </div>
                  <div className={compact ? "col-span-2" : "col-span-2 sm:col-span-1 sm:col-start-2"}>
                    <LineControls line={line} returnTo={returnTo} />
                  </div>
                </li>
              ))}
            </ul>
            <BundleNote lines={group} />
          </section>
        );
      })}
    </div>
  );
}

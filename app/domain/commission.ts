// Who gets what from a sale (DECISIONS.md: Finance; seller-store-admin.md §9). Integer pence.
// Rule: each commission is 10% of the gross, rounded half up to the penny; whatever remains
// is owed to the item's owner, so the parts always add up to the gross.

/** Basis points: 1000 = 10%. */
export const PLATFORM_RATE_BP = 1000;
export const STORE_RATE_BP = 1000;

export interface Split {
  gross: number;
  platform: number;
  /** 0 unless the item is managed by a store (concierge). */
  store: number;
  owner: number;
}

/** `rateBp` basis points of `pence`, rounded half up. */
export function share(pence: number, rateBp: number) {
  return Math.floor((pence * rateBp + 5000) / 10000);
}

export function splitSale(gross: number, concierge: boolean): Split {
  if (!Number.isInteger(gross) || gross < 0) throw new RangeError(`A sale is whole pence ≥ 0, got ${gross}`);
  const platform = share(gross, PLATFORM_RATE_BP);
  const store = concierge ? share(gross, STORE_RATE_BP) : 0;
  return { gross, platform, store, owner: gross - platform - store };
}

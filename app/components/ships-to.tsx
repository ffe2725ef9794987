import { DELIVERY_FEE_PER_GROUP } from "../domain/delivery";
import { formatGBP } from "../domain/money";
import { UK_ONLY, ZONE_NAMES, type ShippingSettings } from "../domain/shipping-zones";

// The product page's delivery line (issue 45 item 4): where its handler ships and what a parcel
// to each zone costs. The same for every visitor, so the shared page stays cached; the basket
// charges the fee of the address's zone, and checkout refuses a country the handler does not reach.

export function ShipsTo({ settings }: { settings: ShippingSettings | null }) {
  const s = settings ?? UK_ONLY;
  const zones = [
    { zone: "uk" as const, fee: DELIVERY_FEE_PER_GROUP },
    ...(s.reach !== "uk" && s.europeFee !== null ? [{ zone: "europe" as const, fee: s.europeFee }] : []),
    ...(s.reach === "worldwide" && s.worldFee !== null ? [{ zone: "world" as const, fee: s.worldFee }] : []),
  ];
  return (
    <div className="text-sm text-stone-700" data-testid="ships-to">
      <p className="font-medium">
        {s.reach === "uk"
          ? "Ships within the United Kingdom only"
          : s.reach === "europe"
            ? "Ships to the United Kingdom and Europe"
            : "Ships worldwide"}
      </p>
      <ul className="mt-1 flex flex-wrap gap-x-4">
        {zones.map(({ zone, fee }) => (
          <li key={zone}>{`${ZONE_NAMES[zone]}: ${formatGBP(fee)} delivery`}</li>
        ))}
      </ul>
    </div>
  );
}

import { MY_COUNTRY, SHIPS_TO_PARAM } from "../../domain/ships-to-filter";

/**
 * The listings' 'Ships to' box (decision 0094), part of the filters' GET form. Ticked, it names the
 * country of the URL; unticked, the page is shared by every visitor, so it asks for 'my country'
 * and /ships-to puts the visitor's own in the URL.
 */
export function ShipsToFilter({ country }: { country: { code: string; name: string } | null }) {
  return (
    <fieldset className="border-t border-stone-200 pt-3">
      <legend className="mb-1 text-sm font-semibold">Delivery</legend>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name={SHIPS_TO_PARAM}
          value={country?.code ?? MY_COUNTRY}
          defaultChecked={Boolean(country)}
        />
        {country ? `Ships to ${country.name}` : "Ships to my country"}
      </label>
    </fieldset>
  );
}

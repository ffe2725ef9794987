import { formatGBP } from "../../domain/money";
import { CellText, type Column } from "./data-table";

// Cells every table of products shares (admin, store and seller dashboards): the first photo,
// and the prices one under the other.

/** A product's first photo, small; without one, a grey box (or 'No image' in words, with `sayNoImage`). */
export function Thumbnail({
  src,
  large,
  sayNoImage,
}: {
  src: string | undefined;
  large?: boolean;
  sayNoImage?: boolean;
}) {
  const box = large ? "h-[70px] w-14" : "h-12 w-10";
  if (src)
    return (
      <img
        src={src}
        alt=""
        width={large ? 56 : 40}
        height={large ? 70 : 48}
        loading="lazy"
        className={`${box} rounded object-cover`}
      />
    );
  if (sayNoImage)
    return (
      <span
        className={`flex ${box} items-center justify-center rounded bg-stone-100 text-center text-[10px] text-stone-600`}
      >
        No image
      </span>
    );
  return <span className={`block ${box} rounded bg-stone-100`} aria-hidden="true" />;
}

/** A price, or '—' when it is not set. */
export const priceText = (pence: number | null) => (pence === null ? "—" : formatGBP(pence));

/** 'Rent £15.00', 'Buy £120.00' and, when given, 'Original £300.00': '—' for a price not set. */
export function PriceLines({
  rent,
  buy,
  original,
}: {
  rent: number | null;
  buy: number | null;
  original?: number | null;
}) {
  return (
    <>
      <span className="block">{`Rent ${priceText(rent)}`}</span>
      <span className="block">{`Buy ${priceText(buy)}`}</span>
      {original === undefined ? null : (
        <span className="block text-stone-600">{`Original ${priceText(original)}`}</span>
      )}
    </>
  );
}

/** The first column of a table of products, the row's header: its photo, its name and its brand under it. */
export function productColumn<Row extends { images: string[]; name: string; brand: string }>(): Column<Row> {
  return {
    header: "Product",
    rowHeader: true,
    className: "font-normal",
    cell: (p) => (
      <div className="flex items-center gap-2">
        <Thumbnail src={p.images[0]} />
        <span>
          <CellText strong note={p.brand}>
            {p.name}
          </CellText>
        </span>
      </div>
    ),
  };
}

// My sizes (issue 25, item 3; docs/decisions/0049-my-sizes.md): a shopper saves their sizes in
// each size system, as many as fit them (between UK 10 and 12: both; issue 46 item 4, decision 0076); 'Show my sizes' on a listing adds them to its URL as the Size filter, and a cookie of
// the visit (no expiry: it ends with the browser session) keeps them on the next listings.
import { safeRedirect } from "./safe-redirect";
import { ONE_SIZE, SIZE_SYSTEMS, type SizeSystemId } from "./sizes";
import { cookieValue } from "./cookies";

/** The systems a shopper saves a size for ('One size' needs no choosing). */
export const MY_SIZE_SYSTEMS = ["women", "men", "children", "shoes"] as const satisfies readonly SizeSystemId[];
export type MySizeSystem = (typeof MY_SIZE_SYSTEMS)[number];
export const mySizeField = (system: MySizeSystem) => `size_${system}`;

export type SavedSizes = Partial<Record<MySizeSystem, string[]>>;

/** Reads the form: each system's sizes (its checked boxes), or none; a size not of its system is refused at its field. */
export function readMySizes(form: {
  getAll(name: string): FormDataEntryValue[];
}): { ok: true; sizes: SavedSizes } | { ok: false; errors: Partial<Record<string, string>> } {
  const sizes: SavedSizes = {};
  const errors: Partial<Record<string, string>> = {};
  for (const system of MY_SIZE_SYSTEMS) {
    const values = [
      ...new Set(
        form
          .getAll(mySizeField(system))
          .map((raw) => (typeof raw === "string" ? raw.trim() : ""))
          .filter(Boolean),
      ),
    ];
    if (values.length === 0) continue;
    if (values.every((value) => SIZE_SYSTEMS[system].sizes.includes(value)))
      sizes[system] = SIZE_SYSTEMS[system].sizes.filter((size) => values.includes(size));
    else errors[mySizeField(system)] = `Please choose a size from the ${SIZE_SYSTEMS[system].label} list`;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, sizes };
}

/** The cookie that keeps 'Show my sizes' on for the visit: the sizes themselves, so no read is needed. */
export const MY_SIZES_COOKIE = "cl_my_sizes";
/** The URL parameter that marks a listing filtered by 'Show my sizes'. */
export const MY_SIZES_PARAM = "my_sizes";

/** Where 'Show my sizes' (or 'Show all sizes', `off`) on the listing at `listing` (path and query) goes. */
export function mySizesLink(listing: string, off = false) {
  return `/account/sizes/show?${off ? "off=1&" : ""}return=${encodeURIComponent(listing)}`;
}

/** The listing to go back to: our own path only, else All Products. */
export const listingToReturnTo = (target: string | null) => safeRedirect(target, "/all-products");

/**
 * The listing URL with the Size filter set to `sizes` (none: every size), from its first page.
 * Saved sizes bring 'One size' with them: a bag or a scarf fits whoever wears the sizes (decision 0069).
 */
export function withSizes(listing: string, saved: readonly string[]) {
  const sizes = saved.length && !saved.includes(ONE_SIZE) ? [...saved, ONE_SIZE] : saved;
  const url = new URL(listing, "https://closetloop.invalid");
  url.searchParams.delete("size");
  url.searchParams.delete(MY_SIZES_PARAM);
  url.searchParams.delete("after");
  url.searchParams.delete("before");
  for (const size of sizes) url.searchParams.append("size", size);
  if (sizes.length) url.searchParams.set(MY_SIZES_PARAM, "1");
  return `${url.pathname}${url.search}`;
}

/** The cookie's value: the sizes, '|'-separated and URI-encoded (cookies take no spaces or en-dashes). */
export const encodeSizesCookie = (sizes: readonly string[]) => encodeURIComponent(sizes.join("|"));

/** The sizes a cookie header keeps for the visit, or null when 'Show my sizes' is off. */
export function sizesFromCookie(cookieHeader: string | null): string[] | null {
  const raw = cookieValue(cookieHeader, MY_SIZES_COOKIE);
  if (!raw) return null;
  try {
    const all = new Set(MY_SIZE_SYSTEMS.flatMap((s) => SIZE_SYSTEMS[s].sizes));
    const sizes = decodeURIComponent(raw)
      .split("|")
      .filter((s) => all.has(s));
    return sizes.length ? sizes.slice(0, all.size) : null;
  } catch {
    return null;
  }
}

/**
 * For a listing request while 'Show my sizes' is on: where to send it (its URL with the sizes),
 * or null when it already chose sizes (or chose every size: `my_sizes` without a size).
 */
export function rememberedSizesRedirect(url: URL, cookieHeader: string | null): string | null {
  if (url.searchParams.has("size") || url.searchParams.has(MY_SIZES_PARAM)) return null;
  const sizes = sizesFromCookie(cookieHeader);
  return sizes ? withSizes(`${url.pathname}${url.search}`, sizes) : null;
}

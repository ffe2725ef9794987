import type { AppContext } from "../context";
import {
  insertPriceChangeRequest,
  ownerContact,
  storeById,
  storeChoices,
  storeOwnedBy,
  updateStoreSettings,
  type DashboardStore,
} from "../data/store-dashboard.server";
import { formatGBP } from "../domain/money";
import { managesStores } from "../domain/roles";
import { splitStoreDescription } from "../data/profiles.server";
import { readStoreAddress, storeLocatedAt } from "../domain/store-address";
import { DESCRIPTION_MAX, joinStoreDescription, readStoreParam } from "../domain/store-dashboard";
import { storeLogoKey } from "../domain/uploads";
import { publicPagesChanged } from "./freshness.server";
import { notify } from "./notify.server";
import type { SessionUser } from "./session.server";
import { commitImages, deleteImages, readImageField } from "./uploads.server";

// The store dashboard's calls (issue 12; decisions 0029, 0030): which store a request is about,
// the price-change request with its e-mail, and Store Settings with the logo through the upload
// pipeline (decision 0023).

export type StoreScope =
  | { kind: "store"; store: DashboardStore; storeParam: string | null }
  | { kind: "choose"; choices: { id: string; name: string }[] }
  | { kind: "none" }
  | { kind: "missing" };

/**
 * The store this request is about when it is known without reading D1 (decision 0121): the one
 * `?store=` names for staff who run stores, else the one the user owns as their visit read it.
 * Null when the user has no store of their own (staff then choose; others have none) or when the
 * user was not read with their store: then `storeInScope` reads it.
 */
export function storeIdInScope(user: SessionUser, url: URL): { storeId: string; storeParam: string | null } | null {
  const param = managesStores(user) ? readStoreParam(url) : null;
  if (param) return { storeId: param, storeParam: param };
  return user.ownedStoreId ? { storeId: user.ownedStoreId, storeParam: null } : null;
}

/**
 * The store this request is about (decision 0029): a store owner's own store; staff who run stores
 * (superadmin, admin) open the one named by `?store=`, else their own, else choose from the list.
 */
export async function storeInScope(app: AppContext, user: SessionUser, url: URL): Promise<StoreScope> {
  const param = managesStores(user) ? readStoreParam(url) : null;
  if (param) {
    const store = await storeById(app.db, param);
    return store ? { kind: "store", store, storeParam: param } : { kind: "missing" };
  }
  const own = await storeOwnedBy(app.db, user.id);
  if (own) return { kind: "store", store: own, storeParam: null };
  if (managesStores(user)) return { kind: "choose", choices: await storeChoices(app.db) };
  return { kind: "none" };
}

/**
 * A store's request to a product's owner (§4), who answers it on their dashboard; they are told by
 * e-mail. False when the product is not the store's; "waiting" when its last request still waits.
 */
export async function requestPriceChange(
  app: AppContext,
  store: { id: string; name: string },
  product: { id: string; name: string },
  values: { rental: number; buying: number; reason: string },
  now: number,
) {
  const id = `pcr_${crypto.randomUUID()}`;
  const inserted = await insertPriceChangeRequest(app.db, id, store.id, product.id, values, now);
  if (!inserted || inserted === "waiting") return inserted ?? false;
  // The request is saved and shows on the owner's dashboard whether or not the notice goes out.
  const owner = await ownerContact(app.db, inserted.ownerId).catch((error) => {
    console.error(`price change request ${id}: its owner could not be read to tell them`, error);
    return null;
  });
  if (owner) {
    await notify(app, [
      {
        key: `price_change_requested:${id}`,
        kind: "price_change_requested",
        userId: inserted.ownerId,
        to: owner.email,
        title: `${store.name} suggests a new price for ${product.name}`,
        text:
          `Hello ${owner.fullName ?? "there"},\n\n${store.name}, the partner store that looks after "${product.name}", suggests new prices:\n\n` +
          `Rental (7 days): ${formatGBP(values.rental)}\nBuying price: ${formatGBP(values.buying)}\n\nTheir reason: ${values.reason}\n\n` +
          // The notice's own link ('Answer the request') follows, on the site's address (decision 0068).
          `Accept or reject it on your Seller Dashboard.\n`,
        link: "/vendor?tab=notifications",
        action: "Answer the request",
      },
    ]);
  }
  return true;
}

export type SettingsResult =
  | { ok: true }
  | { ok: false; status: number; errors: Partial<Record<string, string>>; alert: { title: string; message: string } };

/** Store Settings (§2, §5, §7): description with the address after 'Store located at: ', and the logo. */
export async function saveStoreSettings(
  app: AppContext,
  user: SessionUser,
  store: DashboardStore,
  form: FormData,
  now: number,
): Promise<SettingsResult> {
  const about = String(form.get("description") ?? "");
  // The address's fields and the country's checks, as at checkout (decision 0094).
  const address = readStoreAddress(form);
  const errors: Partial<Record<string, string>> = address.ok ? {} : { ...address.errors };
  if (about.length > DESCRIPTION_MAX)
    errors.description = `Please keep the description under ${DESCRIPTION_MAX} characters.`;
  const existing = store.logoUrl?.startsWith("/images/") ? [store.logoUrl] : [];
  const logo = await readImageField(form, app.env.IMAGES, {
    use: "storeLogo",
    name: "logo",
    userId: user.id,
    existing,
  });
  if (!logo.ok) {
    errors.logo = logo.error;
    // 'Invalid file type - Please select an image file (JPG, PNG, etc.).' is a title and its advice (§5).
    const [title, ...rest] = logo.error.split(" - ");
    return {
      ok: false,
      status: 400,
      errors,
      alert: rest.length
        ? { title: title!, message: rest.join(" - ") }
        : { title: "Upload failed", message: logo.error },
    };
  }
  if (Object.keys(errors).length)
    return { ok: false, status: 400, errors, alert: { title: "Update failed", message: Object.values(errors)[0]! } };

  // A logo that was not among the pipeline's images (a seeded one) is kept unless a new one comes.
  let logoUrl = store.logoUrl;
  if (logo.changed) {
    const committed = await commitImages(app.env.IMAGES, logo.images, (_index, ext) => storeLogoKey(store.id, ext));
    if (committed.failed > 0)
      return {
        ok: false,
        status: 502,
        errors: { logo: "Upload failed" },
        alert: { title: "Upload failed", message: "Failed to upload image. Please try again." },
      };
    const fresh = logo.images[0] && logo.images[0].kind !== "existing";
    // The key is fixed (§3: {storeId}/{storeId}-logo.{ext}) and images are served as immutable:
    // a new logo under the same key gets a new URL through its version, or visitors keep the old one.
    logoUrl = committed.urls[0]
      ? fresh
        ? `${committed.urls[0]}?v=${now.toString(36)}`
        : committed.urls[0]
      : existing.length
        ? null
        : store.logoUrl;
  }
  const postal = address.ok ? address.value : null;
  const locatedAt = storeLocatedAt(postal, store.address, splitStoreDescription(store.description).address);
  await updateStoreSettings(app.db, store.id, joinStoreDescription(about, locatedAt), logoUrl, postal);
  // The same key is overwritten; the old object goes only when the new one has another name (extension).
  const objectOf = (url: string | null) => url?.split("?")[0] ?? null;
  if (store.logoUrl && objectOf(store.logoUrl) !== objectOf(logoUrl))
    await deleteImages(app.env.IMAGES, [store.logoUrl]);
  await publicPagesChanged(app.env.CACHE, now);
  return { ok: true };
}

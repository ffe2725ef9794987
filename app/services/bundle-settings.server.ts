import { data } from "react-router";
import type { AppContext } from "../context";
import { handlerBundleTiers, ownedStoreId, saveBundleTiers } from "../data/offers.server";
import { bundleWords, parseBundleForm, type BundleFormData } from "../domain/bundles";
import { redirectWithToast } from "./toast.server";

// Bundle discounts on a seller's or a store's dashboard (issue 43 item 5; decision 0089): the
// seller sets their own, a store's owner the store's. The same two steps serve both routes.

type App = Pick<AppContext, "db" | "config">;

/** Whose tiers the user sets: their own as a seller, or their store's. Null: a store area user without a store. */
export async function bundleHandlerOf(app: App, userId: string, handler: "vendor" | "store") {
  if (handler === "vendor") return { handler, id: userId };
  const storeId = await ownedStoreId(app.db, userId);
  return storeId ? { handler, id: storeId } : null;
}

export async function loadBundleSettings(app: App, userId: string, handler: "vendor" | "store") {
  const who = await bundleHandlerOf(app, userId, handler);
  if (!who) throw data("Store not found", { status: 404 });
  return { tiers: await handlerBundleTiers(app.db, who.handler, who.id) };
}

export async function saveBundleSettings(
  app: App,
  userId: string,
  handler: "vendor" | "store",
  form: FormData,
  here: string,
) {
  const who = await bundleHandlerOf(app, userId, handler);
  if (!who) throw data("Store not found", { status: 404 });
  const values = {
    two: String(form.get("two") ?? "").slice(0, 10),
    three: String(form.get("three") ?? "").slice(0, 10),
  };
  const parsed = parseBundleForm(values);
  if (!parsed.ok) return data<BundleFormData>({ errors: parsed.errors, values }, { status: 400 });
  await saveBundleTiers(app.db, who.handler, who.id, parsed.tiers, Date.now());
  return redirectWithToast(app.config, here, {
    type: "success",
    title: "Bundle discounts saved",
    description: parsed.tiers.length ? bundleWords(parsed.tiers) : "No bundle discounts.",
  });
}

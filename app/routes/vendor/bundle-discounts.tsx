import type { Route } from "./+types/bundle-discounts";
import { appContext } from "../../context";
import { requireUser } from "../../services/guards.server";
import { loadBundleSettings, saveBundleSettings } from "../../services/bundle-settings.server";
import { notFoundBoundary } from "../../components/not-found";
import { BundleDiscountsForm, type BundleFormData } from "../../components/selling/bundle-form";

// Bundle discounts (issue 43 item 5; decision 0089): /vendor/bundle-discounts, inside the vendor area's guard.

export const meta: Route.MetaFunction = () => [
  { title: "Bundle discounts | Closetloop" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadBundleSettings(context.get(appContext), requireUser(context, request).id, "vendor");
}

export async function action({ request, context }: Route.ActionArgs) {
  return saveBundleSettings(
    context.get(appContext),
    requireUser(context, request).id,
    "vendor",
    await request.formData(),
    "/vendor/bundle-discounts",
  );
}

export default function BundleDiscounts({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <BundleDiscountsForm tiers={loaderData.tiers} back="/vendor" result={actionData as BundleFormData | undefined} />
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "Store not found", back: { to: "/", label: "Back to Home" } });

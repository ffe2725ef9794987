import type { Route } from "./+types/index";
import { FormAlert } from "../../components/forms";
import { PageHeading } from "../../components/page-heading";
import { ReturnsPanel } from "../../components/store/returns-panel";
import { appContext } from "../../context";
import { storeReturnsToInspect, storesOwnedBy } from "../../data/store-returns.server";
import { readIntent } from "../../domain/intents";
import { requireUser } from "../../services/guards.server";
import { changeOrderItem } from "../../services/order-lifecycle.server";
import { dataWithToast, redirectWithToast } from "../../services/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Store Dashboard | Closetloop" }];

// The store inspects the concierge rentals it handles when they come back (decision 0021); the
// rest of the store dashboard is its own issue.
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const returns = await storeReturnsToInspect(app.db, await storesOwnedBy(app.db, user.id));
  return { returns, now: Date.now() };
}

export const intents = ["inspect"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const form = await request.formData();
  const intent = readIntent(form, intents);
  const refuse = (status: number, message: string) => dataWithToast(app.config, { error: message }, { type: "error", title: "Inspection not saved", description: message }, { status });
  if (!intent) return refuse(400, "Unknown action.");
  const condition = form.get("condition");
  if (condition !== "good" && condition !== "damaged") return refuse(400, "Please choose the condition the item came back in.");
  const itemId = String(form.get("itemId") ?? "").slice(0, 100);
  // Only the store that handles the item: anyone else's reads as missing (ownership checked on the item itself).
  const mine = await storesOwnedBy(app.db, user.id);
  const result = await changeOrderItem(app, itemId, { type: "inspect", condition }, { id: user.id, role: "store" }, Date.now(), (_order, item) => item.handler === "store" && item.sellerId !== null && mine.includes(item.sellerId));
  if (!result.ok) return refuse(result.httpStatus, result.message);
  return redirectWithToast(app.config, "/store", {
    type: "success",
    title: condition === "good" ? "Return received in good condition" : "Return marked damaged",
    description: condition === "good" ? "The item is back on sale." : "The item went back to the approval queue.",
  });
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const refused = (actionData as { error?: string } | undefined)?.error;
  return (
    <div className="space-y-6">
      <PageHeading title="Store Dashboard" />
      {refused ? <FormAlert title="Inspection not saved" message={refused} /> : null}
      <ReturnsPanel returns={loaderData.returns} now={loaderData.now} />
    </div>
  );
}

import { data, Form, Link } from "react-router";
import type { Route } from "./+types/notify-me";
import { appContext } from "../../context";
import { isWaitingFor, notifyTarget, requestBackInStock } from "../../data/alerts.server";
import { backAroundOf } from "../../data/renting.server";
import { NOTIFY_ME_MESSAGES } from "../../domain/alerts";
import { backAroundText } from "../../domain/rental-dates";
import { requireUser } from "../../services/guards.server";
import { redirectWithToast } from "../../services/toast.server";
import { PageHeading } from "../../components/page-heading";

// /product/:id/notify (issue 25, item 6; decision 0051): 'Notify me' on a rented item. The product
// page's button posts here, so the shared product page stays the same for everyone; signed out,
// the guard sends the shopper to sign in and back to this page, which asks again. Asked, the
// shopper goes back to the product with 'We'll tell you when it's back'. A sold or available item
// is refused with its reason (409), nothing written.

export const meta: Route.MetaFunction = () => [
  { title: "Notify me | Closetloop" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const product = await notifyTarget(app.db, params.id);
  if (!product) throw data(null, { status: 404 });
  // 'Back around …', as the product page says it (decision 0080).
  const [backAround, waiting] = await Promise.all([
    product.availability === "rented" ? backAroundOf(app.db, product) : null,
    isWaitingFor(app.db, user.id, product.id),
  ]);
  const { backAroundAt: _at, preparedUntil: _until, ...shown } = product;
  return {
    product: shown,
    waiting,
    expectedBack: product.availability === "rented" ? backAroundText(backAround, Date.now()) : null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const outcome = await requestBackInStock(app.db, user.id, params.id, Date.now());
  if (outcome === "missing") throw data(null, { status: 404 });
  if (outcome !== "waiting") return data({ error: NOTIFY_ME_MESSAGES[outcome] }, { status: 409 });
  return redirectWithToast(app.config, `/product/${encodeURIComponent(params.id)}`, {
    type: "success",
    title: NOTIFY_ME_MESSAGES.waiting,
  });
}

export default function NotifyMe({ loaderData, actionData }: Route.ComponentProps) {
  const { product, waiting, expectedBack } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <div className="mx-auto max-w-lg px-4 py-8">
      <PageHeading title="Notify me" subtitle={`${product.name} by ${product.brand}`} />
      {error ? (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      ) : null}
      {product.availability === "rented" ? (
        <div className="space-y-4">
          <p className="rounded-md bg-amber-50 p-3 text-amber-900">
            <span className="font-semibold">Currently rented</span>
            {` · ${expectedBack}`}
          </p>
          {waiting ? (
            <p role="status" className="font-semibold">
              {NOTIFY_ME_MESSAGES.waiting}
            </p>
          ) : (
            <Form method="post">
              <button type="submit" className="rounded-md bg-stone-900 px-4 py-2 font-semibold text-white">
                Notify me
              </button>
            </Form>
          )}
        </div>
      ) : !error ? (
        <p>{product.availability === "sold" ? NOTIFY_ME_MESSAGES.sold : NOTIFY_ME_MESSAGES.available}</p>
      ) : null}
      <p className="mt-6">
        <Link to={`/product/${product.id}`} className="text-brand underline">
          Back to the item
        </Link>
      </p>
    </div>
  );
}

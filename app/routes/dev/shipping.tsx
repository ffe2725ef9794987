import { data, Form, Link } from "react-router";
import type { Route } from "./+types/shipping";
import { appContext } from "../../context";
import { labelByTracking, localLabels } from "../../data/labels.server";
import { readIntent } from "../../domain/intents";
import { showReference } from "../../domain/order-reference";
import { TRACKING_STATUSES, TRACKING_WORDS, type TrackingStatus } from "../../domain/tracking";
import { DataTable } from "../../components/kit/data-table";
import { sendLocalTrackingEvent } from "../../services/shipping-dev.server";
import { redirectWithToast } from "../../services/toast.server";

// Local development only (issue 44 item 2; docs/decisions/0082-shipping-labels-and-tracking.md):
// every label the local provider made, newest first, with buttons that send the carrier's
// tracking events — signed in EasyPost's scheme with the local secret — to the same code path a
// real provider's events take (/webhooks/shipping). 'Delivered' on a parcel going out starts its
// rental's 7 days. Its layout (routes/areas/dev.tsx) answers 404 outside development or to any
// address but this machine.
export const meta: Route.MetaFunction = () => [
  { title: "Local shipping | Closetloop" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  if (!app.config.isDev) throw data("Not found", { status: 404 });
  return { labels: await localLabels(app.db) };
}

export const intents = TRACKING_STATUSES;

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (!app.config.isDev) throw data("Not found", { status: 404 });
  const form = await request.formData();
  const status = readIntent(form, intents) as TrackingStatus | null;
  const trackingNumber = String(form.get("trackingNumber") ?? "").slice(0, 60);
  if (!status) return data({ error: "Choose an event to send." }, { status: 400 });
  if (!(await labelByTracking(app.db, trackingNumber)))
    return data({ error: "No label has that tracking number." }, { status: 404 });
  const answer = await sendLocalTrackingEvent(app, request.url, trackingNumber, status, Date.now());
  const body = (await answer.json().catch(() => null)) as { outcome?: string } | null;
  if (!answer.ok) return data({ error: `The webhook answered ${answer.status}.` }, { status: 502 });
  return redirectWithToast(
    app.config,
    "/dev/shipping",
    {
      type: "success",
      title: `${TRACKING_WORDS[status]} sent`,
      description: `${trackingNumber}: ${body?.outcome ?? "received"}`,
    },
    { status: 303 },
  );
}

export default function LocalShipping({ loaderData, actionData }: Route.ComponentProps) {
  const error = (actionData as { error?: string } | undefined)?.error;
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">Local shipping</h1>
      <p className="text-stone-700">
        Every label the local label provider made, newest first. Nothing is posted locally: each button sends the
        carrier&apos;s tracking event, signed as EasyPost signs it, to <code>/webhooks/shipping</code>, the code path a
        real provider&apos;s events take. &apos;Delivered&apos; on a parcel going out marks its items delivered and
        starts a rental&apos;s 7 days. This page exists only in local development.
      </p>
      {error ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <DataTable
        caption="Labels, newest first"
        rows={loaderData.labels}
        empty="No labels yet. Press 'Get a label' on an order to send."
        columns={[
          { header: "Order", cell: (l) => showReference(l.reference) },
          { header: "Parcel", cell: (l) => (l.direction === "return" ? "Return" : "Going out") },
          {
            header: "Tracking number",
            className: "font-mono",
            cell: (l) => (
              <Link to={`/account/labels/${l.id}`} className="underline">
                {l.trackingNumber}
              </Link>
            ),
          },
          { header: "Tracking", cell: (l) => (l.trackingStatus ? TRACKING_WORDS[l.trackingStatus] : "Label created") },
          {
            header: "Send an event",
            cell: (l) => (
              <Form
                method="post"
                className="flex flex-wrap gap-2"
                aria-label={`Tracking events for ${l.trackingNumber}`}
              >
                <input type="hidden" name="trackingNumber" value={l.trackingNumber ?? ""} />
                {TRACKING_STATUSES.map((status) => (
                  <button
                    key={status}
                    type="submit"
                    name="intent"
                    value={status}
                    className="rounded-md border border-stone-300 px-2 py-1 text-sm"
                  >
                    {TRACKING_WORDS[status]}
                  </button>
                ))}
              </Form>
            ),
          },
        ]}
      />
    </section>
  );
}

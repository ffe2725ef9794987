import { data, Link } from "react-router";
import type { Route } from "./+types/label";
import { notFoundBoundary } from "../../components/not-found";
import { appContext } from "../../context";
import { labelForViewer } from "../../data/labels.server";
import { labelSvg } from "../../domain/label-svg";
import { formatGBP } from "../../domain/money";
import { showReference } from "../../domain/order-reference";
import { handlesOrders } from "../../domain/roles";
import { CARRIER_NAMES, isCarrier } from "../../domain/shipping";
import { requireUser } from "../../services/guards.server";

// A printable shipping label (issue 44 item 2; decision 0082): 4 × 6 in, drawn from its row (the
// local provider), with the provider's own file linked when a real provider made it. Who got it,
// the handler it belongs to and staff see it; the order's shopper sees its prepaid return label;
// anyone else 'Label not found'.

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Label ${loaderData.trackingNumber} | Closetloop` : "Label not found | Closetloop" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const row = await labelForViewer(app.db, params.labelId.slice(0, 100), { id: user.id, isStaff: handlesOrders(user) });
  if (!row) throw data("Label not found", { status: 404 });
  const { label } = row;
  const carrier = isCarrier(label.carrier) ? CARRIER_NAMES[label.carrier] : (label.carrier ?? "");
  const reference = showReference(row.reference);
  const svg = labelSvg({
    carrier,
    service: label.service ?? "",
    trackingNumber: label.trackingNumber ?? "",
    reference,
    direction: label.direction,
    from: label.fromAddress,
    to: label.toAddress,
  });
  const isShopper = row.shopperId === user.id;
  return {
    svg,
    trackingNumber: label.trackingNumber ?? "",
    direction: label.direction,
    cost: label.cost ?? 0,
    reference,
    orderId: label.orderId,
    providerFile: label.labelUrl,
    isShopper,
  };
}

export default function LabelPage({ loaderData }: Route.ComponentProps) {
  const { svg, direction, cost, reference, providerFile, isShopper, orderId } = loaderData;
  return (
    <div className="space-y-4">
      <p className="print:hidden">
        {isShopper ? (
          <Link to={`/account/orders/${encodeURIComponent(orderId)}`} className="text-sm text-brand underline">
            Back to your order
          </Link>
        ) : (
          <Link to="/account" className="text-sm text-brand underline">
            Back to your account
          </Link>
        )}
      </p>
      <header className="space-y-1 print:hidden">
        <h1 className="text-2xl font-bold">
          {direction === "return" ? "Your prepaid return label" : "Shipping label"}
        </h1>
        <p className="text-stone-700">
          {direction === "return"
            ? `Order ${reference}: print it, stick it on the parcel over any old label, and hand it to the carrier. It is paid for.`
            : `Order ${reference}: print it and stick it on the parcel. ${formatGBP(cost)}, paid from the order's delivery fee.`}{" "}
          Print this page (Ctrl+P, or ⌘P on a Mac).
        </p>
        {providerFile ? (
          <p>
            <a href={providerFile} className="font-semibold text-brand underline" rel="noopener noreferrer">
              The carrier&apos;s label file (PDF)
            </a>
          </p>
        ) : null}
      </header>
      {/* Drawn from our own data (app/domain/label-svg.ts escapes every text). */}
      <figure className="max-w-sm border border-stone-300 bg-white" dangerouslySetInnerHTML={{ __html: svg }} />
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary({
  title: "Label not found",
  message: "This label does not exist, or it is not one of yours.",
  back: { to: "/account", label: "Back to your account" },
});

import { showReference } from "../../domain/order-reference";
import { UNNAMED_MEMBER } from "../../domain/messages";
import type { InspectFormResult } from "../../domain/returns";
import { Panel } from "../kit/panel";
import { InspectForm } from "../order/inspect";

export interface ReturnToCheck {
  itemId: string;
  name: string;
  orderReference: string | null;
  shopperName: string | null;
  returnReason: string | null;
  returnCarrier: string | null;
  returnTrackingNumber: string | null;
}

/** A seller's returns to check (issue 22): each with the inspection form that records its receipt and condition. */
export function ReturnsToCheck({
  returns,
  action,
  result,
}: {
  returns: ReturnToCheck[];
  action: string;
  result?: InspectFormResult;
}) {
  return (
    <Panel title={`Returns to check (${returns.length})`}>
      <ul className="space-y-3">
        {returns.map((r) => (
          <li key={r.itemId} className="text-sm">
            <p className="font-medium">{`${r.name} · Order ${showReference(r.orderReference)} · ${r.shopperName ?? UNNAMED_MEMBER}`}</p>
            <InspectForm
              itemId={r.itemId}
              name={r.name}
              sent={{ reason: r.returnReason, carrier: r.returnCarrier, trackingNumber: r.returnTrackingNumber }}
              action={action}
              result={result}
            />
          </li>
        ))}
      </ul>
    </Panel>
  );
}

import { formatGBP } from "../../domain/money";
import { PROTECTION_COVER, PROTECTION_FEE } from "../../domain/damage-protection";
import { formatDay, needByPlan } from "../../domain/rental-dates";

const NOT_DELIVERED = new Set(["awaiting_payment", "pending", "processing", "shipped"]);

/**
 * A rental's 'need it by' date and its damage protection on the order page (issue 44, items 1
 * and 6; decision 0080): 'Arrives by …' until it is delivered, the cover, and what it waived.
 */
export function RentalPlanLines({
  item,
}: {
  item: { status: string; needBy: string | null; protectionFee: number; damageWaived: number | null };
}) {
  const plan = item.needBy ? needByPlan(item.needBy) : null;
  return (
    <>
      {plan && NOT_DELIVERED.has(item.status) ? (
        <p className="text-sm font-medium text-emerald-800">{`Arrives by ${formatDay(plan.arrivesBy)} (needed by ${formatDay(plan.needBy)})`}</p>
      ) : null}
      {item.protectionFee > 0 ? (
        <p className="text-sm text-stone-700">{`Damage protection (${formatGBP(item.protectionFee || PROTECTION_FEE)}): a repair fee of up to ${formatGBP(PROTECTION_COVER)} is waived`}</p>
      ) : null}
      {item.damageWaived ? (
        <p className="text-sm font-medium text-emerald-800">{`Damage protection waived ${formatGBP(item.damageWaived)} of the repair fee`}</p>
      ) : null}
    </>
  );
}

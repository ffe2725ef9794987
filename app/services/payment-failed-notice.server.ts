import { eq } from "drizzle-orm";
import { orders, users } from "../../db/schema";
import type { AppContext } from "../context";
import { formatGBP } from "../domain/money";
import { showReference } from "../domain/order-reference";
import { orderPath } from "./links.server";
import { notify } from "./notify.server";

/**
 * A later charge the saved card could not pay (declined, authentication required): the shopper is
 * told once per charge, by e-mail and in their notifications, with a link to 'Update your card'.
 * The charge stays pending; the daily job (or the new card at once) tries again.
 */
export async function tellChargeFailed(
  services: Pick<AppContext, "env" | "config" | "db">,
  orderId: string,
  transactionId: string,
  amount: number,
) {
  try {
    const shopper = await services.db
      .select({ id: users.id, email: users.email, fullName: users.fullName, reference: orders.reference })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(orders.id, orderId))
      .get();
    if (!shopper) return;
    await notify(services, [
      {
        key: `payment_failed:${transactionId}`,
        kind: "payment_failed",
        userId: shopper.id,
        to: shopper.email,
        title: "We could not take a payment: please update your card",
        text: `Hello ${shopper.fullName ?? "there"},\n\nWe could not charge ${formatGBP(amount)} for your order ${showReference(shopper.reference)} to the card you saved at checkout. Please update your card: we will try again at once, and every day until it goes through.`,
        link: `${orderPath(orderId)}/card`,
        action: "Update your card",
      },
    ]);
  } catch (error) {
    console.error(`payments: could not tell the shopper of ${orderId} that a charge failed`, error);
  }
}

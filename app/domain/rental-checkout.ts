// The checkout's rental choices (issue 44, items 1 and 6; decision 0080): for each rental in the
// basket, the day the shopper needs it by and whether it is protected. Fields are named by the
// product: `needBy.{productId}` (a date input) and `protect.{productId}` (a checkbox). Pure.

import { PROTECTION_FEE, PROTECTION_MESSAGES } from "./damage-protection";
import { backAroundAt, DEFAULT_TURNAROUND_DAYS, readNeedBy, type needByPlan } from "./rental-dates";
import { transitDaysTo } from "./shipping-zones";

export interface RentalChoice {
  plan: ReturnType<typeof needByPlan> | null;
  protect: boolean;
}
export type RentalChoices = Record<string, RentalChoice>;

export const needByField = (productId: string) => `needBy.${productId}`;
export const protectField = (productId: string) => `protect.${productId}`;

interface ChoiceLine {
  productId: string;
  name: string;
  type: "rental" | "purchase";
}

export type RentalChoicesResult =
  | { ok: true; choices: RentalChoices; values: Record<string, string> }
  | { ok: false; errors: Record<string, string>; values: Record<string, string>; message: string };

/**
 * The country the checkout sends to, as typed (the billing address when 'Same as billing address'):
 * a need-by date is checked against its zone's transit days on submit, even while the address has
 * errors of its own, so every field's message comes in one round (decision 0099).
 */
export const typedShipTo = (form: FormData): unknown =>
  form.get(form.get("sameAsBilling") === "on" ? "billing.country" : "shipping.country");

/**
 * Reads every rental's choices; a date that cannot be met delivering to `country` (the order's
 * ship-to), or protection asked for a purchase, is refused at its field.
 */
export function readRentalChoices(
  form: FormData,
  lines: readonly ChoiceLine[],
  now: number,
  country?: unknown,
): RentalChoicesResult {
  const choices: RentalChoices = {};
  const errors: Record<string, string> = {};
  const values: Record<string, string> = {};
  let message = "Please correct the fields marked below.";
  for (const line of lines) {
    const dateValue = form.get(needByField(line.productId));
    const protect = form.get(protectField(line.productId)) !== null;
    if (typeof dateValue === "string" && dateValue !== "") values[needByField(line.productId)] = dateValue.slice(0, 40);
    if (protect) values[protectField(line.productId)] = "on";
    if (line.type === "purchase") {
      if (protect) errors[protectField(line.productId)] = message = PROTECTION_MESSAGES.purchaseOnly(line.name);
      if (typeof dateValue === "string" && dateValue.trim() !== "")
        errors[needByField(line.productId)] = "A need-by date is for rentals only.";
      continue;
    }
    const read = readNeedBy(dateValue, now, country);
    if (!read.ok) errors[needByField(line.productId)] = read.error;
    else choices[line.productId] = { plan: read.plan, protect };
  }
  return Object.keys(errors).length ? { ok: false, errors, values, message } : { ok: true, choices, values };
}

/** What an order line records of its choice (nothing for a purchase). */
export function lineExtras(
  line: { productId: string; type: "rental" | "purchase" },
  choices: RentalChoices | undefined,
) {
  const choice = line.type === "rental" ? choices?.[line.productId] : undefined;
  return {
    needBy: choice?.plan?.needBy ?? null,
    postBy: choice?.plan?.postBy ?? null,
    protectionFee: choice?.protect ? PROTECTION_FEE : 0,
  };
}

/** The protection fees of an order's lines: part of its total, shown as their own line. */
export const protectionTotal = (
  lines: readonly { productId: string; type: "rental" | "purchase" }[],
  choices: RentalChoices | undefined,
) => lines.reduce((sum, line) => sum + lineExtras(line, choices).protectionFee, 0);

/** A rental just placed: when it is back around (the handler's turnaround is counted again when it moves); sent abroad, its parcels take the zone's days (decision 0094). */
export const placedBackAround = (
  line: { productId: string; type: "rental" | "purchase" },
  choices: RentalChoices | undefined,
  now: number,
  country?: unknown,
) =>
  line.type === "rental"
    ? backAroundAt(
        {
          status: "pending",
          placedAt: now,
          shippedAt: null,
          arrivesBy: choices?.[line.productId]?.plan?.arrivesBy ?? null,
          rentalEndsAt: null,
          returnRequestedAt: null,
          transitDays: transitDaysTo(country),
        },
        DEFAULT_TURNAROUND_DAYS,
      )
    : null;

import { claimStaff, type ClaimRow } from "../data/claims.server";
import { loadOrder } from "../data/order-lifecycle.server";
import { OUTCOME_LABELS, REASON_LABELS, type ClaimOutcome, type ClaimReason } from "../domain/claims";
import { formatGBP } from "../domain/money";
import { deadlineFor } from "../domain/dates";
import { handlerContacts } from "./handlers.server";
import { hello, tell, type App } from "./notices.server";
import type { Notice } from "./notify.server";

// Every step of a claim tells the other side (issue 43 item 3): bell and e-mail through the one
// notification service. Keys are per claim, step and party, so a replay tells once.

export type ClaimStep =
  | "opened"
  | "accepted"
  | "offered"
  | "offer_accepted"
  | "offer_declined"
  | "disputed"
  | "overdue"
  | "decided"
  | "fee_disputed"
  | "returned";

type Claim = Pick<
  ClaimRow,
  | "id"
  | "orderId"
  | "orderItemId"
  | "reason"
  | "itemName"
  | "offerAmount"
  | "outcome"
  | "refundAmount"
  | "decisionReason"
> & { dueAt?: number | null };

const claimPage = (id: string) => `/account/claims/${id}`;

/** `by`: the claim's answer-by deadline in the recipient's zone (' (by Friday 27 November)', decision 0095), or nothing. */
function words(step: ClaimStep, c: Claim, by = "") {
  const what = `${REASON_LABELS[c.reason as ClaimReason] ?? c.reason}: ${c.itemName}`;
  const outcome = c.outcome
    ? `${OUTCOME_LABELS[c.outcome as ClaimOutcome]}${c.refundAmount ? ` of ${formatGBP(c.refundAmount)}` : ""}`
    : "";
  switch (step) {
    case "opened":
      return {
        handler: [
          `A problem was reported with ${c.itemName}`,
          `The shopper reported a problem (${what}). Please answer within 3 days${by}: refund it, offer a partial refund, or dispute it. Without an answer it goes to our team.`,
        ],
      };
    case "fee_disputed":
      return {
        handler: [
          `The repair fee for ${c.itemName} is disputed`,
          `The shopper disputes the repair fee charged for ${c.itemName}. Our team will look at both sides and decide.`,
        ],
        staff: [
          `A repair fee to decide: ${c.itemName}`,
          `The shopper disputes the repair fee charged for ${c.itemName}.`,
        ],
      };
    case "accepted":
      return {
        shopper: [
          `Your claim about ${c.itemName} was accepted`,
          `The seller accepted your claim (${what}): the full price is refunded to your card. If the item should go back, its prepaid return label is on the claim's page.`,
        ],
      };
    case "offered":
      return {
        shopper: [
          `A partial refund is offered for ${c.itemName}`,
          `The seller offers ${formatGBP(c.offerAmount ?? 0)} back for your claim (${what}). Accept or decline it on the claim's page within 3 days${by}; declined, it goes to our team.`,
        ],
      };
    case "offer_accepted":
      return {
        handler: [
          `The shopper accepted your offer for ${c.itemName}`,
          `The partial refund of ${formatGBP(c.offerAmount ?? 0)} is paid to the shopper and the claim is closed.`,
        ],
      };
    case "offer_declined":
      return {
        handler: [
          `The shopper declined your offer for ${c.itemName}`,
          `The claim goes to our team, who will decide it.`,
        ],
        staff: [
          `A claim to decide: ${c.itemName}`,
          `The shopper declined a partial refund of ${formatGBP(c.offerAmount ?? 0)} (${what}).`,
        ],
      };
    case "disputed":
      return {
        shopper: [
          `The seller disputes your claim about ${c.itemName}`,
          `The seller disagrees with your claim (${what}). Our team will look at both sides, photos included, and decide.`,
        ],
        staff: [`A claim to decide: ${c.itemName}`, `The seller disputes the claim (${what}).`],
      };
    case "overdue":
      return {
        shopper: [
          `Our team is looking at your claim about ${c.itemName}`,
          `There was no answer in time, so our team will decide your claim (${what}).`,
        ],
        handler: [
          `The claim about ${c.itemName} went to our team`,
          `It was not answered in time. Our team will decide it.`,
        ],
        staff: [`A claim to decide: ${c.itemName}`, `It was not answered in time (${what}).`],
      };
    case "returned":
      return {
        handler: [
          `${c.itemName} is back with you`,
          `The carrier delivered the return of ${c.itemName} (${what}) to your return address.`,
        ],
      };
    case "decided":
      return {
        shopper: [
          `Your claim about ${c.itemName} is decided: ${outcome}`,
          `Our team decided your claim (${what}): ${outcome}.\n\nTheir reason: ${c.decisionReason ?? ""}`,
        ],
        handler: [
          `The claim about ${c.itemName} is decided: ${outcome}`,
          `Our team decided the claim (${what}): ${outcome}.\n\nTheir reason: ${c.decisionReason ?? ""}`,
        ],
      };
  }
}

/** Tells the parties of a claim's step (never throws: the step has happened whatever the notice does). */
export function tellClaim(app: App, step: ClaimStep, claim: Claim) {
  return tell(app, `claim ${claim.id} ${step}`, async () => {
    // Each recipient's words give the deadline in their own zone.
    const wordsFor = (zone?: string | null) =>
      words(step, claim, claim.dueAt ? ` (by ${deadlineFor(claim.dueAt, zone)})` : "") as Partial<
        Record<"shopper" | "handler" | "staff", [string, string]>
      >;
    const w = wordsFor();
    const order = await loadOrder(app.db, claim.orderId);
    const item = order?.items.find((i) => i.id === claim.orderItemId);
    if (!order || !item) return [];
    const notices: Notice[] = [];
    const base = (party: string, title: string) => ({
      key: `claim:${claim.id}:${step}:${party}`.slice(0, 200),
      title,
      link: claimPage(claim.id),
      action: "View the claim",
    });
    if (w.shopper)
      notices.push({
        ...base("shopper", w.shopper[0]),
        kind: "claim_update",
        userId: order.userId,
        to: order.email,
        text: `${hello(order.fullName)}${wordsFor(order.timeZone).shopper![1]}\n`,
      });
    if (w.handler) {
      for (const contact of await handlerContacts(app, [item])) {
        notices.push({
          ...base(`handler:${contact.key}`, w.handler[0]),
          kind: "claim_handler",
          userId: contact.userId,
          to: contact.email,
          text: `${hello(contact.name)}${wordsFor(contact.zone).handler![1]}\n`,
        });
      }
    }
    if (w.staff) {
      for (const staff of await claimStaff(app.db)) {
        notices.push({
          ...base(`staff:${staff.id}`, w.staff[0]),
          kind: "claim_staff",
          userId: staff.id,
          to: staff.email,
          text: `${hello(null)}${w.staff[1]}\n`,
          link: "/admin/claims",
        });
      }
    }
    return notices;
  });
}

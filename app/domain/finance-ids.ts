// The ids of the money records (issue 24, item 4). They follow from what they record, so that
// recording the same sale or payout twice inserts nothing new; and each ends in eight characters
// derived from all of it (a hash), so the last eight characters the Financial tab shows differ
// between rows, as the spec's 'last 8 characters' needs. Pure: the seed uses them too.

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** FNV-1a over the text with a seed: 32 bits. */
function fnv1a(text: string, seed: number) {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Eight Crockford base32 characters that follow from the parts (40 bits from two hashes). */
export function idTail(...parts: string[]) {
  const text = parts.join("\u0000");
  let bits = BigInt(fnv1a(text, 0x811c9dc5)) * 256n + BigInt(fnv1a(text, 0x050c5d1f) & 0xff);
  let out = "";
  for (let i = 0; i < 8; i++) {
    out = CROCKFORD[Number(bits % 32n)] + out;
    bits /= 32n;
  }
  return out;
}

export type TransactionKind =
  | "sale"
  | "rental_fee"
  | "rental_purchase"
  | "rental_conversion"
  | "not_returnable"
  | "damage_charge"
  | "refund"
  | "charge_reversal"
  | "claim_refund"
  | "protection_fee";

/** A purchase of an item is one, however it came about (bought, kept, charged as a purchase). */
const TXN_SUFFIX: Record<TransactionKind, string> = {
  rental_fee: "fee",
  sale: "purchase",
  rental_purchase: "purchase",
  rental_conversion: "purchase",
  not_returnable: "purchase",
  damage_charge: "damage",
  refund: "refund",
  charge_reversal: "reversal",
  claim_refund: "claim",
  protection_fee: "protection",
};

/** The id of an item's transaction of a kind. */
export function transactionId(orderItemId: string, type: TransactionKind) {
  const suffix = TXN_SUFFIX[type];
  return `txn_${orderItemId}_${suffix}_${idTail(orderItemId, suffix)}`;
}

/** The id of a transaction's commission for a recipient kind. */
export function commissionId(transactionId: string, recipientType: "platform" | "store") {
  return `com_${recipientType}_${transactionId.slice(4)}_${idTail(transactionId, recipientType)}`;
}

/** The id of a recipient's payout for the week starting at `periodStart`. */
export function payoutId(recipient: { type: string; id: string }, periodStart: number) {
  return `payout_${recipient.type}_${recipient.id}_${periodStart}_${idTail(recipient.type, recipient.id, String(periodStart))}`;
}

import { rejectionNextStep, rejectionNote, reviewLabel } from "../../domain/admin-products";

// Status badges (seller-store-admin.md §4, docs/dashboard-kit.md). A variant is named by what it
// means, and every badge says its status in words: the colour only repeats it.

const VARIANTS = {
  /** Waiting for someone: yellow. */
  pending: "bg-amber-100 text-amber-900",
  /** Under way: blue. */
  processing: "bg-sky-100 text-sky-900",
  /** Done, approved, paid: green. */
  done: "bg-emerald-100 text-emerald-900",
  /** Refused, cancelled, failed: red. */
  refused: "bg-red-100 text-red-900",
  /** Anything else: grey. */
  neutral: "bg-stone-200 text-stone-800",
} as const;
export type BadgeVariant = keyof typeof VARIANTS;

/** The variant of each status every list shows (§4): pending yellow, processing blue, done green, refused red. */
const STATUS_VARIANT: Record<string, BadgeVariant> = {
  pending: "pending",
  return_requested: "pending",
  processing: "processing",
  shipped: "processing",
  active: "processing",
  calculated: "processing",
  completed: "done",
  approved: "done",
  accepted: "done",
  paid: "done",
  live: "done",
  delivered: "done",
  returned: "done",
  merged: "done",
  cancelled: "refused",
  rejected: "refused",
  failed: "refused",
  archived: "neutral",
};

export function Badge({ variant, children }: { variant: BadgeVariant; children: string }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${VARIANTS[variant]}`}>
      {children}
    </span>
  );
}

/** A record's status as a badge: its words (or `label`) in the status's variant (or `variant`). */
export function StatusBadge({ status, label, variant }: { status: string; label?: string; variant?: BadgeVariant }) {
  return <Badge variant={variant ?? STATUS_VARIANT[status] ?? "neutral"}>{label ?? status.replace(/_/g, " ")}</Badge>;
}

/**
 * A product's states as labelled badges (issue 24, item 8): its review ('Review: approved'), its
 * listing ('Listing: live'), whether it is out on rental or sold, its concierge request when it
 * has one ('Concierge: pending'), and why it was rejected (and by which store, when one declined it). Every list of products shows them the same way.
 */
/** An item off the shop because of an order not with its shopper yet (decision 0069): what it waits for. */
const ORDER_STAGE_LABELS = {
  reserved: "Reserved: awaiting payment",
  to_post: "Ordered: to post",
  shipped: "On its way",
} as const;

export function ProductBadges({
  status,
  productStatus,
  conciergeStatus,
  rejectionReason,
  declinedBy,
  availability,
  orderStage,
  forSeller = false,
}: {
  status: string;
  productStatus?: string;
  conciergeStatus?: string;
  rejectionReason?: string | null;
  declinedBy?: string | null;
  availability?: string;
  orderStage?: keyof typeof ORDER_STAGE_LABELS | null;
  forSeller?: boolean;
}) {
  const why = rejectionNote({ status, productStatus, rejectionReason, declinedBy });
  // The seller's own list says what they can do about it.
  const next = forSeller ? rejectionNextStep({ status, productStatus, declinedBy }) : null;
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="flex flex-wrap gap-1">
        <StatusBadge status={status} label={reviewLabel({ status, productStatus, declinedBy })} />
        {productStatus ? <StatusBadge status={productStatus} label={`Listing: ${productStatus}`} /> : null}
        {/* A live listing that is out on rental or sold says so (it is off the shop meanwhile), and, to its seller, where an order not with its shopper yet stands. */}
        {availability && availability !== "available" ? (
          <StatusBadge
            status={availability}
            label={orderStage ? ORDER_STAGE_LABELS[orderStage] : availability === "rented" ? "Out on rental" : "Sold"}
            variant={orderStage === "reserved" || orderStage === "to_post" ? "pending" : "neutral"}
          />
        ) : null}
        {conciergeStatus && conciergeStatus !== "no" ? (
          <StatusBadge
            status={conciergeStatus}
            label={`Concierge: ${conciergeStatus}`}
            variant={conciergeStatus === "yes" ? "done" : "pending"}
          />
        ) : null}
      </span>
      {why ? <span className="text-xs text-red-800">{why}</span> : null}
      {next ? <span className="text-xs text-stone-700">{next}</span> : null}
    </span>
  );
}

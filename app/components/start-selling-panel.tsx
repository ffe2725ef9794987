import { Link } from "react-router";
import { formatLongDate } from "../domain/dates";
import type { SellerRequestStatus, SellerSignupMode } from "../domain/selling";
import { EmptyState } from "./kit/panel";

export interface SellingStatus {
  mode: SellerSignupMode;
  refused: string | null;
  request: { status: SellerRequestStatus; createdAt: number; rejectionReason: string | null } | null;
}

/**
 * The account's Products tab for someone who does not sell yet (seller-store-admin.md §2's text,
 * with issue 27 item 7's way in): start selling, or where their request is. Those who cannot start
 * here (staff) are still told to ask an administrator.
 */
export function StartSellingPanel({ status }: { status: SellingStatus | null }) {
  const request = status?.request ?? null;
  return (
    <EmptyState>
      <span className="block font-semibold">You need vendor access to manage products</span>
      {request?.status === "pending" && status?.mode !== "open" ? (
        <span role="status" className="mt-1 block text-sm">
          Your request to sell, sent on {formatLongDate(request.createdAt)}, is waiting for review. We will e-mail you
          the answer.
        </span>
      ) : !status || status.refused ? (
        <span className="mt-1 block text-sm">Contact an administrator to get vendor access</span>
      ) : (
        <>
          <span className="mt-1 block text-sm">
            {status.mode === "open"
              ? "Start selling to get it now: shoppers rent or buy your clothes, and you are paid each week."
              : "Ask to sell: our team approves new sellers, usually within two working days."}
          </span>
          {request?.status === "declined" ? (
            <span className="mt-1 block text-sm">
              Your last request was declined{request.rejectionReason ? `: ${request.rejectionReason}` : "."} You can ask
              again.
            </span>
          ) : null}
          {/* Sent while sellers were approved one by one; selling is open since (decision 0057): no need to wait. */}
          {request?.status === "pending" ? (
            <span className="mt-1 block text-sm">
              Your request to sell, sent on {formatLongDate(request.createdAt)}, no longer needs to wait for review: you
              can start now.
            </span>
          ) : null}
          <Link
            to="/account/start-selling"
            className="mt-3 inline-block rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white"
          >
            Start selling
          </Link>
        </>
      )}
    </EmptyState>
  );
}

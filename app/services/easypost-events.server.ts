// What EasyPost's webhook posts (issue 44 item 2; decision 0082): a `tracker.updated` event,
// read apart from the adapter (easypost.server.ts), which is loaded only when a label is bought
// through EasyPost, so that the tracking webhook's module does not bring it in.

/** What a `tracker.updated` event says, read defensively (anything else: null). */
export function trackerUpdate(
  event: unknown,
): { eventId: string; trackingCode: string; status: string; occurredAt: number } | null {
  if (!event || typeof event !== "object") return null;
  const e = event as {
    id?: unknown;
    description?: unknown;
    result?: {
      object?: unknown;
      tracking_code?: unknown;
      status?: unknown;
      updated_at?: unknown;
      tracking_details?: { status?: unknown; datetime?: unknown }[];
    };
  };
  if (e.description !== "tracker.updated" || typeof e.id !== "string" || !e.result || e.result.object !== "Tracker")
    return null;
  const { tracking_code: code, status } = e.result;
  if (typeof code !== "string" || typeof status !== "string") return null;
  // When the carrier saw this status: its detail's time, else the tracker's update.
  const detail = [...(e.result.tracking_details ?? [])].reverse().find((d) => d.status === status);
  const when = Date.parse(String(detail?.datetime ?? e.result.updated_at ?? ""));
  return {
    eventId: e.id,
    trackingCode: code.toUpperCase(),
    status,
    occurredAt: Number.isFinite(when) ? when : Number.NaN,
  };
}

import { Link } from "react-router";
import { formatLongDate } from "../../domain/dates";
import { CARRIER_NAMES, isCarrier, trackingUrl } from "../../domain/shipping";
import { TRACKING_WORDS, type ShopperParcels, type TimelineStep } from "../../domain/tracking";

// The order page's parcels (issue 44 items 2 and 3; decision 0082): each parcel going out with
// its tracking timeline, and the prepaid return label of a rental (or of an item being returned).

const ukTime = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" });

export function Timeline({ steps, label }: { steps: TimelineStep[]; label: string }) {
  if (steps.length === 0)
    return <p className="text-sm text-stone-700">Label created: waiting for the carrier&apos;s first scan.</p>;
  return (
    <ol aria-label={label} className="mt-2 space-y-1 border-l-2 border-stone-200 pl-4 text-sm">
      {steps.map((step) => (
        <li key={step.status}>
          <span className="font-medium">{TRACKING_WORDS[step.status]}</span>{" "}
          <time
            dateTime={new Date(step.occurredAt).toISOString()}
            className="text-stone-600"
          >{`${formatLongDate(step.occurredAt)}, ${ukTime.format(step.occurredAt)}`}</time>
        </li>
      ))}
    </ol>
  );
}

export function ParcelTracking({ parcels }: { parcels: ShopperParcels }) {
  if (parcels.outbound.length === 0 && parcels.returns.length === 0) return null;
  return (
    <section aria-labelledby="tracking-title" className="rounded-lg border border-stone-200 bg-white p-4">
      <h2 id="tracking-title" className="mb-3 text-lg font-semibold">
        Tracking
      </h2>
      <ul className="space-y-4">
        {parcels.outbound.map((p) => {
          const url = trackingUrl(p.carrier, p.trackingNumber);
          return (
            <li key={p.id}>
              <p className="text-sm">
                {`${p.names.join(", ")} · ${isCarrier(p.carrier) ? CARRIER_NAMES[p.carrier] : (p.carrier ?? "")} ${p.service ?? ""} · `}
                {url ? (
                  <a href={url} className="font-mono text-brand underline" rel="noopener noreferrer">
                    {p.trackingNumber}
                  </a>
                ) : (
                  <span className="font-mono">{p.trackingNumber}</span>
                )}
              </p>
              <p className="text-sm font-semibold">{p.status ? TRACKING_WORDS[p.status] : "Label created"}</p>
              <Timeline steps={p.timeline} label={`Tracking of ${p.trackingNumber}`} />
            </li>
          );
        })}
        {parcels.returns.map((p) => (
          <li key={p.id} className="rounded-md border border-stone-200 bg-stone-50 p-3 text-sm">
            <p className="font-semibold">
              {p.forClaim ? "Prepaid return label for your claim" : "Prepaid return label"}
            </p>
            <p>
              {`Send ${p.names.join(", ")} back with it: nothing to pay. `}
              <Link to={`/account/labels/${p.id}`} className="font-semibold text-brand underline">
                Print your return label
              </Link>
            </p>
            {p.forClaim || p.timeline.length ? (
              <p className="font-semibold">{p.status ? TRACKING_WORDS[p.status] : "Waiting to be sent back"}</p>
            ) : null}
            {p.timeline.length ? (
              <Timeline steps={p.timeline} label={`Tracking of your return ${p.trackingNumber}`} />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

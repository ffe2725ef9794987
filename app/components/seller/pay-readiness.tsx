import { Link } from "react-router";
import { missingForPay, PAY_READINESS_LABELS, type PayReadiness } from "../../domain/selling";

/** The seller dashboard: what is missing before they can be paid (issue 27 item 7); nothing when all is set. */
export function PayReadinessPanel({ readiness }: { readiness: PayReadiness }) {
  const missing = missingForPay(readiness);
  if (missing.length === 0) return null;
  return (
    <section aria-labelledby="pay-readiness" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="pay-readiness" className="font-semibold">Before you can be paid</h2>
      <ul className="mt-2 space-y-1 text-sm">
        {missing.map((k) => (
          <li key={k}>
            {PAY_READINESS_LABELS[k].missing}: <Link to={PAY_READINESS_LABELS[k].href} className="text-brand underline">{PAY_READINESS_LABELS[k].action}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

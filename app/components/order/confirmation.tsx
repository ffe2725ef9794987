// The order's own page as its confirmation (issue 22, item 1): checkout ends here with a
// 'Thank you', and what happens next. The rest of the page (items with their rent or buy choice,
// the money, the addresses) is the order page itself.

export interface ConfirmationFacts {
  /** '#7KQ4M2XA': what the shopper quotes to us or a seller (decision 0076). */
  reference: string;
  email: string | null;
  /** 'Friday 27 November': the handlers post by then (2 working days). */
  postBy: string;
  rentals: number;
  purchases: number;
}

export function OrderConfirmation({ facts }: { facts: ConfirmationFacts }) {
  return (
    <section aria-labelledby="thank-you" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4">
      <h2 id="thank-you" className="text-xl font-semibold">
        Thank you for your order
      </h2>
      <p className="mt-1 text-sm">
        Your order number is <strong className="font-mono whitespace-nowrap">{facts.reference}</strong>: quote it if you
        contact us.
      </p>
      <p className="mt-1 text-sm">
        {facts.email
          ? `A confirmation is on its way to ${facts.email}.`
          : "A confirmation is on its way to you by e-mail."}
      </p>
      <h3 className="mt-3 font-semibold">What happens next</h3>
      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
        <li>{`Each seller posts your items by ${facts.postBy}; this page shows the tracking number as soon as they do.`}</li>
        {facts.rentals > 0 ? (
          <li>
            Your 7 days start when it is delivered. Before they end, keep it by buying it, or send it back, from this
            page.
          </li>
        ) : null}
        {facts.purchases > 0 ? (
          <li>You can return a purchase within 14 days of its delivery, from this page.</li>
        ) : null}
        <li>When it arrives, press &lsquo;I have received it&rsquo; here if we have not marked it delivered yet.</li>
      </ul>
    </section>
  );
}

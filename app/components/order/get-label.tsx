import { Form } from "react-router";
import { SubmitButton, useSubmitting } from "../forms";

// 'Get a label' (issue 44 item 2; decision 0082): the parcel's printable label, paid from the
// order's delivery fee, with a prepaid return label for the shopper; the order is marked shipped
// with its tracking number. Typing the carrier and tracking number (the form below it) stays.
export function GetLabelForm({ orderId, reference, action }: { orderId: string; reference: string; action: string }) {
  const busy = useSubmitting("get_label");
  return (
    <Form
      method="post"
      action={action}
      className="mt-3 flex flex-wrap items-center gap-3"
      aria-label={`Get a label for order ${reference}`}
    >
      <input type="hidden" name="intent" value="get_label" />
      <input type="hidden" name="orderId" value={orderId} />
      <SubmitButton busy={busy} busyLabel="Making the label...">
        Get a label
      </SubmitButton>
      <span className="text-stone-700">
        Paid from the order&apos;s delivery fee. Or post it yourself and type the tracking number:
      </span>
    </Form>
  );
}

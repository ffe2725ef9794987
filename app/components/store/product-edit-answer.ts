// What the store's product edit page (routes/store/product-edit.tsx) answers a form with: which
// form it was, an alert, and the errors and values at its fields.

type Fields = "status" | "suggestedRentalPrice" | "suggestedBuyingPrice" | "reason";
export interface StoreEditActionData {
  intent: "update_status" | "request_price" | null;
  alert?: { title: string; message: string };
  errors?: Partial<Record<Fields, string>>;
  values?: Partial<Record<Fields, string>>;
}

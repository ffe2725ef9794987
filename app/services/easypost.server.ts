// EasyPost's adapter behind the shipping interface (issue 44 item 2; decision 0082): its REST API
// over fetch (https://docs.easypost.com/docs/shipments), no SDK. A label is two calls: create a
// shipment (addresses, parcel, `is_return` for the prepaid way back; EasyPost answers with its
// rates), then buy the cheapest GBP rate that fits the order's delivery fee
// (POST /v2/shipments/{id}/buy); the answer brings the tracking code and the printable label.
// EasyPost then follows the parcel and posts `tracker.updated` events to /webhooks/shipping,
// signed with the webhook's secret (easypost-signature.server.ts) and read by
// easypost-events.server.ts, apart from this adapter, which loads only when labels are bought
// through EasyPost. Only types are imported: the contract tests (tests/shipping/) load it in Node.
import type { PostalAddress } from "../domain/postal-address";
import { type BoughtLabel, LabelRefused, type LabelRequest, type ShippingProvider } from "./shipping-types";

export const EASYPOST_API = "https://api.easypost.com/v2";

interface EasyPostRate {
  id: string;
  carrier: string;
  service: string;
  rate: string;
  currency: string;
}
interface EasyPostShipment {
  id: string;
  rates?: EasyPostRate[];
  tracking_code?: string | null;
  selected_rate?: EasyPostRate | null;
  postage_label?: { label_url?: string | null; label_pdf_url?: string | null } | null;
}

/** EasyPost's carrier names for the carriers a handler can choose (app/domain/shipping.ts). */
const CARRIER_OF: Readonly<Record<string, string>> = {
  RoyalMail: "royal_mail",
  DPDUK: "dpd",
  DPD: "dpd",
  Evri: "evri",
  UPS: "ups",
  UPSDAP: "ups",
};

/** EasyPost's address object from ours. UK addresses: the county goes in `state`. */
export function easyPostAddress(address: PostalAddress) {
  return {
    name: address.fullName ?? "",
    street1: address.addressLine1 ?? "",
    street2: address.addressLine2 ?? "",
    city: address.city ?? "",
    state: address.county ?? "",
    zip: address.postalCode ?? "",
    country: address.country && address.country.length === 2 ? address.country.toUpperCase() : "GB",
  };
}

const GRAMS_PER_OUNCE = 28.349523125;
const ounces = (grams: number) => Math.ceil((grams / GRAMS_PER_OUNCE) * 10) / 10;

/**
 * EasyPost's customs information for a parcel between two countries (its Customs Guide: "you need
 * to pass customs information whenever you are shipping between two countries"; decision 0099):
 * each garment with its value in GBP and its share of the parcel's weight, signed by the sender;
 * a parcel on its way back is `returned_goods`. Null inside one country.
 */
export function easyPostCustoms(request: LabelRequest) {
  const from = easyPostAddress(request.from);
  const to = easyPostAddress(request.to);
  const contents = request.contents ?? [];
  if (from.country === to.country || contents.length === 0) return null;
  const share = Math.max(0.1, Math.floor((ounces(request.weight) / contents.length) * 10) / 10);
  return {
    contents_type: request.direction === "return" ? "returned_goods" : "merchandise",
    contents_explanation: request.direction === "return" ? "Pre-owned clothing sent back" : "Pre-owned clothing",
    customs_certify: true,
    customs_signer: from.name,
    non_delivery_option: "return",
    restriction_type: "none",
    customs_items: contents.map((item) => ({
      description: item.description,
      quantity: 1,
      value: item.value / 100,
      currency: "GBP",
      weight: share,
      origin_country: "GB",
    })),
  };
}

export function easyPostProvider(
  config: { EASYPOST_API_KEY?: string },
  fetcher: typeof fetch = fetch,
): ShippingProvider {
  const key = config.EASYPOST_API_KEY;
  if (!key) throw new Error("EASYPOST_API_KEY is not set");
  const authorization = `Basic ${btoa(`${key}:`)}`;
  const post = async (path: string, body: unknown): Promise<EasyPostShipment> => {
    const response = await fetcher(`${EASYPOST_API}${path}`, {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => null)) as
      (EasyPostShipment & { error?: { code?: string; message?: string } }) | null;
    if (response.status === 422 || response.status === 400)
      throw new LabelRefused(answer?.error?.message ?? "The shipping provider refused this parcel.");
    if (!response.ok || !answer)
      throw new Error(`EasyPost answered ${response.status}${answer?.error?.code ? ` (${answer.error.code})` : ""}`);
    return answer;
  };
  return {
    name: "easypost",
    async buyLabel(request: LabelRequest): Promise<BoughtLabel> {
      const customs = easyPostCustoms(request);
      const shipment = await post("/shipments", {
        shipment: {
          to_address: easyPostAddress(request.to),
          from_address: easyPostAddress(request.from),
          parcel: { weight: ounces(request.weight) },
          is_return: request.direction === "return",
          reference: request.reference,
          options: { label_format: "PDF", print_custom_1: request.reference },
          ...(customs ? { customs_info: customs } : {}),
        },
      });
      const fitting = (shipment.rates ?? [])
        .filter((rate) => rate.currency === "GBP" && Math.round(Number(rate.rate) * 100) <= request.maxCost)
        .sort((a, b) => Number(a.rate) - Number(b.rate));
      const rate = fitting[0];
      if (!rate) throw new LabelRefused("No carrier offers a label for this parcel within its delivery fee.");
      const bought = await post(`/shipments/${encodeURIComponent(shipment.id)}/buy`, { rate: { id: rate.id } });
      const selected = bought.selected_rate ?? rate;
      if (!bought.tracking_code) throw new Error("EasyPost bought the label but answered no tracking code");
      return {
        providerRef: bought.id,
        carrier: CARRIER_OF[selected.carrier] ?? "other",
        service: `${selected.carrier} ${selected.service}`,
        trackingNumber: bought.tracking_code.toUpperCase(),
        cost: Math.round(Number(selected.rate) * 100),
        labelUrl: bought.postage_label?.label_pdf_url ?? bought.postage_label?.label_url ?? null,
      };
    },
  };
}

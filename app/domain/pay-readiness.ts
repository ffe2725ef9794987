// What a seller still lacks before they can be paid (the seller's and the store's dashboards show it
// above every tab): apart from selling.ts, so a dashboard's every tab does not carry the rules and
// messages of starting to sell (decision 0127).

/** What a seller still lacks before they can be paid (the seller dashboard lists it). */
export interface PayReadiness {
  returnAddress: boolean;
  /** Their connected account for payouts is active (Connect onboarding finished; decision 0056). */
  payouts: boolean;
}

/** The missing items that a link fixes; payout details are set up with the dashboard's 'Set up payouts' form. */
export const PAY_READINESS_LABELS: Record<"returnAddress", { missing: string; href: string; action: string }> = {
  returnAddress: {
    missing: "Add the return address rented and returned items come back to",
    href: "/account?tab=profile#panel-return-address",
    action: "Add return address",
  },
};

export const missingForPay = (r: PayReadiness) => (["returnAddress", "payouts"] as const).filter((k) => !r[k]);

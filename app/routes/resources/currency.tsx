import { data, redirect } from "react-router";
import type { Route } from "./+types/currency";
import { appContext, displayCurrency, requestState } from "../../context";
import { CurrencyPicker } from "../../components/layout/currency-picker";
import { PageHeading } from "../../components/page-heading";
import { readCurrency, UNKNOWN_CURRENCY_MESSAGE } from "../../domain/currency";
import { readIntent } from "../../domain/intents";
import { safeRedirect } from "../../domain/safe-redirect";
import { saveAccountCurrency } from "../../data/rates.server";
import { currencyCookie } from "../../services/display-currency.server";

// The display currency's form (issue 45, item 1; decision 0084). Anyone may choose: the choice
// is remembered in a cookie, and a signed-in shopper's is also saved on their own account (and
// put back in the cookie when they sign in). Only how prices read changes: money stays pounds.

export const meta: Route.MetaFunction = () => [
  { title: "Currency | Closetloop" },
  { name: "robots", content: "noindex" },
];

export const intents = ["currency"] as const;

export function loader({ context }: Route.LoaderArgs) {
  return { chosen: context.get(displayCurrency) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const state = context.get(requestState);
  const form = await request.formData();
  const currency = readIntent(form, intents) ? readCurrency(form.get("currency")) : null;
  if (!currency) return data({ error: UNKNOWN_CURRENCY_MESSAGE }, { status: 400 });
  if (state.user) await saveAccountCurrency(app.db, state.user.id, currency, Date.now());
  state.setCookies.push(currencyCookie(currency, !app.config.isDev));
  return redirect(safeRedirect(form.get("returnTo")));
}

export default function CurrencyPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-md">
      <PageHeading
        title="Currency"
        subtitle="Prices show in the currency you choose, as an approximate amount; you always pay in pounds."
      />
      <div className="rounded-lg bg-brand p-4 text-stone-100">
        <CurrencyPicker chosen={loaderData.chosen} ratesUnavailable={false} error={actionData?.error} />
      </div>
    </section>
  );
}

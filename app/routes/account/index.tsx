import { useEffect, useState, type FormEvent } from "react";
import { data, Form, Link } from "react-router";
import { ALWAYS_EMAILED, CATEGORY_LABELS, isCategory, NOTIFICATION_CATEGORIES } from "../../domain/notifications";
import { emailOff, savePreferences } from "../../services/preferences.server";
import type { Route } from "./+types/index";
import { appContext } from "../../context";
import { accountCounts, accountOrders, ownProducts, profileOf, saveReturnAddress } from "../../data/account.server";
import { ownerEarnings } from "../../data/finance.server";
import { DeletionBlocked } from "../../data/personal-data.server";
import {
  ACCOUNT_TAB_LABELS,
  ACCOUNT_TABS,
  accountStatusTone,
  DELETE_MESSAGES,
  PASSWORD_MESSAGES,
  shortOrderId,
} from "../../domain/account";
import { PasswordChangeForm, ProfileForm } from "../../domain/account-forms";
import { fieldErrors, type FieldErrors } from "../../domain/auth-forms";
import { formatLongDate } from "../../domain/dates";
import { priceStatus } from "../../domain/fairness";
import { uploadBodyLimit } from "../../domain/uploads";
import { readIntent } from "../../domain/intents";
import { formatGBP } from "../../domain/money";
import { readPage, readTab } from "../../domain/tabs";
import { changePassword, deleteAccount, passwordMatches, saveAvatar, saveProfile } from "../../services/account.server";
import { requireUser } from "../../services/guards.server";
import { clientIp, isRateLimited, LIMITS, RATE_LIMITED_MESSAGE } from "../../services/rate-limit.server";
import { endSession, readSessionId } from "../../services/session.server";
import { redirectWithToast } from "../../services/toast.server";
import { EmptyState, Pagination, Panel, ProductBadges, StatCard, StatGrid, StatusBadge, TabNav } from "../../components/dashboard";
import { Field, FormAlert, SubmitButton, useSubmitting } from "../../components/forms";
import { ImageUpload } from "../../components/image-upload";
import { ReturnAddressFields } from "../../components/return-address-fields";
import { StartSellingPanel } from "../../components/start-selling-panel";
import { sellingStatus } from "../../data/seller-requests.server";
import { RETURN_FIELDS } from "../../domain/selling";
import { PageHeading } from "../../components/page-heading";
import { showToast } from "../../components/toaster";
import { ShippingAddress } from "../../domain/checkout";

// Account Management (seller-store-admin.md §2, §5, §8): five tabs as URLs (?tab=), every form a
// plain post that works without JavaScript. The order page is ./order.tsx; the export ./export.ts.

export const meta: Route.MetaFunction = () => [{ title: "Account Management | Closetloop" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const url = new URL(request.url);
  const tab = readTab(url, ACCOUNT_TABS);
  const now = Date.now();
  const base = { tab, isVendor: user.isVendor };
  switch (tab) {
    case "summary": {
      const [counts, earnings] = await Promise.all([accountCounts(app.db, user.id), user.isVendor ? ownerEarnings(app.db, user.id) : null]);
      // What shoppers paid for the vendor's items (their sales' gross), as the note says (issue 24).
      return { ...base, summary: { ...counts, totalSales: earnings?.gross ?? 0 } };
    }
    case "profile": {
      const [profile, off] = await Promise.all([profileOf(app.db, user.id, now), emailOff(app.db, user.id)]);
      return { ...base, profile, emailOff: [...off] };
    }
    case "orders": {
      const page = readPage(url);
      return { ...base, page, orders: await accountOrders(app.db, user.id, page) };
    }
    case "products":
      if (user.isVendor) return { ...base, products: await ownProducts(app.db, user.id), selling: null };
      return { ...base, products: [], selling: await sellingStatus(app.db, user.id) };
    default:
      return base;
  }
}

export const intents = ["avatar", "profile", "password", "delete_account", "return_address", "notification_preferences"] as const;

export interface AccountActionData {
  intent: string;
  errors?: FieldErrors;
  alert?: { title: string; message: string };
  values?: Record<string, string>;
}

const reply = (body: AccountActionData, status = 400) => data(body, { status });
const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export const bodyLimit = uploadBodyLimit("avatar");

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const form = await request.formData();
  const intent = readIntent(form, intents);
  const now = Date.now();
  const origin = new URL(request.url).origin;

  if (intent === "avatar") {
    const saved = await saveAvatar(app, user, form, now);
    if (!saved.ok) {
      // 'Invalid file type: Please select an image file.' shows as a title and its advice.
      const [title, ...rest] = saved.error.split(": ");
      return reply({ intent, errors: { avatar: saved.error }, alert: { title: rest.length ? title! : "Failed to update profile image", message: rest.length ? rest.join(": ") : saved.error } }, saved.failed ? 502 : 400);
    }
    return redirectWithToast(app.config, "/account?tab=profile", { type: "success", title: saved.removed ? "Profile image removed" : "Profile image updated" });
  }

  if (intent === "profile") {
    const values = { fullName: text(form, "fullName"), displayName: text(form, "displayName"), email: text(form, "email") };
    // Long input is not echoed back in full: the form shows what fits its fields.
    const echo = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.slice(0, 300)]));
    const parsed = ProfileForm.safeParse(values);
    if (!parsed.success) return reply({ intent, values: echo, errors: fieldErrors(parsed.error), alert: { title: "Failed to update profile", message: "Please correct the highlighted fields." } });
    const saved = await saveProfile(app, user.id, parsed.data, origin, now);
    if (!saved.ok) {
      const message = Object.values(saved.errors)[0] ?? "Please correct the highlighted fields.";
      return reply({ intent, values: echo, errors: saved.errors, alert: { title: "Failed to update profile", message } }, 409);
    }
    return redirectWithToast(app.config, "/account?tab=profile", {
      type: "success",
      title: "Profile updated",
      description: saved.emailChangeSentTo
        ? `We sent a link to ${saved.emailChangeSentTo}. Your email address changes when you open it.`
        : undefined,
    });
  }

  if (intent === "notification_preferences") {
    // Each category e-mailed or in-site only (issue 23); orders and rentals are always e-mailed.
    const chosen = form.getAll("email").map(String);
    const unknown = chosen.find((c) => !isCategory(c));
    if (unknown !== undefined) return reply({ intent, alert: { title: "E-mail settings not saved", message: `Unknown e-mail category: ${unknown.slice(0, 40)}.` } });
    await savePreferences(app.db, user.id, new Set([...chosen.filter(isCategory), ...ALWAYS_EMAILED]), now);
    return redirectWithToast(app.config, "/account?tab=profile#notification-settings", { type: "success", title: "E-mail settings saved" });
  }

  if (intent === "return_address") {
    // Where the seller's items come back (issue 22): needed before a rental listing is approved.
    const values = Object.fromEntries(RETURN_FIELDS.map((k) => [k, text(form, `return.${k}`).slice(0, 300)]));
    const parsed = ShippingAddress.safeParse(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === "" && k !== "country" ? undefined : v])));
    if (!parsed.success) return reply({ intent, values, errors: fieldErrors(parsed.error), alert: { title: "Return address not saved", message: "Please correct the highlighted fields." } });
    await saveReturnAddress(app.db, user.id, parsed.data, now);
    return redirectWithToast(app.config, "/account?tab=profile", { type: "success", title: "Return address saved", description: "Items you sell come back to this address." });
  }

  if (intent === "password") {
    const parsed = PasswordChangeForm.safeParse({ currentPassword: text(form, "currentPassword"), newPassword: text(form, "newPassword"), confirmPassword: text(form, "confirmPassword") });
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      const mismatch = errors.confirmPassword === PASSWORD_MESSAGES.mismatch;
      return reply({ intent, errors, alert: mismatch ? { title: PASSWORD_MESSAGES.mismatchToast, message: PASSWORD_MESSAGES.mismatch } : { title: "Failed to update password", message: Object.values(errors)[0] ?? "" } });
    }
    if (await isRateLimited(app.env.CACHE, [[LIMITS.accountPassword, user.id], [LIMITS.signInIp, clientIp(request)]])) {
      return reply({ intent, alert: { title: "Failed to update password", message: RATE_LIMITED_MESSAGE } }, 429);
    }
    if (!(await passwordMatches(app, user.id, parsed.data.currentPassword))) {
      return reply({ intent, errors: { currentPassword: PASSWORD_MESSAGES.currentWrong }, alert: { title: "Failed to update password", message: PASSWORD_MESSAGES.currentWrong } });
    }
    await changePassword(app, user.id, parsed.data.newPassword, await readSessionId(request, app), now);
    return redirectWithToast(app.config, "/account?tab=security", { type: "success", title: "Password updated", description: "You were signed out everywhere else." });
  }

  if (intent === "delete_account") {
    const password = text(form, "password");
    const refuse = (message: string, status = 400, field = true) =>
      reply({ intent, errors: field ? { password: message } : undefined, alert: { title: "Deletion Failed", message } }, status);
    if (!password) return refuse(DELETE_MESSAGES.passwordRequired);
    if (await isRateLimited(app.env.CACHE, [[LIMITS.accountPassword, user.id], [LIMITS.signInIp, clientIp(request)]])) return refuse(RATE_LIMITED_MESSAGE, 429);
    if (!(await passwordMatches(app, user.id, password.slice(0, 200)))) return refuse(DELETE_MESSAGES.passwordWrong);
    try {
      await deleteAccount(app, user.id, now);
    } catch (error) {
      if (error instanceof DeletionBlocked) return refuse(error.message === "shopper" ? DELETE_MESSAGES.inFlight : DELETE_MESSAGES.sellingInFlight, 409, false);
      throw error;
    }
    const cookie = await endSession(request, app);
    return redirectWithToast(app.config, "/", { type: "success", title: "Account Deleted", description: "Your account and all associated data have been permanently deleted." }, { headers: { "set-cookie": cookie } });
  }

  return reply({ intent: "", alert: { title: "Error", message: "Unknown action." } });
}

type LoaderData = Route.ComponentProps["loaderData"];

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as AccountActionData | undefined;
  const tab = loaderData.tab;
  // Each form posts to its own tab's address; a post sent elsewhere still shows its outcome.
  const elsewhere = result?.alert && tabOfIntent(result.intent) !== tab ? result.alert : null;
  useEffect(() => {
    if (result?.alert) showToast({ type: "error", title: result.alert.title, description: result.alert.message });
  }, [result]);
  const tabs = ACCOUNT_TABS.map((id) => ({ id, label: ACCOUNT_TAB_LABELS[id], href: `/account?tab=${id}` }));
  return (
    <div>
      <PageHeading title="Account Management" subtitle="Manage your account settings and view your activity" />
      <TabNav tabs={tabs} current={tab} label="Account sections" />
      {/* Issue 25, item 3: the sizes 'Show my sizes' uses live on a page of their own (./sizes.tsx). */}
      <p className="mb-4 text-sm"><Link to="/account/sizes" className="text-brand underline">My sizes</Link>: save your sizes and see only what fits on every listing.</p>
      <p className="mb-4 text-sm"><Link to="/account/saved-searches" className="text-brand underline">Saved searches and alerts</Link></p>
      {elsewhere ? <FormAlert title={elsewhere.title} message={elsewhere.message} /> : null}
      {tab === "summary" ? <Summary data={loaderData} /> : null}
      {tab === "profile" ? <Profile data={loaderData} result={result} /> : null}
      {tab === "security" ? <Security result={result?.intent === "password" ? result : undefined} /> : null}
      {tab === "orders" ? <Orders data={loaderData} /> : null}
      {tab === "products" ? <Products data={loaderData} /> : null}
    </div>
  );
}

function tabOfIntent(intent: string) {
  if (intent === "password") return "security";
  if (intent === "avatar" || intent === "profile" || intent === "delete_account" || intent === "return_address" || intent === "notification_preferences") return "profile";
  return null;
}

function Summary({ data }: { data: LoaderData }) {
  if (!("summary" in data) || !data.summary) return null;
  const s = data.summary;
  return (
    <StatGrid>
      <StatCard label="Active Orders" value={s.activeOrders} note="Currently processing" />
      <StatCard label="Total Orders" value={s.totalOrders} note="All time orders" />
      {data.isVendor ? (
        <>
          <StatCard label="Total Sales" value={formatGBP(s.totalSales)} note="Revenue generated: what shoppers paid for your items" />
          <StatCard label="Products" value={s.products} note="Listed products" />
        </>
      ) : null}
    </StatGrid>
  );
}

/** A seller's return address: rentals and returned purchases come back here (issue 22). */
/** Each notification category: e-mailed, or in the notification centre only (issue 23). */
function NotificationSettings({ off, result }: { off: readonly string[]; result?: { alert?: { title: string; message: string } } }) {
  return (
    <Panel title="E-mail notifications" id="notification-settings">
      <p className="text-sm text-stone-700">Everything appears in your <Link to="/account/notifications" className="text-brand underline">notifications</Link>. Choose what we also e-mail you.</p>
      {result?.alert ? <FormAlert title={result.alert.title} message={result.alert.message} /> : null}
      <Form method="post" action="/account?tab=profile" className="mt-3 space-y-2" aria-label="E-mail notifications">
        <fieldset>
          <legend className="sr-only">E-mail me about</legend>
          {NOTIFICATION_CATEGORIES.map((category) => (
            <label key={category} className="flex items-center gap-2 py-1 text-sm">
              <input type="checkbox" name="email" value={category} defaultChecked={ALWAYS_EMAILED.has(category) || !off.includes(category)} disabled={ALWAYS_EMAILED.has(category)} className="size-4" />
              {CATEGORY_LABELS[category]}
              {ALWAYS_EMAILED.has(category) ? <span className="text-xs text-stone-600">(always e-mailed: about your orders)</span> : null}
            </label>
          ))}
        </fieldset>
        <button type="submit" name="intent" value="notification_preferences" className="rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white">Save e-mail settings</button>
      </Form>
    </Panel>
  );
}

function ReturnAddressForm({ address, result }: { address: Record<string, string | undefined> | null; result?: AccountActionData }) {
  const busy = useSubmitting("return_address");
  return (
    <Panel title="Return address">
      <p className="mb-3 text-sm text-stone-700">Where items you sell come back when a shopper returns them. A rental listing is approved only once it is set.</p>
      {result?.alert ? <FormAlert title={result.alert.title} message={result.alert.message} /> : null}
      <Form method="post" action="/account?tab=profile" noValidate className="mt-2 grid gap-3 sm:grid-cols-2" aria-label="Return address">
        <input type="hidden" name="intent" value="return_address" />
        <ReturnAddressFields address={address} values={result?.values} errors={result?.errors} />
        <div className="sm:col-span-2">
          <SubmitButton busy={busy} busyLabel="Saving...">Save return address</SubmitButton>
        </div>
      </Form>
    </Panel>
  );
}

function Profile({ data, result }: { data: LoaderData; result?: AccountActionData }) {
  const profile = "profile" in data ? data.profile : null;
  const uploading = useSubmitting("avatar");
  const saving = useSubmitting("profile");
  if (!profile) return null;
  const avatarResult = result?.intent === "avatar" ? result : undefined;
  const profileResult = result?.intent === "profile" ? result : undefined;
  const values = profileResult?.values;
  return (
    <div className="max-w-2xl">
      <Panel title="Profile picture">
        <Form method="post" action="/account?tab=profile" encType="multipart/form-data" className="space-y-4" aria-label="Profile picture">
          <input type="hidden" name="intent" value="avatar" />
          <ImageUpload key={profile.avatarUrl ?? "none"} name="avatar" use="avatar" label="Profile picture" existing={profile.avatarUrl ? [profile.avatarUrl] : []} error={avatarResult?.errors?.avatar} />
          <SubmitButton busy={uploading} busyLabel="Uploading...">Save picture</SubmitButton>
        </Form>
      </Panel>

      <Panel title="Profile details">
        {profileResult?.alert ? <FormAlert title={profileResult.alert.title} message={profileResult.alert.message} /> : null}
        <Form method="post" action="/account?tab=profile" noValidate className="mt-2 space-y-4" aria-label="Profile details">
          <input type="hidden" name="intent" value="profile" />
          <Field label="Full name" name="fullName" autoComplete="name" required maxLength={300} defaultValue={values?.fullName ?? profile.fullName ?? ""} error={profileResult?.errors?.fullName} />
          <Field
            label="Display name"
            name="displayName"
            autoComplete="nickname"
            required
            maxLength={300}
            defaultValue={values?.displayName ?? profile.displayName ?? ""}
            error={profileResult?.errors?.displayName}
            hint="Shown on your public seller page, at closetloop's address followed by /your display name."
          />
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={300}
            defaultValue={values?.email ?? profile.email}
            error={profileResult?.errors?.email}
            hint={profile.pendingEmail ? `Waiting for confirmation: we sent a link to ${profile.pendingEmail}. Your email changes when you open it.` : "A new address is used once you confirm it from the link we send there."}
          />
          <SubmitButton busy={saving} busyLabel="Saving...">Save Changes</SubmitButton>
        </Form>
      </Panel>

      {data.isVendor ? <ReturnAddressForm address={profile.returnAddress} result={result?.intent === "return_address" ? result : undefined} /> : null}

      <NotificationSettings off={"emailOff" in data ? (data.emailOff ?? []) : []} result={result?.intent === "notification_preferences" ? result : undefined} />

      <DataPrivacy result={result?.intent === "delete_account" ? result : undefined} />
    </div>
  );
}

/** Downloads the export with JavaScript (with 'Exporting...' and a toast); without it the browser downloads the answer itself. */
function useExport() {
  const [exporting, setExporting] = useState(false);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setExporting(true);
    try {
      const response = await fetch(event.currentTarget.action, { method: "POST", body: new FormData(event.currentTarget), headers: { accept: "application/json" } });
      if (!response.ok) throw new Error(`export answered ${response.status}`);
      const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "closetloop-data.json";
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = name;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      showToast({ type: "success", title: "Data Export Complete", description: "Your personal data has been downloaded as a JSON file." });
    } catch {
      showToast({ type: "error", title: "Export Failed", description: "There was an error exporting your data. Please try again." });
    } finally {
      setExporting(false);
    }
  }
  return { exporting, onSubmit };
}

function DataPrivacy({ result }: { result?: AccountActionData }) {
  const { exporting, onSubmit } = useExport();
  const deleting = useSubmitting("delete_account");
  return (
    <Panel title="Data privacy">
      <p className="text-sm text-stone-700">Under the UK GDPR you can take a copy of your data with you, or delete your account and the data that goes with it.</p>
      <div className="mt-4 flex flex-wrap items-start gap-4">
        {/* A plain form: the answer is a file, which the browser downloads without leaving the page. */}
        <form method="post" action="/account/export" onSubmit={onSubmit}>
          <button type="submit" disabled={exporting} className="rounded-md border border-stone-300 px-4 py-2 font-medium disabled:opacity-60">
            {exporting ? "Exporting..." : "Export my data"}
          </button>
        </form>
        <details className="w-full rounded-md border border-red-200 bg-red-50/40 p-0 open:p-4 sm:w-auto sm:flex-1" open={Boolean(result)}>
          <summary className="inline-block cursor-pointer rounded-md border border-red-300 bg-white px-4 py-2 font-medium text-red-800">Delete my account</summary>
          <div role="dialog" aria-labelledby="delete-account-title" className="mt-4 space-y-3">
            <h3 id="delete-account-title" className="text-lg font-semibold text-red-900">Delete your account?</h3>
            <p className="text-sm">This permanently deletes your account and all associated data. It cannot be undone. Before you go:</p>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              <li><strong>Export your data first</strong> if you want a copy: once deleted, it cannot be recovered.</li>
              <li><strong>Finish your orders first</strong>: an account with an order in progress cannot be deleted. An order that has not been posted can be cancelled from its page in <a href="/account?tab=orders" className="underline">My Orders</a>; a rental ends when you return it or buy it.</li>
              <li><strong>Remove the products you want to transfer</strong> to someone else: your listings are deleted with your account.</li>
            </ul>
            {result?.alert ? <FormAlert title={result.alert.title} message={result.alert.message} /> : null}
            <Form method="post" action="/account?tab=profile" noValidate className="space-y-3" aria-label="Delete my account">
              <input type="hidden" name="intent" value="delete_account" />
              <Field label="Enter your password to confirm" name="password" id="delete-password" type="password" autoComplete="current-password" required error={result?.errors?.password} />
              <button type="submit" disabled={deleting} className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white disabled:opacity-60">
                {deleting ? "Deleting..." : "Delete my account permanently"}
              </button>
            </Form>
          </div>
        </details>
      </div>
    </Panel>
  );
}

function Security({ result }: { result?: AccountActionData }) {
  const busy = useSubmitting("password");
  return (
    <div className="max-w-md">
      <Panel title="Change password">
        {result?.alert ? <FormAlert title={result.alert.title} message={result.alert.message} /> : null}
        <Form method="post" action="/account?tab=security" noValidate className="mt-2 space-y-4" aria-label="Change password">
          <input type="hidden" name="intent" value="password" />
          <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={result?.errors?.currentPassword} />
          <Field label="New password" name="newPassword" type="password" autoComplete="new-password" required error={result?.errors?.newPassword} hint="At least 6 characters" />
          <Field label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" required error={result?.errors?.confirmPassword} />
          <SubmitButton busy={busy} busyLabel="Updating...">Update Password</SubmitButton>
        </Form>
      </Panel>
    </div>
  );
}

function Orders({ data }: { data: LoaderData }) {
  if (!("orders" in data) || !data.orders) return null;
  const { orders, hasNext } = data.orders;
  if (orders.length === 0 && data.page === 1) return <EmptyState>You haven&apos;t placed any orders yet</EmptyState>;
  return (
    <Panel title="My Orders">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-stone-200 text-stone-600">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">Order ID</th>
              <th scope="col" className="py-2 pr-4 font-medium">Date</th>
              <th scope="col" className="py-2 pr-4 font-medium">Status</th>
              <th scope="col" className="py-2 text-right font-medium">Total paid</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id} className="border-b border-stone-100">
                <td className="py-2 pr-4 font-mono">
                  <Link to={`/account/orders/${order.id}`} className="text-brand underline">
                    {shortOrderId(order.id)}
                    <span className="sr-only">{` (order ${order.id})`}</span>
                  </Link>
                </td>
                <td className="py-2 pr-4">{formatLongDate(order.createdAt)}</td>
                <td className="py-2 pr-4"><StatusBadge status={order.status} tone={accountStatusTone(order.status)} /></td>
                <td className="py-2 text-right">{formatGBP(order.totalPaid)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={"page" in data ? (data.page ?? 1) : 1} hasNext={hasNext} href={(p) => `/account?tab=orders&page=${p}`} />
    </Panel>
  );
}

function ProductImage({ src, name }: { src: string | undefined; name: string }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) return <div className="flex size-12 items-center justify-center rounded bg-stone-200 text-[10px] text-stone-600">No image</div>;
  return <img src={src} alt={name} width={48} height={48} loading="lazy" onError={() => setBroken(true)} className="size-12 rounded object-cover" />;
}

function Products({ data }: { data: LoaderData }) {
  if (!data.isVendor) return <StartSellingPanel status={"selling" in data ? data.selling : null} />;
  const products = "products" in data ? (data.products ?? []) : [];
  return (
    <Panel title="My Products" actions={<Link to="/vendor?tab=products" className="rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white">Manage Products</Link>}>
      {products.length === 0 ? (
        <EmptyState>You haven&apos;t created any products yet</EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-stone-200 text-stone-600">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">Image</th>
                <th scope="col" className="py-2 pr-4 font-medium">Name</th>
                <th scope="col" className="py-2 pr-4 font-medium">Price Status</th>
                <th scope="col" className="py-2 pr-4 font-medium">Status</th>
                <th scope="col" className="py-2 font-medium">Created</th>
              </tr>
            </thead>
            <tbody>
              {products.map((p) => {
                const price = priceStatus(p);
                return (
                  <tr key={p.id} className="border-b border-stone-100">
                    <td className="py-2 pr-4"><ProductImage src={p.images[0]} name={p.name} /></td>
                    <td className="py-2 pr-4">{p.name}</td>
                    <td className="py-2 pr-4"><StatusBadge status={price} label={price} tone={price === "Review Price" ? "yellow" : "green"} /></td>
                    <td className="py-2 pr-4"><ProductBadges status={p.status} productStatus={p.productStatus} rejectionReason={p.rejectionReason} /></td>
                    <td className="py-2">{formatLongDate(p.createdAt)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

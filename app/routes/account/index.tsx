import { useEffect } from "react";
import { data, Link } from "react-router";
import { ALWAYS_EMAILED, isCategory } from "../../domain/notifications";
import { emailOff, savePreferences } from "../../services/preferences.server";
import type { Route } from "./+types/index";
import { appContext, requestState } from "../../context";
import { accountCounts, accountOrders, ownProducts, profileOf, saveReturnAddress } from "../../data/account.server";
import { ownerEarnings } from "../../data/finance.server";
import { DeletionBlocked, ordersInProgress } from "../../data/personal-data.server";
import { ACCOUNT_TAB_LABELS, ACCOUNT_TABS, DELETE_MESSAGES, PASSWORD_MESSAGES } from "../../domain/account";
import { showReference } from "../../domain/order-reference";
import { PasswordChangeForm, ProfileForm } from "../../domain/account-forms";
import { checkForm } from "../../domain/submission";
import { ReturnAddressForm, returnAddressEcho } from "../../domain/selling-form";
import { echoField } from "../../domain/form-body";
import { uploadBodyLimit } from "../../domain/upload-sizes";
import { readIntent } from "../../domain/intents";
import { readPage, readTab } from "../../domain/tabs";
import { changePassword, deleteAccount, passwordMatches, saveAvatar, saveProfile } from "../../services/account.server";
import { requireUser } from "../../services/guards.server";
import { clientIp, LIMITS, rateLimited } from "../../services/rate-limit.server";
import { endSession, readSessionId } from "../../services/session.server";
import { redirectWithToast } from "../../services/toast.server";
import { TabNav } from "../../components/kit/tab-nav";
import { FormAlert } from "../../components/forms";
import { sellingStatus } from "../../data/seller-requests.server";
import { PageHeading } from "../../components/page-heading";
import { showToast } from "../../components/toasts";
import { lazyTab } from "../../components/kit/lazy-tab";
import type { AccountActionData } from "./tabs/types";

// Each tab's components load with their tab (decision 0127).
const Summary = lazyTab(() => import("./tabs/summary"), "Summary");
const Profile = lazyTab(() => import("./tabs/profile"), "Profile");
const Security = lazyTab(() => import("./tabs/security"), "Security");
const Orders = lazyTab(() => import("./tabs/orders"), "Orders");
const Products = lazyTab(() => import("./tabs/products"), "Products");

// Account Management (seller-store-admin.md §2, §5, §8): five tabs as URLs (?tab=), every form a
// plain post that works without JavaScript. The order page is ./order.tsx; the export ./export.ts.

export const meta: Route.MetaFunction = () => [{ title: "Account Management | Closetloop" }];

// Its GET authorizes with the user the session kept while their visit rides with its batch, and
// only reads (a page whose visit finds another user is rendered again): decision 0116.
export const visitRides = true;

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const url = new URL(request.url);
  const tab = readTab(url, ACCOUNT_TABS);
  const now = Date.now();
  // zone: the reader's time zone, for the days orders and products were made on (decision 0095).
  const base = { tab, isVendor: user.isVendor, zone: context.get(requestState).timeZone };
  switch (tab) {
    case "summary": {
      const [counts, earnings] = await Promise.all([
        accountCounts(app.db, user.id),
        user.isVendor ? ownerEarnings(app.db, user.id) : null,
      ]);
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

export const intents = [
  "avatar",
  "profile",
  "password",
  "delete_account",
  "return_address",
  "notification_preferences",
] as const;

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
      return reply(
        {
          intent,
          errors: { avatar: saved.error },
          alert: {
            title: rest.length ? title! : "Failed to update profile image",
            message: rest.length ? rest.join(": ") : saved.error,
          },
        },
        saved.failed ? 502 : 400,
      );
    }
    return redirectWithToast(app.config, "/account?tab=profile", {
      type: "success",
      title: saved.removed ? "Profile image removed" : "Profile image updated",
    });
  }

  if (intent === "profile") {
    // Long input is not echoed back in full: the form shows what fits its fields.
    const echo = Object.fromEntries(["fullName", "displayName", "email"].map((k) => [k, echoField(form, k, 300)]));
    const parsed = checkForm(form, ProfileForm);
    if (!parsed.ok)
      return reply({
        intent,
        values: echo,
        errors: parsed.errors,
        alert: { title: "Failed to update profile", message: "Please correct the highlighted fields." },
      });
    const saved = await saveProfile(app, user.id, parsed.value, origin, now);
    if (!saved.ok) {
      const message = Object.values(saved.errors)[0] ?? "Please correct the highlighted fields.";
      return reply(
        { intent, values: echo, errors: saved.errors, alert: { title: "Failed to update profile", message } },
        saved.status ?? 409,
      );
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
    if (unknown !== undefined)
      return reply({
        intent,
        alert: { title: "E-mail settings not saved", message: `Unknown e-mail category: ${unknown.slice(0, 40)}.` },
      });
    await savePreferences(app, user, new Set([...chosen.filter(isCategory), ...ALWAYS_EMAILED]), now);
    return redirectWithToast(app.config, "/account?tab=profile#notification-settings", {
      type: "success",
      title: "E-mail settings saved",
    });
  }

  if (intent === "return_address") {
    // Where the seller's items come back (issue 22): needed before a rental listing is approved.
    const parsed = checkForm(form, ReturnAddressForm);
    if (!parsed.ok)
      return reply({
        intent,
        values: returnAddressEcho(form),
        errors: parsed.errors,
        alert: { title: "Return address not saved", message: "Please correct the highlighted fields." },
      });
    await saveReturnAddress(app.db, user.id, parsed.value.return, now);
    return redirectWithToast(app.config, "/account?tab=profile", {
      type: "success",
      title: "Return address saved",
      description: "Items you sell come back to this address.",
    });
  }

  if (intent === "password") {
    const parsed = checkForm(form, PasswordChangeForm);
    if (!parsed.ok) {
      const { errors } = parsed;
      const mismatch = errors.confirmPassword === PASSWORD_MESSAGES.mismatch;
      return reply({
        intent,
        errors,
        alert: mismatch
          ? { title: PASSWORD_MESSAGES.mismatchToast, message: PASSWORD_MESSAGES.mismatch }
          : { title: "Failed to update password", message: Object.values(errors)[0] ?? "" },
      });
    }
    const limited = await rateLimited(app.env.CACHE, [
      [LIMITS.accountPassword, user.id],
      [LIMITS.signInIp, clientIp(request)],
    ]);
    if (limited) return reply({ intent, alert: { title: "Failed to update password", message: limited } }, 429);
    if (!(await passwordMatches(app, user.id, parsed.value.currentPassword))) {
      return reply({
        intent,
        errors: { currentPassword: PASSWORD_MESSAGES.currentWrong },
        alert: { title: "Failed to update password", message: PASSWORD_MESSAGES.currentWrong },
      });
    }
    await changePassword(app, user.id, parsed.value.newPassword, await readSessionId(request, app), now);
    return redirectWithToast(app.config, "/account?tab=security", {
      type: "success",
      title: "Password updated",
      description: "You were signed out everywhere else.",
    });
  }

  if (intent === "delete_account") {
    const password = text(form, "password");
    const refuse = (message: string, status = 400, field = true) =>
      reply(
        { intent, errors: field ? { password: message } : undefined, alert: { title: "Deletion Failed", message } },
        status,
      );
    if (!password) return refuse(DELETE_MESSAGES.passwordRequired);
    const limited = await rateLimited(app.env.CACHE, [
      [LIMITS.accountPassword, user.id],
      [LIMITS.signInIp, clientIp(request)],
    ]);
    if (limited) return refuse(limited, 429);
    if (!(await passwordMatches(app, user.id, password.slice(0, 200)))) return refuse(DELETE_MESSAGES.passwordWrong);
    try {
      await deleteAccount(app, user.id, now);
    } catch (error) {
      if (error instanceof DeletionBlocked) {
        // Which orders: their references, as My Orders shows them (decision 0068).
        const open = error.message === "shopper" ? await ordersInProgress(app.db, user.id) : [];
        return refuse(
          error.message === "shopper"
            ? `${DELETE_MESSAGES.inFlight}${open.length ? ` In progress: ${open.map(showReference).join(", ")}.` : ""}`
            : DELETE_MESSAGES.sellingInFlight,
          409,
          false,
        );
      }
      throw error;
    }
    const cookie = await endSession(request, app);
    return redirectWithToast(
      app.config,
      "/",
      {
        type: "success",
        title: "Account Deleted",
        description: "Your account and all associated data have been permanently deleted.",
      },
      { headers: { "set-cookie": cookie } },
    );
  }

  return reply({ intent: "", alert: { title: "Error", message: "Unknown action." } });
}

export type { AccountActionData };

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
      <p className="mb-4 text-sm">
        <Link to="/account/sizes" className="text-brand underline">
          My sizes
        </Link>
        : save your sizes and see only what fits on every listing.
      </p>
      <p className="mb-4 text-sm">
        <Link to="/account/saved-searches" className="text-brand underline">
          Saved searches and alerts
        </Link>{" "}
        ·{" "}
        <Link to="/account/following" className="text-brand underline">
          Following
        </Link>
      </p>
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
  if (
    intent === "avatar" ||
    intent === "profile" ||
    intent === "delete_account" ||
    intent === "return_address" ||
    intent === "notification_preferences"
  )
    return "profile";
  return null;
}

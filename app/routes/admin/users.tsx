import { useEffect } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/users";
import { adminUsers } from "../../data/admin-users.server";
import { adminTab, staffSubrole } from "../../domain/admin-tabs";
import { formText, readSearch, tabReturnTo } from "../../domain/admin-lists";
import { formatShortDate } from "../../domain/dates";
import { roleFlags } from "../../domain/roles";
import { isSubroleChoice, roleLabels, SUBROLE_CHOICES, SUBROLE_LABELS, subroleChoicesFor, type SubroleChoice } from "../../domain/admin-roles";
import { readPage } from "../../domain/tabs";
import { listAnswer, openAdminAction, openAdminLoader, refuse, searchedList } from "../../services/admin-actions.server";
import { changeUserRoles, sendUserPasswordReset, setUserDeactivated, type StaffResult } from "../../services/staff-users.server";
import { redirectWithToast } from "../../services/toast.server";
import { ActionAlert, ReviewActions, SearchableTable } from "../../components/admin";
import { sellerRequestLists } from "../../data/seller-requests.server";
import { readDecisionReason } from "../../domain/decision-reason";
import { refuseFields } from "../../services/admin-content.server";
import { decideRequestToSell } from "../../services/selling.server";
import { ConfirmForm, RowAction } from "../../components/kit/row-actions";
import { EmptyState, Panel } from "../../components/kit/panel";
import { StatusBadge } from "../../components/kit/badge";
import { CellText } from "../../components/kit/data-table";

// Admin Users (seller-store-admin.md §2, §4, §6; issue 14 item 7; decision 0031): the users table
// with the sub-role dropdown, vendor access, password reset and (superadmin only) deactivation.
// The list refreshes when the window regains focus (DECISIONS.md, Staff).

export const meta: Route.MetaFunction = () => [{ title: "Users | Admin | Closetloop" }, { name: "robots", content: "noindex" }];

const TAB = adminTab("users").href;

export async function loader(args: Route.LoaderArgs) {
  const { user, app, url } = openAdminLoader(args, "users");
  const search = readSearch(url);
  const filter = { q: search.q, page: readPage(url) };
  const [list, sellerRequests] = await Promise.all([searchedList(search, () => adminUsers(app.db, filter)), sellerRequestLists(app.db)]);
  const rows = list.rows.map(({ role, adminSubrole, sellerRole, ...u }) => {
    const record = role ? { role, adminSubrole, sellerRole } : null;
    const flags = roleFlags(record);
    const subrole: SubroleChoice = staffSubrole(flags) ?? "none";
    return { ...u, roles: roleLabels(record), subrole, isVendor: flags.isVendor, isStore: flags.isStore };
  });
  return listAnswer({ ...filter, searchError: search.error, rows, hasNext: list.hasNext, me: user.id, isSuperadmin: user.isSuperAdmin, choices: subroleChoicesFor(user.isSuperAdmin), sellerRequests });
}

export const intents = ["subrole", "vendor", "reset", "deactivate", "reactivate", "approve", "reject"] as const;

export async function action(args: Route.ActionArgs) {
  const { user, app, form, intent } = await openAdminAction(args, "users", intents);
  const userId = formText(form, "userId");
  const now = Date.now();
  let result: StaffResult;
  switch (intent) {
    case "subrole": {
      const to = form.get("subrole");
      if (!isSubroleChoice(to)) return refuse(app.config, 400, "Failed to update admin role", `Please choose one of: ${SUBROLE_CHOICES.map((c) => SUBROLE_LABELS[c]).join(", ")}.`);
      result = await changeUserRoles(app, user, userId, { type: "subrole", to }, now);
      break;
    }
    case "vendor": {
      const access = form.get("vendor");
      if (access !== "grant" && access !== "revoke") return refuse(app.config, 400, "Failed to update user role", "Please choose whether the user has vendor access.");
      result = await changeUserRoles(app, user, userId, { type: "vendor", grant: access === "grant" }, now);
      break;
    }
    case "reset":
      result = await sendUserPasswordReset(app, user, userId, new URL(args.request.url).origin, now);
      break;
    case "deactivate":
    case "reactivate":
      result = await setUserDeactivated(app, user, userId, intent === "deactivate", now);
      break;
    case "approve":
    case "reject": {
      // A request to sell (issue 27 item 7): approved gives vendor access; declined tells the reason.
      const sellerId = formText(form, "sellerId");
      const reason = intent === "reject" ? readDecisionReason(form) : null;
      if (reason && !reason.ok) return refuseFields(app.config, `reject-${sellerId}`, "Failed to decide the request to sell", { reason: reason.error });
      const decided = await decideRequestToSell(app, user.id, sellerId, intent === "approve" ? "approve" : "decline", reason?.ok ? reason.reason : null, now);
      if (!decided.ok) return refuse(app.config, decided.status, "Failed to decide the request to sell", decided.message);
      return redirectWithToast(app.config, tabReturnTo(form.get("returnTo"), TAB), { type: "success", title: decided.message, description: "The applicant has been told by e-mail." });
    }
    default:
      return refuse(app.config, 400, "Failed to update user role", "Unknown action.");
  }
  if (!result.ok) return refuse(app.config, result.status, result.title, result.message);
  return redirectWithToast(app.config, tabReturnTo(form.get("returnTo"), TAB), { type: "success", title: result.message, description: result.description });
}

/**
 * DECISIONS.md (Staff): instead of a realtime channel, the list reloads when the window regains
 * focus. Navigating to the page it shows re-runs its loader (useRevalidator would do the same at
 * the cost of more framework code on every page of the site).
 */
function useRefreshOnFocus() {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const here = location.pathname + location.search;
  const idle = navigation.state === "idle";
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === "visible" && idle) void navigate(here, { replace: true, preventScrollReset: true });
    };
    window.addEventListener("focus", refresh);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      window.removeEventListener("focus", refresh);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, [navigate, here, idle]);
}

type UserRow = Route.ComponentProps["loaderData"]["rows"][number];

const nameOf = (u: UserRow) => u.fullName ?? u.displayName ?? u.email;

/** A user's sub-role and vendor access (each a select and Save), password reset and (superadmin only) deactivation. */
function ManageUser({ user: u, me, isSuperadmin, choices, returnTo }: { user: UserRow; me: string; isSuperadmin: boolean; choices: readonly SubroleChoice[]; returnTo: string }) {
  const name = nameOf(u);
  const self = u.id === me;
  // A superadmin's sub-role is theirs to keep unless a superadmin changes it (§6).
  const lockedSubrole = self || (u.subrole === "superadmin" && !isSuperadmin);
  return (
    <>
      <RowAction intent="subrole" text="Save" label={`Save admin role of ${name}`} fields={{ userId: u.id }} returnTo disabled={lockedSubrole} className="flex items-center gap-1">
        <label htmlFor={`subrole-${u.id}`} className="sr-only">Admin role of {name}</label>
        <select id={`subrole-${u.id}`} name="subrole" defaultValue={u.subrole} disabled={lockedSubrole} className="rounded-md border border-stone-300 bg-white px-2 py-1">
          {choices.includes(u.subrole) ? null : <option value={u.subrole} disabled>{SUBROLE_LABELS[u.subrole]}</option>}
          {choices.map((c) => <option key={c} value={c}>{SUBROLE_LABELS[c]}</option>)}
        </select>
      </RowAction>
      <RowAction intent="vendor" text="Save" label={`Save vendor access of ${name}`} fields={{ userId: u.id }} returnTo disabled={self} className="flex items-center gap-1">
        <label htmlFor={`vendor-${u.id}`} className="sr-only">Vendor access of {name}</label>
        <select id={`vendor-${u.id}`} name="vendor" defaultValue={u.isVendor ? "grant" : "revoke"} disabled={self} className="rounded-md border border-stone-300 bg-white px-2 py-1">
          <option value="grant">Vendor access</option>
          <option value="revoke">No vendor access</option>
        </select>
      </RowAction>
      <div className="flex flex-wrap items-center gap-3">
        {u.deactivatedAt ? null : <RowAction intent="reset" text="Send password reset" label={`Send password reset to ${name}`} fields={{ userId: u.id }} returnTo look="link" />}
        {isSuperadmin && !self ? (
          u.deactivatedAt ? (
            <RowAction intent="reactivate" text="Reactivate" label={`Reactivate ${name}`} fields={{ userId: u.id }} returnTo look="link" />
          ) : (
            <ConfirmForm label={`Deactivate ${name}`} question={`Deactivate ${name}? They are signed out at once and cannot sign in until reactivated; their items leave the shop.`} confirmLabel="Deactivate" intent="deactivate" fields={{ userId: u.id, returnTo }} />
          )
        ) : null}
      </div>
    </>
  );
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, hasNext, page, q, searchError, me, isSuperadmin, choices, sellerRequests } = loaderData;
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  useRefreshOnFocus();
  return (
    <>
      <ActionAlert data={actionData} />
      {sellerRequests.pending.length > 0 || sellerRequests.decided.length > 0 ? (
        <Panel title="Requests to sell" id="seller-requests">
          {sellerRequests.pending.length === 0 ? (
            <EmptyState>No requests to sell wait for review.</EmptyState>
          ) : (
            <ul className="divide-y divide-stone-100">
              {sellerRequests.pending.map((r) => {
                const name = r.fullName ?? r.displayName ?? r.email;
                return (
                  <li key={r.userId} className="flex flex-wrap items-start justify-between gap-3 py-3">
                    <div>
                      <p className="font-medium">{name}</p>
                      <p className="text-sm text-stone-700">{r.email} · sells as {r.displayName ?? "—"} · asked {formatShortDate(r.createdAt)}</p>
                    </div>
                    <div className="flex flex-wrap items-start gap-2">
                      <ReviewActions id={r.userId} name={`the request to sell of ${name}`} field="sellerId" shownTo="the applicant, by e-mail" answer={actionData} />
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
          {sellerRequests.decided.length > 0 ? (
            <details className="mt-3 text-sm">
              <summary className="cursor-pointer text-brand underline">Recently decided ({sellerRequests.decided.length})</summary>
              <ul className="mt-2 space-y-1">
                {sellerRequests.decided.map((r) => (
                  <li key={r.userId}>
                    {r.fullName ?? r.email}: <StatusBadge status={r.status} variant={r.status === "approved" ? "done" : "refused"} />
                    {r.reviewedAt ? ` on ${formatShortDate(r.reviewedAt)}` : ""}
                    {r.rejectionReason ? ` — ${r.rejectionReason}` : ""}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </Panel>
      ) : null}
      <Panel title="Users">
        <SearchableTable tab={TAB} noun="users" search={{ label: "Search users (name or e-mail)", q, error: searchError }} page={page} hasNext={hasNext}
          caption="Users, newest first, with their roles, orders and status"
          rows={rows}
          columns={[
            { header: "Name", rowHeader: true, cell: (u) => <CellText note={u.id === me ? "(you)" : null}>{nameOf(u)}</CellText> },
            { header: "E-mail", cell: (u) => u.email },
            { header: "Type", className: "capitalize", cell: (u) => u.userType },
            { header: "Roles", cell: (u) => u.roles.join(", ") },
            { header: "Orders", cell: (u) => u.orders },
            { header: "Joined", cell: (u) => formatShortDate(u.createdAt) },
            { header: "Status", cell: (u) => (u.deactivatedAt ? <StatusBadge status="deactivated" variant="refused" /> : <StatusBadge status="active" variant="done" />) },
            { header: "Manage", className: "space-y-2", cell: (u) => <ManageUser user={u} me={me} isSuperadmin={isSuperadmin} choices={choices} returnTo={returnTo} /> },
          ]}
        />
      </Panel>
    </>
  );
}

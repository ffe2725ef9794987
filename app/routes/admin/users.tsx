import { useLocation } from "react-router";
import type { Route } from "./+types/users";
import { adminUsersPart } from "../../data/admin-users.server";
import { batchParts } from "../../data/parts.server";
import { adminTab, staffSubrole } from "../../domain/admin-tabs";
import { formText, readSearch, tabReturnTo } from "../../domain/admin-lists";
import { formatShortDate } from "../../domain/dates";
import { roleFlags } from "../../domain/roles";
import {
  isSubroleChoice,
  roleLabels,
  SUBROLE_CHOICES,
  SUBROLE_LABELS,
  subroleChoicesFor,
  type SubroleChoice,
} from "../../domain/admin-roles";
import { readPage } from "../../domain/tabs";
import {
  listAnswer,
  openAdminAction,
  openAdminLoader,
  refuse,
  searchedPart,
} from "../../services/admin-actions.server";
import {
  changeUserRoles,
  sendUserPasswordReset,
  setUserDeactivated,
  type StaffResult,
} from "../../services/staff-users.server";
import { redirectWithToast } from "../../services/toast.server";
import { ActionAlert, SearchableTable } from "../../components/admin";
import { sellerRequestListsPart } from "../../data/seller-requests.server";
import { readDecisionReason } from "../../domain/decision-reason";
import { refuseFields } from "../../services/admin-content.server";
import { decideRequestToSell } from "../../services/selling.server";
import { Panel } from "../../components/kit/panel";
import { StatusBadge } from "../../components/kit/badge";
import { CellText } from "../../components/kit/data-table";
import { ManageUser, nameOf } from "../../components/admin/manage-user";
import { useRefreshOnFocus } from "../../components/admin/refresh-on-focus";
import { SellerRequests } from "../../components/admin/seller-requests";

// Admin Users (seller-store-admin.md §2, §4, §6; issue 14 item 7; decision 0031): the users table
// with the sub-role dropdown, vendor access, password reset and (superadmin only) deactivation.
// The list refreshes when the window regains focus (DECISIONS.md, Staff).

export const meta: Route.MetaFunction = () => [
  { title: "Users | Admin | Closetloop" },
  { name: "robots", content: "noindex" },
];

const TAB = adminTab("users").href;

// Its GET authorizes with the user the session kept while their visit rides with its batch, and
// only reads (a page whose visit finds another user is rendered again): decision 0116.
export const visitRides = true;

export async function loader(args: Route.LoaderArgs) {
  const { user, app, url, zone } = openAdminLoader(args, "users");
  const search = readSearch(url);
  const filter = { q: search.q, page: readPage(url) };
  const [list, sellerRequests] = await batchParts(app.db, [
    searchedPart(search, adminUsersPart(app.db, filter)),
    sellerRequestListsPart(app.db),
  ] as const);
  const rows = list.rows.map(({ role, adminSubrole, sellerRole, ...u }) => {
    const record = role ? { role, adminSubrole, sellerRole } : null;
    const flags = roleFlags(record);
    const subrole: SubroleChoice = staffSubrole(flags) ?? "none";
    return { ...u, roles: roleLabels(record), subrole, isVendor: flags.isVendor, isStore: flags.isStore };
  });
  return listAnswer({
    ...filter,
    searchError: search.error,
    rows,
    hasNext: list.hasNext,
    me: user.id,
    isSuperadmin: user.isSuperAdmin,
    choices: subroleChoicesFor(user.isSuperAdmin),
    sellerRequests,
    zone,
  });
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
      if (!isSubroleChoice(to))
        return refuse(
          app.config,
          400,
          "Failed to update admin role",
          `Please choose one of: ${SUBROLE_CHOICES.map((c) => SUBROLE_LABELS[c]).join(", ")}.`,
        );
      result = await changeUserRoles(app, user, userId, { type: "subrole", to }, now);
      break;
    }
    case "vendor": {
      const access = form.get("vendor");
      if (access !== "grant" && access !== "revoke")
        return refuse(
          app.config,
          400,
          "Failed to update user role",
          "Please choose whether the user has vendor access.",
        );
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
      if (reason && !reason.ok)
        return refuseFields(app.config, `reject-${sellerId}`, "Failed to decide the request to sell", {
          reason: reason.error,
        });
      const decided = await decideRequestToSell(
        app,
        user.id,
        sellerId,
        intent === "approve" ? "approve" : "decline",
        reason?.ok ? reason.reason : null,
        now,
      );
      if (!decided.ok)
        return refuse(app.config, decided.status, "Failed to decide the request to sell", decided.message);
      return redirectWithToast(app.config, tabReturnTo(form.get("returnTo"), TAB), {
        type: "success",
        title: decided.message,
        description: "The applicant has been told by e-mail.",
      });
    }
    default:
      return refuse(app.config, 400, "Failed to update user role", "Unknown action.");
  }
  if (!result.ok) return refuse(app.config, result.status, result.title, result.message);
  return redirectWithToast(app.config, tabReturnTo(form.get("returnTo"), TAB), {
    type: "success",
    title: result.message,
    description: result.description,
  });
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, hasNext, page, q, searchError, me, isSuperadmin, choices, sellerRequests, zone } = loaderData;
  const location = useLocation();
  const returnTo = location.pathname + location.search;
  useRefreshOnFocus();
  return (
    <>
      <ActionAlert data={actionData} />
      <SellerRequests requests={sellerRequests} answer={actionData} zone={zone} />
      <Panel title="Users">
        <SearchableTable
          tab={TAB}
          noun="users"
          search={{ label: "Search users (name or e-mail)", q, error: searchError }}
          page={page}
          hasNext={hasNext}
          caption="Users, newest first, with their roles, orders and status"
          rows={rows}
          columns={[
            {
              header: "Name",
              rowHeader: true,
              cell: (u) => <CellText note={u.id === me ? "(you)" : null}>{nameOf(u)}</CellText>,
            },
            { header: "E-mail", cell: (u) => u.email },
            { header: "Type", className: "capitalize", cell: (u) => u.userType },
            { header: "Roles", cell: (u) => u.roles.join(", ") },
            { header: "Orders", cell: (u) => u.orders },
            { header: "Joined", cell: (u) => formatShortDate(u.createdAt, zone) },
            {
              header: "Status",
              cell: (u) =>
                u.deactivatedAt ? (
                  <StatusBadge status="deactivated" variant="refused" />
                ) : (
                  <StatusBadge status="active" variant="done" />
                ),
            },
            {
              header: "Manage",
              cell: (u) => (
                <ManageUser user={u} me={me} isSuperadmin={isSuperadmin} choices={choices} returnTo={returnTo} />
              ),
            },
          ]}
        />
      </Panel>
    </>
  );
}

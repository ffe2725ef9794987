import { openAdminLoader } from "../../services/admin-actions.server";
import type { Route } from "./+types/roles";
import { staffBySubrole } from "../../data/admin-users.server";
import { ADMIN_TABS } from "../../domain/admin-tabs";
import type { AdminSubrole } from "../../domain/roles";
import { ROLE_DESCRIPTIONS, SUBROLE_LABELS } from "../../domain/admin-roles";
import { Panel } from "../../components/kit/panel";
import { StatusBadge } from "../../components/kit/badge";

// Admin Roles (seller-store-admin.md §2, §6; issue 14 item 8), superadmins only: the four staff
// sub-roles, what each may do, which tabs it opens (from the one tab registry) and who holds it.

export const meta: Route.MetaFunction = () => [
  { title: "Roles | Admin | Closetloop" },
  { name: "robots", content: "noindex" },
];

const SUBROLES: AdminSubrole[] = ["superadmin", "admin", "product_reviewer", "customer_support"];

export async function loader(args: Route.LoaderArgs) {
  const { app } = openAdminLoader(args, "roles");
  const holders = await staffBySubrole(app.db);
  return {
    roles: SUBROLES.map((id) => ({
      id,
      label: SUBROLE_LABELS[id],
      description: ROLE_DESCRIPTIONS[id],
      tabs: ADMIN_TABS.filter((t) => (t.subroles as readonly string[]).includes(id)).map((t) => t.label),
      holders: holders[id],
    })),
  };
}

export default function AdminRoles({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <p className="mb-4 text-stone-700">Admin roles and permissions. Assign or remove a role from the Users tab.</p>
      <div className="grid gap-4 md:grid-cols-2">
        {loaderData.roles.map((role) => (
          <Panel key={role.id} title={role.label} id={`role-${role.id}`}>
            <p>{role.description}</p>
            <p className="mt-2 text-sm text-stone-700">Tabs: {role.tabs.join(", ")}</p>
            <h3 className="mt-3 text-sm font-semibold">Held by ({role.holders.length})</h3>
            {role.holders.length === 0 ? (
              <p className="text-sm text-stone-600">Nobody holds this role.</p>
            ) : (
              <ul className="mt-1 space-y-1 text-sm">
                {role.holders.map((h) => (
                  <li key={h.id}>
                    {h.fullName ?? h.email} <span className="text-stone-600">{h.email}</span>{" "}
                    {h.deactivatedAt ? <StatusBadge status="deactivated" variant="refused" /> : null}
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        ))}
      </div>
    </>
  );
}

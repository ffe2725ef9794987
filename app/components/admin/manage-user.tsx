import { SUBROLE_LABELS, type SubroleChoice } from "../../domain/admin-roles";
import { ConfirmButton, RowButton, RowForm } from "../kit/row-actions";

// The admin Users tab's Manage column (seller-store-admin.md §4, §6; issue 14 item 7; decision 0031).

/** A user as the Users tab lists them: what the Manage column needs. */
export interface ManagedUser {
  id: string;
  email: string;
  fullName: string | null;
  displayName: string | null;
  subrole: SubroleChoice;
  isVendor: boolean;
  deactivatedAt: number | null;
}

export const nameOf = (u: ManagedUser) => u.fullName ?? u.displayName ?? u.email;

/** A user's sub-role and vendor access (each a select and Save), password reset and (superadmin only) deactivation. */
export function ManageUser({
  user: u,
  me,
  isSuperadmin,
  choices,
  returnTo,
}: {
  user: ManagedUser;
  me: string;
  isSuperadmin: boolean;
  choices: readonly SubroleChoice[];
  returnTo: string;
}) {
  const name = nameOf(u);
  const self = u.id === me;
  // A superadmin's sub-role is theirs to keep unless a superadmin changes it (§6).
  const lockedSubrole = self || (u.subrole === "superadmin" && !isSuperadmin);
  // One form for the row's actions: each button posts its intent, with the row's selects.
  return (
    <RowForm fields={{ userId: u.id, returnTo }} className="space-y-2">
      <div className="flex items-center gap-1">
        <label htmlFor={`subrole-${u.id}`} className="sr-only">
          Admin role of {name}
        </label>
        <select
          id={`subrole-${u.id}`}
          name="subrole"
          defaultValue={u.subrole}
          disabled={lockedSubrole}
          className="rounded-md border border-stone-300 bg-white px-2 py-1"
        >
          {choices.includes(u.subrole) ? null : (
            <option value={u.subrole} disabled>
              {SUBROLE_LABELS[u.subrole]}
            </option>
          )}
          {choices.map((c) => (
            <option key={c} value={c}>
              {SUBROLE_LABELS[c]}
            </option>
          ))}
        </select>
        <RowButton intent="subrole" text="Save" label={`Save admin role of ${name}`} disabled={lockedSubrole} />
      </div>
      <div className="flex items-center gap-1">
        <label htmlFor={`vendor-${u.id}`} className="sr-only">
          Vendor access of {name}
        </label>
        <select
          id={`vendor-${u.id}`}
          name="vendor"
          defaultValue={u.isVendor ? "grant" : "revoke"}
          disabled={self}
          className="rounded-md border border-stone-300 bg-white px-2 py-1"
        >
          <option value="grant">Vendor access</option>
          <option value="revoke">No vendor access</option>
        </select>
        <RowButton intent="vendor" text="Save" label={`Save vendor access of ${name}`} disabled={self} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {u.deactivatedAt ? null : (
          <RowButton intent="reset" text="Send password reset" label={`Send password reset to ${name}`} look="link" />
        )}
        {isSuperadmin && !self ? (
          u.deactivatedAt ? (
            <RowButton intent="reactivate" text="Reactivate" label={`Reactivate ${name}`} look="link" />
          ) : (
            <ConfirmButton
              label={`Deactivate ${name}`}
              question={`Deactivate ${name}? They are signed out at once and cannot sign in until reactivated; their items leave the shop.`}
              confirmLabel="Deactivate"
              intent="deactivate"
            />
          )
        ) : null}
      </div>
    </RowForm>
  );
}

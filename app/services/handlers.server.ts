import { eq, inArray } from "drizzle-orm";
import { stores, users } from "../../db/schema";
import type { LifecycleItem } from "../data/order-lifecycle.server";
import type { AppContext } from "../context";

// Who handles an order's items, to tell them (issue 22): the seller who posts their own, or the
// store that posts a concierge item. Checkout, cancellations and returns all write to them.

/** Items the same handler posts: the owner's own, or one store's (concierge). */
export const sameHandler = (a: LifecycleItem, b: LifecycleItem) =>
  a.handler === b.handler && (a.handler === "vendor" ? a.ownerId === b.ownerId : a.sellerId === b.sellerId);
/** An item its handler has still to post. */
export const SENDABLE = new Set<LifecycleItem["status"]>(["pending", "processing"]);

/** Who handles each item, to tell them: the seller, or the store (its contact e-mail, else its owner). */
export async function handlerContacts(app: Pick<AppContext, "db">, items: readonly LifecycleItem[]) {
  const ownerIds = [...new Set(items.filter((i) => i.handler === "vendor").map((i) => i.ownerId))];
  const storeIds = [...new Set(items.filter((i) => i.handler === "store" && i.sellerId).map((i) => i.sellerId!))];
  const [owners, storeRows] = await Promise.all([
    ownerIds.length
      ? app.db
          .select({ id: users.id, email: users.email, name: users.fullName, zone: users.timeZone })
          .from(users)
          .where(inArray(users.id, ownerIds))
      : [],
    storeIds.length
      ? app.db
          .select({
            id: stores.id,
            name: stores.name,
            contact: stores.contactEmail,
            ownerEmail: users.email,
            ownerId: users.id,
            zone: users.timeZone,
          })
          .from(stores)
          .innerJoin(users, eq(users.id, stores.ownerId))
          .where(inArray(stores.id, storeIds))
      : [],
  ]);
  // zone: the person's remembered time zone (users.time_zone; a store's is its owner's), for the deadlines their e-mails give (decision 0095).
  const contacts = new Map<
    string,
    {
      key: string;
      userId: string;
      email: string;
      name: string | null;
      zone: string | null;
      items: LifecycleItem[];
      dashboard: string;
    }
  >();
  for (const item of items) {
    const owner = item.handler === "vendor" ? owners.find((o) => o.id === item.ownerId) : undefined;
    const store = item.handler === "store" ? storeRows.find((s) => s.id === item.sellerId) : undefined;
    const contact = owner
      ? {
          key: `owner:${owner.id}`,
          userId: owner.id,
          email: owner.email,
          name: owner.name,
          zone: owner.zone,
          dashboard: "/vendor?tab=orders",
        }
      : store
        ? {
            key: `store:${store.id}`,
            userId: store.ownerId,
            email: store.contact ?? store.ownerEmail,
            name: store.name,
            zone: store.zone,
            dashboard: "/store?tab=orders",
          }
        : null;
    if (!contact) continue;
    const entry = contacts.get(contact.key) ?? { ...contact, items: [] };
    entry.items.push(item);
    contacts.set(contact.key, entry);
  }
  return [...contacts.values()];
}

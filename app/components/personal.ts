import { useEffect } from "react";
import { useNavigation, useRevalidator } from "react-router";
import type { HeaderUser } from "./layout/header";
import type { HeldForYouBox } from "../domain/held-for-you";
import type { ProductCardData } from "../domain/catalog";

// Signed-in visitors get the shared page (docs/decisions/0039-stitched-personal-pages.md): the
// Worker serves the page every anonymous visitor gets, with its personal parts (the header's
// account menu and basket count, a product's heart) rendered for this visitor and put in place
// (app/services/personal-page.server.tsx), and this visitor's values in a JSON data block. The
// page's hydration data is still the anonymous one, so while it is, the components that render a
// personal part read the block instead: the browser renders what the server sent, and hydrates.
// As soon as a loader runs again for the signed-in visitor (any form submission, a search, a
// client-side navigation to another page), its answer is personal and the block is ignored.

/** What a page's personal parts show for one visitor. */
export interface Personal {
  user: HeaderUser | null;
  /** Lines in the visitor's basket. */
  cartCount: number;
  /** Whether each product with a heart on this page is among the visitor's favorites. */
  favorites: Record<string, boolean>;
  /** Whether the visitor asked to be told when each rented item with 'Notify me' on this page is back (decision 0051). */
  backInStock?: Record<string, boolean>;
  /** The reserved items on this page that the visitor's own checkout holds (decision 0068). */
  held?: Record<string, HeldForYouBox>;
  /** Whether the visitor follows each seller or store with a Follow button on this page ('seller:ID'; decision 0090). */
  follows?: Record<string, boolean>;
  /** Home's 'From sellers you follow' rail (decision 0090). */
  followingRail?: ProductCardData[];
}

/** The id of the data block the Worker adds to a stitched page. */
export const PERSONAL_BLOCK_ID = "cl-personal";

/** The header's view of a signed-in user (the root loader and the stitcher both send this). */
export function headerUser(user: HeaderUser): HeaderUser {
  return {
    fullName: user.fullName,
    email: user.email,
    isVendor: user.isVendor,
    isStore: user.isStore,
    isAdmin: user.isAdmin,
    avatarUrl: user.avatarUrl ?? null,
    unread: user.unread ?? 0,
    messages: user.messages ?? 0,
  };
}

let hydrating = true;
// Loader data objects the first render saw: the ones that came with the page.
const fromThePage = new WeakSet<object>();
let block: Personal | null | undefined;

function readBlock(): Personal | null {
  if (block === undefined) {
    try {
      const text = document.getElementById(PERSONAL_BLOCK_ID)?.textContent;
      block = text ? (JSON.parse(text) as Personal) : null;
    } catch {
      block = null;
    }
  }
  return block;
}

/**
 * The stitched values for a route's loader data, or null when they do not apply: on the server,
 * on a page that was rendered for its visitor, and for loader data fetched after the page loaded.
 */
export function usePersonal(loaderData: object | null | undefined): Personal | null {
  if (typeof document === "undefined" || !loaderData) return null;
  if (hydrating) fromThePage.add(loaderData);
  return fromThePage.has(loaderData) ? readBlock() : null;
}

/**
 * Called once by the app shell: from the first navigation, form or revalidation on, new loader
 * data is never the page's. Not from the shell's first commit: React hydrates a page's Suspense
 * boundaries one by one and may commit the shell before a route's part is hydrated (on a busy
 * phone, or a busy machine), and that part would then read its anonymous data and undo the
 * visitor's values the server stitched in (a 'Following' that read 'Follow' after hydrating).
 */
export function useEndOfHydration() {
  const navigation = useNavigation();
  const revalidation = useRevalidator().state;
  useEffect(() => {
    if (navigation.state !== "idle" || revalidation !== "idle") hydrating = false;
  }, [navigation.state, revalidation]);
}

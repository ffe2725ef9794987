import { Form, Link } from "react-router";
import { BasketIcon, HeartIcon, SearchIcon, UserIcon } from "./icons";
import { badgeCount } from "../../domain/badge";
import { initials } from "../../domain/initials";
import { KeptMarkup } from "../kit/kept-markup";
import { lazy, Suspense, useEffect, useRef, useState } from "react";

const BasketDrawer = lazy(() => import("../cart/basket-drawer"));
// Suggestions as the shopper types: loaded on the search box's first focus (decision 0050).
const SearchSuggest = lazy(() => import("./search-suggest"));

export interface HeaderUser {
  fullName: string | null;
  email: string;
  isVendor: boolean;
  isStore: boolean;
  isAdmin: boolean;
  /** The profile picture; the menu falls back to initials without one (shopper.md §2.3). */
  avatarUrl?: string | null;
  /** Unread notifications: the bell's count (issue 23). */
  unread?: number;
  /** Conversations with unread messages: the messages link's count (issue 26). */
  messages?: number;
}

function CartBadge({ count }: { count: number }) {
  // The badge pulses for 300 ms whenever the count changes (shopper.md §2.4).
  const previous = useRef(count);
  const [pulse, setPulse] = useState(0);
  useEffect(() => {
    if (previous.current !== count) {
      previous.current = count;
      setPulse((n) => n + 1);
    }
  }, [count]);
  if (count <= 0) return null;
  return (
    <span
      key={pulse}
      className={`absolute -top-1 -right-1 flex min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs font-semibold text-white ${pulse ? "animate-pulse-once" : ""}`}
    >
      {count}
    </span>
  );
}

function AvatarMenu({ user }: { user: HeaderUser }) {
  // <details> keeps the menu usable with JavaScript off and by keyboard.
  return (
    <details className="relative" data-testid="avatar-menu">
      <summary className="flex size-9 cursor-pointer list-none items-center justify-center rounded-full bg-brand text-sm font-semibold text-white">
        {/* The initials are decoration; the name a screen reader hears is the menu's (WCAG 2.5.3:
            an aria-label that did not contain the visible initials failed "label in name"). */}
        {user.avatarUrl ? (
          <img src={user.avatarUrl} alt="" width={36} height={36} className="size-9 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true">{initials(user.fullName)}</span>
        )}
        <span className="sr-only">Account menu</span>
      </summary>
      <div className="absolute right-0 z-40 mt-2 w-64 rounded-md border border-stone-200 bg-white p-2 shadow-lg">
        <div className="border-b border-stone-100 px-2 pb-2">
          <p className="font-medium">{user.fullName ?? "User"}</p>
          <p className="truncate text-sm text-stone-600">{user.email}</p>
        </div>
        <nav className="flex flex-col py-1 text-sm">
          <Link className="rounded px-2 py-1.5 hover:bg-stone-100" to="/account">
            Manage Account
          </Link>
          {user.isVendor ? (
            <Link className="rounded px-2 py-1.5 hover:bg-stone-100" to="/vendor">
              Seller Dashboard
            </Link>
          ) : null}
          {user.isStore ? (
            <Link className="rounded px-2 py-1.5 hover:bg-stone-100" to="/store">
              Store Dashboard
            </Link>
          ) : null}
          {user.isAdmin ? (
            <Link className="rounded px-2 py-1.5 hover:bg-stone-100" to="/admin">
              Admin Dashboard
            </Link>
          ) : null}
        </nav>
        <Form method="post" action="/auth/logout" className="border-t border-stone-100 pt-1">
          <button type="submit" className="w-full rounded px-2 py-1.5 text-left text-sm hover:bg-stone-100">
            Log out
          </button>
        </Form>
      </div>
    </details>
  );
}

/** A link to /cart without JavaScript; with it, opens the basket drawer (loaded on first use). */
function BasketButton({ count }: { count: number }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  // It opens a dialog only once hydrated: until then, and without JavaScript, it is a link to
  // /cart and says so (decision 0130).
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const link = useRef<HTMLAnchorElement>(null);
  return (
    <>
      <Link
        ref={link}
        to="/cart"
        aria-label={`Basket, ${count} ${count === 1 ? "item" : "items"}`}
        aria-haspopup={enhanced ? "dialog" : undefined}
        className="relative hover:text-brand"
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          setWanted(true);
          setOpen(true);
        }}
      >
        <BasketIcon />
        <CartBadge count={count} />
      </Link>
      {wanted ? (
        <Suspense fallback={null}>
          <BasketDrawer open={open} onOpenChange={setOpen} returnFocus={() => link.current?.focus()} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * The header's personal part: the same for every anonymous visitor, filled per signed-in visitor
 * into a shared page by the Worker (app/services/personal-page.server.tsx finds it by its
 * data-personal attribute).
 */
/** The notification centre's link with the unread count (issue 23). */
function NotificationBell({ count }: { count: number }) {
  return (
    <Link
      to="/account/notifications"
      aria-label={count > 0 ? `Notifications, ${badgeCount(count)} unread` : "Notifications"}
      className="relative hover:text-brand"
      data-testid="notification-bell"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="22"
        height="22"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {count > 0 ? (
        <span className="absolute -top-2 -right-2 min-w-5 rounded-full bg-brand px-1 text-center text-xs leading-5 font-semibold text-white">
          {badgeCount(count)}
        </span>
      ) : null}
    </Link>
  );
}

/** The inbox's link with the number of conversations waiting for a reply (issue 26). */
function MessagesLink({ count }: { count: number }) {
  return (
    <Link
      to="/account/messages"
      aria-label={count > 0 ? `Messages, ${badgeCount(count)} unread` : "Messages"}
      className="relative hover:text-brand"
      data-testid="messages-link"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="22"
        height="22"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
      </svg>
      {count > 0 ? (
        <span className="absolute -top-2 -right-2 min-w-5 rounded-full bg-brand px-1 text-center text-xs leading-5 font-semibold text-white">
          {badgeCount(count)}
        </span>
      ) : null}
    </Link>
  );
}

export function HeaderPersonal({ user, cartCount }: { user: HeaderUser | null; cartCount: number }) {
  return (
    <div data-personal="header" className="ml-auto flex items-center gap-4">
      <Link to="/favorites" aria-label="Favorites" className="hover:text-brand">
        <HeartIcon />
      </Link>
      <BasketButton count={cartCount} />
      {user ? <MessagesLink count={user.messages ?? 0} /> : null}
      {user ? <NotificationBell count={user.unread ?? 0} /> : null}
      {user ? (
        <AvatarMenu user={user} />
      ) : (
        <Link to="/auth" aria-label="Sign in" className="hover:text-brand">
          <UserIcon />
        </Link>
      )}
    </div>
  );
}

export function Header({ user, cartCount, search }: { user: HeaderUser | null; cartCount: number; search: string }) {
  const [suggest, setSuggest] = useState(false);
  // On a slow phone a shopper may be in the box before the page hydrated: the suggestions start then.
  useEffect(() => {
    if (document.activeElement?.id === "site-search") setSuggest(true);
  }, []);
  // Its markup is rendered once per what it shows on the server (decision 0142): `suggest` is false there.
  return (
    <KeptMarkup
      as="header"
      className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur"
      inputs={[user, cartCount, search]}
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link to="/" className="text-xl font-bold tracking-tight text-brand">
          Closetloop
        </Link>
        <nav aria-label="Main" className="flex gap-4 text-sm font-medium">
          <Link to="/women" className="hover:text-brand">
            Women
          </Link>
          <Link to="/men" className="hover:text-brand">
            Men
          </Link>
          <Link to="/children" className="hover:text-brand">
            Children
          </Link>
        </nav>
        <Form
          method="get"
          action="/all-products"
          role="search"
          className="relative order-last flex w-full items-center sm:order-none sm:w-auto sm:flex-1"
        >
          <label htmlFor="site-search" className="sr-only">
            Search for items...
          </label>
          <input
            id="site-search"
            type="search"
            name="search"
            defaultValue={search}
            placeholder="Search for items..."
            className="w-full rounded-l-md border border-stone-300 px-3 py-1.5 text-sm"
            onFocus={() => setSuggest(true)}
          />
          <button
            type="submit"
            className="rounded-r-md border border-l-0 border-stone-300 bg-stone-50 px-3 py-1.5"
            aria-label="Search"
          >
            <SearchIcon />
          </button>
          {suggest ? (
            <Suspense fallback={null}>
              <SearchSuggest inputId="site-search" />
            </Suspense>
          ) : null}
        </Form>
        <HeaderPersonal user={user} cartCount={cartCount} />
      </div>
    </KeptMarkup>
  );
}

import type { ReactNode } from "react";
import { FollowButton } from "../components/follow-button";
import { FollowingRail } from "../components/home/following-rail";
import type { Personal } from "../components/personal";
import type { AppContext } from "../context";
import { followedAmong, newFromFollowed } from "../data/follows.server";
import { parseFollowKey, type FollowTarget } from "../domain/follows";

// The personal parts of following (issue 46 item 1; decision 0090), beside those of
// personal-page.server.tsx: a seller's or store's Follow button (form[data-follow="seller:ID"])
// and home's 'From sellers you follow' rail ([data-personal="following"]). The shared page has
// them as an anonymous visitor sees them (Follow; an empty placeholder); a signed-in visitor's
// values are read fresh (one D1 statement each, only on a page that has such a part) and put
// in place. Nothing here is ever cached into the shared copy.

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The follow buttons a page has, by their key. */
export function followsIn(html: string) {
  if (!html.includes(' data-follow="')) return [];
  return [...new Set([...html.matchAll(/<form[^>]*\sdata-follow="([^"]+)"/g)].map((m) => decode(m[1]!)))];
}

const RAIL_MARKER = 'data-personal="following"';

/**
 * The visitor's follow values for a page: which of its buttons they follow, and home's rail.
 * `known` is every follow of theirs, read with their header values (session.server.ts), or null
 * when they follow more than are kept: then the page's buttons are read here. The rail is read
 * only for a visitor who follows someone.
 */
export async function followValues(
  services: AppContext,
  userId: string,
  html: string,
  now: number,
  known: Set<string> | null,
  keys: string[] = followsIn(html),
): Promise<Pick<Personal, "follows" | "followingRail">> {
  const wantsRail = html.includes(RAIL_MARKER) && (known === null || known.size > 0);
  if (keys.length === 0 && !wantsRail) return {};
  const targets = keys.map(parseFollowKey).filter((t): t is FollowTarget => t !== null);
  const [followed, rail] = await Promise.all([
    known ?? followedAmong(services.db, userId, targets),
    wantsRail ? newFromFollowed(services.db, userId, now) : Promise.resolve([]),
  ]);
  return {
    ...(keys.length ? { follows: Object.fromEntries(keys.map((k) => [k, followed.has(k)])) } : {}),
    ...(rail.length ? { followingRail: rail } : {}),
  };
}

function replaceOnce(html: string, from: string, to: string): string | null {
  const at = html.indexOf(from);
  return at < 0 ? null : html.slice(0, at) + to + html.slice(at + from.length);
}

/** The page with the visitor's follow parts in place; null when a part is not where it should be. */
export function stitchFollows(html: string, personal: Personal, render: (part: ReactNode) => string): string | null {
  let out: string | null = html;
  for (const [key, on] of Object.entries(personal.follows ?? {})) {
    const target = parseFollowKey(key);
    if (!on || !target) continue;
    out = replaceOnce(
      out,
      render(<FollowButton kind={target.kind} id={target.id} following={false} />),
      render(<FollowButton kind={target.kind} id={target.id} following />),
    );
    if (out === null) return null;
  }
  if (personal.followingRail?.length)
    out = replaceOnce(
      out,
      render(<FollowingRail items={[]} />),
      render(<FollowingRail items={personal.followingRail} />),
    );
  return out;
}

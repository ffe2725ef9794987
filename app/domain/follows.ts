// Following sellers and partner stores (issue 46 item 1; docs/decisions/0090-follows-and-digest.md). Pure.

export type FollowTarget = { kind: "seller"; id: string } | { kind: "store"; id: string };

export const FOLLOW_MESSAGES = {
  self: "You cannot follow yourself",
  twice: "You already follow them",
  gone: "This seller is no longer on Closetloop",
  notFollowing: "You do not follow them",
  target: "Choose a seller or a store to follow",
} as const;

/** How many new listings of followed sellers the home page's rail shows. */
export const FOLLOWING_RAIL_ITEMS = 12;
/** New listings from the last this many days fill the rail. */
export const FOLLOWING_RAIL_DAYS = 30;

/** A follow form's target from its fields (`seller` or `store`, and an id), or null. */
export function followTarget(kind: unknown, id: unknown): FollowTarget | null {
  if (typeof id !== "string" || id.length === 0 || id.length > 100) return null;
  if (kind === "seller" || kind === "store") return { kind, id };
  return null;
}

/** The key a follow form is marked with on a shared page: `seller:ID` or `store:ID`. */
export const followKey = (target: FollowTarget) => `${target.kind}:${target.id}`;

export function parseFollowKey(key: string): FollowTarget | null {
  const at = key.indexOf(":");
  return at < 0 ? null : followTarget(key.slice(0, at), key.slice(at + 1));
}

/** '12 followers', '1 follower'. */
export const followersText = (n: number) => `${n.toLocaleString("en-GB")} follower${n === 1 ? "" : "s"}`;

/** The digest's subject: 'New from sellers you follow: 3 items'. */
export const digestSubject = (n: number) => `New from sellers you follow: ${n} item${n === 1 ? "" : "s"}`;

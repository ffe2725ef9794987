import type { ReactNode } from "react";
import { Link } from "react-router";
import { FollowButton } from "./follow-button";
import { SellerBadges } from "./seller-badges";
import type { Personal } from "./personal";
import type { Badge } from "../domain/badges";
import type { FollowTarget } from "../domain/follows";

// The product page's seller card (issue 46): who sells it, their rating and badges, and Follow.

export interface SellerSocial {
  standing: { average: number | null; ratings: number; badges: Badge[] };
  following: boolean;
}

/** The loader's values, or on a stitched page the visitor's follow state from the personal block. */
export function personalSocial(social: SellerSocial, personal: Personal | null, key: string): SellerSocial {
  return personal ? { ...social, following: Boolean(personal.follows?.[key]) } : social;
}

export function SellerCardFrame({
  href,
  body,
  social,
  target,
}: {
  href: string | null;
  body: ReactNode;
  social: SellerSocial;
  target: FollowTarget;
}) {
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        {href ? (
          <Link to={href} className="block hover:underline">
            {body}
          </Link>
        ) : (
          <div>{body}</div>
        )}
        <FollowButton kind={target.kind} id={target.id} following={social.following} />
      </div>
      <SellerBadges badges={social.standing.badges} />
    </div>
  );
}

import { Link } from "react-router";

/**
 * The hero's call to action: Join Now for a visitor, Start Shopping once signed in. A personal
 * part of the shared home page: the Worker fills it per signed-in visitor (data-personal="hero").
 */
export function HeroLink({ signedIn }: { signedIn: boolean }) {
  return (
    <Link
      data-personal="hero"
      to={signedIn ? "/all-products" : "/auth"}
      className="mt-6 inline-block rounded-full bg-white px-7 py-3 font-semibold text-brand shadow-sm transition hover:bg-brand-light"
    >
      {signedIn ? "Start Shopping" : "Join Now"}
    </Link>
  );
}

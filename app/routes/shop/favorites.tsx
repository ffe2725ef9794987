import { Link } from "react-router";
import { counted } from "../../domain/counting";
import type { Route } from "./+types/favorites";
import { appContext, requestState } from "../../context";
import { favoriteProducts, toggleFavorite } from "../../data/favorites.server";
import { readIntent } from "../../domain/intents";
import { safeRedirect } from "../../domain/safe-redirect";
import { dataWithToast, redirectWithToast } from "../../services/toast.server";
import { ProductCardItem } from "../../components/product-card";

export const meta: Route.MetaFunction = () => [
  { title: "My Favorites | Closetloop" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = context.get(requestState).user;
  if (!user) return { signedIn: false as const, items: [] };
  return { signedIn: true as const, items: await favoriteProducts(app.db, user.id) };
}

export const intents = ["toggle"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = context.get(requestState).user;
  const form = await request.formData();
  const productId = String(form.get("productId") ?? "").slice(0, 100);
  const returnTo = safeRedirect(form.get("returnTo"), "/favorites");
  if (!user) {
    return redirectWithToast(app.config, `/auth?redirectTo=${encodeURIComponent(returnTo)}`, {
      type: "error",
      title: "Sign in required",
      description: "Please sign in to save favorites",
    });
  }
  if (readIntent(form, intents) !== "toggle" || !productId) {
    return dataWithToast(
      app.config,
      { saved: undefined },
      { type: "error", title: "Error", description: "Failed to update favorites" },
      { status: 400 },
    );
  }
  const saved = await toggleFavorite(app.db, user.id, productId, Date.now());
  if (saved === null) {
    return dataWithToast(
      app.config,
      { saved: undefined },
      { type: "error", title: "Error", description: "This item is no longer available" },
      { status: 404 },
    );
  }
  const toast = { type: "success" as const, title: saved ? "Added to favorites" : "Removed from favorites" };
  if (form.get("enhanced") === "1") return dataWithToast(app.config, { saved }, toast);
  return redirectWithToast(app.config, returnTo, toast);
}

export default function Favorites({ loaderData }: Route.ComponentProps) {
  if (!loaderData.signedIn) {
    return (
      <section className="mx-auto max-w-md py-16 text-center">
        <h1 className="text-2xl font-bold">My Favorites</h1>
        <p className="mt-3 text-stone-700">Sign in to view your favorites</p>
        <Link
          to="/auth?redirectTo=%2Ffavorites"
          className="mt-6 inline-block rounded-md bg-brand px-4 py-2 font-medium text-white"
        >
          Sign In
        </Link>
      </section>
    );
  }
  const { items } = loaderData;
  return (
    <div>
      <h1 className="text-3xl font-bold">My Favorites</h1>
      <p className="mb-4 text-stone-700">{counted(items.length, "favorite")}</p>
      {items.length === 0 ? (
        <div className="rounded-lg border border-dashed border-stone-300 p-10 text-center">
          <p className="text-lg font-medium">No favorites yet</p>
          <Link to="/all-products" className="mt-4 inline-block rounded-md bg-brand px-4 py-2 font-medium text-white">
            Browse Products
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-4 md:grid-cols-3">
          {items.map((p) => (
            <ProductCardItem key={p.id} product={p} />
          ))}
        </ul>
      )}
    </div>
  );
}

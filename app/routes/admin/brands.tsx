import type { Route } from "./+types/brands";
import { batchParts } from "../../data/parts.server";
import {
  adminBrandsPart,
  brandById,
  brandNameTaken,
  brandProductCount,
  createBrand,
  deleteBrand,
  mergeBrand,
  setBrandPopular,
  updateBrand,
} from "../../data/admin-brands.server";
import { BRAND_MESSAGES, brandInUse, readBrandForm } from "../../domain/admin-content";
import { adminTab } from "../../domain/admin-tabs";
import { formText } from "../../domain/admin-lists";
import { areaImageKey } from "../../domain/uploads";
import { uploadBodyLimit } from "../../domain/upload-sizes";
import { openAdminAction, openAdminLoader, refuse } from "../../services/admin-actions.server";
import { dropReplaced, refuseFields, singleImage } from "../../services/admin-content.server";
import { publicPagesChanged } from "../../services/freshness.server";
import { redirectWithToast } from "../../services/toast.server";
import { ActionAlert } from "../../components/admin";
import { BrandForm } from "../../components/admin/brand-form";
import { BrandList } from "../../components/admin/brand-list";

// Admin Brands (seller-store-admin.md §2, §3, §8, §9; issue 14 item 5; decision 0033): create,
// edit, delete behind a confirmation, toggle popular, a logo (png/jpg/jpeg/svg) through the
// upload pipeline. Every change shows on the public pages at once (decision 0022).

export const meta: Route.MetaFunction = () => [
  { title: "Brands | Admin | Closetloop" },
  { name: "robots", content: "noindex" },
];

const TAB = adminTab("brands").href;

export const bodyLimit = uploadBodyLimit("brandLogo");

// Its GET authorizes with the user the session kept while their visit rides with its batch, and
// only reads (a page whose visit finds another user is rendered again): decision 0116.
export const visitRides = true;

export async function loader(args: Route.LoaderArgs) {
  const { app, url } = openAdminLoader(args, "brands");
  const [brands] = await batchParts(app.db, [adminBrandsPart(app.db)] as const);
  const editId = url.searchParams.get("edit");
  return { brands, editing: brands.find((b) => b.id === editId) ?? null };
}

export const intents = ["create", "update", "logo", "delete", "merge", "popular"] as const;

const FAILED = {
  create: "Failed to create brand",
  update: "Failed to update brand",
  logo: "Failed to upload brand logo",
  delete: "Failed to delete brand",
  merge: "Failed to merge brand",
  popular: "Failed to update brand popularity",
} as const;

export async function action(args: Route.ActionArgs) {
  const { user, app, form, intent } = await openAdminAction(args, "brands", intents);
  if (!intent) return refuse(app.config, 400, "Failed to update brand", "Unknown action.");
  const now = Date.now();
  const done = async (title: string, to = TAB) => {
    await publicPagesChanged(app.env.CACHE, now);
    return redirectWithToast(app.config, to, { type: "success", title });
  };

  if (intent === "create") {
    const parsed = readBrandForm(form);
    if (!parsed.ok) return refuseFields(app.config, "create", FAILED.create, parsed.errors, form);
    // Checked before the logo is stored: a staged logo must not hide the duplicate (issue 24).
    if (await brandNameTaken(app.db, parsed.value.name))
      return refuseFields(app.config, "create", FAILED.create, { name: BRAND_MESSAGES.duplicate }, form);
    const id = `brand_${crypto.randomUUID()}`;
    const logo = await singleImage(app, form, {
      use: "brandLogo",
      name: "logo",
      userId: user.id,
      existing: null,
      key: (ext) => areaImageKey("brandLogo", id, now, ext),
    });
    if (!logo.ok) return refuseFields(app.config, "create", FAILED.logo, { logo: logo.error }, form);
    const logoUrl = await logo.commit();
    if (logoUrl === false) return refuse(app.config, 500, FAILED.logo, "Failed to upload logo");
    const saved = await createBrand(app.db, id, parsed.value, logoUrl, user.id, now);
    if (!saved.ok) {
      await dropReplaced(app, logoUrl, null);
      return refuseFields(app.config, "create", FAILED.create, { name: BRAND_MESSAGES.duplicate }, form);
    }
    if (form.get("isPopular") === "on") await setBrandPopular(app.db, id, true, user.id, now);
    return done(BRAND_MESSAGES.created);
  }

  const brand = await brandById(app.db, formText(form, "brandId"));
  if (!brand) return refuse(app.config, 404, FAILED[intent], BRAND_MESSAGES.notFound);

  if (intent === "update" || intent === "logo") {
    const [brands] = await batchParts(app.db, [adminBrandsPart(app.db)] as const);
    const full = brands.find((b) => b.id === brand.id)!;
    const parsed =
      intent === "update"
        ? readBrandForm(form)
        : ({
            ok: true,
            value: { name: full.name, websiteUrl: full.websiteUrl, description: full.description },
          } as const);
    if (!parsed.ok) return refuseFields(app.config, "update", FAILED.update, parsed.errors, form);
    if (await brandNameTaken(app.db, parsed.value.name, brand.id))
      return refuseFields(app.config, "update", FAILED.update, { name: BRAND_MESSAGES.duplicate }, form);
    const logo = await singleImage(app, form, {
      use: "brandLogo",
      name: "logo",
      userId: user.id,
      existing: brand.logoUrl,
      key: (ext) => areaImageKey("brandLogo", brand.id, now, ext),
    });
    if (!logo.ok) return refuseFields(app.config, "update", FAILED.logo, { logo: logo.error }, form);
    // §5: the logo upload needs a chosen file.
    if (intent === "logo" && !hasNewFile(form))
      return refuseFields(app.config, "update", FAILED.logo, { logo: BRAND_MESSAGES.noLogo }, form);
    const logoUrl = await logo.commit();
    if (logoUrl === false) return refuse(app.config, 500, FAILED.logo, "Failed to upload logo");
    const saved = await updateBrand(app.db, brand, parsed.value, logoUrl, user.id, now);
    if (!saved.ok) {
      await dropReplaced(app, logoUrl, brand.logoUrl);
      return refuseFields(app.config, "update", FAILED.update, { name: BRAND_MESSAGES.duplicate }, form);
    }
    await dropReplaced(app, brand.logoUrl, logoUrl);
    return done(BRAND_MESSAGES.updated);
  }

  if (intent === "delete") {
    // A brand products use is merged, never dropped from under them (issue 24).
    if (!(await deleteBrand(app.db, brand, user.id, now)))
      return refuse(
        app.config,
        409,
        FAILED.delete,
        brandInUse(brand.name, await brandProductCount(app.db, brand.name)),
      );
    await dropReplaced(app, brand.logoUrl, null);
    return done(BRAND_MESSAGES.deleted);
  }

  if (intent === "merge") {
    const into = await brandById(app.db, formText(form, "intoBrandId"));
    if (!into || into.id === brand.id)
      return refuseFields(app.config, "merge", FAILED.merge, { intoBrandId: BRAND_MESSAGES.mergeTarget }, form);
    await mergeBrand(app.db, brand, into, user.id, now);
    await dropReplaced(app, brand.logoUrl, null);
    return done(BRAND_MESSAGES.merged);
  }

  // popular
  const popular = form.get("popular") === "true";
  await setBrandPopular(app.db, brand.id, popular, user.id, now);
  return done(BRAND_MESSAGES.updated);
}

/** A file or a staged upload in the logo field. */
function hasNewFile(form: FormData) {
  return (
    form.getAll("logoOrder").some((v) => typeof v === "string" && v.startsWith("staged:")) ||
    form.getAll("logo").some((v) => typeof v === "object" && v !== null && (v as File).size > 0)
  );
}

export default function AdminBrands({ loaderData, actionData }: Route.ComponentProps) {
  const { brands, editing } = loaderData;
  return (
    <>
      <ActionAlert data={actionData} />
      <BrandForm tab={TAB} editing={editing} actionData={actionData} />
      <BrandList tab={TAB} brands={brands} actionData={actionData} />
    </>
  );
}

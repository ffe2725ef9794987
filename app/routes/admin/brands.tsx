import { Form, Link } from "react-router";
import type { Route } from "./+types/brands";
import { adminBrands, brandById, brandNameTaken, brandProductCount, createBrand, deleteBrand, mergeBrand, setBrandPopular, updateBrand } from "../../data/admin-brands.server";
import { BRAND_MESSAGES, brandInUse, readBrandForm } from "../../domain/admin-content";
import { adminTab } from "../../domain/admin-tabs";
import { formText } from "../../domain/admin-lists";
import { areaImageKey, uploadBodyLimit } from "../../domain/uploads";
import { openAdminAction, openAdminLoader, refuse } from "../../services/admin-actions.server";
import { dropReplaced, refuseFields, singleImage } from "../../services/admin-content.server";
import { publicPagesChanged } from "../../services/freshness.server";
import { redirectWithToast } from "../../services/toast.server";
import { ActionAlert } from "../../components/admin";
import { buttonClass, primaryButtonClass } from "../../components/kit/buttons";
import { Checkbox, fieldErrors, sentValues, TextArea } from "../../components/admin-content";
import { ConfirmForm, RowAction } from "../../components/kit/row-actions";
import { Panel } from "../../components/kit/panel";
import { StatusBadge } from "../../components/kit/badge";
import { CellText, DataTable } from "../../components/kit/data-table";
import { Field } from "../../components/forms";
import { ImageUpload } from "../../components/image-upload";

// Admin Brands (seller-store-admin.md §2, §3, §8, §9; issue 14 item 5; decision 0033): create,
// edit, delete behind a confirmation, toggle popular, a logo (png/jpg/jpeg/svg) through the
// upload pipeline. Every change shows on the public pages at once (decision 0022).

export const meta: Route.MetaFunction = () => [{ title: "Brands | Admin | Closetloop" }, { name: "robots", content: "noindex" }];

const TAB = adminTab("brands").href;

export const bodyLimit = uploadBodyLimit("brandLogo");

export async function loader(args: Route.LoaderArgs) {
  const { app, url } = openAdminLoader(args, "brands");
  const brands = await adminBrands(app.db);
  const editId = url.searchParams.get("edit");
  return { brands, editing: brands.find((b) => b.id === editId) ?? null };
}

export const intents = ["create", "update", "logo", "delete", "merge", "popular"] as const;

const FAILED = { create: "Failed to create brand", update: "Failed to update brand", logo: "Failed to upload brand logo", delete: "Failed to delete brand", merge: "Failed to merge brand", popular: "Failed to update brand popularity" } as const;

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
    if (await brandNameTaken(app.db, parsed.value.name)) return refuseFields(app.config, "create", FAILED.create, { name: BRAND_MESSAGES.duplicate }, form);
    const id = `brand_${crypto.randomUUID()}`;
    const logo = await singleImage(app, form, { use: "brandLogo", name: "logo", userId: user.id, existing: null, key: (ext) => areaImageKey("brandLogo", id, now, ext) });
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
    const full = (await adminBrands(app.db)).find((b) => b.id === brand.id)!;
    const parsed = intent === "update" ? readBrandForm(form) : ({ ok: true, value: { name: full.name, websiteUrl: full.websiteUrl, description: full.description } } as const);
    if (!parsed.ok) return refuseFields(app.config, "update", FAILED.update, parsed.errors, form);
    if (await brandNameTaken(app.db, parsed.value.name, brand.id)) return refuseFields(app.config, "update", FAILED.update, { name: BRAND_MESSAGES.duplicate }, form);
    const logo = await singleImage(app, form, { use: "brandLogo", name: "logo", userId: user.id, existing: brand.logoUrl, key: (ext) => areaImageKey("brandLogo", brand.id, now, ext) });
    if (!logo.ok) return refuseFields(app.config, "update", FAILED.logo, { logo: logo.error }, form);
    // §5: the logo upload needs a chosen file.
    if (intent === "logo" && !hasNewFile(form)) return refuseFields(app.config, "update", FAILED.logo, { logo: BRAND_MESSAGES.noLogo }, form);
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
    if (!(await deleteBrand(app.db, brand, user.id, now))) return refuse(app.config, 409, FAILED.delete, brandInUse(brand.name, await brandProductCount(app.db, brand.name)));
    await dropReplaced(app, brand.logoUrl, null);
    return done(BRAND_MESSAGES.deleted);
  }

  if (intent === "merge") {
    const into = await brandById(app.db, formText(form, "intoBrandId"));
    if (!into || into.id === brand.id) return refuseFields(app.config, "merge", FAILED.merge, { intoBrandId: BRAND_MESSAGES.mergeTarget }, form);
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
  return form.getAll("logoOrder").some((v) => typeof v === "string" && v.startsWith("staged:")) || form.getAll("logo").some((v) => typeof v === "object" && v !== null && (v as File).size > 0);
}

type Brand = Route.ComponentProps["loaderData"]["brands"][number];

/** A brand products use: merged into another (its products move, its page redirects), not deleted. */
function MergeForm({ brand, brands, error }: { brand: Brand; brands: Brand[]; error?: string }) {
  const id = `merge-${brand.id}`;
  // Folded, one open at a time (an exclusive <details> group, no JavaScript): every row used to
  // show the 40-brand list at once (issue 46 item 5). A refused merge opens with its message.
  return (
    <details name="brand-merge" open={error ? true : undefined} className="text-sm">
      <summary className="cursor-pointer text-brand underline">{`Merge ${brand.name} into another brand`}</summary>
      <Form method="post" className="mt-2 flex flex-wrap items-center gap-2" aria-label={`Merge ${brand.name}`}>
      <input type="hidden" name="brandId" value={brand.id} />
      <label htmlFor={id} className="text-sm">
        Merge into…<span className="sr-only">{` (${brand.name} is used by ${brand.products} product(s))`}</span>
      </label>
      <select id={id} name="intoBrandId" required defaultValue="" aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className="rounded-md border border-stone-300 px-2 py-1 text-sm">
        <option value="" disabled>Choose a brand</option>
        {brands.filter((b) => b.id !== brand.id).map((b) => (
          <option key={b.id} value={b.id}>{b.name}</option>
        ))}
      </select>
      <button type="submit" name="intent" value="merge" className={buttonClass}>Merge</button>
      {error ? <p id={`${id}-error`} className="w-full text-sm text-red-700">{error}</p> : null}
      </Form>
    </details>
  );
}

function BrandFields({ brand, values, errors }: { brand: Brand | null; values: Record<string, string> | null; errors: Record<string, string> }) {
  return (
    <>
      <Field label="Name" name="name" required maxLength={100} defaultValue={values?.name ?? brand?.name ?? ""} error={errors.name} />
      <Field label="Website" name="websiteUrl" type="url" maxLength={500} placeholder="https://" defaultValue={values?.websiteUrl ?? brand?.websiteUrl ?? ""} error={errors.websiteUrl} />
      <TextArea label="Description" name="description" rows={3} maxLength={1000} defaultValue={values?.description ?? brand?.description ?? ""} error={errors.description} />
    </>
  );
}

export default function AdminBrands({ loaderData, actionData }: Route.ComponentProps) {
  const { brands, editing } = loaderData;
  const createErrors = fieldErrors(actionData, "create");
  const updateErrors = fieldErrors(actionData, "update");
  const mergeErrors = fieldErrors(actionData, "merge");
  const actionBrandId = sentValues(actionData, "merge")?.brandId;
  return (
    <>
      <ActionAlert data={actionData} />
      {editing ? (
        <Panel title={`Edit ${editing.name}`} actions={<Link to={TAB} className="text-sm underline">Cancel</Link>}>
          <Form method="post" action={`${TAB}?edit=${editing.id}`} encType="multipart/form-data" className="grid max-w-xl gap-4" aria-label={`Edit ${editing.name}`}>
            <input type="hidden" name="brandId" value={editing.id} />
            <BrandFields brand={editing} values={sentValues(actionData, "update")} errors={updateErrors} />
            <ImageUpload key={editing.logoUrl ?? "none"} name="logo" use="brandLogo" label="Logo" existing={editing.logoUrl ? [editing.logoUrl] : []} error={updateErrors.logo} hint="PNG, JPG or SVG, up to 5MB." />
            <div className="flex gap-2">
              <button type="submit" name="intent" value="update" className={primaryButtonClass}>Save brand</button>
              <button type="submit" name="intent" value="logo" className={buttonClass}>Upload logo</button>
            </div>
          </Form>
        </Panel>
      ) : (
        <Panel title="Add brand">
          <Form method="post" encType="multipart/form-data" className="grid max-w-xl gap-4" aria-label="Add brand">
            <BrandFields brand={null} values={sentValues(actionData, "create")} errors={createErrors} />
            <ImageUpload name="logo" use="brandLogo" label="Logo" error={createErrors.logo} hint="PNG, JPG or SVG, up to 5MB." />
            <Checkbox label="Popular brand" name="isPopular" />
            <div>
              <button type="submit" name="intent" value="create" className={primaryButtonClass}>Create brand</button>
            </div>
          </Form>
        </Panel>
      )}
      <Panel title={`Brands (${brands.length})`}>
        <DataTable
          caption="Brands by name, with their logo, products and popularity"
          rows={brands}
          empty="No brands yet."
          columns={[
            { header: "Logo", cell: (b) => (b.logoUrl ? <img src={b.logoUrl} alt="" width={40} height={40} className="size-10 rounded border border-stone-200 bg-white object-contain" /> : <span className="text-stone-500">—</span>) },
            {
              header: "Brand",
              rowHeader: true,
              cell: (b) => <CellText note={b.websiteUrl}><Link to={`/brand/${encodeURIComponent(b.name)}`} className="text-brand underline">{b.name}</Link></CellText>,
            },
            { header: "Products", cell: (b) => b.products },
            {
              header: "Popular",
              cell: (b) => (
                <RowAction intent="popular" text={b.isPopular ? "Unmark popular" : "Mark popular"} label={`${b.isPopular ? "Unmark popular" : "Mark popular"}: ${b.name}`} fields={{ brandId: b.id, popular: b.isPopular ? "false" : "true" }} className="flex items-center gap-2">
                  {b.isPopular ? <StatusBadge status="popular" variant="done" label="Popular" /> : null}
                </RowAction>
              ),
            },
            {
              header: "Actions",
              cell: (b) => (
                <div className="flex items-center gap-3">
                  <Link to={`${TAB}?edit=${b.id}`} className="text-sm underline" aria-label={`Edit ${b.name}`}>Edit</Link>
                  {b.products === 0 ? (
                    <ConfirmForm label={`Delete ${b.name}`} question={`Delete the brand ${b.name}? This cannot be undone.`} confirmLabel="Delete brand" fields={{ brandId: b.id }} intent="delete" />
                  ) : (
                    <MergeForm brand={b} brands={brands} error={mergeErrors.intoBrandId && actionBrandId === b.id ? mergeErrors.intoBrandId : undefined} />
                  )}
                </div>
              ),
            },
          ]}
        />
      </Panel>
    </>
  );
}

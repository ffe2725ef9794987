import { Form, Link } from "react-router";
import type { Route } from "./+types/content";
import { adminCategories, createCategory, deleteCategory, updateCategory } from "../../data/admin-content.server";
import { addBannerToLibrary, allSiteContent, bannerLibrary, mediaById, saveSiteContent } from "../../data/site-content-admin.server";
import {
  BANNER_MESSAGES,
  CATEGORY_MESSAGES,
  CONTENT_PAGES,
  descriptionPreview,
  FAVICON_MESSAGES,
  PAGE_MESSAGES,
  readBannerUrl,
  readCategoryForm,
  readPageForm,
  readSettingsGroup,
  SETTING_LABELS,
  SETTINGS_GROUPS,
  type SettingKey,
  type SettingsGroup,
} from "../../domain/admin-content";
import { adminTab } from "../../domain/admin-tabs";
import { SELLER_SIGNUP_LABELS, SELLER_SIGNUP_MODES, signupMode } from "../../domain/selling";
import { formText } from "../../domain/admin-lists";
import { KB } from "../../domain/body-limit";
import { areaImageKey, uploadBodyLimit } from "../../domain/uploads";
import { openAdminAction, openAdminLoader, refuse } from "../../services/admin-actions.server";
import { dropReplaced, refuseFields, singleImage } from "../../services/admin-content.server";
import { publicPagesChanged } from "../../services/freshness.server";
import { redirectWithToast } from "../../services/toast.server";
import { ActionAlert } from "../../components/admin";
import { buttonClass, primaryButtonClass } from "../../components/kit/buttons";
import { fieldErrors, Section, SelectField, sentValues, TextArea } from "../../components/admin-content";
import { Field } from "../../components/forms";
import { ImageUpload } from "../../components/image-upload";
import { CategoryManager } from "../../components/admin-categories";

// Admin Content (seller-store-admin.md §2, §3, §5, §8; issue 14 item 6; decision 0034): the home
// banner (from the media library, by URL, or uploaded into the library), the footer's pages,
// the site settings one group at a time, and the categories. Every change is on the public
// pages at the next request (publicPagesChanged, decision 0022).

export const meta: Route.MetaFunction = () => [{ title: "Content | Admin | Closetloop" }, { name: "robots", content: "noindex" }];

const TAB = adminTab("content").href;

// The largest file here is a banner (5 MB); page content can be long.
export const bodyLimit = uploadBodyLimit("banner", 256 * KB);

export async function loader(args: Route.LoaderArgs) {
  const { app, url } = openAdminLoader(args, "content");
  const [content, library, categories] = await Promise.all([allSiteContent(app.db), bannerLibrary(app.db), adminCategories(app.db)]);
  const pageKey = CONTENT_PAGES.find((p) => p.key === url.searchParams.get("page"))?.key ?? CONTENT_PAGES[0].key;
  const page = content.find((c) => c.contentType === "page" && c.contentKey === pageKey);
  const settings = Object.fromEntries(content.filter((c) => c.contentType === "site_settings").map((c) => [c.contentKey, c.contentKey === "favicon" ? c.imageUrl : c.content])) as Partial<Record<SettingKey, string | null>>;
  const banner = content.find((c) => c.contentType === "banner" && c.contentKey === "home_hero")?.imageUrl ?? null;
  const editing = categories.find((c) => c.id === url.searchParams.get("category")) ?? null;
  return { banner, library, pageKey, page: { title: page?.title ?? "", content: page?.content ?? "" }, settings, categories, editing };
}

export const intents = ["bannerPick", "bannerUrl", "bannerUpload", "page", "site", "contact", "social", "seo", "selling", "favicon", "categoryCreate", "categoryUpdate", "categoryDelete"] as const;
type Intent = (typeof intents)[number];

const isGroup = (intent: Intent): intent is SettingsGroup => intent in SETTINGS_GROUPS;

export async function action(args: Route.ActionArgs) {
  const { user, app, form, intent } = await openAdminAction(args, "content", intents);
  if (!intent) return refuse(app.config, 400, "Failed to update content", "Unknown action.");
  const now = Date.now();
  const done = async (to: string, title: string, description?: string) => {
    await publicPagesChanged(app.env.CACHE, now);
    return redirectWithToast(app.config, to, { type: "success", title, ...(description ? { description } : {}) });
  };

  switch (intent) {
    case "bannerPick": {
      const media = await mediaById(app.db, formText(form, "mediaId"));
      if (!media) return refuseFields(app.config, "bannerPick", BANNER_MESSAGES.failedUpdate, { mediaId: BANNER_MESSAGES.pickMedia });
      await saveSiteContent(app.db, [{ contentType: "banner", contentKey: "home_hero", imageUrl: media.fileUrl }], user.id, now);
      return done(`${TAB}#banner`, BANNER_MESSAGES.updated);
    }
    case "bannerUrl": {
      const url = readBannerUrl(formText(form, "bannerUrl", 2100));
      if (!url.ok) return refuseFields(app.config, "bannerUrl", BANNER_MESSAGES.failedUpdate, { bannerUrl: url.error }, form);
      await saveSiteContent(app.db, [{ contentType: "banner", contentKey: "home_hero", imageUrl: url.url }], user.id, now);
      return done(`${TAB}#banner`, BANNER_MESSAGES.updated);
    }
    case "bannerUpload": {
      const id = `media_${crypto.randomUUID()}`;
      const image = await singleImage(app, form, { use: "banner", name: "banner", userId: user.id, existing: null, key: (ext) => areaImageKey("banner", id, now, ext) });
      if (!image.ok) return refuseFields(app.config, "bannerUpload", BANNER_MESSAGES.failedUpload, { banner: image.error });
      const file = form.get("banner");
      const size = typeof file === "object" && file ? (file as File).size : 0;
      const fileUrl = await image.commit();
      if (fileUrl === null) return refuseFields(app.config, "bannerUpload", BANNER_MESSAGES.failedUpload, { banner: BANNER_MESSAGES.noFile });
      if (fileUrl === false) return refuse(app.config, 500, BANNER_MESSAGES.failedUpload, "Upload failed - Failed to upload image. Please try again.");
      const object = await app.env.IMAGES.head(fileUrl.slice("/images/".length));
      const name = typeof file === "object" && file ? (file as File).name : fileUrl.split("/").pop()!;
      await addBannerToLibrary(app.db, { id, fileName: name.slice(0, 200) || "banner", fileUrl, fileType: object?.httpMetadata?.contentType ?? "image", fileSize: object?.size ?? size }, user.id, now);
      return done(`${TAB}#banner`, BANNER_MESSAGES.uploaded);
    }
    case "page": {
      const parsed = readPageForm(form);
      if (!parsed.ok) return refuseFields(app.config, "page", PAGE_MESSAGES.failed, parsed.errors, form);
      await saveSiteContent(app.db, [{ contentType: "page", contentKey: parsed.value.key, title: parsed.value.title, content: parsed.value.content }], user.id, now);
      return done(`${TAB}?page=${parsed.value.key}#pages`, PAGE_MESSAGES.updated);
    }
    case "favicon": {
      const current = (await allSiteContent(app.db)).find((c) => c.contentType === "site_settings" && c.contentKey === "favicon")?.imageUrl ?? null;
      const image = await singleImage(app, form, { use: "favicon", name: "favicon", userId: user.id, existing: current, key: (ext) => areaImageKey("favicon", "favicon", now, ext) });
      if (!image.ok) return refuseFields(app.config, "favicon", FAVICON_MESSAGES.failed, { favicon: image.error });
      if (!image.changed) return refuseFields(app.config, "favicon", FAVICON_MESSAGES.failed, { favicon: FAVICON_MESSAGES.noFile });
      const url = await image.commit();
      if (url === false) return refuse(app.config, 500, FAVICON_MESSAGES.failed, "Upload failed - Failed to upload image. Please try again.");
      await saveSiteContent(app.db, [{ contentType: "site_settings", contentKey: "favicon", imageUrl: url }], user.id, now);
      await dropReplaced(app, current, url);
      return done(`${TAB}#settings`, FAVICON_MESSAGES.saved);
    }
    case "categoryCreate":
    case "categoryUpdate": {
      const categories = await adminCategories(app.db);
      const editing = intent === "categoryUpdate" ? categories.find((c) => c.id === formText(form, "categoryId")) : null;
      if (editing === undefined) return refuse(app.config, 404, "Error updating category", CATEGORY_MESSAGES.notFound);
      const title = editing ? "Error updating category" : "Error creating category";
      const parsed = readCategoryForm(form, categories, editing?.id ?? null);
      if (!parsed.ok) return refuseFields(app.config, intent, title, parsed.errors, form);
      const id = editing?.id ?? `cat_${crypto.randomUUID()}`;
      const image = await singleImage(app, form, { use: "categoryImage", name: "image", userId: user.id, existing: editing?.imageUrl ?? null, key: (ext) => areaImageKey("categoryImage", id, now, ext) });
      if (!image.ok) return refuseFields(app.config, intent, "Error uploading image", { image: image.error }, form);
      const imageUrl = await image.commit();
      if (imageUrl === false) return refuse(app.config, 500, "Error uploading image", "Upload failed - Failed to upload image. Please try again.");
      const saved = editing ? await updateCategory(app.db, editing, parsed.value, imageUrl, user.id, now) : await createCategory(app.db, id, parsed.value, imageUrl, user.id, now);
      if (!saved.ok) {
        await dropReplaced(app, imageUrl, editing?.imageUrl ?? null);
        // A slug made from the name (none typed) is the name's to answer for.
        const typedSlug = String(form.get("slug") ?? "").trim() !== "";
        const clash = "clash" in saved && saved.clash === "slug" ? (typedSlug ? { slug: CATEGORY_MESSAGES.duplicateSlug } : { name: CATEGORY_MESSAGES.nameMakesTakenSlug }) : { name: CATEGORY_MESSAGES.duplicateName };
        return refuseFields(app.config, intent, title, clash, form);
      }
      await dropReplaced(app, editing?.imageUrl ?? null, imageUrl);
      return done(`${TAB}#categories`, editing ? CATEGORY_MESSAGES.updated : CATEGORY_MESSAGES.created);
    }
    case "categoryDelete": {
      const category = (await adminCategories(app.db)).find((c) => c.id === formText(form, "categoryId"));
      if (!category) return refuse(app.config, 404, "Error deleting category", CATEGORY_MESSAGES.notFound);
      await deleteCategory(app.db, category, user.id, now);
      await dropReplaced(app, category.imageUrl, null);
      return done(`${TAB}#categories`, CATEGORY_MESSAGES.deleted);
    }
  }
  if (isGroup(intent)) {
    const group = SETTINGS_GROUPS[intent];
    const parsed = readSettingsGroup(intent, form);
    if (!parsed.ok) return refuseFields(app.config, intent, group.failed, parsed.errors, form);
    await saveSiteContent(app.db, Object.entries(parsed.value).map(([key, value]) => ({ contentType: "site_settings" as const, contentKey: key, content: value || null })), user.id, now);
    return done(`${TAB}#settings`, group.saved, intent === "site" && parsed.value.site_description ? descriptionPreview(parsed.value.site_description) : undefined);
  }
  return refuse(app.config, 400, "Failed to update content", "Unknown action.");
}

export default function AdminContent({ loaderData, actionData }: Route.ComponentProps) {
  const { banner, library, pageKey, page, settings, categories, editing } = loaderData;
  const errors = (form: string) => fieldErrors(actionData, form);
  const sent = (form: string) => sentValues(actionData, form);
  const categoryForm = editing ? "categoryUpdate" : "categoryCreate";
  const categoryValues = sent(categoryForm);
  const categoryErrors = errors(categoryForm);
  return (
    <>
      <ActionAlert data={actionData} />
      <nav aria-label="Content sections" className="mb-4 flex flex-wrap gap-4 text-sm">
        <a href="#banner" className="underline">Home banner</a>
        <a href="#pages" className="underline">Page content</a>
        <a href="#settings" className="underline">Site settings</a>
        <a href="#categories" className="underline">Categories</a>
      </nav>

      <Section id="banner" title="Home banner">
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <div>
            <p className="text-sm font-medium">Current banner</p>
            {banner ? <img src={banner} alt="Current home banner" width={480} height={200} className="mt-2 aspect-[12/5] w-full max-w-md rounded-md border border-stone-200 object-cover" /> : <p className="mt-2 text-sm text-stone-600">No banner: home shows its plain background.</p>}
          </div>
          <Form method="post" className="grid gap-3" aria-label="Banner by URL">
            <Field label="Image URL" name="bannerUrl" type="url" maxLength={2000} placeholder="https://" defaultValue={sent("bannerUrl")?.bannerUrl ?? ""} error={errors("bannerUrl").bannerUrl} />
            <div>
              <button type="submit" name="intent" value="bannerUrl" className={buttonClass}>Use this URL</button>
            </div>
          </Form>
          <Form method="post" encType="multipart/form-data" className="grid gap-3" aria-label="Upload banner">
            <ImageUpload name="banner" use="banner" label="Upload a banner into the media library" error={errors("bannerUpload").banner} hint="An image up to 5MB." />
            <div>
              <button type="submit" name="intent" value="bannerUpload" className={buttonClass}>Upload banner</button>
            </div>
          </Form>
          <Form method="post" className="grid gap-3" aria-label="Banner from the media library">
            <fieldset aria-describedby={errors("bannerPick").mediaId ? "media-error" : undefined}>
              <legend className="text-sm font-medium">Media library</legend>
              {library.length === 0 ? (
                <p className="text-sm text-stone-600">No banner images uploaded yet.</p>
              ) : (
                <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
                  {library.map((m) => (
                    <li key={m.id}>
                      <label className="block cursor-pointer rounded-md border border-stone-200 p-1 has-checked:border-brand">
                        <img src={m.fileUrl} alt="" width={160} height={67} className="aspect-[12/5] w-full rounded object-cover" />
                        <span className="mt-1 flex items-center gap-1 text-xs">
                          <input type="radio" name="mediaId" value={m.id} defaultChecked={m.fileUrl === banner} />
                          <span className="truncate">{m.fileName}</span>
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              )}
              {errors("bannerPick").mediaId ? <p id="media-error" className="text-sm text-red-700">{errors("bannerPick").mediaId}</p> : null}
            </fieldset>
            {library.length ? (
              <div>
                <button type="submit" name="intent" value="bannerPick" className={buttonClass}>Use selected image</button>
              </div>
            ) : null}
          </Form>
        </div>
      </Section>

      <Section id="blog" title="Blog">
        <p className="flex flex-wrap gap-4 text-sm">
          <Link to="/admin/blog" className="font-medium text-brand underline">Manage blog posts</Link>
          <Link to="/admin/blog/new" className="font-medium text-brand underline">New Blog Post</Link>
        </p>
      </Section>

      <Section id="pages" title="Page content">
        <nav aria-label="Pages" className="mb-3 flex flex-wrap gap-2 text-sm">
          {CONTENT_PAGES.map((p) => (
            <Link key={p.key} to={`?page=${p.key}#pages`} aria-current={p.key === pageKey ? "page" : undefined} className="rounded-full border border-stone-300 px-3 py-1 aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-white">
              {p.label}
            </Link>
          ))}
        </nav>
        <Form key={pageKey} method="post" action={`?page=${pageKey}`} className="grid max-w-3xl gap-3" aria-label="Page content">
          <input type="hidden" name="pageKey" value={pageKey} />
          {errors("page").pageKey ? <p className="text-sm text-red-700">{errors("page").pageKey}</p> : null}
          <Field label="Title" name="title" required maxLength={200} defaultValue={sent("page")?.title ?? page.title} error={errors("page").title} />
          <TextArea label="Content" name="content" rows={12} maxLength={100_000} defaultValue={sent("page")?.content ?? page.content} error={errors("page").content} hint="Plain text; a blank line starts a new paragraph." />
          {pageKey === "privacy_policy" ? <p className="text-sm text-stone-700">Added after the policy&apos;s 15 standard sections as &lsquo;Additional information&rsquo;: it cannot replace them.</p> : null}
          <p className="text-sm">
            Shown at <Link to={pageKey === "privacy_policy" ? "/privacy-policy" : `/pages/${pageKey}`} className="underline">{pageKey === "privacy_policy" ? "/privacy-policy" : `/pages/${pageKey}`}</Link>
          </p>
          <div>
            <button type="submit" name="intent" value="page" className={primaryButtonClass}>Save page</button>
          </div>
        </Form>
      </Section>

      <Section id="settings" title="Site settings">
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          {(Object.keys(SETTINGS_GROUPS) as SettingsGroup[]).map((group) => (
            <Form key={group} method="post" className="grid grid-cols-1 gap-3 rounded-md border border-stone-200 p-4" aria-label={SETTINGS_GROUPS[group].label}>
              <h3 className="font-semibold">{SETTINGS_GROUPS[group].label}</h3>
              {SETTINGS_GROUPS[group].keys.map((key) =>
                key === "seller_signup" ? (
                  <SelectField key={key} label={SETTING_LABELS[key]} name={key} options={SELLER_SIGNUP_MODES.map((m) => ({ value: m, label: SELLER_SIGNUP_LABELS[m] }))} defaultValue={signupMode(sent(group)?.[key] ?? settings[key])} error={errors(group)[key]} />
                ) : key.endsWith("description") ? (
                  <TextArea key={key} label={SETTING_LABELS[key]} name={key} rows={3} maxLength={500} defaultValue={sent(group)?.[key] ?? settings[key] ?? ""} error={errors(group)[key]} />
                ) : (
                  <Field key={key} label={SETTING_LABELS[key]} name={key} type={key.endsWith("_url") ? "url" : key.endsWith("email") ? "email" : "text"} maxLength={300} defaultValue={sent(group)?.[key] ?? settings[key] ?? ""} error={errors(group)[key]} />
                ),
              )}
              <div>
                <button type="submit" name="intent" value={group} className={buttonClass}>{`Save ${SETTINGS_GROUPS[group].label.replace(/^[A-Z][a-z]/, (s) => s.toLowerCase())}`}</button>
              </div>
            </Form>
          ))}
          <Form method="post" encType="multipart/form-data" className="grid grid-cols-1 gap-3 rounded-md border border-stone-200 p-4" aria-label="Favicon">
            <h3 className="font-semibold">Favicon</h3>
            <ImageUpload key={settings.favicon ?? "none"} name="favicon" use="favicon" label="Favicon" existing={settings.favicon ? [settings.favicon] : []} error={errors("favicon").favicon} hint="PNG, JPG or ICO, up to 1MB." />
            <div>
              <button type="submit" name="intent" value="favicon" className={buttonClass}>Save favicon</button>
            </div>
          </Form>
        </div>
      </Section>

      <Section id="categories" title="Categories">
        <CategoryManager categories={categories} editing={editing} values={categoryValues} errors={categoryErrors} intent={categoryForm} cancelHref={`${TAB}#categories`} />
      </Section>
    </>
  );
}

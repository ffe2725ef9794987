import { Link } from "react-router";
import type { Route } from "./+types/content";
import { adminCategories } from "../../data/admin-content.server";
import { batchParts, rowsPart } from "../../data/parts.server";
import { allSiteContent, bannerLibrary, mediaById, saveSiteContent } from "../../data/site-content-admin.server";
import {
  BANNER_MESSAGES,
  CONTENT_PAGES,
  descriptionPreview,
  FAVICON_MESSAGES,
  PAGE_MESSAGES,
  readBannerUrl,
  readPageForm,
  readSettingsGroup,
  SETTINGS_GROUPS,
  type SettingKey,
  type SettingsGroup,
} from "../../domain/admin-content";
import { adminTab } from "../../domain/admin-tabs";
import { formText } from "../../domain/admin-lists";
import { KB } from "../../domain/body-limit";
import { areaImageKey } from "../../domain/uploads";
import { uploadBodyLimit } from "../../domain/upload-sizes";
import { openAdminAction, openAdminLoader, refuse } from "../../services/admin-actions.server";
import { dropReplaced, refuseFields, singleImage } from "../../services/admin-content.server";
import { publicPagesChanged } from "../../services/freshness.server";
import { redirectWithToast } from "../../services/toast.server";
import { ActionAlert } from "../../components/admin";
import { fieldErrors, Section, sentValues } from "../../components/admin-content";
import { CategoryManager } from "../../components/admin-categories";
import { BannerSection } from "../../components/admin/content-banner";
import { PageContentSection } from "../../components/admin/content-pages";
import { SiteSettingsSection } from "../../components/admin/site-settings";
import { removeCategory, saveCategory } from "../../services/admin-categories.server";
import { uploadBanner } from "../../services/banner-upload.server";

// Admin Content (seller-store-admin.md §2, §3, §5, §8; issue 14 item 6; decision 0034): the home
// banner (from the media library, by URL, or uploaded into the library), the footer's pages,
// the site settings one group at a time, and the categories. Every change is on the public
// pages at the next request (publicPagesChanged, decision 0022).

export const meta: Route.MetaFunction = () => [
  { title: "Content | Admin | Closetloop" },
  { name: "robots", content: "noindex" },
];

const TAB = adminTab("content").href;

// The largest file here is a banner (5 MB); page content can be long.
export const bodyLimit = uploadBodyLimit("banner", 256 * KB);

// Its GET authorizes with the user the session kept while their visit rides with its batch, and
// only reads (a page whose visit finds another user is rendered again): decision 0116.
export const visitRides = true;

export async function loader(args: Route.LoaderArgs) {
  const { app, url } = openAdminLoader(args, "content");
  // One batch: the settings and pages, the banner library and the categories (decision 0106).
  const [content, library, categories] = await batchParts(app.db, [
    rowsPart(allSiteContent(app.db)),
    rowsPart(bannerLibrary(app.db)),
    rowsPart(adminCategories(app.db)),
  ] as const);
  const pageKey = CONTENT_PAGES.find((p) => p.key === url.searchParams.get("page"))?.key ?? CONTENT_PAGES[0].key;
  const page = content.find((c) => c.contentType === "page" && c.contentKey === pageKey);
  const settings = Object.fromEntries(
    content
      .filter((c) => c.contentType === "site_settings")
      .map((c) => [c.contentKey, c.contentKey === "favicon" ? c.imageUrl : c.content]),
  ) as Partial<Record<SettingKey, string | null>>;
  const banner = content.find((c) => c.contentType === "banner" && c.contentKey === "home_hero")?.imageUrl ?? null;
  const editing = categories.find((c) => c.id === url.searchParams.get("category")) ?? null;
  return {
    banner,
    library,
    pageKey,
    page: { title: page?.title ?? "", content: page?.content ?? "" },
    settings,
    categories,
    editing,
  };
}

export const intents = [
  "bannerPick",
  "bannerUrl",
  "bannerUpload",
  "page",
  "site",
  "contact",
  "social",
  "seo",
  "selling",
  "favicon",
  "categoryCreate",
  "categoryUpdate",
  "categoryDelete",
] as const;
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
      if (!media)
        return refuseFields(app.config, "bannerPick", BANNER_MESSAGES.failedUpdate, {
          mediaId: BANNER_MESSAGES.pickMedia,
        });
      await saveSiteContent(
        app.db,
        [{ contentType: "banner", contentKey: "home_hero", imageUrl: media.fileUrl }],
        user.id,
        now,
      );
      return done(`${TAB}#banner`, BANNER_MESSAGES.updated);
    }
    case "bannerUrl": {
      const url = readBannerUrl(formText(form, "bannerUrl", 2100));
      if (!url.ok)
        return refuseFields(app.config, "bannerUrl", BANNER_MESSAGES.failedUpdate, { bannerUrl: url.error }, form);
      await saveSiteContent(
        app.db,
        [{ contentType: "banner", contentKey: "home_hero", imageUrl: url.url }],
        user.id,
        now,
      );
      return done(`${TAB}#banner`, BANNER_MESSAGES.updated);
    }
    case "bannerUpload":
      return uploadBanner(app, user.id, form, now, `${TAB}#banner`, done);
    case "page": {
      const parsed = readPageForm(form);
      if (!parsed.ok) return refuseFields(app.config, "page", PAGE_MESSAGES.failed, parsed.errors, form);
      await saveSiteContent(
        app.db,
        [
          {
            contentType: "page",
            contentKey: parsed.value.key,
            title: parsed.value.title,
            content: parsed.value.content,
          },
        ],
        user.id,
        now,
      );
      return done(`${TAB}?page=${parsed.value.key}#pages`, PAGE_MESSAGES.updated);
    }
    case "favicon": {
      const current =
        (await allSiteContent(app.db)).find((c) => c.contentType === "site_settings" && c.contentKey === "favicon")
          ?.imageUrl ?? null;
      const image = await singleImage(app, form, {
        use: "favicon",
        name: "favicon",
        userId: user.id,
        existing: current,
        key: (ext) => areaImageKey("favicon", "favicon", now, ext),
      });
      if (!image.ok) return refuseFields(app.config, "favicon", FAVICON_MESSAGES.failed, { favicon: image.error });
      if (!image.changed)
        return refuseFields(app.config, "favicon", FAVICON_MESSAGES.failed, { favicon: FAVICON_MESSAGES.noFile });
      const url = await image.commit();
      if (url === false)
        return refuse(
          app.config,
          500,
          FAVICON_MESSAGES.failed,
          "Upload failed - Failed to upload image. Please try again.",
        );
      await saveSiteContent(
        app.db,
        [{ contentType: "site_settings", contentKey: "favicon", imageUrl: url }],
        user.id,
        now,
      );
      await dropReplaced(app, current, url);
      return done(`${TAB}#settings`, FAVICON_MESSAGES.saved);
    }
    case "categoryCreate":
    case "categoryUpdate":
      return saveCategory(app, user.id, form, intent, now, `${TAB}#categories`, done);
    case "categoryDelete":
      return removeCategory(app, user.id, form, now, `${TAB}#categories`, done);
  }
  if (isGroup(intent)) {
    const group = SETTINGS_GROUPS[intent];
    const parsed = readSettingsGroup(intent, form);
    if (!parsed.ok) return refuseFields(app.config, intent, group.failed, parsed.errors, form);
    await saveSiteContent(
      app.db,
      Object.entries(parsed.value).map(([key, value]) => ({
        contentType: "site_settings" as const,
        contentKey: key,
        content: value || null,
      })),
      user.id,
      now,
    );
    return done(
      `${TAB}#settings`,
      group.saved,
      intent === "site" && parsed.value.site_description
        ? descriptionPreview(parsed.value.site_description)
        : undefined,
    );
  }
  return refuse(app.config, 400, "Failed to update content", "Unknown action.");
}
export default function AdminContent({ loaderData, actionData }: Route.ComponentProps) {
  const { banner, library, pageKey, page, settings, categories, editing } = loaderData;
  const categoryForm = editing ? "categoryUpdate" : "categoryCreate";
  const categoryValues = sentValues(actionData, categoryForm);
  const categoryErrors = fieldErrors(actionData, categoryForm);
  return (
    <>
      <ActionAlert data={actionData} />
      <nav aria-label="Content sections" className="mb-4 flex flex-wrap gap-4 text-sm">
        <a href="#banner" className="underline">
          Home banner
        </a>
        <a href="#pages" className="underline">
          Page content
        </a>
        <a href="#settings" className="underline">
          Site settings
        </a>
        <a href="#categories" className="underline">
          Categories
        </a>
      </nav>

      <BannerSection banner={banner} library={library} actionData={actionData} />

      <Section id="blog" title="Blog">
        <p className="flex flex-wrap gap-4 text-sm">
          <Link to="/admin/blog" className="font-medium text-brand underline">
            Manage blog posts
          </Link>
          <Link to="/admin/blog/new" className="font-medium text-brand underline">
            New Blog Post
          </Link>
        </p>
      </Section>

      <PageContentSection pageKey={pageKey} page={page} actionData={actionData} />

      <SiteSettingsSection settings={settings} actionData={actionData} />

      <Section id="categories" title="Categories">
        <CategoryManager
          categories={categories}
          editing={editing}
          values={categoryValues}
          errors={categoryErrors}
          intent={categoryForm}
          cancelHref={`${TAB}#categories`}
        />
      </Section>
    </>
  );
}

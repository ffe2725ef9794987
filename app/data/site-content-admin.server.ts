import { and, desc, eq } from "drizzle-orm";
import { mediaLibrary, siteContent } from "../../db/schema";
import { auditStatement } from "./audit.server";
import { type Database } from "./db.server";

// Storage of the admin Content tab's settings and pages, and its banner library (issue 14 item 10;
// decision 0034). Every write records who made it (audit_log) in its own batch. Split from
// admin-content.server.ts (issue 28: files of one purpose).

// ---------------------------------------------------------------------------------------------
// Site content and the media library

export function allSiteContent(db: Database) {
  return db
    .select({
      contentType: siteContent.contentType,
      contentKey: siteContent.contentKey,
      title: siteContent.title,
      content: siteContent.content,
      imageUrl: siteContent.imageUrl,
      updatedAt: siteContent.updatedAt,
    })
    .from(siteContent);
}

export interface ContentValue {
  contentType: "banner" | "page" | "site_settings";
  contentKey: string;
  title?: string | null;
  content?: string | null;
  imageUrl?: string | null;
}

/** §7: upsert on content_type plus content_key, several in one batch. */
export async function saveSiteContent(db: Database, values: ContentValue[], actorId: string, now: number) {
  if (values.length === 0) return;
  const statements = values.map((v) =>
    db
      .insert(siteContent)
      .values({
        id: `sc_${crypto.randomUUID()}`,
        contentType: v.contentType,
        contentKey: v.contentKey,
        title: v.title ?? null,
        content: v.content ?? null,
        imageUrl: v.imageUrl ?? null,
        updatedBy: actorId,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [siteContent.contentType, siteContent.contentKey],
        set: {
          ...(v.title !== undefined ? { title: v.title } : {}),
          ...(v.content !== undefined ? { content: v.content } : {}),
          ...(v.imageUrl !== undefined ? { imageUrl: v.imageUrl } : {}),
          updatedBy: actorId,
          updatedAt: now,
        },
      }),
  );
  const audit = auditStatement(
    db,
    {
      actorId,
      action: "site_content.save",
      targetType: "site_content",
      targetId: values.map((v) => `${v.contentType}:${v.contentKey}`).join(","),
      detail: {},
    },
    now,
  );
  await db.batch([statements[0]!, ...statements.slice(1), audit]);
}

/** The banner images of the media library, newest first. */
export function bannerLibrary(db: Database) {
  return db
    .select({
      id: mediaLibrary.id,
      fileName: mediaLibrary.fileName,
      fileUrl: mediaLibrary.fileUrl,
      fileSize: mediaLibrary.fileSize,
      createdAt: mediaLibrary.createdAt,
    })
    .from(mediaLibrary)
    .where(eq(mediaLibrary.category, "banner"))
    .orderBy(desc(mediaLibrary.createdAt))
    .limit(60);
}

export async function mediaById(db: Database, id: string) {
  return db
    .select({ id: mediaLibrary.id, fileUrl: mediaLibrary.fileUrl })
    .from(mediaLibrary)
    .where(and(eq(mediaLibrary.id, id), eq(mediaLibrary.category, "banner")))
    .get();
}

/** A new banner upload: into the library and onto home, together. */
export async function addBannerToLibrary(
  db: Database,
  media: { id: string; fileName: string; fileUrl: string; fileType: string; fileSize: number },
  actorId: string,
  now: number,
) {
  await db.batch([
    db
      .insert(mediaLibrary)
      .values({ ...media, mediaType: "image", category: "banner", uploadedBy: actorId, createdAt: now }),
    db
      .insert(siteContent)
      .values({
        id: `sc_${crypto.randomUUID()}`,
        contentType: "banner",
        contentKey: "home_hero",
        title: null,
        content: null,
        imageUrl: media.fileUrl,
        updatedBy: actorId,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [siteContent.contentType, siteContent.contentKey],
        set: { imageUrl: media.fileUrl, updatedBy: actorId, updatedAt: now },
      }),
    auditStatement(
      db,
      {
        actorId,
        action: "site_content.banner_upload",
        targetType: "site_content",
        targetId: "banner:home_hero",
        detail: { mediaId: media.id },
      },
      now,
    ),
  ]);
}

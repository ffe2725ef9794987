import type { AppContext } from "../context";
import { addBannerToLibrary } from "../data/site-content-admin.server";
import { BANNER_MESSAGES } from "../domain/admin-content";
import { areaImageKey } from "../domain/uploads";
import { refuse } from "./admin-actions.server";
import { refuseFields, singleImage } from "./admin-content.server";

// The admin Content tab's banner upload (seller-store-admin.md §3; decision 0034): an image through
// the upload pipeline into the media library, from which the home banner is picked. Answers a
// refusal at the field, or `done` with where to go back to and what to say.

/** Stores the uploaded banner and adds it to the media library. */
export async function uploadBanner<R>(
  app: AppContext,
  userId: string,
  form: FormData,
  now: number,
  back: string,
  done: (to: string, title: string) => Promise<R>,
) {
  const id = `media_${crypto.randomUUID()}`;
  const image = await singleImage(app, form, {
    use: "banner",
    name: "banner",
    userId,
    existing: null,
    key: (ext) => areaImageKey("banner", id, now, ext),
  });
  if (!image.ok) return refuseFields(app.config, "bannerUpload", BANNER_MESSAGES.failedUpload, { banner: image.error });
  const file = form.get("banner");
  const size = typeof file === "object" && file ? (file as File).size : 0;
  const fileUrl = await image.commit();
  if (fileUrl === null)
    return refuseFields(app.config, "bannerUpload", BANNER_MESSAGES.failedUpload, { banner: BANNER_MESSAGES.noFile });
  if (fileUrl === false)
    return refuse(
      app.config,
      500,
      BANNER_MESSAGES.failedUpload,
      "Upload failed - Failed to upload image. Please try again.",
    );
  const object = await app.env.IMAGES.head(fileUrl.slice("/images/".length));
  const name = typeof file === "object" && file ? (file as File).name : fileUrl.split("/").pop()!;
  await addBannerToLibrary(
    app.db,
    {
      id,
      fileName: name.slice(0, 200) || "banner",
      fileUrl,
      fileType: object?.httpMetadata?.contentType ?? "image",
      fileSize: object?.size ?? size,
    },
    userId,
    now,
  );
  return done(back, BANNER_MESSAGES.uploaded);
}

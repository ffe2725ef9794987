import type { AppContext } from "../context";
import type { AppConfig } from "../env.server";
import type { UploadUse } from "../domain/uploads";
import { dataWithToast } from "./toast.server";
import { commitImages, deleteImages, readImageField } from "./uploads.server";

// What the admin Brands, Content and Blog actions share (decisions 0033, 0034): a form refused
// at its fields (400, nothing written, the form filled in again), and one image field through
// the upload pipeline.

/** A refused form: the page comes back with the errors at the fields and the values sent. */
export function refuseFields(
  config: AppConfig,
  formId: string,
  title: string,
  errors: Record<string, string | undefined>,
  form?: FormData,
) {
  const clean = Object.fromEntries(
    Object.entries(errors).filter((e): e is [string, string] => typeof e[1] === "string"),
  );
  const values = form
    ? Object.fromEntries(
        [...form.entries()].filter(
          (e): e is [string, string] =>
            typeof e[1] === "string" && e[0] !== "intent" && !e[0].endsWith("Order") && !e[0].endsWith("Keep"),
        ),
      )
    : {};
  const message = Object.values(clean)[0] ?? "Please check the form.";
  return dataWithToast(
    config,
    { form: formId, errors: clean, values, error: { title, message } },
    { type: "error", title, description: message },
    { status: 400 },
  );
}

export type SingleImage =
  | { ok: true; url: string | null; changed: boolean; commit: () => Promise<string | null | false> }
  | { ok: false; error: string };

/**
 * One image field (logo, category image, favicon, featured image): judged by its bytes with the
 * use's rules. `commit()` writes it under `key(ext)` and returns its URL (null when the image was
 * removed, false when storing failed); the caller then saves the record and calls `replaced()`.
 */
export async function singleImage(
  app: AppContext,
  form: FormData,
  options: { use: UploadUse; name: string; userId: string; existing: string | null; key: (ext: string) => string },
): Promise<SingleImage> {
  const existing = options.existing ? [options.existing] : [];
  const field = await readImageField(form, app.env.IMAGES, {
    use: options.use,
    name: options.name,
    userId: options.userId,
    existing,
  });
  if (!field.ok) return field;
  return {
    ok: true,
    changed: field.changed,
    url: field.changed ? null : (options.existing ?? null),
    commit: async () => {
      if (!field.changed) return options.existing ?? null;
      if (field.images.length === 0) return null;
      const committed = await commitImages(app.env.IMAGES, field.images, (_index, ext) => options.key(ext));
      return committed.failed > 0 ? false : (committed.urls[0] ?? null);
    },
  };
}

/** The previous image of a record, once the record no longer points at it. */
export async function dropReplaced(app: AppContext, previous: string | null, current: string | null) {
  if (previous && previous !== current) await deleteImages(app.env.IMAGES, [previous]);
}

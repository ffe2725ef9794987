import { VARIANT_WIDTHS, variantKey } from "../domain/images";
import {
  imageUrl,
  judgeImages,
  UPLOAD_RULES,
  type CandidateFile,
  type Sniffed,
  type UploadUse,
} from "../domain/uploads";
import { requestImageVariants } from "./image-variants.server";

// The one upload pipeline (docs/decisions/0023-upload-pipeline.md). Every image field of the
// product — product photos, avatars, store and brand logos, banners, category and blog images,
// the favicon — goes through it:
//   without JavaScript, the files ride in the form's multipart body (<input type="file">);
//   with JavaScript, each chosen file is sent at once to POST /uploads (with a progress bar) and
//   staged in R2 under staging/{userId}/, and the form then carries only its token.
// Either way the action calls readImageField(), which judges files by their bytes with the
// use's rules and keeps the order the person chose (main image first), and then
// commitImages(), which writes the objects under their final keys.

export const STAGING_PREFIX = "staging/";
const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|gif|svg|ico)$/;

const stagingKey = (userId: string, token: string) => `${STAGING_PREFIX}${userId}/${token}`;

/** What R2 stores with every image: its real type, and the spec's cache lifetime. */
const httpMetadata = (mime: string) => ({ contentType: mime, cacheControl: "public, max-age=3600" });

/** Stages one file sent from an enhanced form. */
export async function stageUpload(images: R2Bucket, userId: string, use: UploadUse, file: CandidateFile, now: number) {
  const judged = judgeImages(use, [file]);
  if (!judged.ok) return judged;
  const image = judged.files[0]!;
  const token = `${crypto.randomUUID()}.${image.ext}`;
  await images.put(stagingKey(userId, token), image.bytes, {
    httpMetadata: httpMetadata(image.mime),
    customMetadata: { use, stagedAt: String(now) },
  });
  return { ok: true as const, token, mime: image.mime, size: image.bytes.length };
}

export type ImageSource =
  | { kind: "existing"; url: string }
  | { kind: "staged"; key: string; ext: string; mime: string }
  | { kind: "new"; bytes: Uint8Array; ext: string; mime: string };

export type ImageField = { ok: true; images: ImageSource[]; changed: boolean } | { ok: false; error: string };

const fileEntries = (form: FormData, name: string) =>
  form.getAll(name).filter((v): v is File => typeof v === "object" && v !== null && "arrayBuffer" in v && v.size > 0);

/** Did a plain (not enhanced) form send a file in `name`? Such a file is not kept by a form's Preview. */
export const sentFile = (form: FormData, name: string) => fileEntries(form, name).length > 0;

/**
 * Reads an image field of a submitted form, in the order the person chose (the first is the
 * main image). The form carries, for a field `name`:
 *   `${name}Order`: "existing:<url>" / "staged:<token>" entries in order (enhanced forms), or
 *   `${name}Keep` (existing URLs kept) + `${name}Main` (the one to show first) + files in `name`
 *   (plain forms; new files follow the kept images).
 * Existing URLs must be among `existing` (a form cannot adopt someone else's image); staged
 * tokens must be this user's, for this use. Any invalid file refuses the whole field.
 */
export async function readImageField(
  form: FormData,
  images: R2Bucket,
  options: { use: UploadUse; name: string; userId: string; existing: readonly string[] },
): Promise<ImageField> {
  const { use, name, userId, existing } = options;
  const rule = UPLOAD_RULES[use];
  const order = form.getAll(`${name}Order`).filter((v): v is string => typeof v === "string");
  const files = fileEntries(form, name);
  const sources: ImageSource[] = [];

  if (order.length > 0) {
    for (const entry of order.slice(0, rule.maxFiles + existing.length)) {
      const [kind, value = ""] = [entry.slice(0, entry.indexOf(":")), entry.slice(entry.indexOf(":") + 1)];
      if (kind === "existing" && existing.includes(value)) sources.push({ kind: "existing", url: value });
      else if (kind === "staged" && TOKEN.test(value)) {
        const head = await images.head(stagingKey(userId, value));
        if (!head || head.customMetadata?.use !== use)
          return { ok: false, error: "An uploaded image has expired. Please choose it again." };
        sources.push({
          kind: "staged",
          key: stagingKey(userId, value),
          ext: value.split(".").pop()!,
          mime: head.httpMetadata?.contentType ?? "application/octet-stream",
        });
      } else return { ok: false, error: "Please choose the images again." };
    }
  } else {
    const kept = form.getAll(`${name}Keep`).filter((v): v is string => typeof v === "string" && existing.includes(v));
    const main = form.get(`${name}Main`);
    const ordered = typeof main === "string" && kept.includes(main) ? [main, ...kept.filter((u) => u !== main)] : kept;
    sources.push(...[...new Set(ordered)].map((url) => ({ kind: "existing" as const, url })));
  }

  // Files in the multipart body (a plain form, or an enhanced one that could not stage them).
  // Where a use takes one image, a new file replaces the one kept.
  if (rule.maxFiles === 1 && files.length > 0) sources.length = 0;
  const candidates: CandidateFile[] = await Promise.all(
    files.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })),
  );
  const judged = judgeImages(use, candidates, sources.length);
  if (!judged.ok) return judged;
  sources.push(
    ...judged.files.map((f: CandidateFile & Sniffed) => ({
      kind: "new" as const,
      bytes: f.bytes,
      ext: f.ext,
      mime: f.mime,
    })),
  );
  if (sources.length > rule.maxFiles) return { ok: false, error: rule.messages.count };

  const changed =
    sources.length !== existing.length || sources.some((s, i) => s.kind !== "existing" || s.url !== existing[i]);
  return { ok: true, images: sources, changed };
}

/**
 * Writes a field's images under their final keys (`keyFor(index, ext)`), in order. Returns the
 * URLs that made it, and how many failed (a failure is logged; the rest still count: the
 * seller's 'Product created with issues'). Staged objects are moved and their staging copy removed.
 * With `variants` (the queue binding), the new originals' WebP variants are requested at once
 * (docs/decisions/0019-image-variants.md): product photos, shown on cards and galleries.
 */
export async function commitImages(
  images: R2Bucket,
  sources: ImageSource[],
  keyFor: (index: number, ext: string) => string,
  variants?: Pick<Env, "NOTIFICATIONS">,
) {
  const urls: string[] = [];
  const written: string[] = [];
  let failed = 0;
  for (const [index, source] of sources.entries()) {
    if (source.kind === "existing") {
      urls.push(source.url);
      continue;
    }
    const key = keyFor(index, source.ext);
    try {
      if (source.kind === "new") {
        await images.put(key, source.bytes, { httpMetadata: httpMetadata(source.mime) });
      } else {
        const staged = await images.get(source.key);
        if (!staged) throw new Error(`staged image ${source.key} is gone`);
        await images.put(key, staged.body, { httpMetadata: httpMetadata(source.mime) });
        await images.delete(source.key);
      }
      urls.push(imageUrl(key));
      written.push(key);
    } catch (error) {
      failed++;
      console.error(`upload: could not store image ${index} as ${key}`, error);
    }
  }
  if (variants && written.length) {
    try {
      await requestImageVariants(variants, written);
    } catch (error) {
      // The originals are served until variants exist; a later upload or backfill asks again.
      console.error("upload: could not request image variants", written, error);
    }
  }
  return { urls, written, failed };
}

/** Removes objects by their public URLs, with their variants (images dropped from a product, an old avatar). Failures are logged. */
export async function deleteImages(images: R2Bucket, urls: readonly string[]) {
  // A URL may carry a version (`?v=`: a store logo kept under its fixed key); the object is the path.
  const originals = urls
    .filter((u) => u.startsWith("/images/") && !u.startsWith("/images/products/pool/"))
    .map((u) => u.slice("/images/".length).split(/[?#]/)[0]!);
  const keys = originals.flatMap((key) => [key, ...VARIANT_WIDTHS.map((w) => variantKey(key, w))]);
  if (keys.length === 0) return;
  try {
    await images.delete(keys);
  } catch (error) {
    console.error("upload: could not delete images", keys, error);
  }
}

/** Staged files nobody submitted are removed after a day (the daily job calls this). */
export async function sweepStaging(images: R2Bucket, now: number, olderThanMs = 24 * 60 * 60 * 1000) {
  let removed = 0;
  let cursor: string | undefined;
  do {
    const page = await images.list({ prefix: STAGING_PREFIX, cursor, include: ["customMetadata"] });
    const old = page.objects
      .filter((o) => now - Number(o.customMetadata?.stagedAt ?? o.uploaded.getTime()) > olderThanMs)
      .map((o) => o.key);
    if (old.length) await images.delete(old);
    removed += old.length;
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return removed;
}

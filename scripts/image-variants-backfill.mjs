// Makes the missing WebP variants of the originals under a prefix of the local IMAGES bucket,
// with the Worker's own pipeline (app/services/image-pipeline.server.ts, loaded through Vite's
// module runner; the codecs' .wasm files compiled by Node). The seed calls it after writing the
// demo catalog, so a fresh `npm start` serves variants from the first page view.
// Identical originals (same ETag: the demo reuses one picture per colour and shape) are decoded
// once. An original that already has its variants, or is too narrow to have any, costs a list
// entry and nothing more. docs/decisions/0019-image-variants.md
/* global WebAssembly */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

async function loadPipeline() {
  const { runnerImport } = await import("vite");
  const [{ module: pipeline }, { module: images }] = await Promise.all([
    runnerImport("./app/services/image-pipeline.server.ts", { configFile: false }),
    runnerImport("./app/domain/images.ts", { configFile: false }),
  ]);
  const compile = (file) => WebAssembly.compile(readFileSync(require.resolve(file)));
  const wasm = {
    jpegDecoder: await compile("@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm"),
    pngDecoder: await compile("@jsquash/png/codec/pkg/squoosh_png_bg.wasm"),
    webpDecoder: await compile("@jsquash/webp/codec/dec/webp_dec.wasm"),
    webpEncoder: await compile("@jsquash/webp/codec/enc/webp_enc_simd.wasm"),
    resizer: await compile("@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm"),
  };
  return { pipeline, images, wasm };
}

async function listAll(bucket, prefix) {
  const objects = [];
  for (let cursor; ;) {
    const page = await bucket.list({ prefix, cursor });
    objects.push(...page.objects);
    if (!page.truncated) return objects;
    cursor = page.cursor;
  }
}

/**
 * Local R2 sometimes answers a put with a 500 ("put: Unspecified error": workerd could not create
 * its temporary blob file) while the machine is busy; the write is whole or not at all, so it is
 * tried again, three times at most, before the seed fails.
 */
async function withRetries(write) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`Image variants: a write failed (${error.message}); trying again`);
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

/** Returns how many originals got variants, and how many distinct pictures were decoded for them. */
export async function backfillVariants(bucket, prefix) {
  const started = Date.now();
  const originals = await listAll(bucket, prefix);
  // The narrowest variant exists for every original that has any variant at all.
  const done = new Set((await listAll(bucket, `variants/400/${prefix}`)).map((o) => o.key));
  const todo = originals.filter((o) => !done.has(`variants/400/${o.key}.webp`));
  if (todo.length === 0)
    return { originals: originals.length, written: 0, decoded: 0, skipped: 0, seconds: (Date.now() - started) / 1000 };
  const { pipeline, images, wasm } = await loadPipeline();
  const byEtag = new Map();
  let written = 0;
  let skipped = 0;
  async function variantsOf(original) {
    if (!byEtag.has(original.etag)) {
      byEtag.set(
        original.etag,
        (async () => {
          const object = await bucket.get(original.key);
          if (!object) return [];
          const bytes = new Uint8Array(await object.arrayBuffer());
          const size = images.imageSize(bytes);
          // Too narrow for any variant (e.g. a demo image from before variants existed): nothing to make.
          if (!size || images.variantWidthsFor(Math.max(size.width, size.height)).length === 0) return [];
          return pipeline.makeVariants(bytes, wasm).catch((error) => {
            console.warn(`No variants for ${original.key}: ${error.message}`);
            return [];
          });
        })(),
      );
    }
    return byEtag.get(original.etag);
  }
  // Decoding is sequential (one picture in memory at a time); the R2 writes of a few originals overlap.
  for (let i = 0; i < todo.length; i += 8) {
    const group = todo.slice(i, i + 8);
    for (const original of group) await variantsOf(original);
    await Promise.all(
      group.map(async (original) => {
        const variants = await variantsOf(original);
        if (variants.length === 0) return void skipped++;
        await withRetries(() => pipeline.writeImageVariants(bucket, original.key, wasm, variants));
        written++;
      }),
    );
  }
  const decoded = (await Promise.all(byEtag.values())).filter((v) => v.length > 0).length;
  return { originals: originals.length, written, decoded, skipped, seconds: (Date.now() - started) / 1000 };
}

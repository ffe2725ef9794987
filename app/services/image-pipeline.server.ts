// Makes the WebP variants of one image with jSquash's WASM codecs (mozjpeg, libwebp, the png
// crate, squoosh's resizer), written so that one image at a time fits a Worker's 128 MB:
// - the size is read from the header first, and an image whose decode would not fit
//   DECODE_BUDGET_BYTES is refused before a single pixel is decoded;
// - the mozjpeg and libwebp decoders are instantiated per image (a compiled module instantiates
//   in about a millisecond) and their output is not copied: the widest variant is area-filtered
//   straight out of the decoder's heap, which is then dropped with the instance;
// - the resizer (whose memory never shrinks) only ever halves a variant into the next one.
// It takes the compiled modules as an argument, so the Worker (image-wasm.server.ts) and the
// demo seed under Node (scripts/db-seed.mjs) run the same code. docs/decisions/0019-image-variants.md
import mozjpegDecoder from "@jsquash/jpeg/codec/dec/mozjpeg_dec.js";
import { decode as decodePngWasm, initSync as initPng } from "@jsquash/png/codec/pkg/squoosh_png.js";
import { resize as resizeWasm, initSync as initResize } from "@jsquash/resize/lib/resize/pkg/squoosh_resize.js";
import webpDecoder from "@jsquash/webp/codec/dec/webp_dec.js";
import webpEncoder from "@jsquash/webp/codec/enc/webp_enc_simd.js";
import {
  imageSize,
  scaledHeight,
  VARIANT_WIDTHS,
  variantKey,
  variantWidthsFor,
  type ImageSize,
  type VariantWidth,
} from "../domain/images";
import { areaShrink, type Rgba } from "../domain/area-shrink";

/** The compiled codec modules (WebAssembly.Module), however the host loads them. */
export interface ImageWasm {
  jpegDecoder: WebAssembly.Module;
  pngDecoder: WebAssembly.Module;
  webpDecoder: WebAssembly.Module;
  webpEncoder: WebAssembly.Module;
  resizer: WebAssembly.Module;
}

/**
 * The most memory one decode may take. A Worker has 128 MB for everything; the resizer and the
 * png decoder keep up to ~25 MB each once used, the encoder ~28 MB (after the decoder is gone),
 * and the app itself needs room. docs/decisions/0019-image-variants.md has the measurements.
 */
export const DECODE_BUDGET_BYTES = 72 * 1024 * 1024;

/**
 * What decoding an image costs, from its header: measured in workerd, mozjpeg's heap grows to
 * ~4.4 bytes per pixel for a baseline JPEG and ~8 for a progressive one (every coefficient is
 * kept), libwebp's to ~4.4; the png crate's output is copied out of its heap (~9). Plus the
 * file itself, copied in. A 12–14 MP baseline phone photo fits; a 12 MP progressive JPEG does not.
 */
export function decodeCost(size: ImageSize, fileBytes: number) {
  const perPixel = size.format === "png" ? 9 : size.progressive ? 8 : 4.5;
  return size.width * size.height * perPixel + fileBytes;
}

/** libwebp quality for every variant (its default; ~75 looks like the original at these sizes). */
export const WEBP_QUALITY = 75;
/** The R2 object metadata of every variant (seller-store-admin.md §9: image cache control 3600). */
export const VARIANT_HTTP_METADATA = { contentType: "image/webp", cacheControl: "public, max-age=3600" } as const;

/** An image we will never be able to make variants of: not an image, corrupt, or too large. Not worth a retry. */
export class UnreadableImage extends Error {
  override name = "UnreadableImage";
}

export interface Variant {
  width: VariantWidth;
  height: number;
  bytes: Uint8Array;
}

type EmscriptenFactory<T> = (options: object) => Promise<T>;

/** A fresh Emscripten instance of `module`: dropped with the last reference, memory and all. */
function instantiate<T>(factory: EmscriptenFactory<T>, module: WebAssembly.Module): Promise<T> {
  return factory({
    noInitialRun: true,
    instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) {
      const instance = new WebAssembly.Instance(module, imports);
      done(instance);
      return instance.exports;
    },
  });
}

// The png and resize glue (wasm-bindgen) keep one instance per isolate.
let bindgenReady = false;
function ensureBindgen(wasm: ImageWasm) {
  if (bindgenReady) return;
  initPng(wasm.pngDecoder);
  initResize(wasm.resizer);
  bindgenReady = true;
}

/**
 * Runs a decoder without the copy of its output. The Emscripten codecs build their result as
 * `new Uint8ClampedArray(viewOfTheirHeap)`, a second full-size array (48 MB for a 12 MP photo)
 * next to the heap it came from. During `decode` that constructor hands back the view itself,
 * and the caller shrinks the pixels before the codec instance (and its heap) is dropped.
 * Synchronous, so no other code of the isolate runs while the global is swapped.
 */
function withoutOutputCopy<T>(decode: () => T): T {
  const Original = globalThis.Uint8ClampedArray;
  function View(this: unknown, source: unknown, ...rest: unknown[]) {
    if (source instanceof Uint8Array && rest.length === 0) return source;
    return Reflect.construct(Original, [source, ...rest]);
  }
  View.prototype = Original.prototype;
  globalThis.Uint8ClampedArray = View as unknown as Uint8ClampedArrayConstructor;
  try {
    return decode();
  } finally {
    globalThis.Uint8ClampedArray = Original;
  }
}

/**
 * Decodes `bytes` and hands the upright pixels to `use` while the decoder is still alive (they
 * may be a view of its heap); what `use` returns must not keep that view.
 */
async function decodeAnd<T>(
  bytes: Uint8Array,
  size: ImageSize,
  wasm: ImageWasm,
  use: (image: Rgba) => T | Promise<T>,
): Promise<T> {
  let image: Rgba | null | undefined;
  try {
    if (size.format === "jpeg") {
      const codec = await instantiate(
        mozjpegDecoder as unknown as EmscriptenFactory<{
          decode(data: Uint8Array, preserveOrientation: boolean): Rgba | null;
        }>,
        wasm.jpegDecoder,
      );
      // true: apply the EXIF orientation, so a phone's portrait photo stays upright in its variants.
      image = withoutOutputCopy(() => codec.decode(bytes, true));
    } else if (size.format === "webp") {
      const codec = await instantiate(
        webpDecoder as unknown as EmscriptenFactory<{ decode(data: Uint8Array): Rgba | null }>,
        wasm.webpDecoder,
      );
      image = withoutOutputCopy(() => codec.decode(bytes));
    } else {
      image = decodePngWasm(bytes) as Rgba;
    }
  } catch (error) {
    throw new UnreadableImage(
      `cannot decode this ${size.format}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (!image || !(image.width > 0) || !(image.height > 0) || image.data.length < image.width * image.height * 4) {
    throw new UnreadableImage(`cannot decode this ${size.format}: the decoder returned no image`);
  }
  return use(image);
}

function hasTransparency(image: Rgba) {
  const { data } = image;
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) return true;
  return false;
}

function resize(image: Rgba, width: number, height: number, premultiply: boolean): Rgba {
  // Lanczos3 (index 3) in gamma space: linear-light resizing doubles the resizer's memory for no visible gain here.
  const data = resizeWasm(
    new Uint8Array(image.data.buffer, image.data.byteOffset, image.width * image.height * 4),
    image.width,
    image.height,
    width,
    height,
    3,
    premultiply,
    false,
  );
  return { data, width, height };
}

async function encodeWebp(image: Rgba, wasm: ImageWasm): Promise<Uint8Array> {
  const codec = await instantiate(
    webpEncoder as unknown as EmscriptenFactory<{
      encode(data: Uint8Array | Uint8ClampedArray, w: number, h: number, options: object): Uint8Array | null;
    }>,
    wasm.webpEncoder,
  );
  const encoded = codec.encode(image.data, image.width, image.height, { ...WEBP_OPTIONS, quality: WEBP_QUALITY });
  if (!encoded) throw new Error("WebP encoding failed");
  return encoded.slice();
}

/**
 * The WebP variants of one image, widest first: every width of VARIANT_WIDTHS below the
 * (upright) original's. Throws UnreadableImage when there is nothing to make them from.
 */
export async function makeVariants(bytes: Uint8Array, wasm: ImageWasm): Promise<Variant[]> {
  const size = imageSize(bytes);
  if (!size) throw new UnreadableImage("not a JPEG, PNG or WebP image");
  const cost = decodeCost(size, bytes.length);
  if (cost > DECODE_BUDGET_BYTES) {
    const kind = size.progressive ? "progressive JPEG" : size.format.toUpperCase();
    throw new UnreadableImage(
      `a ${size.width} × ${size.height} ${kind} needs ~${Math.round(cost / 2 ** 20)} MB to decode, over the ${DECODE_BUDGET_BYTES / 2 ** 20} MB budget`,
    );
  }
  ensureBindgen(wasm);
  // The widest variant comes straight from the decoded pixels (area filter, while the decoder
  // is alive); each narrower one from the one before it (Lanczos3, at most halving).
  const first = await decodeAnd(bytes, size, wasm, (image) => {
    const widths = variantWidthsFor(image.width);
    if (widths.length === 0) return null;
    const widest = widths[widths.length - 1]!;
    const upright = { width: image.width, height: image.height };
    return {
      widths,
      upright,
      premultiply: hasTransparency(image),
      image: areaShrink(image, widest, scaledHeight(upright, widest)),
    };
  });
  if (!first) return [];
  const { upright } = first;
  const variants: Variant[] = [];
  let source = first.image;
  for (const width of [...first.widths].reverse()) {
    const image =
      width === source.width ? source : resize(source, width, scaledHeight(upright, width), first.premultiply);
    variants.push({ width, height: image.height, bytes: await encodeWebp(image, wasm) });
    source = image;
  }
  return variants;
}

/**
 * Reads `originalKey` from R2, writes its variants under variantKey() and removes variants of
 * widths it no longer has (an original replaced by a smaller one). Rewriting the same keys on a
 * redelivered message is harmless. Throws UnreadableImage for a missing or unreadable original;
 * anything else (R2 failing) is worth a retry.
 */
export async function writeImageVariants(bucket: R2Bucket, originalKey: string, wasm: ImageWasm, made?: Variant[]) {
  let variants = made;
  if (!variants) {
    const original = await bucket.get(originalKey);
    if (!original) throw new UnreadableImage("no such original in R2");
    variants = await makeVariants(new Uint8Array(await original.arrayBuffer()), wasm);
  }
  for (const variant of variants) {
    await bucket.put(variantKey(originalKey, variant.width), variant.bytes, {
      httpMetadata: VARIANT_HTTP_METADATA,
      customMetadata: { source: originalKey, width: String(variant.width), height: String(variant.height) },
    });
  }
  const stale = VARIANT_WIDTHS.filter((w) => !variants.some((v) => v.width === w)).map((w) =>
    variantKey(originalKey, w),
  );
  if (stale.length > 0) await bucket.delete(stale);
  return variants;
}

// libwebp's defaults as jSquash passes them (@jsquash/webp meta.js), with our quality.
const WEBP_OPTIONS = {
  quality: 75,
  target_size: 0,
  target_PSNR: 0,
  method: 4,
  sns_strength: 50,
  filter_strength: 60,
  filter_sharpness: 0,
  filter_type: 1,
  partitions: 0,
  segments: 4,
  pass: 1,
  show_compressed: 0,
  preprocessing: 0,
  autofilter: 0,
  partition_limit: 0,
  alpha_compression: 1,
  alpha_filtering: 1,
  alpha_quality: 100,
  lossless: 0,
  exact: 0,
  image_hint: 0,
  emulate_jpeg_size: 0,
  thread_level: 0,
  low_memory: 0,
  near_lossless: 100,
  use_delta_palette: 0,
  use_sharp_yuv: 0,
};

// The codec modules compiled by the Worker's bundler (wrangler / the Cloudflare Vite plugin import
// a .wasm file as a WebAssembly.Module). Node (the seed) compiles the same files itself.
import jpegDecoder from "@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm?module";
import pngDecoder from "@jsquash/png/codec/pkg/squoosh_png_bg.wasm?module";
import resizer from "@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm?module";
import webpDecoder from "@jsquash/webp/codec/dec/webp_dec.wasm?module";
import webpEncoder from "@jsquash/webp/codec/enc/webp_enc_simd.wasm?module";
import type { ImageWasm } from "./image-pipeline.server";

export const workerImageWasm: ImageWasm = { jpegDecoder, pngDecoder, webpDecoder, webpEncoder, resizer };

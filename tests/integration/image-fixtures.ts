// Test images made inside workerd: PNG with a tiny encoder (stored deflate blocks), JPEG with
// mozjpeg's encoder (test-only; the Worker ships decoders only).
import mozjpegEncoder from "@jsquash/jpeg/codec/enc/mozjpeg_enc.js";
import mozjpegEncoderWasm from "@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm?module";
import { defaultOptions as jpegDefaults } from "@jsquash/jpeg/meta.js";

type Paint = (x: number, y: number) => [number, number, number, number];

/** A soft gradient with a darker garment-like block: something with edges to resize. */
export const photoPaint: Paint = (x, y) => {
  const inside = x % 300 > 80 && x % 300 < 220 && y % 400 > 60;
  const base = inside ? [150, 95, 55] : [225, 220, 210];
  const shade = 0.75 + 0.25 * Math.sin(x / 37) * Math.cos(y / 53);
  return [base[0]! * shade, base[1]! * shade, base[2]! * shade, 255];
};

export function rgba(width: number, height: number, paint: Paint = photoPaint) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(paint(x, y), (y * width + x) * 4);
  }
  return data;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function concat(parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let i = 0;
  for (const p of parts) {
    out.set(p, i);
    i += p.length;
  }
  return out;
}

function chunk(type: string, data: Uint8Array) {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(
    [...type].map((c) => c.charCodeAt(0)),
    4,
  );
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** An RGBA PNG (8 bits per channel). `header` overrides the width and height written in IHDR. */
export function png(width: number, height: number, paint: Paint = photoPaint, header = { width, height }) {
  const pixels = rgba(width, height, paint);
  const raw = new Uint8Array((width * 4 + 1) * height);
  for (let y = 0; y < height; y++)
    raw.set(pixels.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  // zlib stream of stored (uncompressed) deflate blocks, then Adler-32.
  const blocks: Uint8Array[] = [new Uint8Array([0x78, 0x01])];
  for (let i = 0; i < raw.length || i === 0; i += 65535) {
    const part = raw.subarray(i, i + 65535);
    const last = i + 65535 >= raw.length ? 1 : 0;
    blocks.push(
      new Uint8Array([last, part.length & 0xff, part.length >> 8, ~part.length & 0xff, (~part.length >> 8) & 0xff]),
      part,
    );
  }
  let a = 1,
    b = 0;
  for (const byte of raw) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  const adler = new Uint8Array(4);
  new DataView(adler.buffer).setUint32(0, ((b << 16) | a) >>> 0);
  blocks.push(adler);
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, header.width);
  view.setUint32(4, header.height);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, adaptive filtering, no interlace
  return concat([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", concat(blocks)),
    chunk("IEND", new Uint8Array()),
  ]);
}

/** A baseline JPEG; `orientation` adds an EXIF APP1 segment with that Orientation tag (6 = rotate 90° clockwise). */
export async function jpeg(
  width: number,
  height: number,
  { orientation, paint = photoPaint }: { orientation?: number; paint?: Paint } = {},
) {
  const encoder = await mozjpegEncoder({
    noInitialRun: true,
    instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) {
      const instance = new WebAssembly.Instance(mozjpegEncoderWasm, imports);
      done(instance);
      return instance.exports;
    },
  } as never);
  const encoded = new Uint8Array(
    (encoder as unknown as { encode(d: Uint8ClampedArray, w: number, h: number, o: object): Uint8Array }).encode(
      rgba(width, height, paint),
      width,
      height,
      { ...jpegDefaults, quality: 85, progressive: false, baseline: true },
    ),
  );
  if (orientation === undefined) return encoded.slice();
  const exif = new Uint8Array([
    0xff,
    0xe1,
    0x00,
    0x22, // APP1, length 34
    0x45,
    0x78,
    0x69,
    0x66,
    0x00,
    0x00, // "Exif\0\0"
    0x4d,
    0x4d,
    0x00,
    0x2a,
    0x00,
    0x00,
    0x00,
    0x08, // big-endian TIFF, IFD0 at 8
    0x00,
    0x01, // one entry
    0x01,
    0x12,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x01,
    0x00,
    orientation,
    0x00,
    0x00, // Orientation, SHORT, 1
    0x00,
    0x00,
    0x00,
    0x00, // no next IFD
  ]);
  return concat([encoded.subarray(0, 2), exif, encoded.subarray(2)]);
}

// A tiny PNG encoder (RGB, no dependencies) for generated demo images.
import { deflateSync } from "node:zlib";

const CRC_TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "ascii");
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** paint(x, y) returns [r, g, b]. */
export function png(width, height, paint) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let i = 0;
  for (let y = 0; y < height; y++) {
    raw[i++] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      raw[i++] = r;
      raw[i++] = g;
      raw[i++] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const mix = (a, b, t) => a.map((v, i) => Math.round(v + (b[i] - v) * t));

/** The shapes garmentImage draws; a number picks one of the first four (older callers). */
export const SHAPES = ["coat", "dress", "top", "trousers", "jacket", "skirt", "bag", "scarf"];

/**
 * A garment silhouette on a soft background, in the item's colour. `shape` names it (SHAPES) so a
 * picture matches its category; `view` (0, 1, 2...) varies the background between an item's photos.
 */
export function garmentImage(rgb, shape, width = 400, height = 500, view = 0) {
  const kind = typeof shape === "number" ? SHAPES[shape % 4] : shape;
  const background = mix(rgb, [245, 243, 240], [0.82, 0.7, 0.9][view % 3]);
  const shade = mix(rgb, [0, 0, 0], 0.25);
  const cx = width / 2;
  return png(width, height, (x, y) => {
    const v = y / height;
    const dx = Math.abs(x - cx) / width;
    let inside = false;
    switch (kind) {
      case "coat": // shoulders, sleeves and long body
        inside =
          (v > 0.15 && v < 0.9 && dx < 0.18 + v * 0.08) || (v > 0.15 && v < 0.6 && dx > 0.22 && dx < 0.3 + v * 0.05);
        break;
      case "jacket": // shoulders, sleeves and a body to the hip
        inside =
          (v > 0.18 && v < 0.66 && dx < 0.2 + v * 0.04) || (v > 0.18 && v < 0.62 && dx > 0.23 && dx < 0.31 + v * 0.04);
        break;
      case "dress": // narrow top, flared skirt
        inside = v > 0.12 && v < 0.92 && dx < (v < 0.45 ? 0.12 : 0.12 + (v - 0.45) * 0.5);
        break;
      case "top": // short body with sleeves
        inside = (v > 0.2 && v < 0.62 && dx < 0.2) || (v > 0.2 && v < 0.36 && dx < 0.36);
        break;
      case "skirt": // waistband and an A-line
        inside = v > 0.25 && v < 0.78 && dx < 0.14 + (v - 0.25) * 0.35;
        break;
      case "bag": // a body with a handle
        inside =
          (v > 0.42 && v < 0.82 && dx < 0.28) ||
          (v > 0.2 && v <= 0.42 && Math.abs(Math.hypot(dx * 1.25, (v - 0.42) * 0.9) - 0.17) < 0.025);
        break;
      case "scarf": // a long band, folded
        inside =
          (v > 0.12 && v < 0.88 && Math.abs(x - cx - (v - 0.5) * width * 0.25) / width < 0.07) ||
          (v > 0.12 && v < 0.2 && dx < 0.16);
        break;
      default: // trousers: two legs
        inside = v > 0.12 && v < 0.92 && dx < 0.2 && !(v > 0.35 && dx < 0.02);
    }
    if (inside) return (x + y) % 24 < 2 ? shade : rgb;
    return background;
  });
}

export function flatImage(rgb, width, height, accent = [255, 255, 255]) {
  return png(width, height, (x, y) => {
    const band = Math.floor((x + y) / 40) % 2 === 0;
    return band ? rgb : mix(rgb, accent, 0.12);
  });
}

// Shrinking an image by the area each output pixel covers (the image pipeline's first, cheap step
// for very large photos: app/services/image-pipeline.server.ts). Pure arithmetic over RGBA bytes.

/** Decoded pixels, four bytes a pixel. */
export interface Rgba {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
}

interface Taps {
  first: Int32Array;
  count: Int32Array;
  weights: Float32Array;
  stride: number;
}

/** For each of `dst` output pixels: the source pixels it covers and by how much (an area filter). */
function areaTaps(src: number, dst: number): Taps {
  const scale = src / dst;
  const stride = Math.ceil(scale) + 1;
  const taps: Taps = {
    first: new Int32Array(dst),
    count: new Int32Array(dst),
    weights: new Float32Array(dst * stride),
    stride,
  };
  for (let d = 0; d < dst; d++) {
    const start = d * scale;
    const end = Math.min(src, (d + 1) * scale);
    const first = Math.floor(start);
    const last = Math.min(src - 1, Math.ceil(end) - 1);
    taps.first[d] = first;
    taps.count[d] = last - first + 1;
    for (let i = first; i <= last; i++)
      taps.weights[d * stride + i - first] = (Math.min(i + 1, end) - Math.max(i, start)) / scale;
  }
  return taps;
}

/**
 * Shrinks by averaging the area each output pixel covers, colour weighted by alpha so
 * transparent pixels do not darken edges. Reads the source once, row by row; the only large
 * allocation is the output.
 */
export function areaShrink(image: Rgba, width: number, height: number): Rgba {
  const { data, width: sw } = image;
  const xs = areaTaps(sw, width);
  const ys = areaTaps(image.height, height);
  const out = new Uint8ClampedArray(width * height * 4);
  const acc = new Float64Array(width * 4);
  for (let y = 0; y < height; y++) {
    acc.fill(0);
    const rowFirst = ys.first[y]!;
    for (let r = 0; r < ys.count[y]!; r++) {
      const wy = ys.weights[y * ys.stride + r]!;
      const row = (rowFirst + r) * sw;
      for (let x = 0; x < width; x++) {
        const first = xs.first[x]!;
        const base = x * xs.stride;
        let red = 0,
          green = 0,
          blue = 0,
          alpha = 0;
        for (let k = 0; k < xs.count[x]!; k++) {
          const p = (row + first + k) * 4;
          const a = data[p + 3]! * xs.weights[base + k]!;
          red += data[p]! * a;
          green += data[p + 1]! * a;
          blue += data[p + 2]! * a;
          alpha += a;
        }
        const o = x * 4;
        acc[o] = acc[o]! + red * wy;
        acc[o + 1] = acc[o + 1]! + green * wy;
        acc[o + 2] = acc[o + 2]! + blue * wy;
        acc[o + 3] = acc[o + 3]! + alpha * wy;
      }
    }
    let o = y * width * 4;
    for (let x = 0; x < width; x++) {
      const alpha = acc[x * 4 + 3]!;
      if (alpha > 0) {
        out[o] = acc[x * 4]! / alpha;
        out[o + 1] = acc[x * 4 + 1]! / alpha;
        out[o + 2] = acc[x * 4 + 2]! / alpha;
        out[o + 3] = alpha;
      }
      o += 4;
    }
  }
  return { data: out, width, height };
}

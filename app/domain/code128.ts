// Code 128 (code set B) drawn as SVG, for the tracking number on a shipping label (decision 0082:
// written here rather than taken from a barcode library, as those either need a DOM or a canvas,
// or bring hundreds of kilobytes of other symbologies into a Worker that has a size limit).
// Code set B covers printable ASCII, which every carrier's tracking number fits. Pure.

/** Bar and space widths (in modules) of each symbol value 0–106; 103–105 are the starts, 106 the stop. */
export const CODE128_PATTERNS = [
  "212222",
  "222122",
  "222221",
  "121223",
  "121322",
  "131222",
  "122213",
  "122312",
  "132212",
  "221213",
  "221312",
  "231212",
  "112232",
  "122132",
  "122231",
  "113222",
  "123122",
  "123221",
  "223211",
  "221132",
  "221231",
  "213212",
  "223112",
  "312131",
  "311222",
  "321122",
  "321221",
  "312212",
  "322112",
  "322211",
  "212123",
  "212321",
  "232121",
  "111323",
  "131123",
  "131321",
  "112313",
  "132113",
  "132311",
  "211313",
  "231113",
  "231311",
  "112133",
  "112331",
  "132131",
  "113123",
  "113321",
  "133121",
  "313121",
  "211331",
  "231131",
  "213113",
  "213311",
  "213131",
  "311123",
  "311321",
  "331121",
  "312113",
  "312311",
  "332111",
  "314111",
  "221411",
  "431111",
  "111224",
  "111422",
  "121124",
  "121421",
  "141122",
  "141221",
  "112214",
  "112412",
  "122114",
  "122411",
  "142112",
  "142211",
  "241211",
  "221114",
  "413111",
  "241112",
  "134111",
  "111242",
  "121142",
  "121241",
  "114212",
  "124112",
  "124211",
  "411212",
  "421112",
  "421211",
  "212141",
  "214121",
  "412121",
  "111143",
  "111341",
  "131141",
  "114113",
  "114311",
  "411113",
  "411311",
  "113141",
  "114131",
  "311141",
  "411131",
  "211412",
  "211214",
  "211232",
  "2331112",
] as const;

const START_B = 104;
const STOP = 106;

/** The symbol values of `text` in code set B, with its start, checksum and stop; null if a character is outside printable ASCII. */
export function code128Values(text: string): number[] | null {
  if (text.length === 0) return null;
  const values: number[] = [START_B];
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char.length !== 1 || code < 32 || code > 126) return null;
    values.push(code - 32);
  }
  const checksum = values.reduce((sum, value, position) => sum + value * Math.max(1, position), 0) % 103;
  return [...values, checksum, STOP];
}

/** The bars as [x, width] in modules, after a quiet zone of 10 modules; and the symbol's whole width. */
export function code128Bars(text: string): { bars: [number, number][]; width: number } | null {
  const values = code128Values(text);
  if (!values) return null;
  const bars: [number, number][] = [];
  let x = 10;
  for (const value of values) {
    const widths = CODE128_PATTERNS[value]!;
    for (let i = 0; i < widths.length; i++) {
      const w = Number(widths[i]);
      if (i % 2 === 0) bars.push([x, w]);
      x += w;
    }
  }
  return { bars, width: x + 10 };
}

/** An SVG group of the barcode, `height` tall, scaled to `moduleWidth` per module, placed at (x, y). */
export function code128Svg(text: string, x: number, y: number, height: number, moduleWidth = 2): string {
  const drawn = code128Bars(text);
  if (!drawn) return "";
  const rects = drawn.bars
    .map(([bx, w]) => `<rect x="${bx * moduleWidth}" y="0" width="${w * moduleWidth}" height="${height}"/>`)
    .join("");
  return `<g transform="translate(${x} ${y})" fill="#000" role="img" aria-label="Barcode of ${text}">${rects}</g>`;
}

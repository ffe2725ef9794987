// A printable shipping label (issue 44 item 2; decision 0082): 4 × 6 inches, the sender's and the
// recipient's addresses, the carrier and service, the order's reference and a Code 128 barcode of
// the tracking number. The local provider's labels are drawn from their row; a real provider's
// own file is linked beside it. Pure: text in, SVG text out.
import { code128Bars, code128Svg } from "./code128";
import { addressLines, type PostalAddress } from "./postal-address";

export interface LabelDrawing {
  carrier: string;
  service: string;
  trackingNumber: string;
  reference: string;
  direction: "outbound" | "return";
  from: PostalAddress;
  to: PostalAddress;
}

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const lines = (x: number, y: number, size: number, texts: string[], weight = "normal") =>
  texts
    .map(
      (t, i) =>
        `<text x="${x}" y="${y + i * size * 1.25}" font-size="${size}" font-weight="${weight}">${escape(t)}</text>`,
    )
    .join("");

/** The label as an SVG document (400 × 600 user units: 4 × 6 in at 100 per inch). */
export function labelSvg(label: LabelDrawing): string {
  const width = 400;
  const drawn = code128Bars(label.trackingNumber);
  const moduleWidth = drawn ? Math.max(1, Math.floor(((width - 40) / drawn.width) * 100) / 100) : 1;
  const barcodeX = drawn ? (width - drawn.width * moduleWidth) / 2 : 20;
  const title = label.direction === "return" ? "PREPAID RETURN" : "PARCEL";
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 600" width="4in" height="6in" font-family="Helvetica, Arial, sans-serif" role="img" aria-label="Shipping label ${escape(label.trackingNumber)}">`,
    `<rect x="1" y="1" width="${width - 2}" height="598" fill="#fff" stroke="#000" stroke-width="2"/>`,
    lines(20, 34, 20, [`${label.carrier} · ${label.service}`], "bold"),
    lines(20, 58, 12, [`${title} · Order ${label.reference}`]),
    `<line x1="0" y1="72" x2="${width}" y2="72" stroke="#000" stroke-width="2"/>`,
    lines(20, 94, 11, ["FROM"], "bold"),
    lines(20, 112, 12, addressLines(label.from).slice(0, 6)),
    `<line x1="0" y1="200" x2="${width}" y2="200" stroke="#000"/>`,
    lines(20, 224, 12, ["DELIVER TO"], "bold"),
    lines(20, 250, 18, addressLines(label.to).slice(0, 7), "bold"),
    `<line x1="0" y1="410" x2="${width}" y2="410" stroke="#000" stroke-width="2"/>`,
    code128Svg(label.trackingNumber, barcodeX, 430, 100, moduleWidth),
    `<text x="${width / 2}" y="560" font-size="16" text-anchor="middle" font-family="monospace">${escape(label.trackingNumber)}</text>`,
    `</svg>`,
  ].join("");
}

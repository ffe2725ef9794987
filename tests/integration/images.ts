// Small real files for upload tests: images as their bytes begin and end, and things that are not.
const b64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/** A 1×1 PNG. */
export const PNG_BYTES = b64(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
);
/** A 1×1 JPEG. */
export const JPEG_BYTES = b64(
  "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAAA//EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AN//Z",
);
export const SVG_TEXT = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>`;

export const file = (name: string, bytes: Uint8Array | string, type = "application/octet-stream") =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(bytes)], name, { type });
export const png = (name = "photo.png") => file(name, PNG_BYTES, "image/png");
export const jpeg = (name = "photo.jpg") => file(name, JPEG_BYTES, "image/jpeg");
/** A JPEG cut off before its end marker. */
export const truncatedJpeg = (name = "cut.jpg") =>
  file(name, JPEG_BYTES.subarray(0, JPEG_BYTES.length - 10), "image/jpeg");
/** Text with an image's name and declared type. */
export const renamedText = (name = "notes.jpg") => file(name, "these are my notes, not a photo", "image/jpeg");
export const svg = (name = "logo.svg") => file(name, SVG_TEXT, "image/svg+xml");
/** A file of `bytes` bytes that starts like a PNG. */
export const bigPng = (bytes: number, name = "huge.png") => {
  const data = new Uint8Array(bytes);
  data.set(PNG_BYTES.subarray(0, 16));
  return file(name, data, "image/png");
};

// What the fuzz files share (fuzz.test.ts, fuzz-staff-search.test.ts).
import fc from "fast-check";

/** Text of printable ASCII, up to `max` characters. */
export const printable = (max: number) =>
  fc.string({ maxLength: max, unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) });

/** Up to two initials of a name, for an avatar without a picture ('U' without a name; shopper.md §2.3). */
export function initials(fullName: string | null | undefined) {
  const words = (fullName ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "U";
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
}

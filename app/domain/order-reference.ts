// Short order references (issue 46 item 3, decision 0076): eight characters a person can read
// out and type. Crockford's base-32 alphabet leaves out I, L, O and U, so nothing looks like
// anything else; what a person types is read back the same way (O is 0, I and L are 1, any
// case, spaces and dashes ignored). The internal order id never reaches a page or an e-mail.

export const REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const REFERENCE_LENGTH = 8;

/** A new reference from `random` (eight bytes or more): each byte's low five bits pick a character. */
export function newOrderReference(random: Uint8Array): string {
  if (random.length < REFERENCE_LENGTH) throw new Error("newOrderReference needs eight random bytes");
  let reference = "";
  for (let i = 0; i < REFERENCE_LENGTH; i++) reference += REFERENCE_ALPHABET[random[i]! & 31];
  return reference;
}

/** A reference from the platform's random source. */
export const randomOrderReference = () => newOrderReference(crypto.getRandomValues(new Uint8Array(REFERENCE_LENGTH)));

/** The look-alikes folded, in upper case, without '#', spaces or dashes. */
const folded = (typed: string) =>
  typed.trim().replace(/^#/, "").replace(/[\s-]/g, "").toUpperCase().replace(/O/g, "0").replace(/[IL]/g, "1");

const onlyReferenceCharacters = (text: string) => [...text].every((char) => REFERENCE_ALPHABET.includes(char));

/**
 * What a person typed, read as a reference: upper case, without spaces, dashes or a leading '#',
 * with the look-alikes folded (O→0, I and L→1). Null when it cannot be a reference (anything
 * else left over, or not eight characters).
 */
export function normaliseOrderReference(typed: string): string | null {
  const reference = folded(typed);
  return reference.length === REFERENCE_LENGTH && onlyReferenceCharacters(reference) ? reference : null;
}

/**
 * A staff search read as (part of) a reference: '7kq4-m2' finds #7KQ4M2XA as the whole
 * reference would. Null when the text cannot be part of one (then only names and e-mails match).
 */
export function referenceSearchPart(typed: string): string | null {
  const part = folded(typed);
  return part.length >= 3 && part.length <= REFERENCE_LENGTH && onlyReferenceCharacters(part) ? part : null;
}

/** How a reference is shown: '#' and the eight characters (every order has one: migration 0056). */
export const showReference = (reference: string | null) => `#${reference ?? "--------"}`;

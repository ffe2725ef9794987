const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A ULID-style id: 10 characters of time then 16 random, so ids sort by creation time. */
export function sortableId(now: number) {
  let time = "";
  let t = now;
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const random = crypto.getRandomValues(new Uint8Array(16));
  return time + [...random].map((b) => CROCKFORD[b % 32]).join("");
}

export const orderId = (now: number) => `order_${sortableId(now)}`;

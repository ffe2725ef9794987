// A value many requests share, worked out once per isolate (decision 0070).
//
// What is kept is the value, never a promise still pending: in workerd the continuation of an
// `await` on a promise that another request resolves runs in that request's context, so what the
// waiting request does next (a D1 call, a response body) belongs to the other one and fails with
// "Cannot perform I/O on behalf of a different request" once that request has ended. Requests that
// arrive before the first value is ready each work it out for themselves; the first one kept wins.

/** `make`'s value, made at most once per isolate after the first call that completes. */
export function perIsolate<T>(make: () => Promise<T>): () => Promise<T> {
  let kept: { value: T } | undefined;
  return async () => {
    if (kept) return kept.value;
    const value = await make();
    kept ??= { value };
    return kept.value;
  };
}

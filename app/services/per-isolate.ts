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

const loadedOnFirstUse: (() => Promise<unknown>)[] = [];

/**
 * A module that only some requests need, loaded at the first of them and kept per isolate
 * (decision 0096). Vite's dev server imports it each time, as it does the server build, so an
 * edit takes effect.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  const get = import.meta.env.MODE === "development" ? load : perIsolate(load);
  loadedOnFirstUse.push(get);
  return get;
}

/**
 * Loads every module registered with onFirstUse, and those their loading registers in turn. Only
 * the integration tests' setup calls it, before a file's first request: under the test runner an
 * import() is a round trip to Vite whose module runner shares one pending import between the
 * requests that ask for a module at once, so the second request would wait on the first one's
 * I/O, which workerd refuses once that request has ended (decision 0097).
 */
export async function loadAllNow() {
  for (let done = 0; done < loadedOnFirstUse.length;) {
    const batch = loadedOnFirstUse.slice(done);
    done = loadedOnFirstUse.length;
    await Promise.all(batch.map((get) => get()));
  }
  return loadedOnFirstUse.length;
}

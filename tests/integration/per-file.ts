import { expect } from "vitest";

/**
 * A value made once per test file, on first use. The files of a worker share its modules
 * (vitest.workers.config.ts, `isolate: false`) but each starts from an empty state
 * (setup.ts), so a helper's records made for one file must not outlive it.
 */
export function perFile<T>(make: () => T): () => T {
  let file: string | undefined;
  let value: T;
  return () => {
    const current = expect.getState().testPath;
    if (file !== current) {
      file = current;
      value = make();
    }
    return value;
  };
}

// A page from the Worker as deployed: the page cache on (the rest of the suite runs with it off),
// fetched straight from the Worker's handler, with its x-page-cache state.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import worker from "../../workers/app";

export const cachedEnv = { ...env, PAGE_CACHE_SECONDS: "30" } as unknown as Env;

export async function cachedPage(path: string, headers: HeadersInit = {}, workerEnv: Env = cachedEnv) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`http://localhost${path}`, { headers, redirect: "manual" }),
    workerEnv,
    ctx,
  );
  const text = await response.text();
  await waitOnExecutionContext(ctx);
  return { response, text, state: response.headers.get("x-page-cache") };
}

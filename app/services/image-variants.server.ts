// Image variants through the queue: the upload pipeline calls requestImageVariants() after it
// stores originals; the Worker's queue consumer makes the WebP variants one image at a time.
// docs/decisions/0019-image-variants.md
import type { ImageVariantsMessage } from "../domain/queue-messages";
import { isVariantKey, keyProblem } from "../domain/images";
import { onFirstUse } from "./per-isolate";

// The codecs (their WebAssembly is most of the Worker's size) load with the first image, not at
// every start of the Worker (decisions 0077, 0096).
const imagePipeline = onFirstUse(() => import("./image-pipeline.server"));
const imageWasm = onFirstUse(() => import("./image-wasm.server"));

/** Queues.sendBatch takes at most 100 messages. */
const SEND_BATCH = 100;
/** The message union's idempotency keys are at most 200 characters. */
const MAX_MESSAGE_KEY = 200;

async function messageKey(imageKey: string) {
  const key = `variants:${imageKey}`;
  if (key.length <= MAX_MESSAGE_KEY) return key;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(imageKey)));
  return `variants:sha256:${[...digest].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * Asks the queue for the variants of each original (R2 keys, as stored: `{owner}/{file}`, not
 * `/images/` URLs). Variant keys and keys that could never be served are skipped.
 */
export async function requestImageVariants(env: Pick<Env, "NOTIFICATIONS">, imageKeys: string[]) {
  const keys = [...new Set(imageKeys)].filter((key) => !isVariantKey(key) && keyProblem(key) === null);
  const messages = await Promise.all(
    keys.map(async (imageKey) => ({
      body: { type: "image_variants", key: await messageKey(imageKey), imageKey } satisfies ImageVariantsMessage,
    })),
  );
  for (let i = 0; i < messages.length; i += SEND_BATCH)
    await env.NOTIFICATIONS.sendBatch(messages.slice(i, i + SEND_BATCH));
  return keys.length;
}

export interface RetryPolicy {
  maxAttempts: number;
  retryDelaySeconds: (attempts: number) => number;
}

/**
 * One `image_variants` message. An original that is missing, not an image, corrupt or too large
 * is logged and acknowledged (a retry would fail the same way); an R2 failure is retried with
 * the queue's backoff, and logged and acknowledged after the last attempt.
 */
export async function deliverImageVariants(
  env: Pick<Env, "IMAGES">,
  message: Message<unknown>,
  body: ImageVariantsMessage,
  policy: RetryPolicy,
) {
  const { UnreadableImage, writeImageVariants } = await imagePipeline();
  try {
    const { workerImageWasm } = await imageWasm();
    const variants = await writeImageVariants(env.IMAGES, body.imageKey, workerImageWasm);
    console.log(
      "image variants: written",
      body.imageKey,
      variants.map((v) => v.width).join(",") || "none (narrower than every variant)",
    );
    message.ack();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof UnreadableImage) {
      console.error("image variants: skipped", body.imageKey, reason);
      message.ack();
    } else if (message.attempts >= policy.maxAttempts) {
      console.error("image variants: dead after retries", body.imageKey, reason);
      message.ack();
    } else {
      console.warn("image variants: retrying", body.imageKey, reason);
      message.retry({ delaySeconds: policy.retryDelaySeconds(message.attempts) });
    }
  }
}

import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

// What scripts/jobs.test.mjs drives and reads: the commands as a developer runs them, the test's
// own state folder, and the queries its expectations are read from.

export const STATE = path.resolve(".tmp/jobs-test-state");
export const DEVELOPER_STATE = path.resolve(".wrangler/state");
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const env = { ...process.env, CLOSETLOOP_STATE: STATE, CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "true" };

/** An npm script, as README tells a developer to run it; its output when it fails. */
export function npm(script, args = []) {
  const run = spawnSync("npm", ["run", "-s", script, ...(args.length ? ["--", ...args] : [])], {
    encoding: "utf8",
    env,
  });
  if (run.status !== 0) throw new Error(`npm run ${script} failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
  return run;
}

/** `node scripts/jobs.mjs ...`: what it printed, and its exit code. */
export function jobs(...args) {
  const run = spawnSync(process.execPath, ["scripts/jobs.mjs", ...args], { encoding: "utf8", env });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The summary the command prints after a job: the indented JSON block. */
export function printedSummary(stdout) {
  const block = stdout.match(/^\{\n[\s\S]*?\n\}$/m);
  if (!block) throw new Error(`no summary in:\n${stdout}`);
  return JSON.parse(block[0]);
}

export const printedEmails = (stdout) => Number(stdout.match(/^(\d+) e-mail\(s\) delivered to the local outbox/m)?.[1]);

/**
 * Reads the state's D1 the way scripts/db-seed.mjs does (localBindings on the same state).
 * Opened between commands only, never while one runs, and closed each time.
 */
export async function readState(queries) {
  const { localBindings } = await import("./built-worker.mjs");
  const { env: bindings, dispose } = await localBindings(STATE);
  try {
    const out = {};
    for (const [name, sql] of Object.entries(queries)) out[name] = (await bindings.DB.prepare(sql).all()).results;
    return out;
  } finally {
    await dispose();
  }
}

export const count = (rows) => Number(Object.values(rows[0])[0]);

/** Every file under a folder with its size and modification time (null when the folder is missing). */
export function snapshot(dir) {
  if (!existsSync(dir)) return null;
  return readdirSync(dir, { recursive: true })
    .map(String)
    .sort()
    .map((file) => {
      const stat = statSync(path.join(dir, file));
      return `${file}:${stat.isDirectory() ? "dir" : stat.size}:${stat.mtimeMs}`;
    });
}

export const ACTIVE =
  "SELECT id, rental_ends_at AS endsAt, reminder_sent_at AS remindedAt FROM order_items WHERE status = 'active' ORDER BY rental_ends_at";
// What captureDue collects (app/services/payments.server.ts): money coming in; a refund is no capture.
export const UNCAPTURED =
  "SELECT count(*) AS n FROM transactions t WHERE t.order_id IS NOT NULL AND t.status IN ('completed', 'pending') AND t.gross_amount > 0 AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.idempotency_key = 'capture:' || t.id AND p.status = 'succeeded')";
export const FEES_OWED =
  "SELECT count(*) AS n FROM orders o WHERE o.delivery_fee > 0 AND o.status != 'cancelled' AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.delivered_at IS NOT NULL) AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.idempotency_key = 'capture:delivery:' || o.id AND p.status = 'succeeded')";
export const CONVERTED = "SELECT id FROM order_items WHERE rental_outcome = 'converted' ORDER BY id";
export const OUTBOX = "SELECT count(*) AS n FROM notification_outbox";
export const RESERVED =
  "SELECT o.id AS orderId, o.payment_session_url AS sessionUrl, o.payment_expires_at AS expiresAt, i.product_id AS productId FROM orders o JOIN order_items i ON i.order_id = o.id WHERE o.status = 'awaiting_payment' ORDER BY o.id";

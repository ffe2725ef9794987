// `npm run bench -- --soak` (issue 41): a crowd trading at once against the built Worker as
// `npm start` serves it (page cache on, Miniflare's entry worker in front), with CPU burners
// beside it. Anonymous visitors load shared pages and signed-in ones their stitched pages at a
// fixed rate (open loop), a seller reloads their dashboard, shoppers add to basket, check out and
// pay on the local provider's page, the demo shopper and seller exchange messages, and the seller
// posts what was sold. Afterwards D1 is read for every write a client was told had happened.
// Prints answers, 5xx, lost writes and p50/p99 by kind; exits 1 on any 5xx or lost write.
//   --seconds N      how long the crowd trades (default 120)
//   --burners N      busy processes beside the server (default 2)
//   --short          npm test's run: 30 s at a third of the rates, no burners (the browser tests
//                    and the jobs test run beside it and keep both cores busy)
//   --from DIR       start from a copy of this state folder (npm test: the browser tests' fresh
//                    state) instead of migrating and seeding one
//   --skip-build     use the last build (npm test has just built)
//   --port N         default 4322
import { execFileSync, spawn } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { startServer } from "../scripts/server-process.mjs";
import { localBindings } from "../scripts/built-worker.mjs";
import { Visitor } from "./http-client.mjs";
import { checkouts, conversation, percentiles, posting, steadyLoad } from "./soak-actors.mjs";

const args = process.argv.slice(2);
const value = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const short = args.includes("--short");
const seconds = Number(value("--seconds", short ? "30" : "120"));
const burners = Number(value("--burners", short ? "0" : "2"));
/** Requests a second: shared pages, signed-in pages, the dashboard. */
const rates = short ? [10, 3, 1] : [30, 8, 2];
const from = value("--from", null);
const PORT = Number(value("--port", "4322"));
const BASE = `http://localhost:${PORT}`;
const STATE = path.resolve(".wrangler/soak");
const env = { ...process.env, CLOSETLOOP_STATE: STATE, CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "true" };
const npm = (script, extra = []) =>
  execFileSync("npm", ["run", "-s", script, ...(extra.length ? ["--", ...extra] : [])], { stdio: "inherit", env });

rmSync(STATE, { recursive: true, force: true });
if (from) cpSync(path.resolve(from), STATE, { recursive: true });
else {
  npm("db:migrate");
  npm("db:seed");
}
if (!args.includes("--skip-build")) npm("build");

/** Every answer by kind: statuses, latencies and the first few 5xx bodies. */
class Tally {
  constructor() {
    this.kinds = new Map();
    this.fives = [];
  }
  of(kind) {
    if (!this.kinds.has(kind)) this.kinds.set(kind, { answers: 0, fives: 0, failed: 0, ms: [] });
    return this.kinds.get(kind);
  }
  record(kind, method, url, status, ms, body = "") {
    const row = this.of(kind);
    row.answers++;
    row.ms.push(ms);
    if (status >= 500) {
      row.fives++;
      if (this.fives.length < 5) this.fives.push(`${status} ${method} ${url}: ${body.slice(0, 300)}`);
    }
  }
  fail(kind, method, url, error) {
    this.of(kind).failed++;
    if (this.fives.length < 5)
      this.fives.push(
        `no answer ${method} ${url}: ${error.message}${error.cause ? ` (${error.cause.code ?? error.cause.message})` : ""}`,
      );
  }
  /** A visitor's tally for one kind of work. */
  for(kind) {
    return {
      answer: (method, url, status, body, ms) => this.record(kind, method, url, status, ms, body),
      fail: (method, url, error) => this.fail(kind, method, url, error),
    };
  }
}

const tally = new Tally();
const stop = await startServer(PORT, { env });
const burning = Array.from({ length: burners }, () =>
  spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" }),
);
const told = { paid: [], sent: [], shipped: [] };
const stuck = [];
try {
  const signedIn = async (email, kind) => {
    const visitor = new Visitor(BASE, tally.for(kind));
    const page = await visitor.get("/auth");
    const answer = await visitor.submit(page, /^Sign In$/, { email, password: "closetloop-demo" });
    if (answer?.first.status !== 302) throw new Error(`could not sign in as ${email}`);
    return visitor;
  };
  const shopper = await signedIn("shopper@closetloop.test", "signed-in pages");
  const seller = await signedIn("vendor@closetloop.test", "dashboard");
  const buyers = await Promise.all(
    ["nina@closetloop.test", "vendor2@closetloop.test", "support@closetloop.test"].map((email) =>
      signedIn(email, "checkouts"),
    ),
  );
  // The crowd trades for `seconds`, and on until an order has been paid and a message sent, up to
  // three times as long: on a machine so busy that no checkout ends in time (npm test runs the soak
  // beside the browser tests and the jobs test) it goes on long enough to prove something.
  const started = Date.now();
  const until = started + seconds * 1000;
  const longest = started + 3 * seconds * 1000;
  let lastOpen = started;
  const trading = () => {
    const now = Date.now();
    const open = now < until || (now < longest && (told.paid.length === 0 || told.sent.length === 0));
    if (open) lastOpen = now;
    return open;
  };
  console.log(
    `\n== Soak: ${seconds} s, ${burners} CPU burner(s), ${buyers.length} shoppers checking out, against ${BASE}`,
  );
  const actors = {
    "shared pages": steadyLoad(
      BASE,
      ["/", "/all-products", "/all-products?category=Coats", "/product/prod_000008", "/VintageVera", "/brand/Ganni"],
      rates[0],
      trading,
      tally.for("shared pages"),
    ),
    "signed-in pages": steadyLoad(
      BASE,
      ["/", "/all-products", "/product/prod_000008", "/account"],
      rates[1],
      trading,
      tally.for("signed-in pages"),
      shopper,
    ),
    dashboard: steadyLoad(BASE, ["/vendor", "/vendor?tab=orders"], rates[2], trading, tally.for("dashboard"), seller),
    ...Object.fromEntries(
      buyers.map((buyer, i) => [`shopper ${i + 1} checking out`, checkouts(buyer, trading, told.paid)]),
    ),
    conversation: conversation(shopper, seller, "cnv_demo_vendor", trading, told.sent),
    posting: posting(seller, trading, told.shipped),
  };
  // Every request has a 20 s timeout: an actor still busy 30 s after the end is stuck, and says so.
  const busy = new Set(Object.keys(actors));
  const done = Promise.all(Object.entries(actors).map(([name, work]) => work.finally(() => busy.delete(name))));
  await Promise.race([done, new Promise((resolve) => setTimeout(resolve, longest - Date.now() + 30_000).unref())]);
  for (const name of busy) stuck.push(name);
  if (lastOpen > until)
    console.log(
      `Traded ${Math.round((lastOpen - started) / 1000)} s: on past ${seconds} s until an order was paid and a message sent.`,
    );
} finally {
  for (const burner of burning) burner.kill();
  await stop();
}

// What the clients were told against what D1 holds (read after the server has stopped).
const { env: stored, dispose } = await localBindings(STATE);
const lost = [];
try {
  const db = stored.DB;
  const rows = async (sql, ids) =>
    ids.length
      ? (
          await db
            .prepare(sql.replace("?", ids.map(() => "?").join(",")))
            .bind(...ids)
            .all()
        ).results
      : [];
  const paid = await rows(
    "SELECT o.id FROM orders o JOIN payments p ON p.order_id = o.id AND p.operation = 'authorize' AND p.status = 'succeeded' WHERE o.paid_at IS NOT NULL AND o.id IN (?)",
    told.paid,
  );
  for (const id of told.paid)
    if (!paid.some((row) => row.id === id)) lost.push(`order ${id}: the shopper was told it was paid`);
  const sent = await rows("SELECT body FROM messages WHERE body IN (?)", told.sent);
  for (const body of told.sent)
    if (!sent.some((row) => row.body === body)) lost.push(`message '${body}': its sender was told it was sent`);
  const shipped = await rows("SELECT id FROM order_items WHERE shipped_at IS NOT NULL AND id IN (?)", told.shipped);
  for (const id of told.shipped)
    if (!shipped.some((row) => row.id === id)) lost.push(`item ${id}: the seller was told it was posted`);
} finally {
  await dispose();
}

const table = [...tally.kinds].map(([kind, row]) => ({
  kind,
  answers: row.answers,
  "5xx": row.fives,
  "no answer": row.failed,
  ...percentiles(row.ms),
}));
console.table(table);
console.log(
  `Writes the clients were told of: ${told.paid.length} orders paid, ${told.sent.length} messages, ${told.shipped.length} items posted. Lost: ${lost.length}.`,
);
for (const line of [...tally.fives, ...lost]) console.log(`  ${line}`);
if (stuck.length) console.log(`Still busy 30 s after the end: ${stuck.join(", ")}`);
const bad = table.reduce((n, row) => n + row["5xx"] + row["no answer"], 0) + lost.length + stuck.length;
if (told.paid.length === 0 || told.sent.length === 0) {
  console.log("The soak made no order or no message: it proved nothing.");
  process.exit(1);
}
process.exit(bad > 0 ? 1 : 0);

// `npm run bench`: one conversation's Durable Object driven over its live sockets (issue 26).
import { performance } from "node:perf_hooks";
import { median } from "./stats.mjs";

/**
 * Messages through one conversation's Durable Object over its live sockets (issue 26): 3 of the
 * shopper's sockets and 2 of the vendor's. `sequential`: one message at a time from one socket,
 * each waited for until it comes back (the latency a sender sees). `burst`: `count` messages sent
 * at once round-robin from the 5 sockets; the clock stops when every socket has every message.
 */
export async function conversationThroughput(base, shopperCookie, vendorCookie, count = 1000) {
  const conversation = "cnv_demo_vendor";
  const open = async (cookie) => {
    const ws = new globalThis.WebSocket(`${base.replace(/^http/, "ws")}/account/messages/${conversation}/live`, {
      headers: { cookie, origin: base },
    });
    const socket = { ws, received: 0, errors: [], waiters: [] };
    ws.addEventListener("message", (event) => {
      const frame = JSON.parse(String(event.data));
      if (frame.type === "message") socket.received++;
      if (frame.type === "error") socket.errors.push(frame.error);
      for (const waiter of socket.waiters.splice(0)) waiter();
    });
    await new Promise((resolve, reject) => {
      ws.addEventListener("open", resolve, { once: true });
      ws.addEventListener("error", () => reject(new Error(`the live socket of ${conversation} did not open`)), {
        once: true,
      });
    });
    return socket;
  };
  const until = (socket, n, timeoutMs = 60_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`a socket received ${socket.received} of ${n} messages (${socket.errors.at(-1) ?? "no error"})`),
          ),
        timeoutMs,
      );
      const check = () => (socket.received >= n ? (clearTimeout(timer), resolve()) : socket.waiters.push(check));
      check();
    });
  const sockets = [
    await open(shopperCookie),
    await open(shopperCookie),
    await open(shopperCookie),
    await open(vendorCookie),
    await open(vendorCookie),
  ];
  const run = Date.now().toString(36);
  try {
    const latencies = [];
    for (let i = 0; i < 50; i++) {
      const started = performance.now();
      sockets[0].ws.send(
        JSON.stringify({ type: "send", text: `Bench round trip ${i}`, token: `bench_${run}_rt_${i}` }),
      );
      await until(sockets[0], i + 1);
      latencies.push(performance.now() - started);
    }
    const before = sockets.map((s) => s.received);
    const started = performance.now();
    for (let i = 0; i < count; i++)
      sockets[i % sockets.length].ws.send(
        JSON.stringify({ type: "send", text: `Bench burst ${i}`, token: `bench_${run}_b_${i}` }),
      );
    await Promise.all(sockets.map((s, i) => until(s, before[i] + count)));
    const seconds = (performance.now() - started) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      conversation,
      sockets: sockets.length,
      roundTripP50Ms: Number(median(latencies).toFixed(2)),
      roundTripP95Ms: Number(sorted[Math.floor(sorted.length * 0.95)].toFixed(2)),
      burst: count,
      burstSeconds: Number(seconds.toFixed(2)),
      messagesPerSecond: Math.round(count / seconds),
      errors: sockets.reduce((n, s) => n + s.errors.length, 0),
    };
  } finally {
    for (const s of sockets) s.ws.close(1000, "bench done");
  }
}

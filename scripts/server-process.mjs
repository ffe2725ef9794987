// Starts `scripts/serve.mjs` (the built Worker in workerd) as a child process for the benchmark
// and Lighthouse, waits until it answers, and hands back a stop function.
import { spawn } from "node:child_process";

/** GET with retries: the server may still be starting (or restarting its runtime once). */
export async function ready(url, attempts = 120) {
  for (let i = 0; i < attempts; i++) {
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer`);
}

/** Serves the build on `port`; `args` go to serve.mjs (e.g. --page-cache-seconds 0). */
export async function startServer(port, { env = process.env, args = [] } = {}) {
  const server = spawn(process.execPath, ["scripts/serve.mjs", "--port", String(port), ...args], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = () =>
    new Promise((resolve) => {
      if (server.exitCode !== null) return resolve();
      server.once("exit", resolve);
      server.kill("SIGTERM");
    });
  process.on("exit", () => server.kill("SIGTERM"));
  try {
    await ready(`http://localhost:${port}/healthz`);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

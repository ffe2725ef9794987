import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetPaths, startFront } from "./asset-front.mjs";

// The front of `npm start` between two stand-ins: one for the asset server, one for the Worker.
// Each answers with who it is and what it was asked, as JSON.
const listen = (server) =>
  new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server.address().port)));
const standIn = (name) =>
  http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      if (req.url === "/moved") {
        res.writeHead(303, ["Location", "/elsewhere", "Set-Cookie", "a=1; Path=/", "Set-Cookie", "b=2; Path=/"]);
        return res.end();
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ name, method: req.method, url: req.url, ip: req.headers["cf-connecting-ip"], body }));
    });
  });

let dir;
let front;
let base;
const worker = standIn("worker");
const assets = standIn("assets");
// The Worker's stand-in also takes a WebSocket-style upgrade and echoes the bytes that follow.
worker.on("upgrade", (req, socket) => {
  socket.write(
    `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nx-ip: ${req.headers["cf-connecting-ip"]}\r\n\r\n`,
  );
  socket.pipe(socket);
});

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "front-"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "assets", "app-1a2b.js"), "1");
  writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
  writeFileSync(path.join(dir, "_headers"), "/*\n  X-Frame-Options: DENY\n");
  const [workerPort, assetsPort] = [await listen(worker), await listen(assets)];
  front = await startFront({ port: 0, workerPort, assetsPort, assets: assetPaths(dir) });
  base = `http://127.0.0.1:${front.address().port}`;
});

afterAll(() => {
  front?.close();
  worker.closeAllConnections();
  worker.close();
  assets.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the local front (decision 0150)", () => {
  it("knows build/client's files by the paths a browser asks for, without the _headers file", () => {
    expect([...assetPaths(dir)].sort()).toEqual(["/assets/app-1a2b.js", "/favicon.svg"]);
  });

  it("sends a GET or HEAD of a file to the asset server, and everything else to the Worker", async () => {
    const asked = async (url, init) => (await fetch(base + url, init)).json();
    expect(await asked("/assets/app-1a2b.js?v=2")).toMatchObject({ name: "assets", url: "/assets/app-1a2b.js?v=2" });
    expect((await fetch(`${base}/favicon.svg`, { method: "HEAD" })).status).toBe(200);
    expect(await asked("/assets/gone-9z.js")).toMatchObject({ name: "worker" });
    expect(await asked("/all-products?search=wool")).toMatchObject({
      name: "worker",
      url: "/all-products?search=wool",
    });
    expect(await asked("/_headers")).toMatchObject({ name: "worker" });
    expect(await asked("/favicon.svg", { method: "POST", body: "x=1" })).toMatchObject({
      name: "worker",
      method: "POST",
      body: "x=1",
    });
  });

  it("tells the Worker the client's address, or the one a local client sends, as Miniflare does", async () => {
    expect((await (await fetch(`${base}/account`)).json()).ip).toBe("127.0.0.1");
    const seen = await (await fetch(`${base}/account`, { headers: { "cf-connecting-ip": "10.1.2.3" } })).json();
    expect(seen.ip).toBe("10.1.2.3");
  });

  it("passes the Worker's answer on as it is: a redirect not followed, every cookie", async () => {
    const answer = await fetch(`${base}/moved`, { redirect: "manual" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe("/elsewhere");
    expect(answer.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });

  it("passes a WebSocket upgrade through to the Worker, then the bytes both ways", async () => {
    const { headers, echoed } = await new Promise((resolve, reject) => {
      const req = http.request(`${base}/account/messages/1/live`, {
        headers: { connection: "Upgrade", upgrade: "websocket" },
      });
      req.on("upgrade", (res, socket) => {
        socket.once("data", (data) => {
          socket.destroy();
          resolve({ headers: res.headers, echoed: String(data) });
        });
        socket.write("hello");
      });
      req.on("error", reject);
      req.end();
    });
    expect(headers["x-ip"]).toBe("127.0.0.1");
    expect(echoed).toBe("hello");
  });

  it("answers 502 when the Worker is not there", async () => {
    const gone = await startFront({ port: 0, workerPort: 1, assetsPort: 1, assets: new Set() });
    try {
      const answer = await fetch(`http://127.0.0.1:${gone.address().port}/`);
      expect(answer.status).toBe(502);
      expect(await answer.text()).toBe("The local server did not answer.");
    } finally {
      gone.close();
    }
  });
});

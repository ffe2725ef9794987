// The front of `npm start` (decision 0150), as Cloudflare routes a request: a GET or HEAD of one
// of build/client's files goes to the static assets (Miniflare's emulation of Cloudflare's asset
// server, with build/client/_headers, ETags and 304s, in a workerd process of its own), every
// other request to the Worker's own socket in the Worker's workerd, with CF-Connecting-IP set to
// the client's address when the client sent none, as Miniflare does locally. WebSocket upgrades
// (the conversations) pass through to the Worker as they are.
//
// Miniflare's single-process emulation ran three isolates per page request (its entry worker,
// asset router, then the Worker) on workerd's one thread; workerd's memory grew by ~50 kB a
// request through them, and after ~50,000 requests their full collections stalled that thread,
// and so every page, for 100-280 ms (docs/performance.md, 2026-12-02). On Cloudflare the asset
// server runs apart from the Worker too.
import { readdirSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";

/** Files that configure the assets and are never served (as on Cloudflare): they go to the Worker. */
const CONFIG_FILES = new Set(["/_headers", "/_redirects", "/.assetsignore"]);

/** The paths of `dir`'s files as a browser asks for them (`/assets/app-1a2b.js`), without its config files. */
export function assetPaths(dir) {
  const paths = new Set();
  for (const file of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!file.isFile()) continue;
    const pathname = `/${path.relative(dir, path.join(file.parentPath, file.name)).split(path.sep).join("/")}`;
    if (!CONFIG_FILES.has(pathname)) paths.add(pathname);
  }
  return paths;
}

// Headers of one connection, never forwarded (RFC 9110 section 7.6.1).
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
]);

/** A request's headers without the hop-by-hop ones (all of them kept for an upgrade's handshake). */
function withoutHopByHop(req, upgrade = false) {
  const headers = {};
  for (const [name, value] of Object.entries(req.headers)) if (upgrade || !HOP_BY_HOP.has(name)) headers[name] = value;
  return headers;
}

/**
 * A request's headers for the Worker, with CF-Connecting-IP: the socket's peer when the client sent
 * none, as Miniflare sets it locally (the browser tests give each context an address of its own).
 */
function forwardedHeaders(req, upgrade = false) {
  return { "cf-connecting-ip": req.socket.remoteAddress ?? "unknown", ...withoutHopByHop(req, upgrade) };
}

/** GET and HEAD carry no body: they can be sent again, and a file is only ever read with them. */
const bodiless = (req) => req.method === "GET" || req.method === "HEAD";

function pathnameOf(url) {
  try {
    return decodeURIComponent(new URL(url ?? "/", "http://front").pathname);
  } catch {
    return null;
  }
}

/**
 * Listens on `host`:`port`: a GET or HEAD of one of `assets` (assetPaths) goes to 127.0.0.1:`assetsPort`,
 * every other request to the Worker on 127.0.0.1:`workerPort`. Resolves with the listening server.
 */
export function startFront({ port, host = "127.0.0.1", workerPort, assetsPort, assets }) {
  // Kept-alive sockets are let go after 4 s idle, before workerd's server would close them.
  const agent = new http.Agent({ keepAlive: true, timeout: 4000 });
  /** Hands `req` to the service on `target` and its answer, as it streams, to `res`. */
  const pass = (req, res, target, headers, retry = true) => {
    const upstream = http.request(
      { host: "127.0.0.1", port: target, method: req.method, path: req.url, headers, agent },
      (answer) => {
        const kept = [];
        for (let i = 0; i < answer.rawHeaders.length; i += 2)
          if (!HOP_BY_HOP.has(answer.rawHeaders[i].toLowerCase()))
            kept.push(answer.rawHeaders[i], answer.rawHeaders[i + 1]);
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, kept);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      // A kept-alive socket the server closed as this request went out: a request without a
      // body is sent once more, on a new socket.
      if (retry && upstream.reusedSocket && !res.headersSent && bodiless(req))
        return pass(req, res, target, headers, false);
      if (res.headersSent) return res.destroy();
      res.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
      res.end("The local server did not answer.");
    });
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    if (bodiless(req)) upstream.end();
    else req.pipe(upstream);
  };
  const server = http.createServer((req, res) => {
    if (bodiless(req) && assets.has(pathnameOf(req.url))) pass(req, res, assetsPort, withoutHopByHop(req));
    else pass(req, res, workerPort, forwardedHeaders(req));
  });
  // A WebSocket (the conversations' live socket): the handshake goes to the Worker as it came, then bytes both ways.
  server.on("upgrade", (req, socket, head) => {
    const upstream = net.connect(workerPort, "127.0.0.1", () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (const [name, value] of Object.entries(forwardedHeaders(req, true)))
        for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one}`);
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (head.length) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    const close = () => {
      socket.destroy();
      upstream.destroy();
    };
    upstream.on("error", close);
    socket.on("error", close);
    upstream.on("close", close);
    socket.on("close", close);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}

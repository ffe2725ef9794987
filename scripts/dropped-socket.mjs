// The seed talks to the local D1 through Miniflare's proxy over a kept-alive HTTP connection. When
// workerd closes an idle connection just as the seed sends a batch on it (likelier with the machine
// busy: `npm test` seeds the browser tests' state beside the integration tests), undici fails the
// request with "other side closed" (UND_ERR_SOCKET) and does not send it again, as a POST may not
// be repeated in general. The seed's statements may: every flow is written to be run again (`npm
// start` seeds an existing state each time). So a batch whose connection was dropped is sent once
// more, on a new connection, up to twice; any other failure is the seed's own and stops it.

/** Was this the connection dropped under the request (not an answer from D1)? */
export function droppedSocket(error) {
  for (let e = error, depth = 0; e && depth < 5; e = e.cause, depth++)
    if (e.code === "UND_ERR_SOCKET" || e.code === "ECONNRESET") return true;
  return false;
}

/** `db` whose batch is sent again when its connection was dropped (at most `retries` times). */
export function batchResentOnDroppedSocket(db, retries = 2, log = console.warn) {
  const batch = async (statements) => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await db.batch(statements);
      } catch (error) {
        if (attempt >= retries || !droppedSocket(error)) throw error;
        log(`seed: the connection to the local D1 was dropped under a batch of ${statements.length}; sending it again`);
      }
    }
  };
  return new Proxy(db, {
    get: (target, name) => {
      if (name === "batch") return batch;
      const value = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

import { describe, expect, it } from "vitest";
import { batchResentOnDroppedSocket, droppedSocket } from "./dropped-socket.mjs";

const dropped = () => Object.assign(new TypeError("fetch failed"), { cause: { code: "UND_ERR_SOCKET" } });

describe("the seed's batches over a dropped connection", () => {
  it("sends a batch again when its connection was dropped, and gives its result", async () => {
    const sent = [];
    const db = {
      batch: async (statements) => {
        sent.push(statements);
        if (sent.length === 1) throw dropped();
        return ["ok"];
      },
      prepare: (sql) => ({ sql }),
    };
    const logged = [];
    const resent = batchResentOnDroppedSocket(db, 2, (line) => logged.push(line));
    expect(await resent.batch(["a", "b"])).toEqual(["ok"]);
    expect(sent).toEqual([
      ["a", "b"],
      ["a", "b"],
    ]);
    expect(logged).toHaveLength(1);
    // Everything else is the database's own.
    expect(resent.prepare("select 1")).toEqual({ sql: "select 1" });
  });

  it("stops on any other failure, and after its retries", async () => {
    let calls = 0;
    const refused = batchResentOnDroppedSocket({
      batch: async () => {
        calls++;
        throw new Error("UNIQUE constraint failed");
      },
    });
    await expect(refused.batch([])).rejects.toThrow(/UNIQUE/);
    expect(calls).toBe(1);
    calls = 0;
    const alwaysDropped = batchResentOnDroppedSocket(
      {
        batch: async () => {
          calls++;
          throw dropped();
        },
      },
      2,
      () => {},
    );
    await expect(alwaysDropped.batch([])).rejects.toThrow(/fetch failed/);
    expect(calls).toBe(3);
    expect(droppedSocket(new Error("D1_ERROR"))).toBe(false);
  });
});

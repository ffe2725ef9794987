import { describe, expect, it } from "vitest";
import { serveArgs } from "./serve-args.mjs";

describe("serve.mjs's command line", () => {
  it("serves on 4173 with the five-minute trigger when asked nothing, as npm start does", () => {
    expect(serveArgs([])).toEqual({
      port: 4173,
      pageCacheSeconds: undefined,
      workerOnly: false,
      cron: true,
      inspectorPort: undefined,
      bindings: {},
    });
  });

  it("runs no trigger with --no-cron (the benchmark) or --worker-only", () => {
    expect(serveArgs(["--port", "4321", "--page-cache-seconds", "0", "--no-cron"])).toMatchObject({
      port: 4321,
      pageCacheSeconds: "0",
      cron: false,
    });
    expect(serveArgs(["--worker-only"])).toMatchObject({ workerOnly: true, cron: false });
  });

  it("takes bindings as NAME=VALUE, a value that holds '=' whole, and the inspector's port", () => {
    expect(serveArgs(["--binding", "A=1", "--binding", "B=x=y", "--inspector-port", "9229"])).toMatchObject({
      bindings: { A: "1", B: "x=y" },
      inspectorPort: 9229,
    });
  });

  it("stops at a flag it does not know, or one without its value", () => {
    expect(() => serveArgs(["--prot", "4321"])).toThrow(/Unknown option '--prot'/);
    expect(() => serveArgs(["--port"])).toThrow(/argument missing/);
  });
});

import { describe, expect, it } from "vitest";
import { isLoopbackAddress } from "./client-address";

describe("isLoopbackAddress", () => {
  it.each([
    "127.0.0.1",
    "127.1.2.3",
    "::1",
    "0:0:0:0:0:0:0:1",
    "0000:0000:0000:0000:0000:0000:0000:0001",
    "::ffff:127.0.0.1",
  ])("%s is this machine", (ip) => {
    expect(isLoopbackAddress(ip)).toBe(true);
  });
  it.each([
    "",
    "unknown",
    "10.0.0.1",
    "192.168.1.10",
    "128.0.0.1",
    "127.0.0.1.evil.example",
    "127.0.0.256",
    "::2",
    "::ffff:10.0.0.1",
    "fe80::1",
    "localhost",
    "127.0.0.1, 10.0.0.1",
  ])("%j is not", (ip) => {
    expect(isLoopbackAddress(ip)).toBe(false);
  });
});

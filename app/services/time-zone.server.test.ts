import { describe, expect, it } from "vitest";
import { requestTimeZone } from "./time-zone.server";

const request = (cookie: string | null, timezone?: string) => ({
  headers: new Headers(cookie ? { cookie } : {}),
  cf: timezone ? { timezone } : undefined,
});

describe("a request's time zone (decisions 0087, 0095)", () => {
  it("is the browser's, from its cookie, before the edge's", () => {
    expect(requestTimeZone(request("a=1; closetloop_tz=Europe%2FParis", "America/New_York"), true)).toBe(
      "Europe/Paris",
    );
    expect(requestTimeZone(request(null, "America/New_York"), true)).toBe("America/New_York");
  });

  it("ignores a zone Intl does not know, and the made-up edge of development", () => {
    expect(requestTimeZone(request("closetloop_tz=Mars%2FOlympus", "Asia/Tokyo"), true)).toBe("Asia/Tokyo");
    expect(requestTimeZone(request(null, "America/Chicago"), false)).toBeNull();
    expect(requestTimeZone(request("closetloop_tz=Europe%2FParis", "America/Chicago"), false)).toBe("Europe/Paris");
    expect(requestTimeZone(request(null), true, "Australia/Sydney")).toBe("Australia/Sydney");
  });
});

import { describe, expect, it } from "vitest";
import { cookieValue } from "./cookies";

describe("cookieValue", () => {
  it("reads a cookie's raw value by its exact name, first or later in the header", () => {
    expect(cookieValue("cl_currency=EUR", "cl_currency")).toBe("EUR");
    expect(cookieValue("a=1; cl_sizes=UK%2010%7CM; b=2", "cl_sizes")).toBe("UK%2010%7CM");
    expect(cookieValue("x_cl_currency=USD; cl_currency=EUR", "cl_currency")).toBe("EUR");
    expect(cookieValue("cl_currency_old=USD", "cl_currency")).toBeUndefined();
    expect(cookieValue("", "cl_currency")).toBeUndefined();
    expect(cookieValue(null, "cl_currency")).toBeUndefined();
    expect(cookieValue("cl_currency=", "cl_currency")).toBe("");
  });
});

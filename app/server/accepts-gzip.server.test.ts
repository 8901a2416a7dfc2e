import { describe, expect, it } from "vitest";
import { acceptsGzip } from "./accepts-gzip.server";

describe("acceptsGzip", () => {
  it("reads the header's names and q-values", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8, *;q=0.1")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("GZIP")).toBe(true);
    expect(acceptsGzip(["deflate", "x-gzip"])).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("*;q=1, gzip;q=0")).toBe(false);
    expect(acceptsGzip("gzip;q=abc")).toBe(false);
  });
});

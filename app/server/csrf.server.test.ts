import { describe, expect, test } from "vitest";
import { isAllowedOrigin } from "./csrf.server";

const base = {
  method: "POST",
  origin: undefined,
  secFetchSite: undefined,
  host: "127.0.0.1:3000",
  protocol: "http",
  publicOrigin: "http://localhost:3000",
};

describe("isAllowedOrigin", () => {
  test("reads are never refused", () => {
    expect(isAllowedOrigin({ ...base, method: "GET", origin: "https://evil.example" })).toBe(true);
  });
  test("the public origin and the addressed origin are accepted", () => {
    expect(isAllowedOrigin({ ...base, origin: "http://localhost:3000" })).toBe(true);
    expect(isAllowedOrigin({ ...base, origin: "http://127.0.0.1:3000" })).toBe(true);
  });
  test("another site, another port, another scheme and the opaque origin are refused", () => {
    expect(isAllowedOrigin({ ...base, origin: "https://evil.example" })).toBe(false);
    expect(isAllowedOrigin({ ...base, origin: "http://127.0.0.1:4000" })).toBe(false);
    expect(isAllowedOrigin({ ...base, origin: "https://127.0.0.1:3000" })).toBe(false);
    expect(isAllowedOrigin({ ...base, origin: "null" })).toBe(false);
    expect(isAllowedOrigin({ ...base, method: "DELETE", origin: "https://evil.example" })).toBe(false);
  });
  test("without Origin, Sec-Fetch-Site decides", () => {
    expect(isAllowedOrigin({ ...base, secFetchSite: "cross-site" })).toBe(false);
    expect(isAllowedOrigin({ ...base, secFetchSite: "same-site" })).toBe(false);
    expect(isAllowedOrigin({ ...base, secFetchSite: "same-origin" })).toBe(true);
    expect(isAllowedOrigin({ ...base })).toBe(true);
  });
});

import { describe, expect, test } from "vitest";
import { claimReload, isNetworkFailure, RELOAD_WINDOW_MS } from "./network-failure";

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), items };
}

describe("isNetworkFailure", () => {
  test("the fetch rejections of Chromium, Firefox and Safari, online or not", () => {
    for (const message of ["Failed to fetch", "NetworkError when attempting to fetch resource.", "Load failed"]) {
      expect(isNetworkFailure(new TypeError(message), true), message).toBe(true);
    }
  });

  test("offline, any TypeError; online, not a TypeError from the code nor another error type", () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'fetch')");
    expect(isNetworkFailure(bug, false)).toBe(true);
    expect(isNetworkFailure(bug, true)).toBe(false);
    expect(isNetworkFailure(new Error("Failed to fetch"), true)).toBe(false);
    expect(isNetworkFailure(new Error("Failed to fetch"), false)).toBe(false);
    expect(isNetworkFailure("Failed to fetch", false)).toBe(false);
    expect(isNetworkFailure(null, false)).toBe(false);
  });
});

describe("claimReload", () => {
  const at = 1_800_000_000_000;

  test("once per address within the window; again after it; another address at once", () => {
    const storage = memoryStorage();
    expect(claimReload(() => storage, "https://church.test/events", at)).toBe(true);
    expect(claimReload(() => storage, "https://church.test/events", at + RELOAD_WINDOW_MS - 1)).toBe(false);
    expect(claimReload(() => storage, "https://church.test/events", at + RELOAD_WINDOW_MS)).toBe(true);
    expect(claimReload(() => storage, "https://church.test/about", at + RELOAD_WINDOW_MS + 1)).toBe(true);
    expect(claimReload(() => storage, "https://church.test/events", at + RELOAD_WINDOW_MS + 2)).toBe(true);
  });

  test("a clock set back, or a record it cannot read, does not stop the reload", () => {
    const storage = memoryStorage();
    expect(claimReload(() => storage, "/events", at)).toBe(true);
    expect(claimReload(() => storage, "/events", at - 1)).toBe(true);
    storage.items.set("network-failure-reload", "{not json");
    expect(claimReload(() => storage, "/events", at)).toBe(true);
    expect(JSON.parse(storage.items.get("network-failure-reload")!)).toEqual({ href: "/events", at });
  });

  test("without storage (it throws), no reload", () => {
    expect(
      claimReload(
        () => {
          throw new DOMException("denied", "SecurityError");
        },
        "/events",
        at,
      ),
    ).toBe(false);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    };
    expect(claimReload(() => full, "/events", at)).toBe(false);
  });
});

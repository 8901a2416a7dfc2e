import { afterEach, describe, expect, it } from "vitest";
import { byContentVersion, setContentVersionMemo } from "./content-memo.server";

describe("byContentVersion", () => {
  afterEach(() => setContentVersionMemo(undefined));

  function counter() {
    let loads = 0;
    return {
      load: async () => {
        loads += 1;
        await new Promise((resolve) => setTimeout(resolve, 2));
        return { loads };
      },
      loads: () => loads,
    };
  }

  it("loads on every call without a reader (development, tests, jobs)", async () => {
    const c = counter();
    await byContentVersion("k", c.load);
    await byContentVersion("k", c.load);
    expect(c.loads()).toBe(2);
  });

  it("loads once per key and content version, concurrent callers sharing the load", async () => {
    let version = "1";
    setContentVersionMemo(async () => version);
    const c = counter();
    const [a, b] = await Promise.all([byContentVersion("church en", c.load), byContentVersion("church en", c.load)]);
    expect(a).toBe(b);
    expect(await byContentVersion("church en", c.load)).toBe(a);
    expect(c.loads()).toBe(1);
    await byContentVersion("church es", c.load);
    expect(c.loads()).toBe(2);
    version = "2";
    expect(await byContentVersion("church en", c.load)).toEqual({ loads: 3 });
    expect(await byContentVersion("church en", c.load)).toEqual({ loads: 3 });
  });

  it("forgets a failed load, and loads directly while the version cannot be read", async () => {
    let version: string | Error = "1";
    setContentVersionMemo(async () => {
      if (version instanceof Error) throw version;
      return version;
    });
    let fail = true;
    const load = async () => {
      if (fail) throw new Error("connection refused");
      return "profile";
    };
    await expect(byContentVersion("k", load)).rejects.toThrow("connection refused");
    fail = false;
    expect(await byContentVersion("k", load)).toBe("profile");
    version = new Error("connection refused");
    const c = counter();
    await byContentVersion("k2", c.load);
    await byContentVersion("k2", c.load);
    expect(c.loads()).toBe(2);
  });

  it("keeps a bounded number of keys, the oldest out first", async () => {
    setContentVersionMemo(async () => "1");
    const c = counter();
    for (let i = 0; i < 201; i++) await byContentVersion(`k${i}`, c.load);
    await byContentVersion("k200", c.load);
    expect(c.loads()).toBe(201);
    await byContentVersion("k0", c.load);
    expect(c.loads()).toBe(202);
  });
});

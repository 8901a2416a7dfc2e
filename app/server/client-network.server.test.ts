import { describe, expect, test } from "vitest";
import { clientNetwork } from "./client-network.server";

describe("a client's network (issue 32: store holds and sign-in locks)", () => {
  test("an IPv4 address is itself; an IPv6 address counts as its /64, however it is written", () => {
    expect(clientNetwork("203.0.113.9")).toBe("203.0.113.9");
    expect(clientNetwork("::ffff:203.0.113.9")).toBe("203.0.113.9");
    const network = "2001:db8:85a3:12::/64";
    for (const address of [
      "2001:db8:85a3:12::1",
      "2001:0DB8:85a3:0012:ffff:1:2:3",
      "2001:db8:85a3:12:abcd::9%eth0",
      "2001:db8:85a3:12::",
    ]) {
      expect(clientNetwork(address), address).toBe(network);
    }
    expect(clientNetwork("2001:db8:85a3:13::1")).not.toBe(network);
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
  });
});

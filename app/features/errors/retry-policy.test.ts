import { describe, expect, test } from "vitest";
import { MAX_RETRIES, nextRetryAction } from "./retry-policy";

describe("nextRetryAction", () => {
  test("the spec's limit is 3 retries", () => {
    expect(MAX_RETRIES).toBe(3);
  });

  test.each([
    [0, "retry"],
    [1, "retry"],
    [2, "retry"],
    [3, "reload"],
    [4, "reload"],
    [10, "reload"],
  ] as const)("after %i retries → %s", (used, action) => {
    expect(nextRetryAction(used)).toBe(action);
  });

  test("pressing Try Again four times: three retries, then the 4th reloads", () => {
    let used = 0;
    const presses: string[] = [];
    for (let press = 0; press < 4; press++) {
      const action = nextRetryAction(used);
      presses.push(action);
      if (action === "retry") used++;
    }
    expect(presses).toEqual(["retry", "retry", "retry", "reload"]);
  });

  test("a custom limit", () => {
    expect(nextRetryAction(0, 0)).toBe("reload");
    expect(nextRetryAction(0, 1)).toBe("retry");
    expect(nextRetryAction(1, 1)).toBe("reload");
  });
});

import { describe, expect, it } from "vitest";
import { schedulePasses } from "./schedule-passes.server";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("schedulePasses", () => {
  it("runs at once and on the interval, never two passes at a time, and stop waits for the one in progress", async () => {
    let running = 0;
    let most = 0;
    let passes = 0;
    let finished = 0;
    const schedule = schedulePasses({
      intervalMs: 5,
      pass: async () => {
        passes += 1;
        running += 1;
        most = Math.max(most, running);
        await wait(20);
        running -= 1;
        finished += 1;
      },
    });
    const deadline = Date.now() + 5000;
    while (passes < 3 && Date.now() < deadline) await wait(5);
    await schedule.stop();
    const stoppedAt = passes;
    // A pass takes four intervals: the ones in between were skipped, not stacked.
    expect(most).toBe(1);
    expect(passes).toBeGreaterThanOrEqual(3);
    expect(finished).toBe(passes);
    await wait(30);
    expect(passes).toBe(stoppedAt);
  });

  it("waits for the first pass when asked to", async () => {
    let passes = 0;
    const schedule = schedulePasses({ intervalMs: 10_000, firstPassDelayMs: 20, pass: async () => void (passes += 1) });
    expect(passes).toBe(0);
    const deadline = Date.now() + 5000;
    while (passes < 1 && Date.now() < deadline) await wait(5);
    expect(passes).toBe(1);
    await schedule.stop();
  });
});

import { describe, expect, it } from "vitest";
import { nextVideoIndex, shouldAutoplayVideo } from "./playlist";

describe("nextVideoIndex", () => {
  it("moves to the next video and wraps after the last", () => {
    expect([0, 1, 2, 3].map((i) => nextVideoIndex(i, 4))).toEqual([1, 2, 3, 0]);
  });

  it("stays on the only video and copes with an empty playlist", () => {
    expect(nextVideoIndex(0, 1)).toBe(0);
    expect(nextVideoIndex(0, 0)).toBe(0);
  });
});

describe("shouldAutoplayVideo", () => {
  it("autoplays only without reduced-motion and data-saver requests", () => {
    expect(shouldAutoplayVideo({ prefersReducedMotion: false, saveData: false })).toBe(true);
    expect(shouldAutoplayVideo({ prefersReducedMotion: true, saveData: false })).toBe(false);
    expect(shouldAutoplayVideo({ prefersReducedMotion: false, saveData: true })).toBe(false);
  });
});

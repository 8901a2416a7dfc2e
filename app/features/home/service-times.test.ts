import { describe, expect, it } from "vitest";
import type { ServiceTime } from "~/platform/church/get-church-profile.server";
import { splitMainService } from "./service-times";

const time = (key: string, isMainService = false): ServiceTime => ({
  key,
  name: key,
  dayOfWeek: 0,
  startTime: "11:00",
  isMainService,
});

describe("splitMainService", () => {
  it("headlines the service marked main and keeps the others in order", () => {
    const { main, others } = splitMainService([time("school"), time("worship", true), time("study")]);
    expect(main?.key).toBe("worship");
    expect(others.map((t) => t.key)).toEqual(["school", "study"]);
  });

  it("falls back to the first service when none is marked main", () => {
    const { main, others } = splitMainService([time("school"), time("study")]);
    expect(main?.key).toBe("school");
    expect(others.map((t) => t.key)).toEqual(["study"]);
  });

  it("has no main service when none are configured", () => {
    expect(splitMainService([])).toEqual({ main: null, others: [] });
  });
});

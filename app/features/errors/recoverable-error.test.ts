import { describe, expect, test } from "vitest";
import { describeRecoverableError } from "./recoverable-error";

describe("describeRecoverableError", () => {
  test("names React's error and the error that caused it, with where it was thrown", () => {
    const cause = new TypeError("Failed to fetch");
    const error = new Error("Minified React error #520; visit https://react.dev/errors/520 for the full message", { cause });
    const line = describeRecoverableError(error, "\n    at EventsPage\n    at Outlet\n    at Layout");
    expect(line.startsWith("React recovered from an error: Error: Minified React error #520;")).toBe(true);
    expect(line).toContain("caused by: TypeError: Failed to fetch");
    expect(line).toContain("in:\nat EventsPage\n    at Outlet");
  });

  test("without a cause or a component stack, only React's error; a thrown non-error is shown as text", () => {
    expect(describeRecoverableError(new Error("Hydration failed"))).toBe("React recovered from an error: Error: Hydration failed");
    expect(describeRecoverableError(new Error("x", { cause: "offline" }))).toBe(
      "React recovered from an error: Error: x\ncaused by: offline",
    );
    expect(describeRecoverableError("boom")).toBe("React recovered from an error: boom");
  });
});

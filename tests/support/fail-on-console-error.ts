import { afterEach, beforeEach, vi } from "vitest";

// Integration tests fail on console.error: an error logged is an error hidden.
let spy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
  });
});
afterEach(() => spy.mockRestore());

import { afterEach, beforeEach, vi } from "vitest";

// An unexpected console.error fails the test (docs/style.md, after epic-stack's setup-test-env).
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, "error");
});
afterEach(() => {
  const calls = errorSpy.mock.calls;
  errorSpy.mockRestore();
  if (calls.length > 0) {
    throw new Error(`console.error was called:\n${calls.map((c: unknown[]) => c.map(String).join(" ")).join("\n")}`);
  }
});

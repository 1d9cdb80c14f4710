import { afterEach, describe, expect, it } from "vitest";
import { captureLogs } from "../../tests/support/capture-logs";
import { getEnv } from "./env.server";
import { currentRequestId, logLevel, logger, withRequestId } from "./logger.server";

// Issue 13, point 5: structured JSON logs with the request id on every line written during a request.

let capture: ReturnType<typeof captureLogs>;
afterEach(() => capture.restore());

describe("the server logger (issue 13 point 5)", () => {
  it("writes one JSON object a line with an ISO time, a level name, the process and the message", () => {
    capture = captureLogs();
    logger.info({ order: "T-1" }, "Order placed");
    expect(capture.lines).toEqual([
      expect.objectContaining({ level: "info", msg: "Order placed", order: "T-1", pid: process.pid }),
    ]);
    expect(new Date(capture.lines[0].time as string).toISOString()).toBe(capture.lines[0].time);
    expect(capture.lines[0]).not.toHaveProperty("request_id");
  });

  it("adds the request id to every line written inside a request, across awaits and timers, and only there", async () => {
    capture = captureLogs();
    await Promise.all(
      ["req-a", "req-b"].map((id) =>
        withRequestId(id, async () => {
          logger.info(`${id} start`);
          await new Promise((resolve) => setTimeout(resolve, 5));
          await Promise.resolve().then(() => logger.warn(`${id} later`));
          expect(currentRequestId()).toBe(id);
        }),
      ),
    );
    logger.info("outside");
    expect(capture.lines.map((l) => [l.msg, l.request_id])).toEqual(
      expect.arrayContaining([
        ["req-a start", "req-a"],
        ["req-b start", "req-b"],
        ["req-a later", "req-a"],
        ["req-b later", "req-b"],
        ["outside", undefined],
      ]),
    );
    expect(capture.lines).toHaveLength(5);
  });

  it("writes an error's type, message and stack under err", () => {
    capture = captureLogs();
    logger.error({ err: new TypeError("boom") }, "Something failed");
    const [line] = capture.lines;
    expect(line.level).toBe("error");
    expect(line.err).toMatchObject({ type: "TypeError", message: "boom" });
    expect(line.err?.stack).toContain("logger.server.test.ts");
  });

  it("takes its level from LOG_LEVEL, which the environment check refuses when unknown", () => {
    expect(logLevel("debug")).toBe("debug");
    expect(logLevel(" ERROR ")).toBe("error");
    expect(logLevel("silent")).toBe("silent");
    expect(getEnv({ LOG_LEVEL: "warn", SECRET_KEY: "x".repeat(32) } as NodeJS.ProcessEnv).LOG_LEVEL).toBe("warn");
    expect(() => getEnv({ LOG_LEVEL: "loud", SECRET_KEY: "x".repeat(32) } as NodeJS.ProcessEnv)).toThrow(/LOG_LEVEL/);
    capture = captureLogs();
    logger.level = "warn";
    logger.info("hidden");
    logger.warn("shown");
    expect(capture.lines.map((l) => l.msg)).toEqual(["shown"]);
  });
});

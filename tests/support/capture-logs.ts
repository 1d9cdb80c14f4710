import { vi } from "vitest";
import { logDestination, logger } from "~/utils/logger.server";

export type LogLine = {
  level: string;
  msg: string;
  request_id?: string;
  err?: { message: string; stack: string };
} & Record<string, unknown>;

/**
 * Reads what the server logs (utils/logger.server.ts) instead of printing it: every line, parsed,
 * from `debug` up. `restore()` puts the destination and the level back.
 */
export function captureLogs() {
  const lines: LogLine[] = [];
  const level = logger.level;
  logger.level = "debug";
  const write = vi.spyOn(logDestination, "write").mockImplementation((line: string) => {
    lines.push(JSON.parse(line) as LogLine);
  });
  return {
    lines,
    restore() {
      write.mockRestore();
      logger.level = level;
    },
  };
}

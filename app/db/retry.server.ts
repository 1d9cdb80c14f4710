/**
 * PostgreSQL may end a transaction or a statement with a deadlock or a serialization failure when
 * two requests race (checkout, a status change, a cart line): the work may simply run again.
 */

/** PostgreSQL's deadlock and serialization failures: the transaction may simply run again. */
function isRetryable(error: unknown): boolean {
  // Drizzle wraps the driver's error: its code is on the cause.
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  return [code, cause?.code].some((c) => c === "40P01" || c === "40001");
}

/** Runs `run` again, at most three times in all, when PostgreSQL asks for a retry. */
export async function withRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 3 || !isRetryable(error)) throw error;
    }
  }
}

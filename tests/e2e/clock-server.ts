/**
 * The e2e run's second app server, on an injected clock (tests/e2e/fake-clock.mjs): what
 * playwright.config.ts starts and what the specs that need it (the express cut-off, D15) talk to.
 */

/** 14:30 in Havana (UTC-5 in January): express is closed (§4.5, D15). */
export const CLOCK_FAKE_NOW = "2026-01-15T14:30:00-05:00";

export const CLOCK_PORT = Number(process.env.E2E_CLOCK_PORT ?? 3214);

export const CLOCK_BASE_URL = `http://localhost:${CLOCK_PORT}`;

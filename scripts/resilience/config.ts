// The crash-safety check's settings (from the environment, see ./run.ts) and small helpers.
import { randomBytes } from "node:crypto";
import path from "node:path";
import { CHECKOUT_ADDRESS } from "../../tests/factories";

export const root = path.resolve(import.meta.dirname, "../..");
export const buildDir = path.resolve(root, process.env.BUILD_DIR ?? "build");
/** `source`: the API from the sources (./source-server.ts through tsx) instead of the build. */
export const FROM_SOURCE = process.env.RESILIENCE_SERVER === "source";
export const KILLS = Number(process.env.RESILIENCE_KILLS ?? 5);
export const SHOPPERS = Number(process.env.RESILIENCE_SHOPPERS ?? 10);
export const TABS = Number(process.env.RESILIENCE_TABS ?? 3);
export const PG_URL = process.env.RESILIENCE_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const SECRET_KEY = randomBytes(32).toString("hex");
export const START_TIMEOUT_MS = 90_000;
export const PRICE_CENTS = 1500;
export const STOCK = 100_000;
export const POINT = { latitude: 23.1357, longitude: -82.3838 }; // Vedado
export const BODY = { ...CHECKOUT_ADDRESS, delivery_option: "standard" };

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)];

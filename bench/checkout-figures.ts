// The checkout bench's figures: percentiles, rounding, a process's CPU time and a throughput row.
import fs from "node:fs";

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
export const ms = (n: number) => Math.round(n * 10) / 10;

export type Run = {
  orders: number;
  failures: number;
  seconds: number;
  latencies: number[];
  requests: number;
  /** CPU seconds the server process used during the run (Linux), or null. */
  cpu: number | null;
};

/** User + system CPU seconds of a process so far, from /proc (Linux); null elsewhere. */
export function cpuSeconds(pid: number | undefined): number | null {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

export function row(label: string, run: Run) {
  run.latencies.sort((a, b) => a - b);
  return {
    run: label,
    orders: run.orders,
    failures: run.failures,
    "orders/s": Math.round(run.orders / run.seconds),
    "requests/s": Math.round(run.requests / run.seconds),
    "p50 ms": ms(percentile(run.latencies, 50)),
    "p99 ms": ms(percentile(run.latencies, 99)),
    // What the numbers above cost the server, whatever else the machine is doing.
    "server CPU ms/order": run.cpu === null || run.orders === 0 ? "n/a" : ms((run.cpu * 1000) / run.orders),
  };
}

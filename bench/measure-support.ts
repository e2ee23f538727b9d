/**
 * What every measurement child shares: peak memory (the kernel's high-water mark of the resident
 * set, `VmHWM`, cross-checked by sampling `rss` every 250 ms), a monotonic clock, and the one JSON
 * line the parent reads back (`BENCH {...}`).
 */
import { readFileSync } from 'node:fs';

/** The result line of one measurement. */
export interface Measurement {
  /** What was measured (`floor-xlsx`, `validate`, …). */
  kind: string;
  /** Data rows (SKU rows for catalogs, products for submissions). */
  rows: number;
  /** Wall time of the measured part, in milliseconds. */
  ms: number;
  /** Peak resident set size of the process, in bytes. */
  peakRssBytes: number;
  /** Kind-specific figures. */
  extra?: Record<string, unknown>;
}

/**
 * Samples the resident set every `intervalMs` until stopped; the kernel's high-water mark is read at
 * the end too, so the sampling is only a cross-check (and the fallback where /proc is missing). Every
 * 50 ms it cost 1.5% of a dry run's CPU in a profile, hence the wider default.
 */
export function startRssSampler(intervalMs = 250): { stop(): number } {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage.rss(), readHighWaterMark());
    },
  };
}

/** `VmHWM` of this process in bytes (Linux), 0 where /proc is missing. */
export function readHighWaterMark(): number {
  try {
    const match = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Milliseconds since an arbitrary origin (monotonic). */
export function readClock(): number {
  return performance.now();
}

/** Prints the result line the parent parses (a `Measurement`, or a script's own result shape). */
export function printMeasurement<T extends { kind: string }>(measurement: T): void {
  process.stdout.write(`BENCH ${JSON.stringify(measurement)}\n`);
}

/** The positional arguments after the script path. */
export function readArgs(count: number, usage: string): string[] {
  const args = process.argv.slice(2);
  if (args.length < count) {
    process.stderr.write(`usage: ${usage}\n`);
    process.exit(2);
  }
  return args;
}

/**
 * How much longer than on an idle machine a test may take before it is given up: by
 * CATALOG_TEST_TIMEOUT_FACTOR when set, else by how much more work than cores the machine had over
 * the last minute (a 2-core machine at load 6 gets three times as long), at most 4. Read by
 * vitest.config.ts for every time-out, and by the tests that set one of their own. Nothing asserts
 * speed with it: these are only the points where a hung test is given up.
 */
import { availableParallelism, loadavg } from 'node:os';

/** The factor for this machine's load now. */
export function readTimeoutFactor(): number {
  const stated = Number(process.env['CATALOG_TEST_TIMEOUT_FACTOR']);
  if (Number.isFinite(stated) && stated >= 1) return stated;
  const load = loadavg()[0] ?? 0;
  return Math.min(4, Math.max(1, load / availableParallelism()));
}

/** A test's own time-out (its length on an idle machine), stretched by the factor. */
export function scaleTimeout(ms: number): number {
  return Math.round(ms * readTimeoutFactor());
}

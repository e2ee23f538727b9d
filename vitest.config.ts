import { availableParallelism, loadavg } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Time-outs stretch on a loaded machine instead of failing there: by CATALOG_TEST_TIMEOUT_FACTOR
 * when set, else by how much more work than cores the machine had over the last minute (a 2-core
 * machine at load 6 gets three times as long). Nothing here asserts speed; these are only the
 * points where a hung test is given up.
 */
function readTimeoutFactor(): number {
  const stated = Number(process.env['CATALOG_TEST_TIMEOUT_FACTOR']);
  if (Number.isFinite(stated) && stated >= 1) return stated;
  const load = loadavg()[0] ?? 0;
  return Math.min(4, Math.max(1, load / availableParallelism()));
}

const TIMEOUT_MS = Math.round(30_000 * readTimeoutFactor());

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    clearMocks: true,
    restoreMocks: true,
    testTimeout: TIMEOUT_MS,
    hookTimeout: TIMEOUT_MS,
    pool: 'forks',
    poolOptions: {
      forks: {
        // Two cores in CI: more workers than that only adds contention.
        maxForks: 2,
        minForks: 1,
        // A test file does not get a fresh process: each of the two workers loads src/ and the
        // libraries once and runs file after file (the isolated suite spent 158 s of 597 loading
        // the same modules again, 230 times). The tests mock none of our modules and change no
        // process-wide state (env, cwd, globals) without putting it back; mocks and spies are
        // restored after each test (`restoreMocks`). Child processes of a test are its own.
        isolate: false,
      },
    },
  },
});

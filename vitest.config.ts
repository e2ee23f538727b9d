import { defineConfig } from 'vitest/config';
import { MainProcessStallsReporter } from './test/helpers/record-main-process-stalls.js';
import { readTimeoutFactor } from './test/helpers/scale-timeout.js';

// Time-outs stretch on a loaded machine instead of failing there (see scale-timeout.ts).
const TIMEOUT_MS = Math.round(30_000 * readTimeoutFactor());

// CATALOG_TEST_STALLS=file records the event-loop stalls of the workers and of the main process
// (see test/helpers/record-event-loop-stalls.ts); without it these add nothing.
const RECORD_STALLS = (process.env['CATALOG_TEST_STALLS'] ?? '') !== '';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    clearMocks: true,
    restoreMocks: true,
    // The worker's event loop turns between tests (see yield-between-tests.ts).
    setupFiles: [
      'test/helpers/yield-between-tests.ts',
      ...(RECORD_STALLS ? ['test/helpers/record-event-loop-stalls.ts'] : []),
    ],
    ...(RECORD_STALLS
      ? { reporters: ['default', new MainProcessStallsReporter()] }
      : {}),
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
        // The memory tests measure the heap still in use (a collection first), not the garbage
        // that earlier files of the same worker let pile up.
        execArgv: ['--expose-gc'],
      },
    },
  },
});

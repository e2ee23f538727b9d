import { defineConfig } from 'vitest/config';
import { readTimeoutFactor } from './test/helpers/scale-timeout.js';

// Time-outs stretch on a loaded machine instead of failing there (see scale-timeout.ts).
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
        // The memory tests measure the heap still in use (a collection first), not the garbage
        // that earlier files of the same worker let pile up.
        execArgv: ['--expose-gc'],
      },
    },
  },
});

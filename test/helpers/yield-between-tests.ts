/**
 * A test setup file: before each test the worker's event loop gets one turn.
 *
 * Vitest's runner goes from test to test through promises only, so a file whose tests do not wait
 * for I/O (an evaluation over hundreds of labels, a table grown to millions of keys) holds the
 * worker's event loop from its first test to its last. The worker meanwhile sends its reports to
 * the main process ("onTaskUpdate", every 100 ms) and gives each answer 60 s (fixed in vitest
 * 3.2); the answers wait unread until the loop turns, and on a loaded machine a stretch of 10 s
 * becomes more than 60: every report sent in it then fails the run with `Timeout calling
 * "onTaskUpdate"` although every test passed. One `setImmediate` per test lets the loop read the
 * answers between tests; a single test must still not hold it long (see
 * record-event-loop-stalls.ts to find one).
 */
import { setImmediate as turnEventLoop } from 'node:timers/promises';
import { beforeEach } from 'vitest';

// From node:timers, not the global: a test's fake timers must not stop the turn.
beforeEach(async () => {
  await turnEventLoop();
});

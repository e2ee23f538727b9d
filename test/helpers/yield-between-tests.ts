/**
 * A test setup file: before each test the worker's event loop gets one turn.
 *
 * Vitest's runner goes from test to test through promises only, so a file whose tests do not wait
 * for I/O (an evaluation over hundreds of labels, 150,000 expect calls) holds the worker's event
 * loop from its first test to its last. The worker meanwhile sends its reports to the main process
 * ("onTaskUpdate") and gives each answer 60 s (fixed in vitest 3.2): the answers wait unread until
 * the loop turns, and on a loaded machine a stretch of 10 s becomes more than 60, so the run fails
 * with `Timeout calling "onTaskUpdate"` although every test passed. The runner keeps that failed
 * report and, with `isolate: false`, reports it again at the end of every later file of the
 * worker: one time-out in category-eval became 134-145 errors. One turn per test lets the loop
 * read the answers between tests; a single test must still not hold it long
 * (record-event-loop-stalls.ts finds one).
 */
import { setImmediate as turnEventLoop } from 'node:timers/promises';
import { beforeEach } from 'vitest';

// From node:timers, not the global: a test's fake timers must not stop the turn.
beforeEach(async () => {
  await turnEventLoop();
});

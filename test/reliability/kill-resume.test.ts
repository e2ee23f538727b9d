/**
 * The kill suite, second part: the re-run itself is killed (while it waits to settle requests of
 * unknown fate, while it asks the service, after it sent again), and imports are killed at
 * seeded moments after their first request. Each case ends with a complete run and the
 * exactly-once check made through the service's list and details.
 */
import { describe, expect, it } from 'vitest';
import { scaleTimeout } from '../helpers/scale-timeout.js';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import type { ChildImport } from './kill-kit.js';
import { finishAndCheck, isImport, setUpKillCase, startKillableImport } from './kill-case.js';
import type { KillCase } from './kill-case.js';

/** Kills a first child once the service accepted its first two requests and neither answer was recorded. */
async function killWithTwoUnanswered(c: KillCase): Promise<void> {
  c.proxy.decide = (r) => (isImport(r) && r.nth < 2 ? 'holdResponse' : isImport(r) ? 'holdRequest' : 'pass');
  const child = startKillableImport(c);
  await c.proxy.whenHeld((r) => isImport(r) && r.nth === 1);
  await c.proxy.whenHeld((r) => isImport(r) && r.nth === 0);
  await child.kill();
  expect(c.sandbox.stats().importRequests).toBe(2);
}

describe('a re-run that is itself killed still ends with every product exactly once', () => {
  it('re-run killed while it waits to settle requests of unknown fate', async () => {
    const c = await setUpKillCase();
    await killWithTwoUnanswered(c);
    c.proxy.decide = () => 'pass';
    const rerun = startKillableImport(c, 30);
    await waitFor(() => /waiting \d+ s for requests of unknown fate/.test(rerun.output()), rerun);
    await rerun.kill();
    await finishAndCheck(c);
  });

  it('re-run killed while it asks the service which products exist', async () => {
    const c = await setUpKillCase();
    await killWithTwoUnanswered(c);
    c.proxy.decide = (r) => (r.path === DEFAULT_PATHS.list ? 'holdRequest' : 'pass');
    const rerun = startKillableImport(c);
    await c.proxy.whenHeld((r) => r.path === DEFAULT_PATHS.list);
    await rerun.kill();
    await finishAndCheck(c);
  });

  it('re-run killed after it settled and sent again, with its answers lost', async () => {
    const c = await setUpKillCase();
    await killWithTwoUnanswered(c);
    // Requests 0 and 1 were the first child's; the re-run's first import request is answered by the service, never recorded.
    c.proxy.decide = (r) => (isImport(r) && r.nth >= 2 ? 'holdResponse' : 'pass');
    const rerun = startKillableImport(c);
    await c.proxy.whenHeld((r) => isImport(r) && r.nth >= 2);
    await rerun.kill();
    await finishAndCheck(c);
  });
});

describe('an import killed at seeded moments after its first request', () => {
  // Moments after the first request reaches the service; where they land depends on the machine's speed.
  for (const afterMs of [150, 600, 1_300]) {
    it(`killed ${afterMs} ms after its first request`, async () => {
      const c = await setUpKillCase();
      const child = startKillableImport(c);
      await waitFor(() => c.sandbox.stats().requests > 0, child);
      await new Promise((r) => setTimeout(r, afterMs));
      await child.kill();
      await finishAndCheck(c);
    });
  }
});

async function waitFor(condition: () => boolean, child: ChildImport, timeoutMs = scaleTimeout(20_000)): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (child.child.exitCode !== null) throw new Error(`the child ended before the kill point:\n${child.output()}`);
    if (performance.now() > deadline) throw new Error(`kill point not reached in ${timeoutMs} ms:\n${child.output()}`);
    await new Promise((r) => setTimeout(r, 3));
  }
}

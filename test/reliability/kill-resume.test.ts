/**
 * The kill suite, second part: the re-run itself is killed (while it waits to settle requests of
 * unknown fate, while it asks the service, after it sent again), and imports are killed at
 * seeded moments after their first request. Each case ends with a complete run and the
 * exactly-once check made through the service's list and details.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PATHS } from '../../src/api/wire.js';
import type { SandboxHandle } from '../../src/sandbox/start-sandbox.js';
import { writeCatalogFixture } from '../helpers/catalog-fixture.js';
import type { CatalogFixture } from '../helpers/catalog-fixture.js';
import { checkEveryRowReported, checkExactlyOnce, createTestDir, importUntilDone, isSettled, startTestSandbox } from './fault-kit.js';
import { readJournal, spawnImport, startProxy, writeChildConfig } from './kill-kit.js';
import type { ChildImport, ProxiedRequest, TestProxy } from './kill-kit.js';

const JOB_DELAY_MS = 200;
const SETTLE_AFTER_MS = 700;

interface KillCase {
  dir: string;
  stateDir: string;
  sandbox: SandboxHandle;
  proxy: TestProxy;
  fixture: CatalogFixture;
  config: string;
}

async function setUp(): Promise<KillCase> {
  const dir = await createTestDir('catalog-kill-');
  const sandbox = await startTestSandbox(dir, { jobDelayMs: JOB_DELAY_MS });
  const proxy = await startProxy(sandbox.url);
  const fixture = await writeCatalogFixture({ dir, products: 30, skusPerProduct: 2, invalidRows: 2 });
  return { dir, stateDir: join(dir, 'state'), sandbox, proxy, fixture, config: await writeChildConfig(dir) };
}

function start(c: KillCase, settleAfterSeconds = SETTLE_AFTER_MS / 1000): ChildImport {
  return spawnImport({ baseUrl: c.proxy.url, file: c.fixture.file, mapping: c.fixture.mapping, stateDir: c.stateDir, config: c.config, settleAfterSeconds });
}

const isImport = (r: ProxiedRequest): boolean => r.method === 'POST' && r.path === DEFAULT_PATHS.import;

/** Kills a first child once the service accepted its first two requests and neither answer was recorded. */
async function killWithTwoUnanswered(c: KillCase): Promise<void> {
  c.proxy.decide = (r) => (isImport(r) && r.nth < 2 ? 'holdResponse' : isImport(r) ? 'holdRequest' : 'pass');
  const child = start(c);
  await c.proxy.whenHeld((r) => isImport(r) && r.nth === 1);
  await c.proxy.whenHeld((r) => isImport(r) && r.nth === 0);
  await child.kill();
  expect(c.sandbox.stats().importRequests).toBe(2);
}

async function finishAndCheck(c: KillCase): Promise<void> {
  c.proxy.decide = () => 'pass';
  const attempts = await importUntilDone({ dir: c.dir, sandbox: c.sandbox, fixture: c.fixture }, { settings: { baseUrl: c.proxy.url }, settleAfterMs: SETTLE_AFTER_MS }, 2);
  for (const attempt of attempts) expect(await checkEveryRowReported(attempt.result, c.fixture)).toEqual([]);
  const last = attempts.at(-1);
  expect(last && isSettled(last.result)).toBe(true);
  // Rows whose products a lost request already put on the service count as accepted; a last run
  // that finds everything there reports them unchanged.
  const { accepted = 0, unchanged = 0, ...others } = last?.result.summary.counts.byStatus ?? {};
  expect({ sent: accepted + unchanged, ...others }).toEqual({ sent: c.fixture.expected.size, invalid: 2 });
  // The killed run was resumed, not started over: a second run appears only when the first had
  // already finished before the kill landed; either way every run ends finished.
  const runs = readJournal(c.stateDir).runs;
  expect(runs.filter((r) => r.status !== 'finished')).toEqual([]);
  expect(runs.length).toBeLessThanOrEqual(2);
  expect(await checkExactlyOnce(c.sandbox, c.fixture)).toEqual([]);
}

describe('a re-run that is itself killed still ends with every product exactly once', () => {
  it('re-run killed while it waits to settle requests of unknown fate', async () => {
    const c = await setUp();
    await killWithTwoUnanswered(c);
    c.proxy.decide = () => 'pass';
    const rerun = start(c, 30);
    await waitFor(() => /waiting \d+ s for requests of unknown fate/.test(rerun.output()), rerun);
    await rerun.kill();
    await finishAndCheck(c);
  });

  it('re-run killed while it asks the service which products exist', async () => {
    const c = await setUp();
    await killWithTwoUnanswered(c);
    c.proxy.decide = (r) => (r.path === DEFAULT_PATHS.list ? 'holdRequest' : 'pass');
    const rerun = start(c);
    await c.proxy.whenHeld((r) => r.path === DEFAULT_PATHS.list);
    await rerun.kill();
    await finishAndCheck(c);
  });

  it('re-run killed after it settled and sent again, with its answers lost', async () => {
    const c = await setUp();
    await killWithTwoUnanswered(c);
    // Requests 0 and 1 were the first child's; the re-run's first import request is answered by the service, never recorded.
    c.proxy.decide = (r) => (isImport(r) && r.nth >= 2 ? 'holdResponse' : 'pass');
    const rerun = start(c);
    await c.proxy.whenHeld((r) => isImport(r) && r.nth >= 2);
    await rerun.kill();
    await finishAndCheck(c);
  });
});

describe('an import killed at seeded moments after its first request', () => {
  // Moments after the first request reaches the service; where they land depends on the machine's speed.
  for (const afterMs of [150, 600, 1_300]) {
    it(`killed ${afterMs} ms after its first request`, async () => {
      const c = await setUp();
      const child = start(c);
      await waitFor(() => c.sandbox.stats().requests > 0, child);
      await new Promise((r) => setTimeout(r, afterMs));
      await child.kill();
      await finishAndCheck(c);
    });
  }
});

async function waitFor(condition: () => boolean, child: ChildImport, timeoutMs = 20_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (child.child.exitCode !== null) throw new Error(`the child ended before the kill point:\n${child.output()}`);
    if (performance.now() > deadline) throw new Error(`kill point not reached in ${timeoutMs} ms:\n${child.output()}`);
    await new Promise((r) => setTimeout(r, 3));
  }
}

/**
 * A stop (SIGTERM, Ctrl-C) during any wait of an import — the settle wait, a backoff between
 * retries, the pauses between job polls — ends the run as interrupted (exit 130, the state kept),
 * never as an internal error (issue 34, item 3); the next run finishes the work exactly once.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AbortedError } from '../../src/core/errors.js';
import type { PipelineEvent } from '../../src/core/events.js';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { writeCatalogFixture } from '../helpers/catalog-fixture.js';
import { checkExactlyOnce, createTestDir, importOnce, isSettled, startTestSandbox } from './fault-kit.js';
import { spawnImport, writeChildConfig } from './kill-kit.js';

const IMPORT = { path: DEFAULT_PATHS.import, method: 'POST' } as const;

async function setUp() {
  const dir = await createTestDir();
  const sandbox = await startTestSandbox(dir);
  const fixture = await writeCatalogFixture({ dir, products: 12, skusPerProduct: 1 });
  return { dir, sandbox, fixture };
}

/** Deps whose signal is aborted (with the reason the CLI's handler of old gave: a plain Error) at the first event `when` accepts. */
function stopAt(when: (event: PipelineEvent) => boolean) {
  const controller = new AbortController();
  return {
    signal: controller.signal,
    onEvent: (event: PipelineEvent) => {
      if (!controller.signal.aborted && when(event)) controller.abort(new Error('SIGTERM'));
    },
  };
}

const isSettleWait = (event: PipelineEvent): boolean => event.type === 'log' && event.message.startsWith('waiting ');

describe('a stop during a wait', () => {
  it('while waiting to settle requests of unknown fate: interrupted, resumed by the next run, nothing twice', async () => {
    const c = await setUp();
    c.sandbox.setFaults({ script: [{ ...IMPORT, times: 1, action: { dropAfterHandling: true } }] });
    const first = await importOnce(c);
    expect(first.result.summary.counts.byStatus.unknown).toBe(10);

    const stopped = importOnce(c, { settleAfterMs: 600_000, deps: stopAt(isSettleWait) });
    await expect(stopped).rejects.toBeInstanceOf(AbortedError);

    const last = await importOnce(c);
    expect(last.result.runId).toBe(first.result.runId);
    expect(isSettled(last.result)).toBe(true);
    expect(await checkExactlyOnce(c.sandbox, c.fixture)).toEqual([]);
  });

  it('while a read waits to be retried: interrupted, not an internal error', async () => {
    const c = await setUp();
    c.sandbox.setFaults({ script: [{ path: DEFAULT_PATHS.categories, times: 3, action: { status: 503 } }] });
    const stopped = importOnce(c, { deps: stopAt((event) => event.type === 'http:retry') });
    await expect(stopped).rejects.toBeInstanceOf(AbortedError);
  });

  it('while its jobs are followed: exit 130, the rows pending on their job, which the next run asks (nothing sent again)', async () => {
    const dir = await createTestDir();
    const sandbox = await startTestSandbox(dir, { jobDelayMs: 3_600_000 });
    const c = { dir, sandbox, fixture: await writeCatalogFixture({ dir, products: 12, skusPerProduct: 1 }) };
    const first = await importOnce(c, { deps: stopAt((event) => event.type === 'job:progress') });
    expect(first.result.exitCode).toBe(130);
    expect(first.result.summary.counts.byStatus.pending ?? 0).toBeGreaterThan(0);
    expect(first.result.summary.counts.byStatus.unknown).toBeUndefined();
    await sandbox.settleJobs();
    const last = await importOnce(c);
    expect(isSettled(last.result)).toBe(true);
    // Each of the 2 requests left once: a pending one was asked again, one never sent was sent.
    expect(sandbox.stats().importRequests).toBe(2);
    expect(await checkExactlyOnce(sandbox, c.fixture)).toEqual([]);
  });

  it('the CLI: SIGTERM while it waits to settle exits 130 and keeps the state', async () => {
    const c = await setUp();
    c.sandbox.setFaults({ script: [{ ...IMPORT, times: 1, action: { dropAfterHandling: true } }] });
    const first = await importOnce(c);
    expect(first.result.summary.counts.byStatus.unknown).toBe(10);

    const child = spawnImport({ baseUrl: c.sandbox.url, file: c.fixture.file, mapping: c.fixture.mapping, stateDir: join(c.dir, 'state'), config: await writeChildConfig(c.dir), settleAfterSeconds: 600 });
    for (let i = 0; i < 600 && !/waiting \d+ s/.test(child.output()); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(child.output()).toMatch(/waiting \d+ s/);
    child.child.kill('SIGTERM');
    expect(await child.exited).toBe(130);
    expect(child.output()).not.toMatch(/internal error/);

    const last = await importOnce(c);
    expect(last.result.runId).toBe(first.result.runId);
    expect(isSettled(last.result)).toBe(true);
    expect(await checkExactlyOnce(c.sandbox, c.fixture)).toEqual([]);
  });
});

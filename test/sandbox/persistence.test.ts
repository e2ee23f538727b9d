import { readdirSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { StateError } from '../../src/core/errors.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import { loadStateFile, writeStateFile } from '../../src/sandbox/state-file.js';
import type { StoreSnapshot } from '../../src/sandbox/types.js';
import { call, createFakeClock, getToken, importAndSettle, makeCable, makeTshirt } from './sandbox-test-kit.js';

describe('sandbox state file', () => {
  let dir: string;
  let stateFile: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sandbox-state-'));
    stateFile = join(dir, 'state.json');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps products, jobs, barcodes and id counters across a restart', async () => {
    const first = await startSandbox({ stateFile, jobDelayMs: 0 });
    const token = await getToken(first);
    const tshirt = makeTshirt();
    const job = await importAndSettle(first, token, [tshirt, makeCable()]);
    const before = first.products();
    await first.close();
    expect((await readdir(dir)).sort()).toEqual(['state.json']);

    const second = await startSandbox({ stateFile, jobDelayMs: 0 });
    try {
      expect(second.products()).toEqual(before);
      const token2 = await getToken(second);
      const oldJob = await call(second, 'GET', DEFAULT_PATHS.importInfo, { token: token2, query: { jobId: job.jobId } });
      expect(oldJob.body).toMatchObject({ status: 'Done', products: job.products });
      const again = await importAndSettle(second, token2, [makeTshirt({ skus: tshirt['skus'] }), makeCable()]);
      expect(again.jobId).toBeGreaterThan(job.jobId);
      expect(again.products[0].errors[0]).toMatchObject({ code: 'BARCODE_DUPLICATE' });
      expect(again.products[1].productId).toBeGreaterThan(Math.max(...before.map((p) => p.productId)));
    } finally {
      await second.close();
    }
  });

  it('writes a large state a part at a time, the service answering in between, with the counters read last', async () => {
    // 200,000 SKUs are ~150 MB of JSON: stringified at once, they held the service for seconds.
    const products = Array.from({ length: 5_000 }, (_, i) => ({ productId: i + 1, name: `Товар ${i + 1}`, skus: [{ skuId: i + 1 }] }));
    const snapshot = { version: 1, counters: { nextProductId: 5_001, nextSkuId: 5_001, nextJobId: 1 }, products, jobs: [] } as unknown as StoreSnapshot;
    const writing = writeStateFile(stateFile, snapshot, () => ({ nextProductId: 5_001, nextSkuId: 5_003, nextJobId: 2 }));
    // A request handled while the file is written: the last product's part is stringified after it.
    setImmediate(() => {
      (products[4_999] as { name: string }).name = 'changed while written';
    });
    await writing;
    const loaded = await loadStateFile(stateFile);
    expect((loaded?.products[4_999] as unknown as { name: string }).name).toBe('changed while written');
    expect(loaded?.counters).toEqual({ nextProductId: 5_001, nextSkuId: 5_003, nextJobId: 2 });
    expect(loaded?.products).toHaveLength(5_000);
    expect((await readdir(dir)).sort()).toEqual(['state.json']);
  });

  it('saves no job Done whose products the file lacks when the job falls due while the file is written', async () => {
    const clock = createFakeClock();
    const first = await startSandbox({ stateFile, now: clock.now, jobDelayMs: 0, persistIntervalMs: 1e9 });
    const token = await getToken(first);
    for (let i = 0; i < 20; i++) await importAndSettle(first, token, Array.from({ length: 30 }, () => makeCable()));
    await first.close();
    const second = await startSandbox({ stateFile, now: clock.now, jobDelayMs: 10_000, persistIntervalMs: 5 });
    try {
      const queued = await call(second, 'POST', DEFAULT_PATHS.import, { token: await getToken(second), body: { products: [makeCable()] } });
      // The periodic write is under way while its temporary file is there; the job falls due and
      // is looked at (synchronously) then.
      await expect.poll(() => readdirSync(dir).some((name) => name.endsWith('.tmp')), { interval: 0, timeout: 5000 }).toBe(true);
      clock.advance(20_000);
      const during = second.products().length;
      await expect.poll(() => readdirSync(dir).some((name) => name.endsWith('.tmp')), { interval: 0, timeout: 5000 }).toBe(false);
      // The file a kill -9 would leave now.
      await copyFile(stateFile, join(dir, 'crash.json'));
      const saved = await loadStateFile(join(dir, 'crash.json'));
      const job = saved?.jobs.find((candidate) => candidate.jobId === queued.body.jobId);
      const savedIds = new Set(saved?.products.map((product) => product.productId));
      const missing = (job?.results ?? []).filter((result) => !savedIds.has((result as { productId: number }).productId));
      expect(missing).toEqual([]);
      expect(during).toBe(600);
      expect(second.products()).toHaveLength(601);
    } finally {
      await second.close();
    }
  });

  it('resumes a job that was still queued when the sandbox stopped', async () => {
    const clock = createFakeClock();
    const first = await startSandbox({ stateFile, now: clock.now, jobDelayMs: 10_000 });
    const token = await getToken(first);
    const res = await call(first, 'POST', DEFAULT_PATHS.import, { token, body: { products: [makeCable()] } });
    await first.close();

    const second = await startSandbox({ stateFile, now: clock.now, jobDelayMs: 10_000 });
    try {
      const token2 = await getToken(second);
      const info = () => call(second, 'GET', DEFAULT_PATHS.importInfo, { token: token2, query: { jobId: res.body.jobId } });
      expect((await info()).body.status).toBe('Queued');
      clock.advance(10_000);
      expect((await info()).body.products[0].status).toBe('Success');
      expect(second.products()).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('writes the file while running', async () => {
    const sandbox = await startSandbox({ stateFile, jobDelayMs: 0, persistIntervalMs: 20 });
    try {
      await importAndSettle(sandbox, await getToken(sandbox), [makeCable()]);
      await expect.poll(async () => JSON.parse(await readFile(stateFile, 'utf8').catch(() => '{}')).products?.length, { timeout: 2000 }).toBe(1);
    } finally {
      await sandbox.close();
    }
  });

  it('refuses to start on a file that is not a sandbox state', async () => {
    await writeFile(stateFile, '{"products": 1', 'utf8');
    await expect(startSandbox({ stateFile })).rejects.toBeInstanceOf(StateError);
    await writeFile(stateFile, '{"version": 2}', 'utf8');
    await expect(startSandbox({ stateFile })).rejects.toThrow(/not a version 1 sandbox state/);
  });
});

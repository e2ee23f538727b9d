/**
 * The kill suite: the CLI import runs in a child process against the sandbox (through a proxy
 * that can hold a request or its answer) and is killed with SIGKILL at chosen points of the
 * protocol; then the same import is run again to the end. Afterwards every valid product is on
 * the service exactly once with the file's content, and the report gives every row an outcome.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PATHS } from '../../src/api/wire.js';
import type { SandboxHandle } from '../../src/sandbox/start-sandbox.js';
import { writeCatalogFixture } from '../helpers/catalog-fixture.js';
import type { CatalogFixture } from '../helpers/catalog-fixture.js';
import { checkEveryRowReported, checkExactlyOnce, createTestDir, importUntilDone, isSettled, startTestSandbox } from './fault-kit.js';
import { readJournal, spawnImport, startProxy, waitForJournal, writeChildConfig } from './kill-kit.js';
import type { ChildImport, JournalView, ProxiedRequest, TestProxy } from './kill-kit.js';

/** Jobs take a while, so that "accepted, job not done" is a real window. */
const JOB_DELAY_MS = 200;
/** Longer than a job takes: products of a request of unknown fate exist by the time they are checked. */
const SETTLE_AFTER_MS = 700;
const PRODUCTS = 30;

interface KillCase {
  dir: string;
  stateDir: string;
  sandbox: SandboxHandle;
  proxy: TestProxy;
  fixture: CatalogFixture;
  config: string;
}

async function setUp(products = PRODUCTS): Promise<KillCase> {
  const dir = await createTestDir('catalog-kill-');
  const sandbox = await startTestSandbox(dir, { jobDelayMs: JOB_DELAY_MS });
  const proxy = await startProxy(sandbox.url);
  const fixture = await writeCatalogFixture({ dir, products, skusPerProduct: 2, invalidRows: 2 });
  return { dir, stateDir: join(dir, 'state'), sandbox, proxy, fixture, config: await writeChildConfig(dir) };
}

function start(c: KillCase, settleAfterSeconds = SETTLE_AFTER_MS / 1000): ChildImport {
  return spawnImport({ baseUrl: c.proxy.url, file: c.fixture.file, mapping: c.fixture.mapping, stateDir: c.stateDir, config: c.config, settleAfterSeconds });
}

const isImport = (r: ProxiedRequest): boolean => r.method === 'POST' && r.path === DEFAULT_PATHS.import;
const batchesIn = (view: JournalView, status: string): number => view.batches.filter((b) => b.status === status).length;

/** Runs the import again in-process, through the same proxy (same account), until every row is settled; checks exactly-once. */
async function finishAndCheck(c: KillCase): Promise<void> {
  c.proxy.decide = () => 'pass';
  const attempts = await importUntilDone({ dir: c.dir, sandbox: c.sandbox, fixture: c.fixture }, { settings: { baseUrl: c.proxy.url }, settleAfterMs: SETTLE_AFTER_MS }, 2);
  for (const attempt of attempts) expect(await checkEveryRowReported(attempt.result, c.fixture)).toEqual([]);
  const last = attempts.at(-1);
  expect(last && isSettled(last.result)).toBe(true);
  expect(last?.result.summary.counts.byStatus).toEqual({ accepted: c.fixture.expected.size, invalid: 2 });
  expect(last?.result.summary.counts.issuesByCode).not.toHaveProperty('service_BARCODE_DUPLICATE');
  // The killed run was resumed, not replaced by a new one.
  const runs = readJournal(c.stateDir).runs;
  expect(new Set(runs.map((r) => r.runId)).size).toBeLessThanOrEqual(1);
  expect(await checkExactlyOnce(c.sandbox, c.fixture)).toEqual([]);
}

describe('an import killed at a point of the protocol and run again loses and duplicates nothing', () => {
  it('killed while the directories load (before any state)', async () => {
    const c = await setUp();
    c.proxy.decide = (r) => (r.path === DEFAULT_PATHS.categories ? 'holdRequest' : 'pass');
    const child = start(c);
    await c.proxy.whenHeld((r) => r.path === DEFAULT_PATHS.categories);
    await child.kill();
    expect(readJournal(c.stateDir).batches).toEqual([]);
    await finishAndCheck(c);
  });

  it('killed right after the run was opened (rows being spooled or just spooled, nothing sent)', async () => {
    const c = await setUp(120);
    c.proxy.decide = (r) => (isImport(r) ? 'holdRequest' : 'pass');
    const child = start(c);
    await waitForJournal(c.stateDir, child, (v) => v.runs.length > 0);
    await child.kill();
    expect(c.sandbox.stats().importRequests).toBe(0);
    await finishAndCheck(c);
  });

  it('killed while the first request is on its way (journal says sending, the service has nothing)', async () => {
    const c = await setUp();
    c.proxy.decide = (r) => (isImport(r) ? 'holdRequest' : 'pass');
    const child = start(c);
    await c.proxy.whenHeld(isImport);
    await waitForJournal(c.stateDir, child, (v) => batchesIn(v, 'sending') > 0);
    await child.kill();
    expect(c.sandbox.stats().importRequests).toBe(0);
    await finishAndCheck(c);
  });

  it('killed after the service accepted the request and before its jobId was written', async () => {
    const c = await setUp();
    c.proxy.decide = (r) => (isImport(r) && r.nth === 0 ? 'holdResponse' : isImport(r) ? 'holdRequest' : 'pass');
    const child = start(c);
    await c.proxy.whenHeld((r) => isImport(r) && r.action === 'holdResponse');
    const view = await waitForJournal(c.stateDir, child, (v) => batchesIn(v, 'sending') > 0);
    await child.kill();
    // The service queued the job; the journal never learnt its id.
    expect(c.sandbox.stats().importRequests).toBe(1);
    expect(view.batches.every((b) => b.jobId === null)).toBe(true);
    await finishAndCheck(c);
  });

  it('killed with two requests accepted by the service and neither answer recorded', async () => {
    const c = await setUp();
    c.proxy.decide = (r) => (isImport(r) && r.nth < 2 ? 'holdResponse' : isImport(r) ? 'holdRequest' : 'pass');
    const child = start(c);
    await c.proxy.whenHeld((r) => isImport(r) && r.nth === 1);
    await c.proxy.whenHeld((r) => isImport(r) && r.nth === 0);
    await child.kill();
    expect(c.sandbox.stats().importRequests).toBe(2);
    await finishAndCheck(c);
  });

  it('killed with one request recorded as accepted and the next accepted by the service but unanswered', async () => {
    const c = await setUp();
    c.proxy.decide = (r) => (isImport(r) && r.nth === 1 ? 'holdResponse' : isImport(r) && r.nth > 1 ? 'holdRequest' : 'pass');
    const child = start(c);
    await c.proxy.whenHeld((r) => isImport(r) && r.nth === 1);
    await waitForJournal(c.stateDir, child, (v) => v.batches.some((b) => b.jobId !== null));
    await child.kill();
    await finishAndCheck(c);
  });

  it('killed while a job is accepted and not yet done', async () => {
    const c = await setUp();
    const child = start(c);
    const view = await waitForJournal(c.stateDir, child, (v) => batchesIn(v, 'accepted') > 0);
    await child.kill();
    expect(batchesIn(view, 'done')).toBe(0);
    await finishAndCheck(c);
  });

  it('killed while a job status answer is in flight', async () => {
    const c = await setUp();
    c.proxy.decide = (r) => (r.path === DEFAULT_PATHS.importInfo ? 'holdResponse' : 'pass');
    const child = start(c);
    await c.proxy.whenHeld((r) => r.path === DEFAULT_PATHS.importInfo);
    await child.kill();
    await finishAndCheck(c);
  });

  it('killed right after the first job result was recorded', async () => {
    const c = await setUp();
    const child = start(c);
    await waitForJournal(c.stateDir, child, (v) => batchesIn(v, 'done') > 0);
    await child.kill();
    await finishAndCheck(c);
  });

  it('killed once every job was recorded (while the report is being written)', async () => {
    const c = await setUp();
    const child = start(c);
    await waitForJournal(c.stateDir, child, (v) => v.batches.length === 3 && batchesIn(v, 'done') === 3);
    await child.kill();
    await finishAndCheck(c);
  });
});

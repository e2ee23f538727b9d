/**
 * One case of the kill suites: a sandbox behind a proxy, a catalog, a state directory, a child
 * CLI import to kill, and the check after the import is run again to the end.
 */
import { join } from 'node:path';
import { expect } from 'vitest';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import type { SandboxHandle } from '../../src/sandbox/start-sandbox.js';
import { writeCatalogFixture } from '../helpers/catalog-fixture.js';
import type { CatalogFixture } from '../helpers/catalog-fixture.js';
import { checkEveryRowReported, checkExactlyOnce, createTestDir, importUntilDone, isSettled, startTestSandbox } from './fault-kit.js';
import type { ImportAttempt } from './fault-kit.js';
import { readJournal, spawnImport, startProxy, writeChildConfig } from './kill-kit.js';
import type { ChildImport, ProxiedRequest, TestProxy } from './kill-kit.js';

/** Jobs take a while, so that "accepted, job not done" is a real window. */
export const JOB_DELAY_MS = 200;
/** Longer than a job takes: products of a request of unknown fate exist by the time they are checked. */
export const SETTLE_AFTER_MS = 700;

/** A prepared case. */
export interface KillCase {
  dir: string;
  stateDir: string;
  sandbox: SandboxHandle;
  proxy: TestProxy;
  fixture: CatalogFixture;
  config: string;
}

/** A sandbox behind a proxy and a catalog of `products` (2 SKUs each, 2 invalid rows). */
export async function setUpKillCase(products = 30): Promise<KillCase> {
  const dir = await createTestDir('catalog-kill-');
  const sandbox = await startTestSandbox(dir, { jobDelayMs: JOB_DELAY_MS });
  const proxy = await startProxy(sandbox.url);
  const fixture = await writeCatalogFixture({ dir, products, skusPerProduct: 2, invalidRows: 2 });
  return { dir, stateDir: join(dir, 'state'), sandbox, proxy, fixture, config: await writeChildConfig(dir) };
}

/** Starts the CLI import in a child process, through the proxy. */
export function startKillableImport(c: KillCase, settleAfterSeconds = SETTLE_AFTER_MS / 1000, extra: { nodeArgs?: string[]; env?: Record<string, string> } = {}): ChildImport {
  return spawnImport({ baseUrl: c.proxy.url, file: c.fixture.file, mapping: c.fixture.mapping, stateDir: c.stateDir, config: c.config, settleAfterSeconds, ...extra });
}

/** True for an import request. */
export const isImport = (r: ProxiedRequest): boolean => r.method === 'POST' && r.path === DEFAULT_PATHS.import;

/** Runs the import again in-process, through the same proxy (same account), until every row is settled; checks exactly-once. */
export async function finishAndCheck(c: KillCase): Promise<ImportAttempt[]> {
  c.proxy.decide = () => 'pass';
  const attempts = await importUntilDone({ dir: c.dir, sandbox: c.sandbox, fixture: c.fixture }, { settings: { baseUrl: c.proxy.url }, settleAfterMs: SETTLE_AFTER_MS }, 2);
  for (const attempt of attempts) expect(await checkEveryRowReported(attempt.result, c.fixture)).toEqual([]);
  const last = attempts.at(-1);
  expect(last && isSettled(last.result)).toBe(true);
  // Rows whose products a lost request already put on the service count as accepted; a last run
  // that finds everything there reports them unchanged.
  const { accepted = 0, unchanged = 0, ...others } = last?.result.summary.counts.byStatus ?? {};
  expect({ sent: accepted + unchanged, ...others }).toEqual({ sent: c.fixture.expected.size, invalid: 2 });
  expect(last?.result.summary.counts.issuesByCode).not.toHaveProperty('service_BARCODE_DUPLICATE');
  // The killed run was resumed, not started over: a second run appears only when the first had
  // already finished before the kill landed; either way every run ends finished.
  const runs = readJournal(c.stateDir).runs;
  expect(runs.filter((r) => r.status !== 'finished')).toEqual([]);
  expect(runs.length).toBeLessThanOrEqual(2);
  expect(await checkExactlyOnce(c.sandbox, c.fixture)).toEqual([]);
  return attempts;
}

/**
 * Fault rounds of our own (issue 34, "a fault test of your own"): each round imports a catalog
 * with CLI children whose wall clock is moved (an hour back, two hours on, or a jump mid-run,
 * through the `shift-wall-clock.mjs` preload; their monotonic clock stays true), through the
 * kill suite's proxy answering with random faults (connections reset before and after the service
 * handled a request, 500s, answers cut short or garbled) over a sandbox with random 503s and
 * drops, jobs slower than the job time-out, and SIGKILLs at seeded moments. Then the import is run
 * to the end without faults, and the service's products are compared with the file and the last
 * report with the service: every product exactly once with the file's content, every valid row
 * `accepted` or `unchanged` with the ids the service holds.
 * Bounded: 3 rounds of at most 3 children each; nothing is timed.
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../src/report/write-result-json.js';
import type { SandboxHandle } from '../../src/sandbox/start-sandbox.js';
import type { CatalogFixture } from '../helpers/catalog-fixture.js';
import { isImport, setUpKillCase, startKillableImport } from './kill-case.js';
import type { KillCase } from './kill-case.js';
import { checkEveryRowReported, checkExactlyOnce, importUntilDone, isSettled, loadAnnotatedRows, loadLiveCatalog } from './fault-kit.js';
import type { ProxyAction } from './kill-kit.js';
import { createPrng } from '../../src/sandbox/create-prng.js';

const PRELOAD = pathToFileURL(resolve(import.meta.dirname, 'shift-wall-clock.mjs')).href;
const HOUR = 3_600_000;

/** The wall-clock moves of a child: a shift from its start, or a jump a while into the run. */
const CLOCKS: Record<string, string>[] = [
  { CATALOG_TEST_CLOCK_SHIFT_MS: String(-HOUR) },
  { CATALOG_TEST_CLOCK_SHIFT_MS: String(2 * HOUR) },
  { CATALOG_TEST_CLOCK_JUMP_AFTER_MS: '1500', CATALOG_TEST_CLOCK_JUMP_MS: String(2 * HOUR) },
  { CATALOG_TEST_CLOCK_JUMP_AFTER_MS: '1500', CATALOG_TEST_CLOCK_JUMP_MS: String(-HOUR) },
];

const FAULTS: ProxyAction[] = ['resetBefore', 'resetAfter', 'fail500', 'truncate', 'garble'];

/** Every valid row of the report is `accepted` or `unchanged` with the product and SKU ids the service holds for its barcode. */
async function checkOutcomesAgainstService(result: RunResult, sandbox: SandboxHandle, fixture: CatalogFixture): Promise<string[]> {
  const live = new Map<string, { productId: number; skuId: number }>();
  for (const detail of await loadLiveCatalog(sandbox)) for (const sku of detail.skus) live.set(sku.skuBarcode ?? '', { productId: detail.productId, skuId: sku.skuId });
  const problems: string[] = [];
  for (const row of await loadAnnotatedRows(result)) {
    const barcode = row['Штрихкод'] ?? '';
    if (!fixture.expected.has(barcode)) continue;
    const held = live.get(barcode);
    if (row._status !== 'accepted' && row._status !== 'unchanged') problems.push(`${barcode}: reported ${row._status}`);
    else if (held === undefined) problems.push(`${barcode}: reported ${row._status}, not on the service`);
    else if (row._product_id !== String(held.productId) || row._sku_id !== String(held.skuId)) {
      problems.push(`${barcode}: reported product ${row._product_id} SKU ${row._sku_id}, the service holds ${held.productId} / ${held.skuId}`);
    }
  }
  return problems;
}

/** Settings of the children: jobs (1.5 s) outlive the job time-out (1 s), so rows are left pending. */
async function writeRoundConfig(c: KillCase): Promise<void> {
  await writeFile(c.config, 'pollIntervalMs: 30\ntimeoutMs: 3000\nretryLimit: 3\njobTimeoutSeconds: 1\n');
}

async function waitUntil(condition: () => boolean, exited: () => boolean): Promise<void> {
  while (!condition() && !exited()) await new Promise((r) => setTimeout(r, 5));
}

async function runRound(seed: number): Promise<void> {
  const random = createPrng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const c = await setUpKillCase(24);
  await writeRoundConfig(c);
  c.sandbox.setFaults({ failureRate: 0.05, dropRate: 0.03 });
  c.proxy.decide = (r) => (random() < (isImport(r) ? 0.2 : 0.06) ? pick(FAULTS) : 'pass');
  for (let child = 0; child < 3; child += 1) {
    const before = c.sandbox.stats().requests;
    const run = startKillableImport(c, 0.7, { nodeArgs: ['--import', PRELOAD], env: pick(CLOCKS) });
    let ended = false;
    void run.exited.then(() => (ended = true));
    // The last child is let run to its end; the others are killed at a seeded moment after their first request reached the service.
    if (child < 2) {
      await waitUntil(() => c.sandbox.stats().requests > before, () => ended);
      await new Promise((r) => setTimeout(r, 100 + Math.floor(random() * 1_500)));
      await run.kill();
    } else {
      const code = await run.exited;
      expect([0, 1, 3], run.output()).toContain(code);
    }
  }
  // Faults off: the import is run to its end, and the service and the report are compared with the truth.
  c.sandbox.setFaults({ failureRate: 0, dropRate: 0 });
  c.proxy.decide = () => 'pass';
  const attempts = await importUntilDone({ dir: c.dir, sandbox: c.sandbox, fixture: c.fixture }, { settings: { baseUrl: c.proxy.url, jobTimeoutSeconds: 30 }, settleAfterMs: 700 }, 3);
  const last = attempts.at(-1);
  expect(last && isSettled(last.result)).toBe(true);
  if (last === undefined) return;
  expect(await checkEveryRowReported(last.result, c.fixture)).toEqual([]);
  expect(await checkExactlyOnce(c.sandbox, c.fixture)).toEqual([]);
  expect(await checkOutcomesAgainstService(last.result, c.sandbox, c.fixture)).toEqual([]);
}

describe('fault rounds: random faults, SIGKILLs and wall-clock moves', () => {
  for (const seed of [11, 22, 33]) {
    it(`round ${seed}: every product exactly once, outcomes equal to the service`, { timeout: 240_000 }, async () => {
      await runRound(seed);
    });
  }
});

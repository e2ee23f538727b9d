/**
 * The fault test of issue 21 (item 9): a child CLI import is killed (SIGKILL) right after the
 * service accepted two requests whose answers it never got; the seller then edits the file (a
 * barcode corrected, a price changed, a SKU replaced, a SKU added); the re-run goes through a
 * proxy that cuts the token answer short, answers 500 and garbles reads, cuts a job status short
 * and drops one import before it reaches the service. Checked through the sandbox's list and
 * details: every product exactly once, with the last file's content, nothing refused as a
 * duplicate, no conflict.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { buildEan13 } from '../helpers/catalog-fixture.js';
import { editFixture } from './edit-fixture.js';
import { checkEveryRowReported, checkExactlyOnce, importUntilDone, isSettled } from './fault-kit.js';
import { isImport, setUpKillCase, SETTLE_AFTER_MS, startKillableImport } from './kill-case.js';
import { readJournal } from './kill-kit.js';
import type { ProxyAction, ProxiedRequest } from './kill-kit.js';

describe('killed, the file edited, re-run over a bad link', () => {
  it('ends with every product once and the edited content', async () => {
    const c = await setUpKillCase(20);
    c.proxy.decide = (r) => (isImport(r) && r.nth < 2 ? 'holdResponse' : isImport(r) ? 'holdRequest' : 'pass');
    const child = startKillableImport(c);
    await c.proxy.whenHeld((r) => isImport(r) && r.nth === 1);
    await c.proxy.whenHeld((r) => isImport(r) && r.nth === 0);
    await child.kill();
    expect(c.sandbox.stats().importRequests).toBe(2);
    expect(readJournal(c.stateDir).batches.filter((b) => b.status === 'sending').length).toBeGreaterThanOrEqual(2);

    const edited = await editFixture(c.fixture, [
      { kind: 'barcode', productKey: 'SM-1', sku: 0, barcode: buildEan13(800_001) },
      { kind: 'price', productKey: 'SM-2', priceTenge: 61_234 },
      { kind: 'removeSku', productKey: 'SM-3', sku: 1 },
      { kind: 'addSku', productKey: 'SM-3', barcode: buildEan13(800_003), color: 'Синий' },
      { kind: 'addSku', productKey: 'SM-14', barcode: buildEan13(800_014), color: 'Белый' },
    ]);
    const faults: [string, string, number, ProxyAction][] = [
      ['POST', DEFAULT_PATHS.token, 2, 'truncate'],
      ['POST', DEFAULT_PATHS.list, 0, 'fail500'],
      ['POST', DEFAULT_PATHS.details, 1, 'garble'],
      ['POST', DEFAULT_PATHS.details, 2, 'resetAfter'],
      ['GET', DEFAULT_PATHS.importInfo, 1, 'truncate'],
      ['POST', DEFAULT_PATHS.import, 2, 'resetBefore'],
    ];
    const injected: string[] = [];
    c.proxy.decide = (request: ProxiedRequest) => {
      const fault = faults.find(([method, path, nth]) => method === request.method && request.path === path && nth === request.nth);
      if (!fault) return 'pass';
      injected.push(`${fault[3]} ${request.method} ${request.path}`);
      return fault[3];
    };
    const attempts = await importUntilDone({ dir: c.dir, sandbox: c.sandbox, fixture: edited }, { settings: { baseUrl: c.proxy.url }, settleAfterMs: SETTLE_AFTER_MS }, 3);
    expect(injected.length).toBeGreaterThanOrEqual(4);
    for (const attempt of attempts) expect(await checkEveryRowReported(attempt.result, edited)).toEqual([]);
    const last = attempts.at(-1);
    expect(last && isSettled(last.result)).toBe(true);
    for (const attempt of attempts) {
      expect(attempt.result.summary.counts.issuesByCode).not.toHaveProperty('service_BARCODE_DUPLICATE');
      expect(attempt.result.summary.counts.issuesByCode).not.toHaveProperty('settle_conflict');
    }
    expect(await checkExactlyOnce(c.sandbox, edited)).toEqual([]);
  }, 90_000);
});

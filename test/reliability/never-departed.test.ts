/**
 * A request journaled `sending` that was never handed to fetch is known not sent (issue 34, item
 * 8): the resume sends it again without asking the service about its products. A child import is
 * killed while two requests are out (held by the proxy before the service saw them) and two more
 * are marked `sending`, waiting for a slot; the re-run settles only the two that left, and never
 * searches the list for a product of the two that did not.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { compressRequestBody } from '../../src/state/request-journal.js';
import { finishAndCheck, isImport, setUpKillCase, startKillableImport } from './kill-case.js';
import { waitForJournal } from './kill-kit.js';
import { makeRun, makeTempDir, openTestStore } from '../state/state-test-kit.js';

describe('the departure mark in the journal', () => {
  it('is refused once another run released the request, and a departed request is never released', async () => {
    const store = openTestStore(await makeTempDir());
    const { runId } = store.createRun(makeRun());
    store.planBatches(runId, [
      { index: 0, productKeys: ['A'], requestHash: 'r0' },
      { index: 1, productKeys: ['B'], requestHash: 'r1' },
    ]);
    const boot = { bootId: 'boot-1', ms: 1_000 };
    store.markBatchesSending(runId, [{ index: 0, gzippedBody: await compressRequestBody('{}') }, { index: 1, gzippedBody: await compressRequestBody('{}') }], boot);
    expect(store.listBatches(runId)[0]).toMatchObject({ status: 'sending', sentClock: boot, departedAt: null });
    // Request 0 leaves; request 1 is released by another run first and may then never leave.
    expect(store.markBatchDeparted(runId, 0, { bootId: 'boot-1', ms: 1_500 })).toBe(true);
    expect(store.releaseNeverDeparted(runId, 0, 'x')).toBe(false);
    expect(store.releaseNeverDeparted(runId, 1, 'never left')).toBe(true);
    expect(store.markBatchDeparted(runId, 1, boot)).toBe(false);
    expect(store.listBatches(runId).map((b) => [b.status, b.departedClockMs])).toEqual([['sending', 1_500], ['failed', null]]);
    // Marked sending again (planned again and sent): the old departure is forgotten.
    store.markBatchesSending(runId, [{ index: 0, gzippedBody: await compressRequestBody('{}') }], boot);
    expect(store.listBatches(runId)[0]).toMatchObject({ departedAt: null, departedClockMs: null });
    store.close();
  });
});

describe('a request marked sending that never left', () => {
  it('is sent again on resume without settling its products by content', async () => {
    const c = await setUpKillCase(40);
    c.proxy.decide = (r) => (isImport(r) ? 'holdRequest' : 'pass');
    const child = startKillableImport(c);
    await c.proxy.whenHeld((r) => isImport(r) && r.nth === 1);
    // Concurrency 2 takes four requests ahead: the two held left, the other two wait for a slot.
    const view = await waitForJournal(c.stateDir, child, (v) => v.batches.filter((b) => b.status === 'sending').length === 4);
    await child.kill();
    expect(c.sandbox.stats().importRequests).toBe(0);
    const left = view.batches.filter((b) => b.departed);
    const stayed = view.batches.filter((b) => b.status === 'sending' && !b.departed);
    expect(left.length).toBe(2);
    expect(stayed.length).toBe(2);

    c.proxy.seen.length = 0;
    const attempts = await finishAndCheck(c);
    const events = attempts.flatMap((a) => a.events);
    expect(events.some((e) => e.type === 'log' && e.message.startsWith('2 request(s) marked sending never left'))).toBe(true);
    // Only the 20 products of the two requests that left are looked for.
    expect(events.find((e) => e.type === 'stage:start' && e.stage === 'settle')).toMatchObject({ detail: expect.stringContaining('which of 20 product(s)') });
    const stayedKeys = new Set(stayed.flatMap((b) => b.productKeys));
    const terms = [...new Set([...c.fixture.expected.values()].filter((sku) => stayedKeys.has(sku.productKey)).flatMap((sku) => [sku.barcode, sku.nameRus]))];
    expect(terms.length).toBeGreaterThanOrEqual(40); // 40 barcodes and the products' names
    const lists = c.proxy.seen.filter((r) => r.path === DEFAULT_PATHS.list);
    expect(lists.filter((r) => terms.some((term) => r.text.includes(JSON.stringify(term)))).length).toBe(0);
  });
});

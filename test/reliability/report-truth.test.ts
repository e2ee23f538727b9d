/**
 * The final report's outcomes are the truth of the whole run (issue 34, items 5 and 6): a product
 * an earlier attempt's request created is `accepted` naming that request, even when the attempt
 * that found it was stopped before reporting; a request the service processed but whose answer
 * was lost is `unknown` (never `not_sent`) until settled, then `accepted`.
 */
import { describe, expect, it } from 'vitest';
import { AbortedError } from '../../src/core/errors.js';
import type { PipelineEvent } from '../../src/core/events.js';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { writeCatalogFixture } from '../helpers/catalog-fixture.js';
import { checkExactlyOnce, createTestDir, importOnce, loadAnnotatedRows, startTestSandbox } from './fault-kit.js';

const IMPORT = { path: DEFAULT_PATHS.import, method: 'POST' } as const;

describe('the final report of a run of several attempts', () => {
  it('reports accepted, naming the request, what an earlier attempt created and a stopped attempt settled', async () => {
    const dir = await createTestDir();
    const sandbox = await startTestSandbox(dir);
    const fixture = await writeCatalogFixture({ dir, products: 12, skusPerProduct: 1 });
    const c = { dir, sandbox, fixture };
    sandbox.setFaults({ script: [{ ...IMPORT, times: 1, action: { dropAfterHandling: true } }] });

    // Attempt 1: the first request's answer is lost after the service took it: unknown, not not_sent.
    const first = await importOnce(c);
    expect(first.result.summary.counts.byStatus).toEqual({ unknown: 10, accepted: 2 });
    expect(first.result.summary.issues.filter((i) => i.code === 'request_fate_unknown')).toHaveLength(10);

    // Attempt 2 settles it (the products exist), then is stopped before it reports.
    const controller = new AbortController();
    const stopAfterSettling = (event: PipelineEvent): void => {
      if (event.type === 'log' && event.message.startsWith('settled:')) controller.abort(new Error('SIGINT'));
    };
    await expect(importOnce(c, { deps: { signal: controller.signal, onEvent: stopAfterSettling } })).rejects.toBeInstanceOf(AbortedError);

    // Attempt 3: nothing left to send; the run's truth is that it created all 12.
    const third = await importOnce(c);
    expect(third.result.runId).toBe(first.result.runId);
    expect(third.result.summary.counts.byStatus).toEqual({ accepted: 12 });
    const rows = await loadAnnotatedRows(third.result);
    const byEarlier = rows.filter((row) => (row['_errors'] ?? '').includes('accepted: created by'));
    expect(byEarlier).toHaveLength(10);
    expect(await checkExactlyOnce(sandbox, fixture)).toEqual([]);
    expect(sandbox.stats().importRequests).toBe(2);
  });
});

/**
 * A file edited between a crash and the re-run (issue 21, item 1): the first run's requests are
 * taken by the service but their answers lost; the seller corrects a barcode, changes a price,
 * replaces one SKU and adds another; the re-run settles the lost requests by the bodies that were
 * sent and ends with every product once, holding the edited content — the corrected barcode an
 * update of the SKU created with the old one, never a second product or an extra SKU.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { buildEan13, writeCatalogFixture } from '../helpers/catalog-fixture.js';
import { checkEveryRowReported, checkExactlyOnce, createTestDir, importOnce, loadAnnotatedRows, startTestSandbox } from './fault-kit.js';
import { editFixture } from './edit-fixture.js';

describe('a file edited between a crash and the re-run', () => {
  it('settles by what was sent: corrected barcode, price, SKU replaced and added, every product once', async () => {
    const dir = await createTestDir();
    const sandbox = await startTestSandbox(dir);
    const fixture = await writeCatalogFixture({ dir, products: 12, skusPerProduct: 2 });
    const c = { dir, sandbox, fixture };
    // Both requests (10 + 2 products) are queued by the service, their answers lost.
    sandbox.setFaults({ script: [{ path: DEFAULT_PATHS.import, method: 'POST', times: 2, action: { dropAfterHandling: true } }] });
    const first = await importOnce(c);
    expect(first.result.summary.counts.byStatus).toEqual({ unknown: 24 });
    expect(sandbox.stats().importRequests).toBe(2);

    const edited = await editFixture(fixture, [
      { kind: 'barcode', productKey: 'SM-1', sku: 0, barcode: buildEan13(900_001) },
      { kind: 'price', productKey: 'SM-2', priceTenge: 77_777 },
      { kind: 'removeSku', productKey: 'SM-3', sku: 1 },
      { kind: 'addSku', productKey: 'SM-3', barcode: buildEan13(900_003), color: 'Синий' },
      { kind: 'addSku', productKey: 'SM-11', barcode: buildEan13(900_011), color: 'Белый' },
    ]);
    const second = await importOnce({ ...c, fixture: edited });
    const settle = second.events.find((e) => e.type === 'log' && e.message.startsWith('settled:'));
    expect(settle).toMatchObject({ message: expect.stringContaining('settled: 12 of 12') });
    expect(second.result.exitCode).toBe(0);
    expect(await checkEveryRowReported(second.result, edited)).toEqual([]);
    expect(await checkExactlyOnce(sandbox, edited)).toEqual([]);
    // Products the first attempt's requests created are reported accepted, not unchanged.
    expect(second.result.summary.counts.byStatus).toEqual({ accepted: 25 });
    // Each row says which job took it, or which earlier request created it (its answer not recorded).
    const rows = await loadAnnotatedRows(second.result);
    const untold = rows.filter((row) => row['_job_id'] === '' && !(row['_errors'] ?? '').includes('accepted: created by request'));
    expect(untold).toEqual([]);
    const sent = rows.filter((row) => row['_job_id'] !== '').map((row) => row['Артикул']);
    // The edited products were sent again as updates, under this run's job.
    expect(new Set(sent)).toEqual(new Set(['SM-1', 'SM-2', 'SM-3', 'SM-11']));
    expect(rows.find((row) => row['Артикул'] === 'SM-5')?.['_errors']).toMatch(/created by request 1 of run \d{8}-\d{6}-\w+, whose answer was not recorded/);
  }, 60_000);
});

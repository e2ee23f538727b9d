/**
 * Two imports of the same file against the same state at once (an overlapping cron job, a second
 * terminal): the second starts while the first has requests out; each product must still be
 * created once.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeCatalogFixture } from '../helpers/catalog-fixture.js';
import { checkExactlyOnce, createTestDir, startTestSandbox } from './fault-kit.js';
import { spawnImport, waitForJournal, writeChildConfig } from './kill-kit.js';

describe('overlapping imports of one state', () => {
  it('a second import started while the first has requests out creates nothing twice', async () => {
    const dir = await createTestDir('catalog-overlap-');
    const sandbox = await startTestSandbox(dir, { jobDelayMs: 800 });
    const fixture = await writeCatalogFixture({ dir, products: 30, skusPerProduct: 2 });
    const config = await writeChildConfig(dir);
    const stateDir = join(dir, 'state');
    const options = { baseUrl: sandbox.url, file: fixture.file, mapping: fixture.mapping, stateDir, config, settleAfterSeconds: 1.2 };
    const first = spawnImport(options);
    await waitForJournal(stateDir, first, (v) => v.batches.some((b) => b.status === 'accepted'));
    const second = spawnImport(options);
    const codes = await Promise.all([first.exited, second.exited]);
    const outputs = `${first.output()}\n=====\n${second.output()}`;
    expect(outputs).not.toMatch(/BARCODE_DUPLICATE/);
    expect(codes).toContain(0);
    expect(await checkExactlyOnce(sandbox, fixture)).toEqual([]);
  });
});

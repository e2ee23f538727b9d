/**
 * Report files are written under a temporary name and renamed once complete (issue 34, item 7): a
 * process killed while it writes one leaves no half file under a final name, only a hidden
 * `.partial` file that nothing takes for a result; a writer that fails or is stopped leaves nothing.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBatchedFileOutput } from '../../src/report/open-batched-file-output.js';
import { writeSummaryJson } from '../../src/report/write-run-report.js';
import { createZipOutput } from '../../src/report/xlsx-patch/zip-output.js';
import type { RunSummary } from '../../src/report/report-types.js';
import { writeCatalogFixture } from '../helpers/catalog-fixture.js';
import { createTestDir, importOnce, startTestSandbox } from './fault-kit.js';

const list = async (dir: string): Promise<string[]> => (await readdir(dir)).sort();

describe('report files appear under their final names only when complete', () => {
  it('a batched CSV output: a hidden partial file while it is written, the final name once closed', async () => {
    const dir = await createTestDir();
    const output = openBatchedFileOutput(join(dir, 'annotated.csv'));
    output.putText('a;b\r\n'.repeat(100_000));
    await output.settle();
    // The stream opens its file asynchronously: wait until it exists.
    let during = await list(dir);
    for (let i = 0; i < 200 && during.length === 0; i += 1) during = await new Promise((resolve) => setTimeout(resolve, 10)).then(() => list(dir));
    expect(during).not.toContain('annotated.csv');
    expect(during).toEqual([expect.stringMatching(/^\.annotated\.csv\.[0-9a-f]{8}\.partial$/)]);
    await output.close();
    expect(await list(dir)).toEqual(['annotated.csv']);
  });

  it('a batched output destroyed half-way leaves nothing', async () => {
    const dir = await createTestDir();
    const output = openBatchedFileOutput(join(dir, 'rejected-rows.csv'));
    output.putText('x'.repeat(300_000));
    await output.destroy();
    expect(await list(dir)).toEqual([]);
  });

  it('a zip (annotated.xlsx): no file of that name until its central directory is written', async () => {
    const dir = await createTestDir();
    const zip = await createZipOutput(join(dir, 'annotated.xlsx'));
    await zip.addEntry('[Content_Types].xml', '<Types/>');
    expect(await list(dir)).not.toContain('annotated.xlsx');
    await zip.close();
    expect(await list(dir)).toEqual(['annotated.xlsx']);

    const broken = await createZipOutput(join(dir, 'other.xlsx'));
    await broken.addEntry('a.xml', '<a/>');
    await broken.abort();
    expect(await list(dir)).toEqual(['annotated.xlsx']);
  });

  it('a path that is a device is written in place, never replaced by a file', async () => {
    const output = openBatchedFileOutput('/dev/null');
    output.putText('nothing');
    await output.close();
    const { lstat } = await import('node:fs/promises');
    expect((await lstat('/dev/null')).isCharacterDevice()).toBe(true);
  });

  it('summary.json is replaced whole', async () => {
    const dir = await createTestDir();
    await writeSummaryJson(join(dir, 'summary.json'), { schemaVersion: 1 } as unknown as RunSummary);
    expect(await list(dir)).toEqual(['summary.json']);
  });

  it('an import of an XLSX file leaves only complete report files, no scratch file', async () => {
    const dir = await createTestDir();
    const sandbox = await startTestSandbox(dir);
    const fixture = await writeCatalogFixture({ dir, products: 4, skusPerProduct: 2, format: 'xlsx', invalidRows: 1 });
    const { result } = await importOnce({ dir, sandbox, fixture });
    const files = await list(result.reportDir);
    expect(files.filter((name) => name.startsWith('.') || name.endsWith('.tmp') || name.endsWith('.partial'))).toEqual([]);
    expect(files).toContain('annotated.xlsx');
  });
});

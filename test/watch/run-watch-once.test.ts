/**
 * `runWatch` with `once`: the exit codes match the import's, files end in done/ or failed/ with
 * their notes, the same content is imported once, and temporary, lock and hidden files are left
 * alone. Against an in-test sandbox over real HTTP.
 */
import { existsSync } from 'node:fs';
import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashFile } from '../../src/pipeline/hash-file.js';
import { openStateStore } from '../../src/state/index.js';
import { runWatch } from '../../src/watch/run-watch.js';
import type { WatchLogRecord } from '../../src/watch/render-watch-log.js';
import { buildCatalogCsv, buildDeps, buildRows, buildWatchOptions, createWatchTestBed, fileRecords } from './watch-test-kit.js';

describe('runWatch --once', () => {
  it('exits 0 at once on an empty inbox, and creates its folders', async () => {
    const bed = await createWatchTestBed();
    const records: WatchLogRecord[] = [];
    const started = Date.now();
    const result = await runWatch(buildWatchOptions(bed, records, { stableSeconds: 5 }), buildDeps(bed));
    expect(result).toEqual({ exitCode: 0, files: [] });
    expect(Date.now() - started).toBeLessThan(3000);
    for (const dir of ['processing', 'done', 'failed', 'reports']) expect(existsSync(join(bed.inbox, dir))).toBe(true);
    expect(existsSync(join(bed.inbox, '.catalog-import-watch.lock'))).toBe(false);
    expect(records.map((r) => r.event)).toEqual(['lock', 'started', 'stopped']);
  });

  it('imports a clean file (exit 0) into done/ with its result note and report', async () => {
    const bed = await createWatchTestBed();
    await writeFile(join(bed.inbox, 'catalog.csv'), buildCatalogCsv(buildRows('A', 3, 1)));
    const sha256 = await hashFile(join(bed.inbox, 'catalog.csv'));
    const records: WatchLogRecord[] = [];
    const result = await runWatch(buildWatchOptions(bed, records), buildDeps(bed));

    expect(result.exitCode).toBe(0);
    expect(result.files).toHaveLength(1);
    const record = result.files[0];
    expect(record).toMatchObject({ file: 'catalog.csv', sha256, outcome: 'done', exitCode: 0, counts: { rows: 3, accepted: 3 }, path: join(bed.inbox, 'done', 'catalog.csv') });
    expect(record?.reportDir).toBe(join(bed.inbox, 'reports', record?.runId ?? '?'));
    expect(existsSync(join(record?.reportDir ?? '', 'summary.json'))).toBe(true);
    expect(await readdir(join(bed.inbox, 'processing'))).toEqual([]);
    expect(await readdir(bed.inbox)).not.toContain('catalog.csv');
    const note = JSON.parse(await readFile(join(bed.inbox, 'done', 'catalog.csv.result.json'), 'utf8')) as Record<string, unknown>;
    expect(note).toMatchObject({ outcome: 'done', runId: record?.runId, sha256 });
    expect(bed.sandbox.products()).toHaveLength(3);
  });

  it('exits 1 for a file with invalid rows, moved to done/ (or failed/ with failOnRowErrors)', async () => {
    const bed = await createWatchTestBed();
    await writeFile(join(bed.inbox, 'mixed.csv'), buildCatalogCsv([...buildRows('B', 2, 10), { key: 'BAD', n: 99, badBarcode: true }]));
    const result = await runWatch(buildWatchOptions(bed, []), buildDeps(bed));
    expect(result.exitCode).toBe(1);
    expect(result.files[0]).toMatchObject({ outcome: 'done', exitCode: 1, counts: { rows: 3, accepted: 2, invalid: 1 } });
    expect(existsSync(join(bed.inbox, 'done', 'mixed.csv'))).toBe(true);

    await writeFile(join(bed.inbox, 'mixed2.csv'), buildCatalogCsv([...buildRows('C', 1, 20), { key: 'BAD2', n: 98, badBarcode: true }]));
    const strict = await runWatch(buildWatchOptions(bed, [], { failOnRowErrors: true }), buildDeps(bed));
    expect(strict.exitCode).toBe(1);
    expect(strict.files[0]).toMatchObject({ file: 'mixed2.csv', outcome: 'failed', exitCode: 1, counts: { accepted: 1, invalid: 1 } });
    expect(existsSync(join(bed.inbox, 'failed', 'mixed2.csv'))).toBe(true);
    expect(existsSync(join(bed.inbox, 'failed', 'mixed2.csv.result.json'))).toBe(true);
  });

  it('exits 2 for an unreadable file, moved to failed/ with its error beside it, and goes on with the next file', async () => {
    const bed = await createWatchTestBed();
    await writeFile(join(bed.inbox, 'broken.xlsx'), 'this is not a workbook');
    await writeFile(join(bed.inbox, 'good.csv'), buildCatalogCsv(buildRows('D', 2, 30)));
    const result = await runWatch(buildWatchOptions(bed, []), buildDeps(bed));

    expect(result.exitCode).toBe(2);
    const byFile = Object.fromEntries(result.files.map((r) => [r.file, r]));
    expect(byFile['broken.xlsx']).toMatchObject({ outcome: 'failed', exitCode: 2, runId: null, path: join(bed.inbox, 'failed', 'broken.xlsx') });
    expect(byFile['good.csv']).toMatchObject({ outcome: 'done', exitCode: 0 });
    const error = await readFile(join(bed.inbox, 'failed', 'broken.xlsx.error.txt'), 'utf8');
    expect(error).toContain('not an XLSX workbook');
    expect(bed.sandbox.products()).toHaveLength(2);
  });

  it('imports the same content once: a second copy under another name goes to done/ with a note naming the first run', async () => {
    const bed = await createWatchTestBed();
    const csv = buildCatalogCsv(buildRows('E', 3, 40));
    await writeFile(join(bed.inbox, 'monday.csv'), csv);
    const first = await runWatch(buildWatchOptions(bed, []), buildDeps(bed));
    expect(first.files[0]).toMatchObject({ outcome: 'done', exitCode: 0 });
    const firstRunId = first.files[0]?.runId;
    const importsBefore = bed.sandbox.stats().importRequests;
    expect(bed.sandbox.products()).toHaveLength(3);

    await writeFile(join(bed.inbox, 'tuesday.csv'), csv);
    await writeFile(join(bed.inbox, 'monday.csv'), csv); // the same name again: kept apart in done/
    const second = await runWatch(buildWatchOptions(bed, []), buildDeps(bed));
    expect(second.exitCode).toBe(0);
    expect(second.files.map((r) => [r.file, r.outcome, r.runId]).sort()).toEqual([
      ['monday.csv', 'duplicate', firstRunId],
      ['tuesday.csv', 'duplicate', firstRunId],
    ]);
    expect(bed.sandbox.stats().importRequests).toBe(importsBefore);
    expect(bed.sandbox.products()).toHaveLength(3);
    const done = (await readdir(join(bed.inbox, 'done'))).sort();
    expect(done.filter((name) => name.endsWith('.csv'))).toHaveLength(3);
    expect(done).toContain('tuesday.csv.duplicate.txt');
    const renamed = done.find((name) => /^monday\.\d{8}-\d{6}\.csv$/.test(name));
    expect(renamed).toBeDefined();
    expect(await readFile(join(bed.inbox, 'done', 'tuesday.csv.duplicate.txt'), 'utf8')).toContain(`imported by run ${firstRunId}`);
    // The re-import hint names the file where it lies and the watcher's state (another state would create the products again).
    expect(await readFile(join(bed.inbox, 'done', 'tuesday.csv.duplicate.txt'), 'utf8')).toContain(`import ${join(bed.inbox, 'done', 'tuesday.csv')} --mapping`);
    expect(await readFile(join(bed.inbox, 'done', 'tuesday.csv.duplicate.txt'), 'utf8')).toContain(`--state-dir ${bed.stateDir}`);
    // One import run of this content in the state.
    const store = openStateStore({ dir: bed.stateDir, account: { baseUrl: bed.sandbox.url, clientId: 'sandbox-seller' }, now: () => new Date() });
    try {
      expect(store.listRuns().filter((run) => run.command === 'import')).toHaveLength(1);
    } finally {
      store.close();
    }
  });

  it('sends only changed products when a changed file of the same products is dropped', async () => {
    const bed = await createWatchTestBed();
    const rows = buildRows('F', 3, 50);
    await writeFile(join(bed.inbox, 'v1.csv'), buildCatalogCsv(rows));
    await runWatch(buildWatchOptions(bed, []), buildDeps(bed));
    const before = bed.sandbox.stats().importedProducts;
    await writeFile(join(bed.inbox, 'v2.csv'), buildCatalogCsv(rows.map((row, i) => (i === 0 ? { ...row, price: '89 990,00' } : row))));
    const result = await runWatch(buildWatchOptions(bed, []), buildDeps(bed));
    expect(result.files[0]).toMatchObject({ file: 'v2.csv', outcome: 'done', counts: { rows: 3, accepted: 1, unchanged: 2 } });
    expect(bed.sandbox.stats().importedProducts - before).toBe(1);
    expect(bed.sandbox.products()).toHaveLength(3);
  });

  it('leaves temporary, lock, hidden and marker files alone', async () => {
    const bed = await createWatchTestBed();
    const csv = buildCatalogCsv(buildRows('G', 1, 60));
    const ignored = ['~$catalog.xlsx', 'upload.csv.tmp', 'upload.csv.part', '.hidden.csv', 'catalog.csv.crdownload', 'other.csv.ok', 'Thumbs.db'];
    for (const name of ignored) await writeFile(join(bed.inbox, name), csv);
    const result = await runWatch(buildWatchOptions(bed, []), buildDeps(bed));
    expect(result).toEqual({ exitCode: 0, files: [] });
    expect((await readdir(bed.inbox)).filter((name) => !['processing', 'done', 'failed', 'reports'].includes(name)).sort()).toEqual([...ignored].sort());
    expect(bed.sandbox.stats().importRequests).toBe(0);
  });

  it('in marker mode takes a file only with its NAME.ok marker, and removes the marker', async () => {
    const bed = await createWatchTestBed();
    await writeFile(join(bed.inbox, 'with-marker.csv'), buildCatalogCsv(buildRows('H', 1, 70)));
    await writeFile(join(bed.inbox, 'with-marker.csv.ok'), '');
    await writeFile(join(bed.inbox, 'no-marker.csv'), buildCatalogCsv(buildRows('I', 1, 80)));
    const records: WatchLogRecord[] = [];
    // The marker says the file is complete: no stability wait. One would last a day here, far past
    // the test's time-out, so the test tells it without timing anything (the machine may be loaded).
    const result = await runWatch(buildWatchOptions(bed, records, { markerMode: true, stableSeconds: 86_400 }), buildDeps(bed));
    expect(fileRecords(records).map((r) => [r.file, r.outcome])).toEqual([['with-marker.csv', 'done']]);
    expect(result.exitCode).toBe(0);
    const left = await readdir(bed.inbox);
    expect(left).toContain('no-marker.csv');
    expect(left).not.toContain('with-marker.csv.ok');
    expect(await readdir(join(bed.inbox, 'processing'))).toEqual([]);
  });

  it('waits for a file that sits still, however slow the machine (a clock that jumps 0.7 s at every reading)', async () => {
    const bed = await createWatchTestBed();
    await writeFile(join(bed.inbox, 'still.csv'), buildCatalogCsv(buildRows('J', 1, 90)));
    let offset = 0;
    const deps = { ...buildDeps(bed), now: () => new Date(Date.now() + (offset += 700)) };
    const result = await runWatch(buildWatchOptions(bed, [], { stableSeconds: 1 }), deps);
    expect(result.files).toMatchObject([{ file: 'still.csv', outcome: 'done' }]);
  });

  it('leaves a file that is still being written for the next run', async () => {
    const bed = await createWatchTestBed();
    const path = join(bed.inbox, 'growing.csv');
    await writeFile(path, buildCatalogCsv(buildRows('N', 1, 95)));
    let writing = true;
    const writer = (async () => {
      while (writing) {
        await appendFile(path, 'N9;;;\n');
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
    })();
    const records: WatchLogRecord[] = [];
    const result = await runWatch(buildWatchOptions(bed, records, { stableSeconds: 0.3 }), buildDeps(bed));
    writing = false;
    await writer;
    expect(result).toEqual({ exitCode: 0, files: [] });
    expect(records.find((r) => r.event === 'waiting')).toMatchObject({ message: expect.stringContaining('left for the next run: growing.csv') });
    expect(existsSync(path)).toBe(true);
  });

  it('refuses to start on a missing inbox (ConfigError, exit 2) without creating it', async () => {
    const bed = await createWatchTestBed();
    await expect(runWatch(buildWatchOptions(bed, [], { inbox: join(bed.root, 'nope') }), buildDeps(bed))).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
    expect(existsSync(join(bed.root, 'nope'))).toBe(false);
  });
});

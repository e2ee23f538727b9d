/**
 * The watcher hashes a dropped file once: the run takes the watcher's hash instead of reading the
 * file again, and a file written to between the watcher's hash and the run is neither imported
 * nor recorded under a hash that is not its content; it waits in `processing/` and is hashed and
 * decided again on the next try. Against an in-test sandbox over real HTTP.
 */
import type fs from 'node:fs';
import fsp from 'node:fs/promises';
import { appendFile, readdir, writeFile } from 'node:fs/promises';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashFile } from '../../src/pipeline/hash-file.js';
import { openStateStore } from '../../src/state/index.js';
import type { RunRecord } from '../../src/state/index.js';
import { renderWatchLogLine } from '../../src/watch/render-watch-log.js';
import { runWatch } from '../../src/watch/run-watch.js';
import { countReadStreams } from '../helpers/count-read-streams.js';
import { watchFileReads } from '../helpers/watch-file-reads.js';
import { spyOnBuiltin } from '../helpers/spy-on-builtin.js';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { buildCatalogCsv, buildDeps, buildRows, buildWatchOptions, createWatchTestBed } from './watch-test-kit.js';
import type { WatchTestBed } from './watch-test-kit.js';

function listImportRuns(bed: WatchTestBed): RunRecord[] {
  const store = openStateStore({ dir: bed.stateDir, account: { baseUrl: bed.sandbox.url, clientId: 'sandbox-seller' }, now: () => new Date() });
  try {
    return store.listRuns().filter((run) => run.command === 'import');
  } finally {
    store.close();
  }
}

/** Runs `act` once, the first time the watcher reads `mapping` while `file` is in `processing/` (right after it hashed the file). */
function onMappingReadAfterClaim(mapping: string, claimed: string, act: () => Promise<void>): void {
  const real = fsp.readFile.bind(fsp);
  let done = false;
  spyOnBuiltin(fsp, 'readFile', (async (target: Parameters<typeof fsp.readFile>[0], options?: Parameters<typeof fsp.readFile>[1]) => {
    if (!done && String(target) === mapping && existsSync(claimed)) {
      done = true;
      await act();
    }
    return real(target, options);
  }) as typeof fsp.readFile);
}

describe('runWatch: one hash per dropped file', () => {
  it('reads a dropped CSV from disk three times, not four: the watcher hashes it, the reader reads it (the run takes the hash), the report copies it', async () => {
    const bed = await createWatchTestBed();
    await writeFile(join(bed.inbox, 'catalog.csv'), buildCatalogCsv(buildRows('H', 3, 1)));
    const sha256 = await hashFile(join(bed.inbox, 'catalog.csv'));
    const streams = countReadStreams(join(bed.inbox, 'processing', 'catalog.csv'));
    const settings = { ...bed.settings, settings: { ...bed.settings.settings, readThread: 'never' as const } };
    const result = await runWatch(buildWatchOptions(bed, [], { settings }), buildDeps(bed));
    expect(result.files[0]).toMatchObject({ file: 'catalog.csv', outcome: 'done', exitCode: 0, sha256 });
    // The annotated copy and rejected-rows.csv read the file through the reader's text mode, a stream of its own.
    expect(streams()).toBe(3);
    // The run's identity is the content's hash all the same.
    expect(listImportRuns(bed).map((run) => run.fileSha256)).toEqual([sha256]);
  });

  it('a file written to after the watcher hashed it is kept for another try (retry, exit 2), nothing sent, then imported under the hash of what it then holds', async () => {
    const bed = await createWatchTestBed();
    const inboxFile = join(bed.inbox, 'catalog.csv');
    const claimed = join(bed.inbox, 'processing', 'catalog.csv');
    await writeFile(inboxFile, buildCatalogCsv(buildRows('J', 2, 10)));
    const extraRow = buildCatalogCsv(buildRows('K', 1, 20)).split('\n')[1];
    onMappingReadAfterClaim(bed.mapping, claimed, () => appendFile(claimed, `${extraRow}\n`));

    const first = await runWatch(buildWatchOptions(bed, []), buildDeps(bed));
    expect(first.exitCode).toBe(2);
    expect(first.files[0]).toMatchObject({ file: 'catalog.csv', outcome: 'retry', exitCode: 2, runId: null });
    expect(first.files[0]?.error).toContain('changed after it was hashed (its size went from');
    expect(await readdir(join(bed.inbox, 'processing'))).toContain('catalog.csv');
    expect(bed.sandbox.stats().importRequests).toBe(0);
    expect(listImportRuns(bed)).toEqual([]);

    const second = await runWatch(buildWatchOptions(bed, []), buildDeps(bed));
    const sha256 = await hashFile(join(bed.inbox, 'done', 'catalog.csv'));
    expect(second.files[0]).toMatchObject({ file: 'catalog.csv', outcome: 'done', exitCode: 0, sha256, counts: { rows: 3, accepted: 3 } });
    expect(listImportRuns(bed).map((run) => run.fileSha256)).toEqual([sha256]);
    expect(bed.sandbox.products()).toHaveLength(3);
  });

  it('a copy of content imported before, written to after the watcher hashed it, is not moved as a duplicate: kept (retry, exit 2), then imported for what it holds', async () => {
    const bed = await createWatchTestBed();
    const csv = buildCatalogCsv(buildRows('L', 2, 30));
    await writeFile(join(bed.inbox, 'monday.csv'), csv);
    expect((await runWatch(buildWatchOptions(bed, []), buildDeps(bed))).files[0]).toMatchObject({ outcome: 'done', exitCode: 0 });

    const claimed = join(bed.inbox, 'processing', 'tuesday.csv');
    await writeFile(join(bed.inbox, 'tuesday.csv'), csv);
    const extraRow = buildCatalogCsv(buildRows('M', 1, 40)).split('\n')[1];
    onMappingReadAfterClaim(bed.mapping, claimed, () => appendFile(claimed, `${extraRow}\n`));
    const kept = await runWatch(buildWatchOptions(bed, []), buildDeps(bed));
    expect(kept.files[0]).toMatchObject({ file: 'tuesday.csv', outcome: 'retry', exitCode: 2 });
    expect(kept.files[0]?.error).toContain('changed after it was hashed (its size went from');
    expect(await readdir(join(bed.inbox, 'processing'))).toContain('tuesday.csv');
    expect(existsSync(join(bed.inbox, 'done', 'tuesday.csv'))).toBe(false);

    const next = await runWatch(buildWatchOptions(bed, []), buildDeps(bed));
    expect(next.files[0]).toMatchObject({ file: 'tuesday.csv', outcome: 'done', exitCode: 0, sha256: await hashFile(join(bed.inbox, 'done', 'tuesday.csv')), counts: { rows: 3 } });
    expect(bed.sandbox.products()).toHaveLength(3);
  });

  it('reads the mapping once per file: the run takes the mapping the watcher parsed and hashed, so the duplicate check and the run mean the same mapping even when it is saved in between', async () => {
    const bed = await createWatchTestBed();
    const usedSha256 = createHash('sha256').update(await readFile(bed.mapping)).digest('hex');
    await writeFile(join(bed.inbox, 'catalog.csv'), buildCatalogCsv(buildRows('P', 2, 50)));
    // Read 1: the check at start; read 2: the watcher's, for this file. Saved right after it.
    const reads = watchFileReads(bed.mapping, (n) => (n === 2 ? appendFile(bed.mapping, '# saved while the file was taken\n') : undefined));
    const result = await runWatch(buildWatchOptions(bed, []), buildDeps(bed));
    expect(result.files[0]).toMatchObject({ file: 'catalog.csv', outcome: 'done', exitCode: 0 });
    expect(listImportRuns(bed).map((run) => run.mappingSha256)).toEqual([usedSha256]);
    expect(reads()).toBe(2);
  });

  it('a file written to while the import reads it (same size) is kept for another try (retry, exit 2), nothing sent, then imported for what it then holds', async () => {
    const bed = await createWatchTestBed();
    const claimed = join(bed.inbox, 'processing', 'catalog.csv');
    const rows = buildRows('R', 3, 60);
    const before = buildCatalogCsv(rows);
    const after = buildCatalogCsv([...rows.slice(0, 2), { key: 'S3', n: 63 }]);
    expect(Buffer.byteLength(after)).toBe(Buffer.byteLength(before));
    await writeFile(join(bed.inbox, 'catalog.csv'), before);
    let rewritten = false;
    const deps = buildDeps(bed, {
      onEvent: (event) => {
        if (!rewritten && event.type === 'stage:start' && event.stage === 'read') {
          rewritten = true;
          writeFileSync(claimed, after);
        }
      },
    });
    const first = await runWatch(buildWatchOptions(bed, []), deps);
    expect(first.files[0]).toMatchObject({ file: 'catalog.csv', outcome: 'retry', exitCode: 2 });
    expect(first.files[0]?.error).toContain('changed while the run read it (it was written to)');
    expect(bed.sandbox.stats().importRequests).toBe(0);

    const second = await runWatch(buildWatchOptions(bed, []), buildDeps(bed));
    expect(second.files[0]).toMatchObject({ file: 'catalog.csv', outcome: 'done', exitCode: 0, sha256: await hashFile(join(bed.inbox, 'done', 'catalog.csv')), counts: { rows: 3, accepted: 3 } });
    expect(JSON.stringify(bed.sandbox.products())).toContain('Samsung S3');
    expect(JSON.stringify(bed.sandbox.products())).not.toContain('Samsung R3');
  });

  it('a file removed from processing/ during its import is logged as gone, not as kept for another try; its bookkeeping goes with it', async () => {
    const bed = await createWatchTestBed();
    const claimed = join(bed.inbox, 'processing', 'vanishing.csv');
    await writeFile(join(bed.inbox, 'vanishing.csv'), buildCatalogCsv(buildRows('V', 3, 80)));
    let removed = false;
    const deps = buildDeps(bed, {
      onEvent: (event) => {
        if (!removed && event.type === 'stage:start' && event.stage === 'read') {
          removed = true;
          rmSync(claimed);
        }
      },
    });
    const lines: string[] = [];
    const result = await runWatch({ ...buildWatchOptions(bed, []), onLog: (record) => lines.push(renderWatchLogLine(record, 'text')) }, deps);
    expect(removed).toBe(true);
    expect(result.files[0]).toMatchObject({ file: 'vanishing.csv', outcome: 'gone', exitCode: 2, level: 'warn' });
    expect(result.files[0]?.error).toContain('it is gone');
    const line = lines.find((text) => text.includes('vanishing.csv')) ?? '';
    expect(line).toContain('gone vanishing.csv  (removed from processing/ during its import: not kept, not tried again; drop it again to import it) exit 2');
    expect(line).not.toContain('kept in processing/');
    expect(bed.sandbox.stats().importRequests).toBe(0);
    expect(await readdir(join(bed.inbox, 'processing'))).toEqual([]);
  });

  it('a stop landing while the watcher hashes a file ends the hash: the file is interrupted (exit 130), not failed, nothing decided or run, and taken again on the next start', async () => {
    const bed = await createWatchTestBed();
    const claimed = join(bed.inbox, 'processing', 'catalog.csv');
    await writeFile(join(bed.inbox, 'catalog.csv'), buildCatalogCsv(buildRows('T', 2, 70)));
    const stop = new AbortController();
    // The stop request comes as the watcher opens the file to hash it.
    const real = fsp.open.bind(fsp);
    let opened = 0;
    spyOnBuiltin(fsp, 'open', ((target: fs.PathLike, flags?: string) => {
      if (String(target) === claimed && ++opened === 1) stop.abort();
      return real(target, flags);
    }) as typeof fsp.open);

    const stopped = await runWatch(buildWatchOptions(bed, []), buildDeps(bed, { signal: stop.signal }));
    expect(stopped.exitCode).toBe(130);
    expect(stopped.files[0]).toMatchObject({ file: 'catalog.csv', outcome: 'interrupted', exitCode: 130, sha256: null, runId: null });
    expect(opened).toBe(1);
    expect(await readdir(join(bed.inbox, 'processing'))).toEqual(['catalog.csv']);
    expect(listImportRuns(bed)).toEqual([]);

    const next = await runWatch(buildWatchOptions(bed, []), buildDeps(bed));
    expect(next.files[0]).toMatchObject({ file: 'catalog.csv', outcome: 'done', exitCode: 0, counts: { rows: 2, accepted: 2 } });
  });
});

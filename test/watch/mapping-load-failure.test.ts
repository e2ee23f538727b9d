/**
 * What the watcher does with a file when loading the mapping for it fails: a failure about the
 * mapping keeps the file for another try (`retry`, exit 2); a bug (a failure that is no pipeline
 * error) sends it to `failed/` with exit 70, as a bug of the import does, instead of retrying it
 * forever. Against an in-test sandbox over real HTTP; the bug is imitated by `readFile` handing the
 * mapping loader something that is not bytes (hashing it throws a TypeError).
 */
import { existsSync } from 'node:fs';
import fsp from 'node:fs/promises';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWatch } from '../../src/watch/run-watch.js';
import { spyOnBuiltin } from '../helpers/spy-on-builtin.js';
import { buildCatalogCsv, buildDeps, buildRows, buildWatchOptions, createWatchTestBed } from './watch-test-kit.js';
import type { WatchTestBed } from './watch-test-kit.js';

/** Has `readFile` of the mapping, once the file is in `processing/`, give `replacement()` instead of its bytes. */
function replaceMappingRead(bed: WatchTestBed, claimed: string, replacement: () => unknown): void {
  const real = fsp.readFile.bind(fsp);
  spyOnBuiltin(fsp, 'readFile', (async (target: Parameters<typeof fsp.readFile>[0], options?: Parameters<typeof fsp.readFile>[1]) => {
    if (String(target) === bed.mapping && existsSync(claimed)) return replacement();
    return real(target, options);
  }) as typeof fsp.readFile);
}

describe('runWatch: loading the mapping for a file fails', () => {
  it('with a bug (not a pipeline error): the file goes to failed/ with exit 70, not kept as retry', async () => {
    const bed = await createWatchTestBed();
    await writeFile(join(bed.inbox, 'catalog.csv'), buildCatalogCsv(buildRows('M', 2, 1)));
    replaceMappingRead(bed, join(bed.inbox, 'processing', 'catalog.csv'), () => ({ notBytes: true }));
    const result = await runWatch(buildWatchOptions(bed, []), buildDeps(bed));
    expect(result.files[0]).toMatchObject({ file: 'catalog.csv', outcome: 'failed', exitCode: 70, runId: null, error: expect.stringMatching(/^internal error: /) });
    expect(await readdir(join(bed.inbox, 'failed'))).toContain('catalog.csv');
    expect(result.exitCode).toBe(70);
  });

  it('with a mapping that cannot be parsed: the file stays in processing/ as retry, exit 2', async () => {
    const bed = await createWatchTestBed();
    await writeFile(join(bed.inbox, 'catalog.csv'), buildCatalogCsv(buildRows('M', 2, 1)));
    replaceMappingRead(bed, join(bed.inbox, 'processing', 'catalog.csv'), () => Buffer.from('columns: [unclosed\n'));
    const result = await runWatch(buildWatchOptions(bed, []), buildDeps(bed));
    expect(result.files[0]).toMatchObject({ file: 'catalog.csv', outcome: 'retry', exitCode: 2 });
    expect(await readdir(join(bed.inbox, 'processing'))).toContain('catalog.csv');
  });
});

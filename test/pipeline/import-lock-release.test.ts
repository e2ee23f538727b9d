/**
 * The account's import lock is released in runImport's `finally`: a lock that cannot be removed
 * there must not replace the result of an import that sent everything. It is left (to be taken
 * over once this process has ended, as any lock of a dead holder) with a warning, and the import
 * ends as its rows say. Real files in a temp folder, the sandbox over HTTP.
 */
import fs from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PipelineEvent } from '../../src/core/events.js';
import { runImport } from '../../src/pipeline/run-import.js';
import { spyOnBuiltin } from '../helpers/spy-on-builtin.js';
import { buildCatalogCsv, buildDeps, buildRows, createWatchTestBed } from '../watch/watch-test-kit.js';

describe('runImport: the import lock cannot be removed at the end', () => {
  it('the import keeps its exit code (0, everything sent); a warning names the lock left behind', async () => {
    const bed = await createWatchTestBed();
    const file = join(bed.root, 'catalog.csv');
    await writeFile(file, buildCatalogCsv(buildRows('L', 3, 10)));
    const realRename = fs.renameSync.bind(fs);
    spyOnBuiltin(fs, 'renameSync', ((from: fs.PathLike, to: fs.PathLike) => {
      if (String(from).endsWith('.lock') && String(to).endsWith('.released')) throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      realRename(from, to);
    }) as typeof fs.renameSync);
    const events: PipelineEvent[] = [];
    const result = await runImport({ file, mapping: bed.mapping, settings: bed.settings, lock: { pid: process.pid, isAlive: () => true } }, buildDeps(bed, { onEvent: (event) => events.push(event) }));
    expect(result.exitCode).toBe(0);
    expect(bed.sandbox.products()).toHaveLength(3);
    expect(events).toContainEqual(expect.objectContaining({ type: 'log', level: 'warn', message: expect.stringMatching(/^cannot remove the lock .*\.lock \(EACCES: permission denied\): it is left/) }));
  });
});

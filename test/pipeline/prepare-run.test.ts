/**
 * `prepareRun` looks at the input file once, before anything else runs: a missing file or a
 * directory is a `SourceReadError` naming the file as the user wrote it, and the size it found
 * chooses the threads that hash and read the file without looking again (the reader still looks
 * when it opens the file: that check is the one that holds at the time of reading; so does the
 * annotated copy, which reads the file again after the run).
 */
import fsp from 'node:fs/promises';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createNodeDeps } from '../../src/core/deps.js';
import { SourceReadError } from '../../src/core/errors.js';
import { prepareRun } from '../../src/pipeline/prepare-run.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SAMPLE = join('samples', 'catalog-with-mistakes.csv');

async function freshStateDir(): Promise<string> {
  const stateDir = await mkdtemp(join(tmpdir(), 'prepare-run-'));
  onTestFinished(() => rm(stateDir, { recursive: true, force: true }));
  return stateDir;
}

/** Counts `stat` calls on `path` made on this thread (`node:fs/promises`, as our modules import it) until the test ends. */
function countStats(path: string): () => number {
  let count = 0;
  const real = fsp.stat.bind(fsp);
  const spy = vi.spyOn(fsp, 'stat').mockImplementation(((target: string, options?: { bigint?: boolean }) => {
    if (resolve(String(target)) === path) count += 1;
    return real(target, options);
  }) as typeof fsp.stat);
  // Named imports of a built-in module follow its object only once synced.
  syncBuiltinESMExports();
  onTestFinished(() => {
    spy.mockRestore();
    syncBuiltinESMExports();
  });
  return () => count;
}

describe('prepareRun: the input file', () => {
  it('a missing file and a directory: a SourceReadError naming the file as given, before anything runs', async () => {
    const stateDir = await freshStateDir();
    const settings = resolveSettings({ flags: { sandbox: true, stateDir } });
    const deps = createNodeDeps({ cwd: stateDir, env: {} });
    await mkdir(join(stateDir, 'folder.csv'));
    const missing = await prepareRun({ file: 'missing.csv', mapping: join(ROOT, 'mappings', 'sample.yaml'), settings }, deps).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(SourceReadError);
    expect(missing).toMatchObject({ code: 'SOURCE_UNREADABLE', file: 'missing.csv', message: 'cannot read missing.csv: no such file' });
    const folder = await prepareRun({ file: 'folder.csv', mapping: join(ROOT, 'mappings', 'sample.yaml'), settings }, deps).catch((e: unknown) => e);
    expect(folder).toBeInstanceOf(SourceReadError);
    expect(folder).toMatchObject({ code: 'SOURCE_UNREADABLE', file: 'folder.csv', message: 'folder.csv is not a file' });
  });

  it.each(['auto', 'never'])('readThread %s: a dry run looks at the file three times on this thread: the check before the run, the reader and the annotated copy on opening it', async (readThread) => {
    const stats = countStats(join(ROOT, SAMPLE));
    const settings = resolveSettings({ flags: { sandbox: true, stateDir: await freshStateDir(), readThread } });
    const result = await runValidate({ file: SAMPLE, mapping: 'mappings/sample.yaml', settings }, createNodeDeps({ cwd: ROOT, env: {} }));
    expect(result.summary.counts.rows).toBeGreaterThan(0);
    expect(result.reportPaths.annotated).toBeDefined();
    expect(stats()).toBe(3);
  }, 60_000);
});

/**
 * `prepareRun` looks at the input file once, before anything else runs: a missing file or a
 * directory is a `SourceReadError` naming the file as the user wrote it, and the size it found
 * chooses the threads that hash and read the file without looking again (the reader still looks
 * when it opens the file: that check is the one that holds at the time of reading; so does the
 * annotated copy, which reads the file again after the run). Its fingerprint then is compared once
 * the file has been read (test/pipeline/source-changed-during-read.test.ts).
 */
import fsp from 'node:fs/promises';
import { appendFile, copyFile, mkdir, mkdtemp, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createNodeDeps } from '../../src/core/deps.js';
import { exitCodeForError } from '../../src/cli/exit-codes.js';
import { SourceChangedError, SourceReadError } from '../../src/core/errors.js';
import { hashFileWithFingerprint } from '../../src/pipeline/file-fingerprint.js';
import { prepareRun } from '../../src/pipeline/prepare-run.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import { countReadStreams } from '../helpers/count-read-streams.js';
import { watchFileReads } from '../helpers/watch-file-reads.js';
import { spyOnBuiltin } from '../helpers/spy-on-builtin.js';
import { openStateStore } from '../../src/state/index.js';
import { describeServiceAccount } from '../../src/pipeline/describe-service-account.js';

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
  spyOnBuiltin(fsp, 'stat', ((target: string, options?: { bigint?: boolean }) => {
    if (resolve(String(target)) === path) count += 1;
    return real(target, options);
  }) as typeof fsp.stat);
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

  it.each(['auto', 'never'])('readThread %s: a dry run looks at the file five times on this thread: the check before the run, the reader on opening it, the check that it did not change while read, the annotated copy on opening it, and the check that it did not change while copied', async (readThread) => {
    const stats = countStats(join(ROOT, SAMPLE));
    const settings = resolveSettings({ flags: { sandbox: true, stateDir: await freshStateDir(), readThread } });
    const result = await runValidate({ file: SAMPLE, mapping: 'mappings/sample.yaml', settings }, createNodeDeps({ cwd: ROOT, env: {} }));
    expect(result.summary.counts.rows).toBeGreaterThan(0);
    expect(result.reportPaths.annotated).toBeDefined();
    expect(stats()).toBe(5);
  }, 60_000);

  it.each(['always', 'never'])('readThread %s: the hash a dry run records (summary, run registry) is the SHA-256 of the file\'s bytes, BOM included, whichever thread takes it', async (readThread) => {
    const stateDir = await freshStateDir();
    // A BOM the reader skips: a hash of what the reader parses only would differ.
    const file = join(stateDir, 'catalog.csv');
    await writeFile(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), await readFile(join(ROOT, SAMPLE))]));
    const expected = createHash('sha256').update(await readFile(file)).digest('hex');
    const settings = resolveSettings({ flags: { sandbox: true, stateDir: join(stateDir, 'state'), readThread } });
    const result = await runValidate({ file, mapping: join(ROOT, 'mappings', 'sample.yaml'), settings }, createNodeDeps({ cwd: stateDir, env: {} }));
    expect(result.summary.counts.rows).toBeGreaterThan(0);
    expect(result.summary.source.sha256).toBe(expected);
    const { stateDir: dir, account } = describeServiceAccount(settings.settings, stateDir);
    const store = openStateStore({ dir, account, now: () => new Date() });
    try {
      expect(store.listRuns().map((run) => run.fileSha256)).toEqual([expected]);
    } finally {
      store.close();
    }
  }, 60_000);
});

describe('prepareRun: a hash taken before (the watcher\'s)', () => {
  it('is taken as the run\'s when the file is as it was then: the file is not read for it', async () => {
    const stateDir = await freshStateDir();
    const file = join(stateDir, 'catalog.csv');
    await copyFile(join(ROOT, SAMPLE), file);
    const knownHash = await hashFileWithFingerprint(file);
    const streams = countReadStreams(file);
    const settings = resolveSettings({ flags: { sandbox: true, stateDir, readThread: 'never' } });
    const prep = await prepareRun({ file, mapping: join(ROOT, 'mappings', 'sample.yaml'), settings, knownHash }, createNodeDeps({ cwd: stateDir, env: {} }));
    try {
      expect(prep.fileSha256).toBe(knownHash.sha256);
      expect(streams()).toBe(0);
    } finally {
      await prep.close();
    }
  });

  it.each([
    ['written to (longer)', (file: string) => appendFile(file, 'X;1\n'), 'its size went from'],
    ['written to (same size, a new modification time)', (file: string) => utimes(file, new Date(), new Date(Date.UTC(2001, 0, 1))), 'it was written to'],
    [
      'replaced by a copy of itself',
      async (file: string) => {
        await copyFile(file, `${file}.new`);
        await rename(`${file}.new`, file);
      },
      'another file was put in its place',
    ],
  ])('refuses a file %s since: SourceChangedError (exit 2) naming the file as given, before anything runs', async (_, change, why) => {
    const stateDir = await freshStateDir();
    const file = join(stateDir, 'catalog.csv');
    await copyFile(join(ROOT, SAMPLE), file);
    const knownHash = await hashFileWithFingerprint(file);
    await change(file);
    const settings = resolveSettings({ flags: { sandbox: true, stateDir: join(stateDir, 'state') } });
    const failure = await prepareRun({ file: 'catalog.csv', mapping: join(ROOT, 'mappings', 'sample.yaml'), settings, knownHash }, createNodeDeps({ cwd: stateDir, env: {} })).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SourceChangedError);
    expect(failure).toMatchObject({ code: 'SOURCE_CHANGED', file: 'catalog.csv' });
    expect(exitCodeForError(failure)).toBe(2);
    expect((failure as Error).message).toMatch(/^catalog\.csv changed after it was hashed \(/);
    expect((failure as Error).message).toContain(why);
    expect((failure as Error).message).toContain(`: its hash (sha256 ${knownHash.sha256}) is no longer of what it holds`);
    // Nothing opened: no state.
    expect(existsSync(join(stateDir, 'state'))).toBe(false);
  });
});


describe('prepareRun: the mapping', () => {
  it('is read once, and the hash the run records (journal, summary) is of the bytes it parsed, even when the file is edited right after', async () => {
    const stateDir = await freshStateDir();
    const mapping = join(stateDir, 'mapping.yaml');
    await copyFile(join(ROOT, 'mappings', 'sample.yaml'), mapping);
    const parsedSha256 = createHash('sha256').update(await readFile(mapping)).digest('hex');
    // Another user saves the mapping while the run starts (after its first read).
    const reads = watchFileReads(mapping, (n) => (n === 1 ? appendFile(mapping, '# saved while the run started\n') : undefined));
    const settings = resolveSettings({ flags: { sandbox: true, stateDir: join(stateDir, 'state') } });
    const result = await runValidate({ file: join(ROOT, SAMPLE), mapping: 'mapping.yaml', settings }, createNodeDeps({ cwd: stateDir, env: {} }));
    expect(result.summary.mapping.sha256).toBe(parsedSha256);
    expect(reads()).toBe(1);
    const { stateDir: dir, account } = describeServiceAccount(settings.settings, stateDir);
    const store = openStateStore({ dir, account, now: () => new Date() });
    try {
      expect(store.listRuns().map((run) => run.mappingSha256)).toEqual([parsedSha256]);
    } finally {
      store.close();
    }
  }, 60_000);
});

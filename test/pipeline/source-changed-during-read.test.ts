/**
 * A file written to between the run's hash (while it prepares) and the end of its read stage is
 * refused before anything is sent, reported or remembered: `SourceChangedError` (exit 2). The run stays in the
 * journal as `failed` under the hash of the content it hashed, with an empty spool, so a later run
 * of that content resumes it without sending anything of the content read in between. Real files
 * in a temp folder, the sandbox over HTTP; the file is rewritten when the read stage starts (the
 * run's `stage:start` event), keeping its size.
 */
import Database from 'better-sqlite3';
import { existsSync, writeFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitCodeForError } from '../../src/cli/exit-codes.js';
import type { PipelineEvent } from '../../src/core/events.js';
import { LimitError, SourceChangedError } from '../../src/core/errors.js';
import { hashFile } from '../../src/pipeline/hash-file.js';
import { runImport } from '../../src/pipeline/run-import.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { runReconcile } from '../../src/pipeline/run-reconcile.js';
import { openStateStore } from '../../src/state/index.js';
import type { StateStore } from '../../src/state/index.js';
import { buildCatalogCsv, buildDeps, buildRows, createWatchTestBed } from '../watch/watch-test-kit.js';
import type { WatchTestBed } from '../watch/watch-test-kit.js';

/** Three phones, and the same file with its last product swapped for another: same size, other content. */
function buildContents(): { before: string; after: string } {
  const rows = buildRows('A', 3, 10);
  const before = buildCatalogCsv(rows);
  const after = buildCatalogCsv([...rows.slice(0, 2), { key: 'B3', n: 13 }]);
  expect(Buffer.byteLength(after)).toBe(Buffer.byteLength(before));
  return { before, after };
}

/** Deps whose events rewrite `file` with `content` once, when the stage `stage` (default the read stage) starts. */
function rewriteWhenReading(bed: WatchTestBed, file: string, content: string, stage = 'read'): ReturnType<typeof buildDeps> {
  let done = false;
  return buildDeps(bed, {
    onEvent: (event: PipelineEvent) => {
      if (!done && event.type === 'stage:start' && event.stage === stage) {
        done = true;
        writeFileSync(file, content);
      }
    },
  });
}

function openStore(bed: WatchTestBed): StateStore {
  return openStateStore({ dir: bed.stateDir, account: { baseUrl: bed.sandbox.url, clientId: bed.sandbox.credentials[0]?.clientId ?? '' }, now: () => new Date() });
}

describe('a file changed while the run reads it', () => {
  it('import: refused before the first request (SourceChangedError, exit 2); the run is failed with an empty spool, and a later run of the hashed content resumes it and sends only that content', async () => {
    const bed = await createWatchTestBed();
    const file = join(bed.root, 'catalog.csv');
    const { before, after } = buildContents();
    await writeFile(file, before);
    const hashed = await hashFile(file);

    const failure = await runImport({ file, mapping: bed.mapping, settings: bed.settings }, rewriteWhenReading(bed, file, after)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SourceChangedError);
    expect(exitCodeForError(failure)).toBe(2);
    expect((failure as Error).message).toContain(`catalog.csv changed while the run read it (it was written to)`);
    expect((failure as Error).message).toContain(`its hash (sha256 ${hashed}) names; nothing was sent`);
    expect(bed.sandbox.stats().importRequests).toBe(0);
    const store = openStore(bed);
    try {
      const [run] = store.listRuns();
      expect(run).toMatchObject({ command: 'import', fileSha256: hashed, status: 'failed', spoolComplete: false });
      expect([...store.iterateSpooledProducts(run?.runId ?? '')].length).toBe(0);
    } finally {
      store.close();
    }

    // The content hashed comes back: its run is resumed, and only that content is imported.
    await writeFile(file, before);
    const events: PipelineEvent[] = [];
    const resumed = await runImport({ file, mapping: bed.mapping, settings: bed.settings }, buildDeps(bed, { onEvent: (event) => events.push(event) }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'log', message: expect.stringMatching(/^resuming run /) }));
    expect(resumed.exitCode).toBe(0);
    expect(resumed.summary.source.sha256).toBe(hashed);
    expect(bed.sandbox.products()).toHaveLength(3);
    expect(JSON.stringify(bed.sandbox.products())).not.toContain('Samsung B3');
  });

  it('dry run: refused before the report is written (SourceChangedError, exit 2), the run failed', async () => {
    const bed = await createWatchTestBed();
    const file = join(bed.root, 'catalog.csv');
    const { before, after } = buildContents();
    await writeFile(file, before);
    const hashed = await hashFile(file);

    const failure = await runValidate({ file, mapping: bed.mapping, settings: bed.settings }, rewriteWhenReading(bed, file, after)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SourceChangedError);
    expect(exitCodeForError(failure)).toBe(2);
    expect((failure as Error).message).toContain(`its hash (sha256 ${hashed}) names; no report was written`);
    const store = openStore(bed);
    try {
      const [run] = store.listRuns();
      expect(run).toMatchObject({ command: 'validate', fileSha256: hashed, status: 'failed', summaryPath: null });
      const reports = join(bed.stateDir, 'runs');
      expect(existsSync(reports) ? await readdir(join(reports, run?.runId ?? '')).catch(() => []) : []).not.toContain('summary.json');
    } finally {
      store.close();
    }
  });

  it('a read that fails on a file that changed under it (grown past maxFileMb) is SourceChangedError, not a bad file, its cause kept', async () => {
    const bed = await createWatchTestBed();
    const file = join(bed.root, 'catalog.csv');
    const { before } = buildContents();
    await writeFile(file, before);
    const settings = { ...bed.settings, settings: { ...bed.settings.settings, maxFileMb: 1, readThread: 'never' as const } };
    const grown = `${before}${'x'.repeat(1024 * 1024)}\n`;
    const failure = await runValidate({ file, mapping: bed.mapping, settings }, rewriteWhenReading(bed, file, grown)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SourceChangedError);
    expect((failure as Error).message).toContain(`catalog.csv changed while the run read it (its size went from ${Buffer.byteLength(before)} to ${Buffer.byteLength(grown)} bytes)`);
    expect((failure as Error).cause).toBeInstanceOf(LimitError);
  });

  it('reconcile: refused before the id memory is replaced, the reconcile run failed with its spool emptied', async () => {
    const bed = await createWatchTestBed();
    const file = join(bed.root, 'catalog.csv');
    const { before, after } = buildContents();
    await writeFile(file, before);
    expect((await runImport({ file, mapping: bed.mapping, settings: bed.settings }, buildDeps(bed))).exitCode).toBe(0);

    const failure = await runReconcile({ file, mapping: bed.mapping, settings: bed.settings }, rewriteWhenReading(bed, file, after)).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SourceChangedError);
    expect((failure as Error).message).toContain('the id memory was left as it was');
    const store = openStore(bed);
    try {
      expect(store.countKnownProducts()).toBe(3);
      const reconcile = store.listRuns().find((run) => run.command === 'reconcile');
      expect(reconcile?.status).toBe('failed');
      expect([...store.iterateSpooledProducts(reconcile?.runId ?? '')].length).toBe(0);
    } finally {
      store.close();
    }
  });

  it.each(['validate', 'import'] as const)(
    '%s: a file changed after the read, while the report copies it, keeps no copy; summary.json warns source_changed_after_read and the exit code stands',
    async (command) => {
      const bed = await createWatchTestBed();
      const file = join(bed.root, 'catalog.csv');
      const { before, after } = buildContents();
      await writeFile(file, before);
      const hashed = await hashFile(file);
      const settings = { ...bed.settings, settings: { ...bed.settings.settings, annotatedCopy: 'always' as const } };
      const deps = rewriteWhenReading(bed, file, after, 'report');
      const run = command === 'import' ? runImport : runValidate;
      const result = await run({ file, mapping: bed.mapping, settings }, deps);
      expect(result.exitCode).toBe(0);
      if (command === 'import') expect(bed.sandbox.products()).toHaveLength(3);
      const kept = await readdir(result.reportDir);
      expect(kept).toEqual(expect.arrayContaining(['issues.ndjson', 'summary.json']));
      expect(kept.filter((name) => name.startsWith('annotated') || name === 'rejected-rows.csv')).toEqual([]);
      const written = JSON.parse(await readFile(result.reportPaths.summary, 'utf8')) as { issues: { code: string; severity: string; message: string }[]; exitCode: number; source: { sha256: string } };
      const warning = { code: 'source_changed_after_read', severity: 'warning', message: expect.stringMatching(/catalog\.csv changed after the run read it \((it was written to|another file was put in its place)\)/) };
      expect(written.issues).toContainEqual(expect.objectContaining(warning));
      expect(result.summary.issues).toContainEqual(expect.objectContaining(warning));
      expect(written.source.sha256).toBe(hashed);
    },
  );

  it('a resume of the hashed content drops spooled products its read no longer finds (a pass killed while it read the changed file left them)', async () => {
    const bed = await createWatchTestBed();
    const file = join(bed.root, 'catalog.csv');
    const { before, after } = buildContents();
    // A pass that read the changed content into the spool and stopped before its check, as a kill -9
    // leaves it: here the run of `after` is stopped before sending, then recorded under the hash of `before`.
    await writeFile(file, after);
    const stop = new AbortController();
    const stopAtPlan = buildDeps(bed, { signal: stop.signal, onEvent: (event) => (event.type === 'stage:start' && event.stage === 'plan' ? stop.abort() : undefined) });
    await runImport({ file, mapping: bed.mapping, settings: bed.settings }, stopAtPlan).catch(() => undefined);
    expect(bed.sandbox.stats().importRequests).toBe(0);
    await writeFile(file, before);
    const hashed = await hashFile(file);
    const db = new Database(join(bed.stateDir, 'state.sqlite'));
    try {
      expect(db.prepare('UPDATE runs SET file_sha256 = ? WHERE command = ?').run(hashed, 'import').changes).toBe(1);
    } finally {
      db.close();
    }

    const events: PipelineEvent[] = [];
    const resumed = await runImport({ file, mapping: bed.mapping, settings: bed.settings }, buildDeps(bed, { onEvent: (event) => events.push(event) }));
    expect(events).toContainEqual(expect.objectContaining({ type: 'log', message: expect.stringMatching(/^resuming run /) }));
    expect(resumed.exitCode).toBe(0);
    expect(bed.sandbox.products()).toHaveLength(3);
    expect(JSON.stringify(bed.sandbox.products())).not.toContain('Samsung B3');
  });

  it('a file left as it was is read and imported as ever: the check after the read finds nothing', async () => {
    const bed = await createWatchTestBed();
    const file = join(bed.root, 'catalog.csv');
    await writeFile(file, buildContents().before);
    const result = await runImport({ file, mapping: bed.mapping, settings: bed.settings }, buildDeps(bed));
    expect(result.exitCode).toBe(0);
    expect(bed.sandbox.products()).toHaveLength(3);
  });
});

/**
 * A reconcile run never stays `running`: a failure of any kind marks it `failed` (a stop by the
 * user: `interrupted`), and its spool — the file's keys and barcodes, read for this call only, since
 * a reconcile run is never resumed — is emptied whatever the end. Real files in a temp folder, the
 * sandbox over HTTP.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runImport } from '../../src/pipeline/run-import.js';
import { runReconcile } from '../../src/pipeline/run-reconcile.js';
import { openStateStore } from '../../src/state/index.js';
import type { StateStore } from '../../src/state/index.js';
import { buildCatalogCsv, buildDeps, buildRows, createWatchTestBed } from '../watch/watch-test-kit.js';
import type { WatchTestBed } from '../watch/watch-test-kit.js';

function openStore(bed: WatchTestBed): StateStore {
  return openStateStore({ dir: bed.stateDir, account: { baseUrl: bed.sandbox.url, clientId: bed.sandbox.credentials[0]?.clientId ?? '' }, now: () => new Date() });
}

/** The reconcile run of the journal, its status and how many products its spool holds. */
function describeReconcileRun(bed: WatchTestBed): { status: string | undefined; spooled: number } {
  const store = openStore(bed);
  try {
    const run = store.listRuns().find((r) => r.command === 'reconcile');
    return { status: run?.status, spooled: [...store.iterateSpooledProducts(run?.runId ?? '')].length };
  } finally {
    store.close();
  }
}

async function importCatalog(bed: WatchTestBed): Promise<string> {
  const file = join(bed.root, 'catalog.csv');
  await writeFile(file, buildCatalogCsv(buildRows('A', 3, 10)));
  expect((await runImport({ file, mapping: bed.mapping, settings: bed.settings }, buildDeps(bed))).exitCode).toBe(0);
  return file;
}

describe('the reconcile run in the journal', () => {
  it('finished: its spool is emptied', async () => {
    const bed = await createWatchTestBed();
    const file = await importCatalog(bed);
    const result = await runReconcile({ file, mapping: bed.mapping, settings: bed.settings }, buildDeps(bed));
    expect(result.matchedProducts).toBe(3);
    expect(describeReconcileRun(bed)).toEqual({ status: 'finished', spooled: 0 });
  });

  it('the service failing while every product is read: the run is failed, not running, and its spool is emptied', async () => {
    const bed = await createWatchTestBed();
    const file = await importCatalog(bed);
    const deps = buildDeps(bed, {
      onEvent: (event) => {
        if (event.type === 'stage:start' && event.stage === 'reconcile') bed.sandbox.setFaults({ script: [{ times: 1000, action: { status: 403 } }] });
      },
    });
    const failure = await runReconcile({ file, mapping: bed.mapping, settings: bed.settings }, deps).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(describeReconcileRun(bed)).toEqual({ status: 'failed', spooled: 0 });
  });

  it('stopped by the user while every product is read: the run is interrupted, its spool emptied', async () => {
    const bed = await createWatchTestBed();
    const file = await importCatalog(bed);
    const controller = new AbortController();
    const deps = buildDeps(bed, {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'stage:start' && event.stage === 'reconcile') controller.abort();
      },
    });
    await expect(runReconcile({ file, mapping: bed.mapping, settings: bed.settings }, deps)).rejects.toThrow();
    expect(describeReconcileRun(bed)).toEqual({ status: 'interrupted', spooled: 0 });
  });
});

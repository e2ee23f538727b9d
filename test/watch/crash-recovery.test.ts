/**
 * A watcher killed with SIGKILL in the middle of an import leaves its file in processing/, its
 * journal and its lock; the next start takes the dead holder's lock over and finishes the same
 * run. Two moments: while following an accepted job (nothing is sent again), and right after the
 * request left but before its answer was recorded (the products are found on the service and
 * updated, never created twice).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { openStateStore, readLockHolder } from '../../src/state/index.js';
import type { RunRecord } from '../../src/state/index.js';
import { runWatch } from '../../src/watch/run-watch.js';
import type { WatchLogRecord } from '../../src/watch/render-watch-log.js';
import { buildCatalogCsv, buildDeps, buildRows, buildWatchOptions, createWatchTestBed } from './watch-test-kit.js';
import type { WatchTestBed } from './watch-test-kit.js';

/** Runs the watcher in a child process and SIGKILLs it at the first stdout line containing `killAt`; resolves with its pid. */
async function crashWatcherAt(bed: WatchTestBed, killAt: string): Promise<number> {
  const credential = bed.sandbox.credentials[0];
  if (!credential) throw new Error('no seller');
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'watch-child.ts')], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      WATCH_CHILD_CONFIG: JSON.stringify({ inbox: bed.inbox, mapping: bed.mapping, stateDir: bed.stateDir, baseUrl: bed.sandbox.url, clientId: credential.clientId, clientSecret: credential.clientSecret }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let killed = false;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.includes(killAt)) {
      child.kill('SIGKILL');
      killed = true;
      break;
    }
  }
  await exited;
  if (!killed || child.pid === undefined) throw new Error(`the child never printed ${killAt}`);
  return child.pid;
}

function listRuns(bed: WatchTestBed): RunRecord[] {
  const store = openStateStore({ dir: bed.stateDir, account: { baseUrl: bed.sandbox.url, clientId: 'sandbox-seller' }, now: () => new Date() });
  try {
    return store.listRuns();
  } finally {
    store.close();
  }
}

describe('crash during processing', () => {
  it('while following an accepted job: the restart follows the same job and sends nothing again', async () => {
    const bed = await createWatchTestBed({ jobDelayMs: 1500 });
    await writeFile(join(bed.inbox, 'catalog.csv'), buildCatalogCsv(buildRows('K', 4, 700)));
    const pid = await crashWatcherAt(bed, '"job:progress"');

    // What the crash left: the file and its decision note in processing/, a lock naming the dead process.
    expect((await readdir(join(bed.inbox, 'processing'))).sort()).toEqual(['.catalog.csv.watch.json', 'catalog.csv']);
    expect(readLockHolder(join(bed.inbox, '.catalog-import-watch.lock'))?.pid).toBe(pid);
    expect(bed.sandbox.stats().importRequests).toBe(1);
    expect(listRuns(bed)).toMatchObject([{ status: 'running' }]);

    const records: WatchLogRecord[] = [];
    const result = await runWatch(buildWatchOptions(bed, records), buildDeps(bed));
    expect(result.exitCode).toBe(0);
    expect(result.files).toMatchObject([{ file: 'catalog.csv', outcome: 'done', counts: { rows: 4, accepted: 4 } }]);
    expect(records.some((r) => r.event === 'recover')).toBe(true);
    expect(bed.sandbox.stats().importRequests).toBe(1);
    expect(bed.sandbox.products()).toHaveLength(4);
    expect(existsSync(join(bed.inbox, 'done', 'catalog.csv'))).toBe(true);
    expect(existsSync(join(bed.inbox, '.catalog-import-watch.lock'))).toBe(false);
    expect(listRuns(bed)).toMatchObject([{ runId: result.files[0]?.runId, status: 'finished' }]);
  });

  it('before the answer was recorded: the restart finds the products on the service, never creating them twice', async () => {
    const bed = await createWatchTestBed({ jobDelayMs: 500 });
    await writeFile(join(bed.inbox, 'catalog.csv'), buildCatalogCsv(buildRows('L', 3, 800)));
    // `submit:accepted` is printed before the journal records the answer.
    await crashWatcherAt(bed, '"submit:accepted"');
    expect(bed.sandbox.stats().importRequests).toBe(1);

    // Settling waits this long after the request before asking the service what exists: longer than the job takes.
    const result = await runWatch(buildWatchOptions(bed, [], { settleAfterMs: 1500 }), buildDeps(bed));
    expect(result.exitCode).toBe(0);
    expect(result.files).toMatchObject([{ file: 'catalog.csv', outcome: 'done', exitCode: 0, counts: { rows: 3 } }]);
    // Found on the service: updated or recognised as unchanged, never rejected as a second create.
    const counts = result.files[0]?.counts ?? {};
    expect((counts.accepted ?? 0) + (counts.unchanged ?? 0)).toBe(3);
    expect(bed.sandbox.products()).toHaveLength(3);
    expect(listRuns(bed)).toMatchObject([{ runId: result.files[0]?.runId, status: 'finished' }]);
  });
});

/**
 * The long-running watcher with real timers: a file written slowly is not taken before it is
 * complete; one watcher per inbox; a stop request keeps the interrupted file for the next start,
 * which finishes the same run without sending it again; a dead holder's lock is taken over and a
 * lost lock stops the watcher; a service outage keeps the file for another try.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashFile } from '../../src/pipeline/hash-file.js';
import { buildAccountKey, openStateStore, readLockHolder } from '../../src/state/index.js';
import { claimFile } from '../../src/watch/move-file.js';
import { runWatch } from '../../src/watch/run-watch.js';
import type { WatchLogRecord } from '../../src/watch/render-watch-log.js';
import { buildCatalogCsv, buildDeps, buildRows, buildWatchOptions, createWatchTestBed, delay, fileRecords, startWatch } from './watch-test-kit.js';

describe('runWatch (watching)', () => {
  it('does not take a file written slowly in pieces before it is complete', async () => {
    const bed = await createWatchTestBed();
    const watch = startWatch(bed, { stableSeconds: 0.4, pollIntervalMs: 50 });
    const text = buildCatalogCsv(buildRows('S', 12, 100));
    const pieces = 12;
    const size = Math.ceil(text.length / pieces);
    const path = join(bed.inbox, 'slow.csv');
    // Pieces end mid-line, 150 ms apart: shorter than the quiet period, longer than a poll.
    for (let i = 0; i < pieces; i += 1) {
      await appendFile(path, text.slice(i * size, (i + 1) * size));
      await delay(150);
      expect(existsSync(path)).toBe(true);
      expect(await readdir(join(bed.inbox, 'processing'))).toEqual([]);
    }
    const record = await watch.waitForFile('slow.csv');
    expect(record).toMatchObject({ outcome: 'done', exitCode: 0, counts: { rows: 12, accepted: 12 } });
    expect(record.sha256).toBe(await hashFile(join(bed.inbox, 'done', 'slow.csv')));
    expect(watch.records.some((r) => r.event === 'waiting' && r.message.includes('slow.csv'))).toBe(true);
    const result = await watch.stop();
    expect(result.exitCode).toBe(0);
    expect(bed.sandbox.products()).toHaveLength(12);
  });

  it('lets one watcher hold an inbox: a second one (watching or --once) is refused at once and takes nothing', async () => {
    const bed = await createWatchTestBed();
    const first = startWatch(bed, { stableSeconds: 0.2 });
    await delay(100);
    await writeFile(join(bed.inbox, 'a.csv'), buildCatalogCsv(buildRows('T', 2, 200)));
    await writeFile(join(bed.inbox, 'b.csv'), buildCatalogCsv(buildRows('U', 2, 300)));

    const secondRecords: WatchLogRecord[] = [];
    const started = Date.now();
    await expect(runWatch(buildWatchOptions(bed, secondRecords), buildDeps(bed))).rejects.toMatchObject({ code: 'STATE_ERROR', message: expect.stringContaining(`held by pid ${process.pid}`) });
    await expect(runWatch(buildWatchOptions(bed, secondRecords, { once: false }), buildDeps(bed))).rejects.toMatchObject({ code: 'STATE_ERROR' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(secondRecords).toEqual([]);

    await first.waitForFile('a.csv');
    await first.waitForFile('b.csv');
    const result = await first.stop();
    expect(result.files.map((r) => r.file).sort()).toEqual(['a.csv', 'b.csv']);
    expect(bed.sandbox.stats().importRequests).toBe(2);
    // The lock is gone after a clean stop, so the next watcher starts.
    expect(existsSync(join(bed.inbox, '.catalog-import-watch.lock'))).toBe(false);
    await expect(runWatch(buildWatchOptions(bed, []), buildDeps(bed))).resolves.toMatchObject({ exitCode: 0 });
  });

  it('hands a file to exactly one of two racing claims', async () => {
    const bed = await createWatchTestBed();
    await writeFile(join(bed.inbox, 'race.csv'), 'x');
    const claims = await Promise.all([
      claimFile(join(bed.inbox, 'race.csv'), join(bed.root, 'one.csv')),
      claimFile(join(bed.inbox, 'race.csv'), join(bed.root, 'two.csv')),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect([existsSync(join(bed.root, 'one.csv')), existsSync(join(bed.root, 'two.csv'))].filter(Boolean)).toHaveLength(1);
  });

  it('on a stop request keeps the interrupted file in processing/; the next start finishes the same run without sending again', async () => {
    const bed = await createWatchTestBed({ jobDelayMs: 1500 });
    const control: { stop?: () => void } = {};
    const watch = startWatch(bed, { stableSeconds: 0.2 }, (event) => {
      // Stop once the request is out: the journal then holds a batch whose job is not followed yet.
      if (event.type === 'submit:accepted') control.stop?.();
    });
    control.stop = () => void watch.stop();
    await writeFile(join(bed.inbox, 'big.csv'), buildCatalogCsv(buildRows('V', 5, 400)));
    const stopped = await watch.done;

    expect(stopped.exitCode).toBe(130);
    expect(fileRecords(watch.records)).toMatchObject([{ file: 'big.csv', outcome: 'interrupted', exitCode: 130, path: join(bed.inbox, 'processing', 'big.csv') }]);
    expect(watch.records.map((r) => r.event)).toContain('stopping');
    expect((await readdir(join(bed.inbox, 'processing'))).sort()).toEqual(['.big.csv.watch.json', 'big.csv']);
    expect(existsSync(join(bed.inbox, '.catalog-import-watch.lock'))).toBe(false);
    expect(bed.sandbox.stats().importRequests).toBe(1);
    const interruptedRunId = fileRecords(watch.records)[0]?.runId;

    const records: WatchLogRecord[] = [];
    const resumed = await runWatch(buildWatchOptions(bed, records), buildDeps(bed));
    expect(resumed.exitCode).toBe(0);
    expect(resumed.files).toMatchObject([{ file: 'big.csv', outcome: 'done', runId: interruptedRunId, counts: { rows: 5, accepted: 5 } }]);
    expect(records.some((r) => r.event === 'recover')).toBe(true);
    expect(bed.sandbox.stats().importRequests).toBe(1);
    expect(bed.sandbox.products()).toHaveLength(5);
    expect(await readdir(join(bed.inbox, 'processing'))).toEqual([]);
  });

  it('takes over the lock of a watcher that died, and stops with exit 3 when its own lock is taken', async () => {
    const bed = await createWatchTestBed();
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    expect(dead).toBeGreaterThan(0);
    const lockPath = join(bed.inbox, '.catalog-import-watch.lock');
    const at = new Date().toISOString();
    await writeFile(lockPath, JSON.stringify({ pid: dead, host: hostname(), since: at, updatedAt: at, purpose: 'watch', token: 'deadbeef' }));
    await writeFile(join(bed.inbox, 'after-crash.csv'), buildCatalogCsv(buildRows('W', 1, 500)));
    const once = await runWatch(buildWatchOptions(bed, []), buildDeps(bed));
    expect(once.files).toMatchObject([{ file: 'after-crash.csv', outcome: 'done' }]);

    const watch = startWatch(bed, { lockStaleMs: 200 });
    await delay(100);
    expect(readLockHolder(lockPath)?.pid).toBe(process.pid);
    // Another holder's lock replaces ours as a takeover from another host does: a new file in its place.
    const other = new Date().toISOString();
    await writeFile(`${lockPath}.other`, JSON.stringify({ pid: 1, host: 'elsewhere', since: other, updatedAt: other, token: 'cafebabe' }));
    await rename(`${lockPath}.other`, lockPath);
    const result = await watch.done;
    expect(result.exitCode).toBe(3);
    expect(watch.records.some((r) => r.event === 'error' && r.message.includes('no longer held'))).toBe(true);
    // The other holder's lock is left alone.
    expect(readLockHolder(lockPath)?.token).toBe('cafebabe');
  });

  it('checks its lock before every file: a deleted lock stops it before it touches the next file', async () => {
    const bed = await createWatchTestBed();
    // Refreshed only every 15 s: the check before each file is what notices.
    const watch = startWatch(bed, { lockStaleMs: 60_000, stableSeconds: 0.1 });
    await delay(100);
    const lockPath = join(bed.inbox, '.catalog-import-watch.lock');
    expect(existsSync(lockPath)).toBe(true);
    await rm(lockPath);
    await writeFile(join(bed.inbox, 'late.csv'), buildCatalogCsv(buildRows('Y', 1, 650)));
    const result = await watch.done;
    expect(result).toEqual({ exitCode: 3, files: [] });
    expect(await readdir(bed.inbox)).toContain('late.csv');
    expect(bed.sandbox.stats().importRequests).toBe(0);
  });

  it('keeps a file in processing/ while another import of the same seller holds the account (exit 3), and imports it once that is over', async () => {
    const bed = await createWatchTestBed();
    const credential = bed.sandbox.credentials[0];
    if (!credential) throw new Error('no seller');
    const key = buildAccountKey({ baseUrl: bed.sandbox.url, clientId: credential.clientId }).slice(0, 12);
    const importLock = join(bed.stateDir, `import-${key}.lock`);
    await mkdir(bed.stateDir, { recursive: true });
    const at = new Date().toISOString();
    await writeFile(importLock, JSON.stringify({ pid: process.pid, host: hostname(), since: at, updatedAt: at, purpose: 'import by hand', token: 'f00d' }));
    await writeFile(join(bed.inbox, 'busy.csv'), buildCatalogCsv(buildRows('AB', 1, 660)));
    const busy = await runWatch(buildWatchOptions(bed, []), buildDeps(bed));
    expect(busy.exitCode).toBe(3);
    expect(busy.files).toMatchObject([{ file: 'busy.csv', outcome: 'retry', error: expect.stringContaining('import by hand') }]);
    expect(bed.sandbox.stats().importRequests).toBe(0);

    await rm(importLock);
    const free = await runWatch(buildWatchOptions(bed, []), buildDeps(bed));
    expect(free.files).toMatchObject([{ file: 'busy.csv', outcome: 'done', exitCode: 0 }]);
  });

  it('keeps a file in processing/ while the service is down (exit 3) and finishes it on the next run', async () => {
    const bed = await createWatchTestBed();
    bed.sandbox.setFaults({ failureRate: 1 });
    await writeFile(join(bed.inbox, 'outage.csv'), buildCatalogCsv(buildRows('X', 2, 600)));
    const down = await runWatch(buildWatchOptions(bed, []), buildDeps(bed));
    expect(down.exitCode).toBe(3);
    expect(down.files).toMatchObject([{ file: 'outage.csv', outcome: 'retry', exitCode: 3, path: join(bed.inbox, 'processing', 'outage.csv') }]);
    expect(await readdir(join(bed.inbox, 'processing'))).toContain('outage.csv');

    bed.sandbox.setFaults({ failureRate: 0 });
    const up = await runWatch(buildWatchOptions(bed, []), buildDeps(bed));
    expect(up.exitCode).toBe(0);
    expect(up.files).toMatchObject([{ file: 'outage.csv', outcome: 'done', counts: { accepted: 2 } }]);
    const store = openStateStore({ dir: bed.stateDir, account: { baseUrl: bed.sandbox.url, clientId: 'sandbox-seller' }, now: () => new Date() });
    try {
      expect(store.listRuns().filter((run) => run.status === 'finished')).toHaveLength(1);
    } finally {
      store.close();
    }
  });
});

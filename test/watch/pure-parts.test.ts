/**
 * The watcher's pure parts: ignored names, the stability tracker, the cycle plan, unique names,
 * finding an earlier import of the same content, error classification and log lines.
 */
import { describe, expect, it } from 'vitest';
import { ApiError, MappingError, SourceChangedError, SourceReadError, StateError } from '../../src/core/errors.js';
import { createIssue } from '../../src/core/issue.js';
import type { RunRecord } from '../../src/state/index.js';
import { checkFileStability, checkSettling } from '../../src/watch/check-file-stability.js';
import type { StabilityEntry, StabilityState } from '../../src/watch/check-file-stability.js';
import { classifyImportError } from '../../src/watch/classify-import-error.js';
import { findFirstImportedRun, findImportFinishedSince } from '../../src/watch/find-imported-run.js';
import { isIgnoredFile, parseMarkerName } from '../../src/watch/is-ignored-file.js';
import { buildUniqueName } from '../../src/watch/move-file.js';
import { planWatchCycle } from '../../src/watch/plan-watch-cycle.js';
import type { WatchCycleInput } from '../../src/watch/plan-watch-cycle.js';
import { renderWatchLogLine } from '../../src/watch/render-watch-log.js';
import type { WatchFileRecord } from '../../src/watch/render-watch-log.js';
import { parseBookkeepingName } from '../../src/watch/watch-folders.js';

describe('isIgnoredFile', () => {
  it.each(['~$catalog.xlsx', '.catalog.xlsx', '.catalog-import-watch.lock', 'a.tmp', 'A.TMP', 'a.part', 'a.csv.partial', 'a.crdownload', 'a.filepart', 'a.swp', 'catalog.xlsx.ok', 'Thumbs.db', 'desktop.ini', ''])('ignores %j', (name) => {
    expect(isIgnoredFile(name)).toBe(true);
  });
  it.each(['catalog.xlsx', 'prices.csv', 'товары.tsv', 'okay.csv', 'part1.csv', 'tmp-catalog.xlsx'])('takes %j', (name) => {
    expect(isIgnoredFile(name)).toBe(false);
  });
  it('names the file a marker stands for', () => {
    expect(parseMarkerName('catalog.xlsx.ok')).toBe('catalog.xlsx');
    expect(parseMarkerName('catalog.xlsx.OK')).toBe('catalog.xlsx');
    expect(parseMarkerName('.ok')).toBeUndefined();
    expect(parseMarkerName('..hidden.ok')).toBeUndefined();
    expect(parseMarkerName('catalog.xlsx')).toBeUndefined();
  });
  it('recognises its own bookkeeping names in processing/', () => {
    expect(parseBookkeepingName('.a.csv.watch.json')).toEqual({ kind: 'decision', file: 'a.csv' });
    expect(parseBookkeepingName('.a.csv.ok')).toEqual({ kind: 'marker', file: 'a.csv' });
    expect(parseBookkeepingName('a.csv.ok')).toBeUndefined();
    expect(parseBookkeepingName('.DS_Store')).toBeUndefined();
  });
});

describe('checkFileStability', () => {
  it('takes a file only after two looks at least stableMs apart saw it unchanged', () => {
    let state: StabilityState = new Map();
    const look = (nowMs: number, size: number, mtimeMs: number) => {
      const result = checkFileStability(state, [{ name: 'a.csv', size, mtimeMs }], nowMs, 1000);
      state = result.state;
      return result.stable;
    };
    expect(look(0, 10, 5)).toEqual([]); // first sight
    expect(look(500, 20, 6)).toEqual([]); // grew
    expect(look(1400, 20, 6)).toEqual([]); // quiet for 900 ms only
    expect(look(1500, 20, 6)).toEqual(['a.csv']);
    expect(look(1600, 20, 7)).toEqual([]); // touched again: the quiet period restarts
    expect(look(2700, 20, 7)).toEqual(['a.csv']);
  });

  it('never takes a file at first sight, even with stableMs 0 or an old modification time', () => {
    const first = checkFileStability(new Map(), [{ name: 'old.csv', size: 5, mtimeMs: 0 }], 1_000_000, 0);
    expect(first.stable).toEqual([]);
    expect(first.changing).toEqual(['old.csv']);
    expect(checkFileStability(first.state, [{ name: 'old.csv', size: 5, mtimeMs: 0 }], 1_000_000, 0).stable).toEqual(['old.csv']);
  });

  it('tells a file that has sat still since it was first seen from one seen changing', () => {
    const one = checkFileStability(new Map(), [{ name: 'still', size: 5, mtimeMs: 1 }, { name: 'growing', size: 1, mtimeMs: 1 }], 0, 1000);
    const two = checkFileStability(one.state, [{ name: 'still', size: 5, mtimeMs: 1 }, { name: 'growing', size: 2, mtimeMs: 2 }], 100, 1000);
    expect(two.state.get('still')).toEqual({ size: 5, mtimeMs: 1, sinceMs: 0, firstSeenMs: 0 });
    expect(two.state.get('growing')).toEqual({ size: 2, mtimeMs: 2, sinceMs: 100, firstSeenMs: 0 });
    expect(checkSettling(two.state.get('still') as StabilityEntry)).toBe(true);
    expect(checkSettling(two.state.get('growing') as StabilityEntry)).toBe(false);
  });

  it('notices a rewrite that keeps the size, and forgets files that went away', () => {
    const one = checkFileStability(new Map(), [{ name: 'a', size: 5, mtimeMs: 1 }, { name: 'b', size: 1, mtimeMs: 1 }], 0, 100);
    const two = checkFileStability(one.state, [{ name: 'a', size: 5, mtimeMs: 2 }], 200, 100);
    expect(two.stable).toEqual([]);
    expect([...two.state.keys()]).toEqual(['a']);
  });
});

describe('planWatchCycle', () => {
  const base: WatchCycleInput = { inbox: [], processing: [], stability: new Map(), nowMs: 10_000, stableMs: 1000, markerMode: false, retryAt: new Map() };
  const seen = (names: string[], sinceMs: number): StabilityState => new Map(names.map((name) => [name, { size: 1, mtimeMs: 1, sinceMs, firstSeenMs: sinceMs }]));

  it('takes stable files oldest first, waits for changing ones, skips ignored ones and blocks names busy in processing/', () => {
    const plan = planWatchCycle({
      ...base,
      inbox: [
        { name: 'b.csv', size: 1, mtimeMs: 1 },
        { name: 'a.csv', size: 1, mtimeMs: 1 },
        { name: 'old.csv', size: 1, mtimeMs: 1 },
        { name: 'busy.csv', size: 1, mtimeMs: 1 },
        { name: 'new.csv', size: 1, mtimeMs: 1 },
        { name: '~$a.xlsx', size: 1, mtimeMs: 1 },
      ],
      processing: ['busy.csv', '.busy.csv.watch.json'],
      stability: seen(['a.csv', 'b.csv', 'old.csv', 'busy.csv'], 0),
    });
    expect(plan.take.map((f) => f.name)).toEqual(['a.csv', 'b.csv', 'old.csv']);
    expect(plan.waiting).toEqual(['new.csv']);
    expect(plan.blocked).toEqual(['busy.csv']);
    expect(plan.finish).toEqual(['busy.csv']);
    expect(plan.orphans).toEqual([]);
  });

  it('in marker mode takes exactly the files with a marker, whatever their stability', () => {
    const plan = planWatchCycle({
      ...base,
      markerMode: true,
      inbox: [
        { name: 'a.csv', size: 1, mtimeMs: 1 },
        { name: 'a.csv.ok', size: 0, mtimeMs: 1 },
        { name: 'b.csv', size: 1, mtimeMs: 1 },
        { name: 'c.csv.ok', size: 0, mtimeMs: 1 },
      ],
      stability: seen(['b.csv'], 0),
    });
    expect(plan.take.map((f) => f.name)).toEqual(['a.csv']);
    expect(plan.waiting).toEqual(['b.csv']);
  });

  it('finishes a marker claim cut by a crash, defers files waiting for a retry and clears orphaned notes', () => {
    const plan = planWatchCycle({
      ...base,
      inbox: [{ name: 'half.csv', size: 1, mtimeMs: 1 }],
      processing: ['.half.csv.ok', 'later.csv', 'now.csv', '.gone.csv.watch.json', '.gone.csv.ok'],
      retryAt: new Map([
        ['later.csv', 20_000],
        ['now.csv', 5_000],
      ]),
    });
    expect(plan.completeClaims).toEqual(['half.csv']);
    expect(plan.take).toEqual([]);
    expect(plan.waiting).toEqual([]);
    expect(plan.deferred).toEqual(['later.csv']);
    expect(plan.finish).toEqual(['now.csv']);
    expect(plan.orphans).toEqual(['.gone.csv.ok', '.gone.csv.watch.json']);
  });
});

describe('buildUniqueName', () => {
  const at = new Date('2026-03-01T09:08:07.000Z');
  it('keeps a free name, else adds the time before the extension, then a counter', async () => {
    expect(await buildUniqueName('a.xlsx', at, async () => false)).toBe('a.xlsx');
    const taken = new Set(['a.xlsx', 'a.20260301-090807.xlsx']);
    expect(await buildUniqueName('a.xlsx', at, async (n) => taken.has(n))).toBe('a.20260301-090807-2.xlsx');
    expect(await buildUniqueName('README', at, async (n) => n === 'README')).toBe('README.20260301-090807');
  });
});

describe('finding an earlier import of the same content', () => {
  const run = (over: Partial<RunRecord>): RunRecord => ({
    runId: 'r',
    accountKey: 'k',
    command: 'import',
    file: 'f',
    fileSha256: 'F',
    mappingSha256: 'M',
    mappingFile: 'm',
    options: {},
    reportDir: '/reports',
    status: 'finished',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:01:00.000Z',
    exitCode: 0,
    summaryPath: null,
    spoolComplete: true,
    batchCounts: { planned: 0, sending: 0, accepted: 0, failed: 0, unknown: 0, done: 0 },
    ...over,
  });
  const key = { fileSha256: 'F', mappingSha256: 'M' };
  const runs = [
    run({ runId: 'second', finishedAt: '2026-01-02T00:00:00.000Z' }),
    run({ runId: 'first' }),
    run({ runId: 'other-mapping', mappingSha256: 'X', finishedAt: '2025-01-01T00:00:00.000Z' }),
    run({ runId: 'unfinished', status: 'interrupted', finishedAt: '2025-01-01T00:00:00.000Z' }),
    run({ runId: 'validate', command: 'validate', finishedAt: '2025-01-01T00:00:00.000Z' }),
  ];
  it('points a duplicate at the first finished import of the same file and mapping', () => {
    expect(findFirstImportedRun(runs, key)?.runId).toBe('first');
    expect(findFirstImportedRun(runs, { ...key, fileSha256: 'G' })).toBeUndefined();
  });
  it('finds the import that finished after the decision to import a file', () => {
    expect(findImportFinishedSince(runs, key, '2026-01-01T12:00:00.000Z')?.runId).toBe('second');
    expect(findImportFinishedSince(runs, key, '2026-01-03T00:00:00.000Z')).toBeUndefined();
  });
});

describe('classifyImportError', () => {
  it('sends bad files to failed/, keeps the file for passing failures, and keeps it on a stop', () => {
    expect(classifyImportError(new SourceReadError('a.xlsx', 'a.xlsx: the file is empty (0 bytes)'), false)).toMatchObject({ outcome: 'failed', exitCode: 2 });
    expect(classifyImportError(new SourceChangedError('a.xlsx', 'a.xlsx changed after it was hashed'), false)).toMatchObject({ outcome: 'retry', exitCode: 2, message: 'a.xlsx changed after it was hashed' });
    expect(classifyImportError(new ApiError('API_UNREACHABLE', 'POST /token', 'connection refused'), false)).toMatchObject({ outcome: 'retry', exitCode: 3 });
    expect(classifyImportError(new StateError('database is locked'), false)).toMatchObject({ outcome: 'retry', exitCode: 3 });
    expect(classifyImportError(new ApiError('API_UNREACHABLE', 'POST /import', 'aborted'), true)).toMatchObject({ outcome: 'interrupted', exitCode: 130 });
    expect(classifyImportError(new TypeError('x is undefined'), false)).toMatchObject({ outcome: 'failed', exitCode: 70, message: 'internal error: x is undefined' });
  });
  it('quotes the issues of a mapping error', () => {
    const issue = createIssue({ code: 'unknown_category', severity: 'error', stage: 'mapping', message: 'no category Смартфонз', file: 'm.yaml', path: 'categories' });
    const failure = classifyImportError(new MappingError('the mapping does not fit', [issue]), false);
    expect(failure).toMatchObject({ outcome: 'retry', exitCode: 2 });
    expect(failure.message).toContain('no category Смартфонз');
  });
});

describe('renderWatchLogLine', () => {
  const record: WatchFileRecord = {
    time: '2026-03-01T09:08:07.000Z',
    level: 'warn',
    event: 'file',
    file: 'catalog.csv',
    sha256: 'abc',
    outcome: 'done',
    exitCode: 1,
    runId: '20260301-090807-ab12',
    counts: { rows: 3, accepted: 2, invalid: 1 },
    reportDir: '/in/reports/20260301-090807-ab12',
    path: '/in/done/catalog.csv',
  };
  it('writes one JSON object per line with the fields a collector indexes', () => {
    const line = renderWatchLogLine(record, 'json');
    expect(line).not.toContain('\n');
    expect(JSON.parse(line)).toMatchObject({ time: record.time, file: 'catalog.csv', sha256: 'abc', outcome: 'done', exitCode: 1, runId: record.runId, counts: record.counts, reportDir: record.reportDir, message: expect.any(String) });
  });
  it('writes a readable line for people', () => {
    expect(renderWatchLogLine(record, 'text')).toBe(
      '2026-03-01T09:08:07.000Z WARN done catalog.csv  → /in/done/catalog.csv exit 1  run 20260301-090807-ab12  rows 3: accepted 2, invalid 1  report /in/reports/20260301-090807-ab12',
    );
    expect(renderWatchLogLine({ time: record.time, level: 'info', event: 'started', message: 'watching /in' }, 'text')).toBe('2026-03-01T09:08:07.000Z watching /in');
    expect(
      renderWatchLogLine({ ...record, level: 'info', outcome: 'duplicate', exitCode: 0, counts: null, duplicateOf: { runId: 'first', reportDir: '/r/first', finishedAt: null }, runId: 'first', reportDir: '/r/first' }, 'text'),
    ).toContain('duplicate catalog.csv  (same content as run first; not imported again)');
  });
});

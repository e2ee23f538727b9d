/**
 * A test setup file that measures how long the worker's event loop was held by one synchronous
 * stretch, and by which test. Vitest's worker waits at most 60 s for the main process to answer
 * each report it sends ("onTaskUpdate"); an answer that arrives while the loop is held is read
 * only after the time-out's timer has run, so a stretch that lasts 8 s on an idle machine and
 * more than 60 s on a loaded one fails the run although every test passed. Active only when
 * CATALOG_TEST_STALLS names a file: each stall of at least CATALOG_TEST_STALL_MS (default 1000)
 * is appended to it as one JSON line (worker pid, length, CPU time, load, the tests and files
 * that ran during it). `test/helpers/summarize-event-loop-stalls.ts` prints the table.
 */
import { appendFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';

const TICK_MS = 100;

interface Mark {
  readonly at: number;
  readonly label: string;
}

interface Segment {
  readonly label: string;
  readonly ms: number;
}

interface StallRecorder {
  readonly marks: Mark[];
  label: string;
}

const recorderKey = Symbol.for('catalog-import.event-loop-stalls');

/** Starts the recorder once per worker (setup files run again for every file when not isolated). */
function startRecorder(outFile: string, minStallMs: number): StallRecorder {
  const recorder: StallRecorder = { marks: [], label: '(worker start)' };
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  const timer = setInterval(() => {
    const now = performance.now();
    const stall = now - last - TICK_MS;
    const cpu = process.cpuUsage(lastCpu);
    lastCpu = process.cpuUsage();
    if (stall >= minStallMs) {
      const line = {
        pid: process.pid,
        at: new Date().toISOString(),
        stallMs: Math.round(stall),
        // The process's CPU time in the stall: about its length on an idle machine (other
        // threads of the process, such as the collector's, count too).
        cpuMs: Math.round((cpu.user + cpu.system) / 1000),
        load1: Number(loadavg()[0]?.toFixed(2)),
        segments: measureSegments(recorder, last, now),
      };
      appendFileSync(outFile, `${JSON.stringify(line)}\n`);
    }
    recorder.marks.splice(0, Math.max(0, recorder.marks.length - 200));
    last = now;
  }, TICK_MS);
  timer.unref();
  return recorder;
}

/**
 * How long each label held the loop between `from` and `to`: the hooks run as microtasks while
 * the loop is held, so their marks split the stall into the tests that made it. Longest first.
 */
function measureSegments(recorder: StallRecorder, from: number, to: number): Segment[] {
  const during = recorder.marks.filter((mark) => mark.at > from && mark.at <= to);
  const starts: Mark[] = [{ at: from, label: labelBefore(recorder, from) }, ...during];
  const byLabel = new Map<string, number>();
  starts.forEach((mark, i) => {
    const end = starts[i + 1]?.at ?? to;
    byLabel.set(mark.label, (byLabel.get(mark.label) ?? 0) + end - mark.at);
  });
  return [...byLabel]
    .map(([label, ms]) => ({ label, ms: Math.round(ms) }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 4);
}

/** The label that was current at `at` (the last mark before it). */
function labelBefore(recorder: StallRecorder, at: number): string {
  for (let i = recorder.marks.length - 1; i >= 0; i -= 1) {
    const mark = recorder.marks[i];
    if (mark !== undefined && mark.at <= at) return mark.label;
  }
  return recorder.label;
}

/** Records that `label` starts now. */
function markStart(recorder: StallRecorder, label: string): void {
  recorder.label = label;
  recorder.marks.push({ at: performance.now(), label });
}

/** The running file, relative to the checkout. */
function readFileName(): string {
  const path = expect.getState().testPath ?? '(unknown file)';
  const at = path.indexOf('/test/');
  return at >= 0 ? path.slice(at + 1) : path;
}

const outFile = process.env['CATALOG_TEST_STALLS'];
if (outFile !== undefined && outFile !== '') {
  const minStallMs = Number(process.env['CATALOG_TEST_STALL_MS'] ?? 1000);
  const holder = globalThis as { [recorderKey]?: StallRecorder };
  const recorder = (holder[recorderKey] ??= startRecorder(outFile, minStallMs));
  // The file's import (collection) runs before these hooks: a stall then carries the previous
  // label's "after" mark, which names the file that ended before it.
  markStart(recorder, `${readFileName()} › (import and beforeAll)`);
  beforeAll(() => markStart(recorder, `${readFileName()} › (beforeAll)`));
  beforeEach(() => {
    markStart(recorder, `${readFileName()} › ${expect.getState().currentTestName ?? '?'}`);
  });
  afterEach(() => markStart(recorder, `${readFileName()} › (between tests)`));
  afterAll(() => markStart(recorder, `${readFileName()} › (afterAll, then next file's import)`));
}

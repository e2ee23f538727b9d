/**
 * Progress when stderr is not a terminal (a log file, CI) or is a dumb one: a progress line every
 * few seconds with an ETA, never one line per request, never a redraw.
 */
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/cli-io.js';
import { PROGRESS_LINE_SECONDS, createEventPrinter } from '../../src/cli/cli-io.js';
import { applyEvent, createProgressState, estimateRemainingMs, renderProgressLine } from '../../src/cli/render-event.js';
import type { PipelineEvent } from '../../src/core/events.js';
import { createTranslator } from '../../src/i18n/create-translator.js';

const en = createTranslator('en');

function makeIo(overrides: Partial<CliIo> = {}): CliIo & { err: string[] } {
  const err: string[] = [];
  return { err, stdout: () => undefined, stderr: (t) => err.push(t), isTty: false, env: {}, cwd: '/', ...overrides };
}

/** A clock the test moves by hand. */
function makeClock(): { now: () => number; advance(ms: number): void } {
  let t = 0;
  return { now: () => t, advance: (ms) => (t += ms) };
}

function readProgress(rows: number, bytesRead: number, totalBytes = 1_000_000): PipelineEvent {
  return { type: 'read:progress', file: 'catalog.csv', rows, bytesRead, totalBytes };
}

function accepted(batch: number): PipelineEvent {
  return { type: 'submit:accepted', batch, products: 50, jobId: `job-${batch}` } as PipelineEvent;
}

describe('progress off a terminal', () => {
  it('prints a line every few seconds while reading, none per request, for 1,482 requests', () => {
    const clock = makeClock();
    const io = makeIo();
    const printer = createEventPrinter(io, { json: false, getTranslator: () => en }, clock.now);
    // 35 s of reading, an event every half second.
    for (let i = 1; i <= 70; i++) {
      clock.advance(500);
      printer.onEvent(readProgress(i * 1000, i * 10_000));
    }
    const readingLines = io.err.join('').split('\n').filter(Boolean);
    expect(readingLines.length).toBe(Math.floor(35 / PROGRESS_LINE_SECONDS));
    expect(readingLines[0]).toMatch(/^rows \d/);
    printer.onEvent({ type: 'stage:start', stage: 'submit', detail: '74100 products in requests of 50, 4 at a time' } as PipelineEvent);
    for (let batch = 0; batch < 1482; batch++) {
      clock.advance(100);
      printer.onEvent(accepted(batch));
    }
    printer.done();
    const all = io.err.join('');
    expect(all).not.toMatch(/request \d+:/);
    expect(all).not.toContain('\r');
    // 148.2 s of sending after 35 s of reading: a line at every 10 s mark the reading did not take.
    const sendingLines = all.split('\n').filter((line) => line.includes('sent '));
    expect(sendingLines.length).toBe(Math.floor((35 + 148.2) / PROGRESS_LINE_SECONDS) - readingLines.length);
    expect(sendingLines.at(-1)).toMatch(/ETA \d+s/);
  });

  it('never redraws on a dumb terminal', () => {
    const clock = makeClock();
    const io = makeIo({ isTty: true, env: { TERM: 'dumb' } });
    const printer = createEventPrinter(io, { json: false, getTranslator: () => en }, clock.now);
    for (let i = 1; i <= 30; i++) {
      clock.advance(1000);
      printer.onEvent(readProgress(i * 1000, i * 10_000));
    }
    printer.done();
    const all = io.err.join('');
    expect(all).not.toContain('\r');
    expect(all).not.toContain('\u001b[');
    expect(all.split('\n').filter(Boolean).length).toBe(3);
  });

  it('redraws on a real terminal, with the ETA on the bar', () => {
    const clock = makeClock();
    const io = makeIo({ isTty: true, env: { TERM: 'xterm' } });
    const printer = createEventPrinter(io, { json: false, getTranslator: () => en }, clock.now);
    printer.onEvent(readProgress(0, 0));
    clock.advance(5000);
    printer.onEvent(readProgress(1000, 500_000));
    expect(io.err.at(-1)).toMatch(/^\r\u001b\[2Krows 1,000 .*50% │ ETA 5s$/);
  });
});

describe('the ETA', () => {
  it('goes by the pace of the current phase since it started', () => {
    const state = createProgressState();
    applyEvent(state, readProgress(0, 0), 0);
    expect(estimateRemainingMs(state, 0)).toBeNull();
    applyEvent(state, readProgress(100, 250_000), 10_000);
    expect(estimateRemainingMs(state, 10_000)).toBe(30_000);
    applyEvent(state, { type: 'stage:start', stage: 'submit', detail: '200 products' } as PipelineEvent, 60_000);
    applyEvent(state, accepted(0), 62_000);
    applyEvent(state, accepted(1), 64_000);
    // 100 of 200 products in 4 s since sending began: 4 s more.
    expect(estimateRemainingMs(state, 64_000)).toBe(4000);
    expect(renderProgressLine(state, en, 64_000)).toContain('ETA 4s');
    expect(renderProgressLine(state, en, 64_000)).toContain('sent 100/200 products');
  });

  it('reads 1m 05s and 1h 02m for longer waits', () => {
    const state = createProgressState();
    applyEvent(state, readProgress(0, 0, 1000), 0);
    applyEvent(state, readProgress(1, 100, 1000), 7222);
    expect(renderProgressLine(state, en, 7222)).toContain('ETA 1m 05s');
    applyEvent(state, readProgress(1, 100, 1000), 413_334);
    expect(renderProgressLine(state, en, 413_334)).toContain('ETA 1h 02m');
  });
});

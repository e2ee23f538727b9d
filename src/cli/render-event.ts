/**
 * Turns pipeline events into what a person or a machine reads: a redrawn progress line on a
 * terminal, plain log lines elsewhere, NDJSON with `--json`. Pure functions; printing is `cli-io.ts`.
 */
import type { PipelineEvent } from '../core/events.js';

/** Progress state accumulated from events, for the status line. */
export interface ProgressState {
  rows: number;
  bytesRead: number;
  totalBytes: number;
  productsSent: number;
  productsToSend: number;
  jobsFinished: number;
  jobsStarted: number;
  /** When the current phase (reading, then sending) was first seen, with how far it was then: the ETA's base. */
  phase: { name: 'read' | 'send'; startedAt: number; startFraction: number } | null;
}

/** A fresh progress state. */
export function createProgressState(): ProgressState {
  return { rows: 0, bytesRead: 0, totalBytes: 0, productsSent: 0, productsToSend: 0, jobsFinished: 0, jobsStarted: 0, phase: null };
}

/** Folds one event into the progress state; `now` (monotonic ms) dates the start of each phase for the ETA. */
export function applyEvent(state: ProgressState, event: PipelineEvent, now = 0): void {
  foldEvent(state, event);
  const name = state.productsToSend > 0 ? 'send' : state.totalBytes > 0 ? 'read' : null;
  if (name !== null && state.phase?.name !== name) state.phase = { name, startedAt: now, startFraction: phaseFraction(state, name) };
}

function phaseFraction(state: ProgressState, name: 'read' | 'send'): number {
  const fraction = name === 'send' ? state.productsSent / state.productsToSend : state.bytesRead / state.totalBytes;
  return Math.max(0, Math.min(1, fraction));
}

/**
 * Time left in the current phase, from its pace since it started: null until there is a pace to
 * go by (a second in and some progress made), 0 when done.
 */
export function estimateRemainingMs(state: ProgressState, now: number): number | null {
  if (state.phase === null) return null;
  const fraction = phaseFraction(state, state.phase.name);
  if (fraction >= 1) return 0;
  const elapsed = now - state.phase.startedAt;
  const done = fraction - state.phase.startFraction;
  if (elapsed < 1000 || done <= 0) return null;
  return (elapsed * (1 - fraction)) / done;
}

function foldEvent(state: ProgressState, event: PipelineEvent): void {
  switch (event.type) {
    case 'read:progress':
      state.rows = event.rows;
      state.bytesRead = event.bytesRead;
      state.totalBytes = event.totalBytes;
      break;
    case 'submit:accepted':
      state.productsSent += event.products;
      state.jobsStarted += 1;
      break;
    case 'job:finished':
      state.jobsFinished += 1;
      break;
    case 'stage:start':
      if (event.stage === 'submit' && event.detail) {
        const match = /(\d+) products?/.exec(event.detail);
        if (match) state.productsToSend = Number(match[1]);
      }
      break;
    default:
      break;
  }
}

/** The one-line progress display: `rows 12,000 [██░░] 45% │ sent 300/1,200 products [█░░░] 25% │ jobs 8/10 │ ETA 1m 05s`. */
export function renderProgressLine(state: ProgressState, now?: number): string {
  const parts = [`rows ${fmt(state.rows)}${state.totalBytes > 0 ? ` ${bar(state.bytesRead / state.totalBytes)}` : ''}`];
  if (state.productsToSend > 0 || state.productsSent > 0) {
    parts.push(`sent ${fmt(state.productsSent)}/${fmt(state.productsToSend)} products ${bar(state.productsToSend ? state.productsSent / state.productsToSend : 0)}`);
  }
  if (state.jobsStarted > 0) parts.push(`jobs ${fmt(state.jobsFinished)}/${fmt(state.jobsStarted)}`);
  const remaining = now === undefined ? null : estimateRemainingMs(state, now);
  if (remaining !== null && remaining > 0) parts.push(`ETA ${formatDuration(remaining)}`);
  return parts.join(' │ ');
}

/** `45s`, `3m 05s`, `1h 02m`. */
export function formatDuration(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/**
 * A plain log line for an event, or null when the event is only progress. One line per request or
 * per job is progress too (100,000 rows made 1,482 of them): the progress line shows it, and a
 * request the service refused still gets its own line.
 */
export function renderLogLine(event: PipelineEvent): string | null {
  switch (event.type) {
    case 'stage:start':
      return `» ${event.stage}${event.detail ? `: ${event.detail}` : ''}`;
    case 'stage:end':
      return event.detail ? `✓ ${event.stage}: ${event.detail}` : null;
    case 'directories:loaded':
      return `directories from the ${event.source}: ${Object.entries(event.counts).map(([k, v]) => `${fmt(v)} ${k}`).join(', ')}`;
    case 'submit:failed':
      return `request ${event.batch + 1}: ${event.products} products not accepted: ${event.message}`;
    case 'http:retry':
      return `retrying ${event.endpoint} (attempt ${event.attempt}${event.status ? `, status ${event.status}` : ''}) in ${Math.round(event.waitMs)} ms`;
    case 'submit:throttled':
      return `throttled: waiting ${event.waitMs} ms, ${event.concurrency} in flight`;
    case 'log':
      return event.level === 'debug' ? null : `${event.level === 'info' ? '' : `${event.level}: `}${event.message}`;
    default:
      return null;
  }
}

function fmt(n: number): string {
  return n.toLocaleString('en-US');
}

function bar(fraction: number): string {
  const f = Math.max(0, Math.min(1, fraction));
  const width = 12;
  const full = Math.round(f * width);
  return `[${'█'.repeat(full)}${'░'.repeat(width - full)}] ${Math.round(f * 100)}%`;
}

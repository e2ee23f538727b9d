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
}

/** A fresh progress state. */
export function createProgressState(): ProgressState {
  return { rows: 0, bytesRead: 0, totalBytes: 0, productsSent: 0, productsToSend: 0, jobsFinished: 0, jobsStarted: 0 };
}

/** Folds one event into the progress state. */
export function applyEvent(state: ProgressState, event: PipelineEvent): void {
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

/** The one-line progress display: `rows 12,000 (45%) │ sent 300/1,200 products │ jobs 8/10`. */
export function renderProgressLine(state: ProgressState): string {
  const parts = [`rows ${fmt(state.rows)}${state.totalBytes > 0 ? ` ${bar(state.bytesRead / state.totalBytes)}` : ''}`];
  if (state.productsToSend > 0 || state.productsSent > 0) {
    parts.push(`sent ${fmt(state.productsSent)}/${fmt(state.productsToSend)} products ${bar(state.productsToSend ? state.productsSent / state.productsToSend : 0)}`);
  }
  if (state.jobsStarted > 0) parts.push(`jobs ${fmt(state.jobsFinished)}/${fmt(state.jobsStarted)}`);
  return parts.join(' │ ');
}

/** A plain log line for an event, or null when the event is only progress. */
export function renderLogLine(event: PipelineEvent): string | null {
  switch (event.type) {
    case 'stage:start':
      return `» ${event.stage}${event.detail ? `: ${event.detail}` : ''}`;
    case 'stage:end':
      return event.detail ? `✓ ${event.stage}: ${event.detail}` : null;
    case 'directories:loaded':
      return `directories from the ${event.source}: ${Object.entries(event.counts).map(([k, v]) => `${fmt(v)} ${k}`).join(', ')}`;
    case 'submit:accepted':
      return `request ${event.batch + 1}: ${event.products} products accepted as job ${event.jobId}`;
    case 'submit:failed':
      return `request ${event.batch + 1}: ${event.products} products not accepted: ${event.message}`;
    case 'job:finished':
      return `job ${event.jobId}: ${event.accepted} accepted, ${event.rejected} rejected, ${event.unknown} unknown`;
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

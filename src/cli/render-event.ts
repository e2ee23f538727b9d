/**
 * Turns pipeline events into what a person or a machine reads: a redrawn progress line on a
 * terminal, plain log lines elsewhere, NDJSON with `--json`. Pure functions; printing is `cli-io.ts`.
 * A person's lines are in the run's language (`terminal.json`); an event that carries its text as a
 * catalog message (`text`) is said with it, any other by its English `detail` or `message`.
 */
import type { EventText, PipelineEvent } from '../core/events.js';
import type { Translator } from '../i18n/create-translator.js';

/** Progress state accumulated from events, for the status line. */
interface ProgressState {
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

/** The one-line progress display: `rows 12,000 [██░░] 45% │ sent 300/1,200 products [█░░░] 25% │ jobs 8/10 │ ETA 1m 05s`, in the language of `t`. */
export function renderProgressLine(state: ProgressState, t: Translator, now?: number): string {
  const parts = [`${t.translate('progress.rows', { rows: state.rows })}${state.totalBytes > 0 ? ` ${bar(state.bytesRead / state.totalBytes)}` : ''}`];
  if (state.productsToSend > 0 || state.productsSent > 0) {
    parts.push(`${t.translate('progress.sent', { sent: state.productsSent, total: state.productsToSend })} ${bar(state.productsToSend ? state.productsSent / state.productsToSend : 0)}`);
  }
  if (state.jobsStarted > 0) parts.push(t.translate('progress.jobs', { finished: state.jobsFinished, started: state.jobsStarted }));
  const remaining = now === undefined ? null : estimateRemainingMs(state, now);
  if (remaining !== null && remaining > 0) parts.push(t.translate('progress.eta', { time: formatDuration(remaining, t) }));
  return parts.join(' │ ');
}

/** `45s`, `3m 05s`, `1h 02m` (in English). */
export function formatDuration(ms: number, t: Translator): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return t.translate('duration.seconds', { seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t.translate('duration.minutes', { minutes, seconds: String(seconds % 60).padStart(2, '0') });
  return t.translate('duration.hours', { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, '0') });
}

/**
 * A plain log line for an event, or null when the event is only progress. One line per request or
 * per job is progress too (100,000 rows made 1,482 of them): the progress line shows it, and a
 * request the service refused still gets its own line.
 */
export function renderLogLine(event: PipelineEvent, t: Translator): string | null {
  switch (event.type) {
    case 'stage:start': {
      const detail = sayDetail(event, t);
      return t.translate(detail === undefined ? 'event.stage_start' : 'event.stage_start_detail', { stage: nameStage(event.stage, t), detail });
    }
    case 'stage:end': {
      const detail = sayDetail(event, t);
      return detail === undefined ? null : t.translate('event.stage_end', { stage: nameStage(event.stage, t), detail });
    }
    case 'directories:loaded':
      return t.translate(`event.directories_from_${event.source}`, {
        counts: Object.entries(event.counts).map(([kind, count]) => (t.has(`directories.${kind}`) ? t.translate(`directories.${kind}`, { count }) : `${kind}: ${t.translate('number', { count })}`)).join(', '),
      });
    case 'submit:failed':
      return t.translate('event.submit_failed', { request: event.batch + 1, count: event.products, message: event.message });
    case 'http:retry':
      return t.translate(event.status ? 'event.retry_status' : 'event.retry', { endpoint: event.endpoint, attempt: event.attempt, status: event.status, ms: Math.round(event.waitMs) });
    case 'submit:throttled':
      return t.translate('event.throttled', { ms: event.waitMs, concurrency: event.concurrency });
    case 'log': {
      if (event.level === 'debug') return null;
      const message = event.text === undefined ? event.message : t.translate(event.text.key, event.text.data);
      return event.level === 'info' ? message : t.translate(`event.log_${event.level}`, { message });
    }
    default:
      return null;
  }
}

/** A stage's name in the language of `t`; a stage the catalog does not name, as the pipeline calls it. */
function nameStage(stage: string, t: Translator): string {
  return t.has(`stage.${stage}`) ? t.translate(`stage.${stage}`) : stage;
}

function sayDetail(event: { detail?: string | undefined; text?: EventText | undefined }, t: Translator): string | undefined {
  if (event.text !== undefined) return t.translate(event.text.key, event.text.data);
  return event.detail === undefined || event.detail === '' ? undefined : event.detail;
}

function bar(fraction: number): string {
  const f = Math.max(0, Math.min(1, fraction));
  const width = 12;
  const full = Math.round(f * width);
  return `[${'█'.repeat(full)}${'░'.repeat(width - full)}] ${Math.round(f * 100)}%`;
}

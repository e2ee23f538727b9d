/**
 * Typed progress and log events. The core emits them through `deps.onEvent`; the CLI draws
 * progress bars or prints log lines (`--json` prints them as NDJSON).
 */
import type { Issue } from './issue.js';

/**
 * What an event says to a person, as a message of the catalog (`src/i18n/catalog/<lang>/terminal.json`):
 * its key and data, language-neutral. The CLI prints it in the run's language; the English
 * `detail`/`message` beside it stays for logs and `--json` readers.
 */
export interface EventText {
  key: string;
  data?: Readonly<Record<string, string | number>>;
}

/** Everything the pipeline tells the outside world while it runs. */
export type PipelineEvent =
  | { type: 'stage:start'; stage: string; detail?: string; text?: EventText }
  | { type: 'stage:end'; stage: string; detail?: string; text?: EventText }
  | { type: 'read:progress'; file: string; rows: number; bytesRead: number; totalBytes: number }
  | { type: 'directories:loaded'; source: 'cache' | 'service'; counts: Record<string, number> }
  | { type: 'submit:request'; batch: number; products: number }
  | { type: 'submit:accepted'; batch: number; jobId: string; products: number }
  | { type: 'submit:failed'; batch: number; products: number; message: string }
  | { type: 'submit:throttled'; waitMs: number; concurrency: number }
  | { type: 'job:progress'; jobId: string; status: string; done: number; total: number }
  | { type: 'job:finished'; jobId: string; accepted: number; rejected: number; unknown: number }
  | { type: 'http:retry'; endpoint: string; attempt: number; status?: number; waitMs: number }
  | { type: 'issue'; issue: Issue }
  | { type: 'log'; level: 'debug' | 'info' | 'warn' | 'error'; message: string; data?: Record<string, unknown>; text?: EventText };

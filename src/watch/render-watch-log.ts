/**
 * The watcher's log records and their rendering: one line per file with its outcome, counts and
 * report folder, and one line per event of the watcher itself. `json` lines are single JSON
 * objects for log collectors (journald, Vector, Fluent Bit, Loki); `text` lines are for people.
 */
/** What became of a file (`gone`: removed from `processing/` during its import, so neither kept nor tried again). */
export type WatchOutcome = 'done' | 'failed' | 'duplicate' | 'retry' | 'interrupted' | 'gone';

/** Rows per status (`accepted`, `rejected`, `invalid`, `unchanged`, …) and `rows`, the total. */
export type WatchFileCounts = Record<string, number>;

/** The line logged for every file the watcher finished with (or put aside). */
export interface WatchFileRecord {
  /** ISO time. */
  time: string;
  level: 'info' | 'warn' | 'error';
  event: 'file';
  /** The file's name as dropped. */
  file: string;
  /** Content hash; null when the file could not be read. */
  sha256: string | null;
  outcome: WatchOutcome;
  /** The import's exit code (0 ok, 1 rows failed, 2 bad file or mapping, 3 service unusable, 70 internal error, 130 interrupted); 0 for duplicates. */
  exitCode: number;
  /** The import run; for a duplicate, the first run of this content. */
  runId: string | null;
  counts: WatchFileCounts | null;
  /** The run's report folder; for a duplicate, the first run's. */
  reportDir: string | null;
  /** Where the file is now. */
  path: string;
  /** A duplicate's first import. */
  duplicateOf?: { runId: string; reportDir: string; finishedAt: string | null };
  /** Why it failed or was put aside. */
  error?: string;
}

/** Kinds of the watcher's own events. */
export type WatchNoticeEvent = 'started' | 'lock' | 'recover' | 'waiting' | 'idle' | 'stopping' | 'stopped' | 'error';

/** A line about the watcher itself. */
export interface WatchNoticeRecord {
  time: string;
  level: 'info' | 'warn' | 'error';
  event: WatchNoticeEvent;
  message: string;
  /** Extra fields for the collector (inbox, pid, files, …). */
  data?: Record<string, unknown>;
}

/** Any log record of the watcher. */
export type WatchLogRecord = WatchFileRecord | WatchNoticeRecord;

/** Log line formats. */
export type WatchLogFormat = 'text' | 'json';

/** Renders one record as one line (no newline). */
export function renderWatchLogLine(record: WatchLogRecord, format: WatchLogFormat): string {
  if (format === 'json') {
    return JSON.stringify(record.event === 'file' ? { ...record, message: describeFileRecord(record) } : record);
  }
  const level = record.level === 'info' ? '' : ` ${record.level.toUpperCase()}`;
  return `${record.time}${level} ${record.event === 'file' ? describeFileRecord(record) : record.message}`;
}

/** The human sentence of a file record. */
function describeFileRecord(record: WatchFileRecord): string {
  const parts: string[] = [`${record.outcome} ${record.file}`];
  switch (record.outcome) {
    case 'duplicate':
      parts.push(`(same content as run ${record.duplicateOf?.runId ?? record.runId ?? '?'}; not imported again) → ${record.path}`);
      break;
    case 'retry':
      parts.push(`(kept in processing/ for another try) exit ${record.exitCode}`);
      break;
    case 'interrupted':
      parts.push('(stopped; kept in processing/, finished on the next start) exit 130');
      break;
    case 'gone':
      parts.push(`(removed from processing/ during its import: not kept, not tried again; drop it again to import it) exit ${record.exitCode}`);
      break;
    default:
      parts.push(`→ ${record.path} exit ${record.exitCode}`);
  }
  if (record.runId !== null && record.outcome !== 'duplicate') parts.push(`run ${record.runId}`);
  if (record.counts !== null) parts.push(renderCounts(record.counts));
  if (record.reportDir !== null) parts.push(`report ${record.reportDir}`);
  if (record.error !== undefined) parts.push(`error: ${record.error.split('\n')[0] ?? ''}`);
  return parts.join('  ');
}

function renderCounts(counts: WatchFileCounts): string {
  const { rows, ...byStatus } = counts;
  const statuses = Object.entries(byStatus)
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${status} ${n}`);
  return `rows ${rows ?? 0}${statuses.length ? `: ${statuses.join(', ')}` : ''}`;
}

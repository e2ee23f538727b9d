/**
 * Exit codes, documented in README.md and docs/cli.md, so cron and systemd can tell outcomes apart.
 */
import { isPipelineError } from '../core/errors.js';

/** The exit codes. */
export const EXIT = {
  /** Everything valid / accepted. */
  ok: 0,
  /** Some rows invalid, rejected by the service, or of unknown outcome. */
  rowsFailed: 1,
  /** Bad invocation, settings, mapping or input file. */
  badInput: 2,
  /** The service could not be used: credentials refused, unreachable after retries, unexpected answers. */
  serviceUnusable: 3,
  /**
   * The local state could not be used: the state folder's lock held by another import, the folder
   * read-only or its disk full, the database locked, corrupt or newer. Nothing is wrong with the
   * service; fix the folder (or wait for the other run) and run the same command again.
   */
  localStateUnusable: 4,
  /** An unexpected internal error (a bug, or an install missing a part): retrying will not help. Like sysexits' EX_SOFTWARE. */
  internal: 70,
  /** Interrupted (Ctrl-C / SIGTERM); the state is kept and the run can be resumed. */
  interrupted: 130,
  /**
   * Stopped because the reader of its output went away (`… | head -1` closed the pipe): 128 +
   * SIGPIPE, what a shell reports for a tool that pipe ended. Otherwise as `interrupted`: the run
   * ended by its own paths, its state kept.
   */
  outputClosed: 141,
} as const;

/** Maps a thrown error to an exit code. */
export function exitCodeForError(error: unknown): number {
  if (!isPipelineError(error)) return EXIT.internal;
  switch (error.code) {
    case 'CONFIG_INVALID':
    case 'MAPPING_INVALID':
    case 'SOURCE_UNREADABLE':
    case 'SOURCE_CHANGED':
    case 'LIMIT_EXCEEDED':
      return EXIT.badInput;
    case 'ABORTED':
      return EXIT.interrupted;
    case 'API_ERROR':
    case 'API_AUTH_REJECTED':
    case 'API_UNREACHABLE':
    case 'API_SCHEMA_MISMATCH':
      return EXIT.serviceUnusable;
    case 'STATE_ERROR':
      return EXIT.localStateUnusable;
    case 'INTERNAL':
      return EXIT.internal;
    default:
      return EXIT.internal;
  }
}

/**
 * What a watcher does with a file whose import threw: a fault of the file itself sends it to
 * `failed/`; a fault of the mapping, the settings, the service or the local state is no fault of
 * the file, so it stays in `processing/` and is tried again later, as does a file written to after
 * the watcher hashed it (hashed and decided again then); a stop request leaves it there to be
 * finished on the next start.
 */
import { isPipelineError } from '../core/errors.js';
import { formatIssue } from '../core/issue.js';
import type { Issue } from '../core/issue.js';

/** How a thrown import ended for the file. */
export interface ImportFailure {
  /** `failed`: moved to `failed/`; `retry`: kept in `processing/` for a later try; `interrupted`: kept for the next start. */
  outcome: 'failed' | 'retry' | 'interrupted';
  /** The exit code the same failure gives `catalog-import import`. */
  exitCode: number;
  /** One-paragraph description (the first issues included, when the error has them). */
  message: string;
}

/** Issues quoted in a failure's message; the rest are counted. */
const QUOTED_ISSUES = 20;

/** Classifies an error thrown by `runImport`; `aborted` says whether a stop was requested. */
export function classifyImportError(error: unknown, aborted: boolean): ImportFailure {
  const message = describeImportError(error);
  if (aborted || (isPipelineError(error) && error.code === 'ABORTED')) return { outcome: 'interrupted', exitCode: 130, message };
  if (!isPipelineError(error)) return { outcome: 'failed', exitCode: 70, message: `internal error: ${message}` };
  switch (error.code) {
    case 'SOURCE_UNREADABLE':
    case 'LIMIT_EXCEEDED':
      return { outcome: 'failed', exitCode: 2, message };
    case 'CONFIG_INVALID':
    case 'MAPPING_INVALID':
    // Written to after the watcher hashed it (a writer still at work): hashed and decided again later.
    case 'SOURCE_CHANGED':
      return { outcome: 'retry', exitCode: 2, message };
    case 'INTERNAL':
      // A bug: 70, as `import` exits, so a wrapper that retries on 3 does not retry it.
      return { outcome: 'failed', exitCode: 70, message };
    default:
      return { outcome: 'retry', exitCode: 3, message };
  }
}

function describeImportError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const issues = (error as { issues?: unknown }).issues;
  if (!Array.isArray(issues) || issues.length === 0) return error.message;
  const lines = (issues as Issue[]).slice(0, QUOTED_ISSUES).map((issue) => `  - ${formatIssue(issue)}`);
  if (issues.length > QUOTED_ISSUES) lines.push(`  … and ${issues.length - QUOTED_ISSUES} more`);
  return `${error.message}\n${lines.join('\n')}`;
}

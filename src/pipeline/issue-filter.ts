/**
 * `validate --pick CODE… / --skip CODE…` and `--limit-errors N`, as frictionless names them
 * (`pick_errors`, `skip_errors`, `limit_errors`): which issue codes the dry run checks and reports,
 * and after how many errors it stops.
 *
 * Every check still runs and the rows keep the statuses the full check gives them (a row with a bad
 * price is never counted valid, whatever is picked: the statuses, the exit code and the payloads
 * stay honest); the codes left out are left out of everything reported: the terminal, summary.json,
 * issues.ndjson, `--json`, the annotated copy and rejected-rows.csv. `--limit-errors` counts the
 * reported errors only.
 */
import { ConfigError } from '../core/errors.js';
import { createIssue, type Issue } from '../core/issue.js';
import { formatSuggestions, suggestEntries } from '../mapping/suggest-entries.js';
import { READ_CODES } from '../sources/read-codes.js';
import { ASSEMBLY_ISSUE_CODES, ROW_ISSUE_CODES } from '../stages/issue-codes.js';

/** Codes of the dry run itself. */
export const DRY_RUN_ISSUE_CODES = {
  error_limit_reached: '`--limit-errors` was reached: the dry run stopped there and the rows after it were not checked (warning).',
} as const;

/** Which codes are reported. */
export interface IssueFilter {
  /** True when issues of `code` are reported. */
  reports(code: string): boolean;
}

/** Every code `--pick` and `--skip` accept: those of the readers, the row checks and the product checks. */
function listFilterableCodes(): string[] {
  return [...new Set([...Object.values(READ_CODES), ...Object.keys(ROW_ISSUE_CODES), ...Object.keys(ASSEMBLY_ISSUE_CODES)])].sort();
}

/**
 * The filter of `pick` / `skip`, or undefined when neither is given. An unknown code is a usage
 * mistake (a typo would otherwise pick nothing, or skip nothing, silently): `ConfigError`.
 */
export function createIssueFilter(options: { pick?: readonly string[] | undefined; skip?: readonly string[] | undefined }): IssueFilter | undefined {
  const pick = options.pick !== undefined && options.pick.length > 0 ? new Set(options.pick) : undefined;
  const skip = options.skip !== undefined && options.skip.length > 0 ? new Set(options.skip) : undefined;
  if (pick === undefined && skip === undefined) return undefined;
  const known = listFilterableCodes();
  for (const [flag, codes] of [['--pick', pick], ['--skip', skip]] as const) {
    for (const code of codes ?? []) {
      if (known.includes(code)) continue;
      const near = formatSuggestions(suggestEntries(code, known.map((entry) => ({ label: entry, names: [entry], entry }))));
      throw new ConfigError(`${flag}: "${code}" is not an issue code of the dry run${near === undefined ? '' : `; ${near}`} (see docs/issue-codes.md)`);
    }
  }
  return { reports: (code) => (pick === undefined || pick.has(code)) && (skip === undefined || !skip.has(code)) };
}

/** Checks `--limit-errors`: a positive integer, or absent. */
export function checkErrorLimit(limit: number | undefined): number | undefined {
  if (limit === undefined) return undefined;
  if (!Number.isSafeInteger(limit) || limit < 1) throw new ConfigError(`--limit-errors must be a positive whole number, got ${limit}`);
  return limit;
}

/** The issue that says where the dry run stopped. */
export function buildErrorLimitIssue(limit: number, row: number, file: string): Issue {
  return createIssue({ stage: 'validate', code: 'error_limit_reached', severity: 'warning', data: { row, limit }, file });
}

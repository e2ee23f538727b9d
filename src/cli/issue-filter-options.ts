/**
 * The options of `validate` that choose which issues are checked and reported, defined once:
 * `--pick CODE…`, `--skip CODE…`, `--limit-errors N` (frictionless's pick_errors, skip_errors,
 * limit_errors). The codes are checked before anything runs (`createIssueFilter`).
 */
import type { Argv } from 'yargs';
import type { Settings } from '../settings/settings-schema.js';

/** Adds the options to a command. */
export function withIssueFilterOptions<T>(y: Argv<T>) {
  return y
    .option('pick', { type: 'string', array: true, describe: 'Check and report only these issue codes (see docs/issue-codes.md)' })
    .option('skip', { type: 'string', array: true, describe: 'Neither check nor report these issue codes' })
    .option('limit-errors', { type: 'number', describe: 'Stop after this many errors; the rows after it are not checked' })
    .group(['pick', 'skip', 'limit-errors'], 'Which issues:');
}

/** The settings flags of the options (codes may also be given comma-separated: `--skip a,b`). */
export function readIssueFilterFlags(argv: { pick?: string[] | undefined; skip?: string[] | undefined; limitErrors?: number | undefined }): Partial<Record<keyof Settings, unknown>> {
  const split = (codes: string[] | undefined): string[] | undefined =>
    codes === undefined ? undefined : codes.flatMap((code) => String(code).split(',')).map((code) => code.trim()).filter((code) => code !== '');
  return { pickIssues: split(argv.pick), skipIssues: split(argv.skip), limitErrors: argv.limitErrors };
}

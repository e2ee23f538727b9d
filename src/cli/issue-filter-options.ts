/**
 * The options of `validate` that choose which issues are checked and reported, defined once:
 * `--pick CODE…`, `--skip CODE…`, `--limit-errors N` (frictionless's pick_errors, skip_errors,
 * limit_errors). The codes are checked before anything runs (`createIssueFilter`).
 */
import type { Argv } from 'yargs';
import type { Settings } from '../settings/settings-schema.js';
import type { Describe } from './common-options.js';

/** Adds the options to a command, their help in the language of `describe`. */
export function withIssueFilterOptions<T>(y: Argv<T>, describe: Describe) {
  return y
    .option('pick', { type: 'string', array: true, describe: describe('help.option.pick') })
    .option('skip', { type: 'string', array: true, describe: describe('help.option.skip') })
    .option('limit-errors', { type: 'number', describe: describe('help.option.limit-errors') })
    .group(['pick', 'skip', 'limit-errors'], describe('help.group.issues'));
}

/** The settings flags of the options (codes may also be given comma-separated: `--skip a,b`). */
export function readIssueFilterFlags(argv: { pick?: string[] | undefined; skip?: string[] | undefined; limitErrors?: number | undefined }): Partial<Record<keyof Settings, unknown>> {
  const split = (codes: string[] | undefined): string[] | undefined =>
    codes === undefined ? undefined : codes.flatMap((code) => String(code).split(',')).map((code) => code.trim()).filter((code) => code !== '');
  return { pickIssues: split(argv.pick), skipIssues: split(argv.skip), limitErrors: argv.limitErrors };
}

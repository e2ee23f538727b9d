/**
 * The options that shape how products are sent, shared by `import` and `watch` (which imports
 * every file it takes), and their folding into settings.
 */
import type { Argv } from 'yargs';
import type { Settings } from '../settings/settings-schema.js';
import type { Describe } from './common-options.js';

/** `--rate-limit`: also offered by the other commands that send many requests (`reconcile`). */
export function rateLimitOption(describe: Describe) {
  return { type: 'number', describe: describe('help.option.rate-limit') } as const;
}

/** Adds the sending options, their help in the language of `describe`. */
export function withSendingOptions<T>(y: Argv<T>, describe: Describe) {
  return y
    .option('report-dir', { type: 'string', describe: describe('help.option.report-dir') })
    .option('concurrency', { type: 'number', describe: describe('help.option.concurrency') })
    .option('rate-limit', rateLimitOption(describe))
    .option('batch-size', { type: 'number', describe: describe('help.option.batch-size') })
    .option('max-errors', { type: 'number', describe: describe('help.option.max-errors') })
    .option('strict', { type: 'boolean', describe: describe('help.option.strict') })
    .option('verify', { type: 'boolean', describe: describe('help.option.verify') })
    .option('job-timeout', { type: 'number', describe: describe('help.option.job-timeout') })
    .option('settle-after', { type: 'number', describe: describe('help.option.settle-after') });
}

/** The sending flags as a handler receives them. */
interface SendingArgv {
  reportDir?: string | undefined;
  concurrency?: number | undefined;
  rateLimit?: number | undefined;
  batchSize?: number | undefined;
  maxErrors?: number | undefined;
  strict?: boolean | undefined;
  verify?: boolean | undefined;
  jobTimeout?: number | undefined;
  settleAfter?: number | undefined;
}

/** The settings the sending flags give (undefined = not given). */
export function buildSendingSettings(argv: SendingArgv): Partial<Record<keyof Settings, unknown>> {
  return {
    reportDir: argv.reportDir,
    concurrency: argv.concurrency,
    rateLimit: argv.rateLimit,
    batchSize: argv.batchSize,
    maxErrors: argv.maxErrors,
    strict: argv.strict,
    verify: argv.verify,
    jobTimeoutSeconds: argv.jobTimeout,
    settleAfterSeconds: argv.settleAfter,
  };
}

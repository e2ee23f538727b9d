/**
 * The options that shape how products are sent, shared by `import` and `watch` (which imports
 * every file it takes), and their folding into settings.
 */
import type { Argv } from 'yargs';
import type { Settings } from '../settings/settings-schema.js';

/** `--rate-limit`: also offered by the other commands that send many requests (`reconcile`). */
export const rateLimitOption = {
  type: 'number',
  describe: 'Requests per second at most, every request counted (env CATALOG_RATE_LIMIT; default: none, slow down on 429)',
} as const;

/** Adds the sending options. */
export function withSendingOptions<T>(y: Argv<T>) {
  return y
    .option('report-dir', { type: 'string', describe: 'Folder for run reports (default <state-dir>/runs)' })
    .option('concurrency', { type: 'number', describe: 'Requests in flight at once (default 4)' })
    .option('rate-limit', rateLimitOption)
    .option('batch-size', { type: 'number', describe: 'Products per request, at most 30 (default 30)' })
    .option('max-errors', { type: 'number', describe: 'Send nothing when more rows than this have errors' })
    .option('strict', { type: 'boolean', describe: 'Send nothing when any row has an error' })
    .option('verify', { type: 'boolean', describe: 'Read the products back afterwards and report differences' })
    .option('job-timeout', { type: 'number', describe: 'Seconds to follow a job before reporting its products as unknown (default 900)' })
    .option('settle-after', { type: 'number', default: 30, describe: 'Seconds to wait after an unanswered request before asking the service which of its products exist' });
}

/** The sending flags as a handler receives them. */
export interface SendingArgv {
  reportDir?: string | undefined;
  concurrency?: number | undefined;
  rateLimit?: number | undefined;
  batchSize?: number | undefined;
  maxErrors?: number | undefined;
  strict?: boolean | undefined;
  verify?: boolean | undefined;
  jobTimeout?: number | undefined;
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
  };
}

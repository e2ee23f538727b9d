/**
 * Tool settings: one zod schema, the single source of truth for their types, defaults and
 * descriptions. Settings come from defaults < settings file < environment < CLI flags
 * (`resolve-settings.ts`).
 */
import { z } from 'zod';
import { pathsSchema, serviceProfileSchema } from './service-profile-schema.js';

import { checkSandboxDialectSpec, SANDBOX_DIALECT_SPEC_HINT } from '../sandbox/dialects/dialect-types.js';
import { LANGUAGES } from '../i18n/language.js';
import { DEFAULT_STATE_DIR } from './settings-layers.js';

/** The settings schema: strict, an unknown key is an error naming the nearest known one. */
export const settingsSchema = z.strictObject({
  baseUrl: z.url().optional().describe('Base address of the Seller Catalog Service (CATALOG_BASE_URL). Not needed with --sandbox.'),
  clientId: z.string().min(1).optional().describe('Client identifier of the API key (CATALOG_CLIENT_ID).'),
  clientSecret: z.string().optional().describe('Client secret of the API key (CATALOG_CLIENT_SECRET). Never written anywhere.'),
  clientSecretFile: z.string().optional().describe('File holding the client secret (CATALOG_CLIENT_SECRET_FILE); its first line is used.'),
  sandbox: z.boolean().default(false).describe('Start the embedded sandbox and run against it instead of the live service.'),
  sandboxDialect: z
    .string()
    .refine(checkSandboxDialectSpec, { message: `not a sandbox dialect: ${SANDBOX_DIALECT_SPEC_HINT}` })
    .default('interface')
    .describe('With --sandbox: which dialect of the interface\'s silent parts the embedded sandbox speaks (docs/sandbox.md#dialects).'),
  stateDir: z.string().default(DEFAULT_STATE_DIR).describe('State directory: ids learnt, run journal, directory cache (CATALOG_STATE_DIR).'),
  reportDir: z.string().optional().describe('Where run reports go; default <stateDir>/runs/<runId>.'),
  annotatedCopy: z
    .enum(['auto', 'always'])
    .default('auto')
    .describe(
      'When the report holds an annotated copy of the file. auto: always for an import (it carries the service ids), and for a dry run unless every row is clean and nothing was found (the copy would only repeat the file). always: every run.',
    ),
  readThread: z
    .enum(['auto', 'always', 'never'])
    .default('auto')
    .describe(
      'Where validate and import read the file. auto: on a second thread for a CSV of 32 MB or more and an XLSX of 2 MB or more, overlapping reading with validation on two cores (about 20 MB more memory); always; never: one thread, the least memory.',
    ),
  paths: pathsSchema.default({}).describe('Endpoint paths, when the service documents them differently (older place of service.paths; service.paths wins).'),
  service: serviceProfileSchema.default({ paths: {}, pageSizes: {}, detailsBatch: 30, fields: {}, attributeTypes: {}, statuses: {}, requiredFields: ['barcode'] }).describe('The service profile: paths, page sizes, field names, status words, ids per details request (docs/service-profile.md).'),
  timeoutMs: z.number().int().min(100).default(30_000).describe('Time-out of one HTTP request.'),
  retryLimit: z.number().int().min(0).max(20).default(5).describe('Retries of one request on 429, 5xx and network errors.'),
  concurrency: z.number().int().min(1).max(32).default(4).describe('Import requests in flight at once.'),
  rateLimit: z
    .number()
    .positive()
    .max(10_000)
    .optional()
    .describe(
      'Requests per second at most, every request counted (CATALOG_RATE_LIMIT). Default none: unlimited until the service answers 429; either way a 429 lowers the rate and its Retry-After pauses every request.',
    ),
  batchSize: z.number().int().min(1).max(30).default(30).describe('Products per import request (the service accepts at most 30).'),
  directoriesTtlMinutes: z.number().min(0).default(24 * 60).describe('How long the cached directories are used before they are fetched again.'),
  refreshDirectories: z.boolean().default(false).describe('Fetch the directories again, ignoring the cache.'),
  jobTimeoutSeconds: z.number().min(1).default(900).describe('How long to follow an import job before reporting its products as unknown.'),
  settleAfterSeconds: z.number().min(0).default(30).describe('After a request left unanswered, how long to wait before asking the service which of its products exist (--settle-after).'),
  pollIntervalMs: z.number().int().min(10).default(1000).describe('First interval between job status polls; it grows with backoff.'),
  maxErrors: z.number().int().min(0).optional().describe('Stop before sending when more than this many rows have errors.'),
  strict: z.boolean().default(false).describe('Send nothing when any row has an error.'),
  changedOnly: z.boolean().default(false).describe('Send only products whose content changed since the last accepted import.'),
  verify: z.boolean().default(false).describe('Read the products back after the import and report differences.'),
  plan: z.boolean().default(false).describe('Only show what the import would do against the live catalog; send nothing.'),
  pickIssues: z.array(z.string().min(1)).optional().describe('validate --pick: check and report only these issue codes (frictionless pick_errors).'),
  skipIssues: z.array(z.string().min(1)).optional().describe('validate --skip: neither check nor report these issue codes (frictionless skip_errors).'),
  limitErrors: z.number().int().min(1).optional().describe('validate --limit-errors: stop the dry run after this many errors; the rows after it are not checked.'),
  maxFileMb: z.number().min(1).default(1024).describe('Largest input file in megabytes.'),
  maxRows: z.number().int().min(1).default(2_000_000).describe('Most data rows in one input file.'),
  maxCellLength: z.number().int().min(100).default(32_767).describe('Longest cell in characters (Excel’s own limit by default).'),
  lang: z.enum(LANGUAGES).optional().describe('Language of what a person reads: en, ru or kk (CATALOG_LANG, --lang). Default: the locale (LC_ALL, LC_MESSAGES, LANG), Russian for a Russian or Kazakh one, else English.'),
});

/** Resolved settings. */
export type Settings = z.infer<typeof settingsSchema>;

/** Settings as they may appear in a file, in the environment or in flags: every field optional. */
export type SettingsInput = z.input<typeof settingsSchema>;


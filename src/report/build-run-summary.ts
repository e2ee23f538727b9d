/**
 * Builds `summary.json` from what the pipeline collected. Pure and deterministic: the same parts
 * give byte-identical JSON (sorted issues, sorted count keys, sorted settings keys).
 */
import { compareIssues } from '../core/issue.js';
import type { Issue } from '../core/issue.js';
import { ROW_STATUSES } from './report-types.js';
import type { RowOutcome, RowStatus, RunSummary, RunSummaryCounts, RunSummaryJob, RunSummarySource, StatusTally } from './report-types.js';
import { dedupeIssues, sortKeys } from './sort-keys.js';
import type { IssueDigest } from './write-issues-ndjson.js';
import { compareTexts } from '../core/compare-texts.js';

/** What the pipeline hands to `buildRunSummary`. */
export interface RunSummaryParts {
  /** Version of catalog-import. */
  toolVersion: string;
  command: RunSummary['command'];
  runId: string;
  startedAt: Date | string;
  finishedAt: Date | string;
  source: RunSummarySource;
  mapping: RunSummary['mapping'];
  /** Credentials in the URL (`user:pass@`) are removed. */
  service: RunSummary['service'];
  /** Effective settings with `sources`; keys that look like secrets are replaced by `[redacted]`. */
  settings: Record<string, unknown>;
  /** One outcome per source row. With `issueDigest` their issues are not read (they may be left empty). */
  outcomes: Iterable<RowOutcome>;
  /**
   * The outcomes' rows and products by status, counted already (the outcome store's `tally()`):
   * with it and `issueDigest`, `outcomes` is not walked — a walk made an object for every row.
   */
  tally?: StatusTally;
  /**
   * The issues as written to `issues.ndjson` (row issues and `issues` together): the summary keeps
   * its counts and examples instead of collecting every issue in memory.
   */
  issueDigest?: { digest: IssueDigest; file: string };
  /** Issues not attached to a row outcome (file, mapping, settings, product level). Duplicates of row issues are dropped. */
  issues?: readonly Issue[];
  jobs?: readonly RunSummaryJob[];
  timings?: Readonly<Record<string, number>>;
  exitCode: number;
}

/** Marker that replaces a secret-looking setting. */
export const REDACTED = '[redacted]';

// Keys whose values must never reach a report file. `sources` only names where values came from.
const SECRET_KEY = /secret|password|passwd|api_?key|authorization|credential|bearer/i;
// `accessToken`, `token`, … are secrets too, unless the value is an endpoint path or URL (`paths.token`).
const TOKEN_KEY = /token$/i;
const PATH_OR_URL = /^(?:\/|https?:\/\/)/;
// A key that names where a secret lives (`clientSecretFile`) or a placeholder saying whether one
// is set (`(set)`, as `describeSettings` writes) is not itself a secret.
const LOCATION_KEY = /(?:file|path|url|env)$/i;
const PLACEHOLDERS = new Set(['', '(set)', '(not set)', REDACTED]);

/** Builds the run summary. Pure: no clock, no I/O. */
export function buildRunSummary(parts: RunSummaryParts): RunSummary {
  const rowIssues: Issue[] = [];
  const tally = parts.tally !== undefined && parts.issueDigest !== undefined ? parts.tally : tallyOutcomes(parts.outcomes, parts.issueDigest === undefined ? rowIssues : undefined);
  const spilled = parts.issueDigest?.digest;
  const issues = spilled !== undefined ? spilled.examples : dedupeIssues([...rowIssues, ...(parts.issues ?? [])]).sort(compareIssues);
  const counts = buildCounts(tally, issues);
  if (spilled !== undefined) {
    counts.issuesBySeverity = { ...spilled.bySeverity };
    counts.issuesByCode = sortKeys(spilled.byCode);
  }
  return {
    reportVersion: 1,
    tool: { name: 'catalog-import', version: parts.toolVersion },
    command: parts.command,
    runId: parts.runId,
    startedAt: toIso(parts.startedAt),
    finishedAt: toIso(parts.finishedAt),
    source: { ...parts.source },
    mapping: { ...parts.mapping },
    service: { baseUrl: stripUrlCredentials(parts.service.baseUrl), sandbox: parts.service.sandbox },
    settings: redactSettings(parts.settings) as Record<string, unknown>,
    counts,
    jobs: [...(parts.jobs ?? [])].sort((a, b) => a.batch - b.batch || a.jobId.length - b.jobId.length || compareTexts(a.jobId, b.jobId)).map((job) => ({ ...job })),
    timings: sortKeys(parts.timings ?? {}),
    issues,
    ...(parts.issueDigest !== undefined && spilled !== undefined
      ? {
          issueList: {
            file: parts.issueDigest.file,
            complete: spilled.complete,
            examplesPerCode: spilled.examplesPerCode,
            bySeverityAndCode: { error: sortKeys(spilled.bySeverityAndCode.error), warning: sortKeys(spilled.bySeverityAndCode.warning) },
            byCodeAndColumn: sortKeys(spilled.byCodeAndColumn),
          },
        }
      : {}),
    exitCode: parts.exitCode,
  };
}

/** Rows and products by status from the outcomes, their issues put into `rowIssues` when given. */
function tallyOutcomes(outcomes: Iterable<RowOutcome>, rowIssues: Issue[] | undefined): StatusTally {
  const rows = new Map<RowStatus, number>();
  const productStatus = new Map<string, RowStatus>();
  for (const outcome of outcomes) {
    rows.set(outcome.status, (rows.get(outcome.status) ?? 0) + 1);
    if (outcome.productKey !== undefined) {
      const known = productStatus.get(outcome.productKey);
      productStatus.set(outcome.productKey, known === undefined ? outcome.status : mostSevere(known, outcome.status));
    }
    if (rowIssues !== undefined) for (const issue of outcome.issues) rowIssues.push(issue);
  }
  const products = new Map<RowStatus, number>();
  for (const status of productStatus.values()) products.set(status, (products.get(status) ?? 0) + 1);
  return { rows, products };
}

function buildCounts(tally: StatusTally, issues: readonly Issue[]): RunSummaryCounts {
  const rowsByStatus: Partial<Record<RowStatus, number>> = {};
  const productsByStatus: Record<string, number> = {};
  let rows = 0;
  let products = 0;
  for (const status of ROW_STATUSES) {
    const rowCount = tally.rows.get(status);
    if (rowCount !== undefined) {
      rowsByStatus[status] = rowCount;
      rows += rowCount;
    }
    const productCount = tally.products.get(status);
    if (productCount !== undefined) {
      productsByStatus[status] = productCount;
      products += productCount;
    }
  }
  const issuesBySeverity = { error: 0, warning: 0 };
  const byCode = new Map<string, number>();
  for (const issue of issues) {
    issuesBySeverity[issue.severity] += 1;
    byCode.set(issue.code, (byCode.get(issue.code) ?? 0) + 1);
  }
  return {
    rows,
    byStatus: rowsByStatus,
    products,
    productsByStatus,
    issuesBySeverity,
    issuesByCode: sortKeys(Object.fromEntries(byCode)),
  };
}

/** The more severe of two statuses, in `ROW_STATUSES` order: a product with one invalid row is invalid. */
function mostSevere(a: RowStatus, b: RowStatus): RowStatus {
  return ROW_STATUSES.indexOf(a) <= ROW_STATUSES.indexOf(b) ? a : b;
}

function toIso(time: Date | string): string {
  return typeof time === 'string' ? time : time.toISOString();
}

/** Removes `user:password@` from a URL; leaves anything unparsable as is. */
function stripUrlCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.username === '' && parsed.password === '') return url;
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return url;
  }
}

function redactSettings(value: unknown, inSources = false): unknown {
  if (Array.isArray(value)) return value.map((item) => redactSettings(item, inSources));
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const item = (value as Record<string, unknown>)[key];
    if (!inSources && isSecret(key, item)) {
      out[key] = REDACTED;
    } else {
      out[key] = redactSettings(item, inSources || key === 'sources');
    }
  }
  return out;
}

function isSecret(key: string, value: unknown): boolean {
  if (value === undefined || value === null || typeof value === 'object') return false;
  if (LOCATION_KEY.test(key) || (typeof value === 'string' && PLACEHOLDERS.has(value))) return false;
  if (SECRET_KEY.test(key)) return true;
  return TOKEN_KEY.test(key) && !(typeof value === 'string' && PATH_OR_URL.test(value));
}

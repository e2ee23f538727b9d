/**
 * The journaled import of products the caller assembled (`ProductDraft`s built by the stages, or by
 * hand), without a seller file: the same journal-driven work as `runImport` — every request journaled
 * `sending` before it leaves, the plan against what the service holds (unchanged products are not
 * sent), jobs followed to their results, ids remembered, refusals meaning "it already exists"
 * healed — and the same resume: calling it again with the same drafts and mapping after a crash
 * continues the run (accepted jobs are followed, requests of unknown fate are settled by asking the
 * service) instead of sending again. What it does not do is the file's part: rows, their outcomes,
 * the annotated copy; it answers per product instead.
 */
import { createHash } from 'node:crypto';
import type { Deps } from '../../core/deps.js';
import { AbortedError, ConfigError, asStopWhenAborted } from '../../core/errors.js';
import type { Issue } from '../../core/issue.js';
import type { ProductDraft } from '../../core/types.js';
import type { Mapping } from '../../mapping/mapping-schema.js';
import { buildPlanIssues } from '../../plan/build-plan-issues.js';
import type { RunSummaryJob } from '../../report/report-types.js';
import type { ResolvedSettings } from '../../settings/resolve-settings.js';
import { buildCanonicalJson, hashProductContent, openStateStore } from '../../state/index.js';
import type { ProductResultRecord } from '../../state/index.js';
import { loadServiceDirectoriesOf } from '../load-directories.js';
import { openService } from '../open-service.js';
import { chooseReportsRoot } from '../prepare-run.js';
import type { JournalRun } from '../prepare-run.js';
import { chooseAttemptReportDir, planSendAndHeal } from '../run-import.js';

/** Options of `importDrafts`. */
export interface ImportDraftsOptions {
  /** The products to import, each with a product key unique among them. */
  drafts: readonly ProductDraft[];
  /** The mapping they were built with: the plan keeps a held value an empty field would blank unless it says `clear`. */
  mapping: Mapping;
  settings: ResolvedSettings;
  /** What the run is called in `runs` (as a file name is). Default `drafts`. */
  label?: string;
  /** Start a new run even when an unfinished run of the same drafts exists. */
  fresh?: boolean;
  /** See `ImportOptions.settleAfterMs`. */
  settleAfterMs?: number;
}

/** What `importDrafts` did. */
export interface ImportDraftsResult {
  runId: string;
  /** True when it continued an unfinished run of the same drafts. */
  resumed: boolean;
  /** `finished`, or `interrupted` when something is left to do: call it again with the same drafts. */
  status: 'finished' | 'interrupted';
  /** The job results of this run by product key (products not sent, e.g. unchanged, are absent). */
  results: Map<string, ProductResultRecord>;
  /** Products found unchanged on the service: not sent. */
  unchanged: string[];
  /** Requests refused as a whole, by product key. */
  requestFailures: Map<string, { message: string; fieldErrors: string }>;
  /** Issues of the plan (blanked fields, held elsewhere …). */
  issues: Issue[];
  jobs: RunSummaryJob[];
  /** Where the plan (`plan.csv`) was written. */
  reportDir: string;
}

/**
 * Imports caller-built drafts through the journal; throws only run-stopping failures
 * (`PipelineError`). Library API (docs/library.md), on purpose: the CLI imports a file with
 * `runImport`; both send through the one `planSendAndHeal`.
 */
export async function importDrafts(options: ImportDraftsOptions, deps: Deps): Promise<ImportDraftsResult> {
  const settings = options.settings.settings;
  const keys = new Set(options.drafts.map((draft) => draft.productKey));
  if (keys.size !== options.drafts.length) throw new ConfigError('importDrafts: two drafts have the same product key; one product is one draft');
  const service = await openService(settings, deps);
  const store = openStateStore({ dir: service.stateDir, account: service.account, now: deps.now });
  let runId: string | undefined;
  try {
    const { directories } = await loadServiceDirectoriesOf(service, settings, deps);
    const journal: JournalRun = { store, settings, service, directories, mapping: options.mapping };
    const contentSha256 = hashDrafts(options.drafts);
    const mappingSha256 = createHash('sha256').update(buildCanonicalJson(options.mapping)).digest('hex');
    const previous = options.fresh ? undefined : store.findResumableRun(contentSha256, mappingSha256, { commands: ['import'] });
    const reportsRoot = chooseReportsRoot(settings.reportDir, service.stateDir, deps.cwd);
    const label = options.label ?? 'drafts';
    runId =
      previous?.runId ??
      store.createRun({ command: 'import', file: label, fileSha256: contentSha256, mappingFile: label, mappingSha256, options: { batchSize: settings.batchSize, concurrency: settings.concurrency, drafts: true }, reportDir: reportsRoot }).runId;
    if (previous) store.setRunStatus(runId, 'running');
    store.spoolProducts(runId, options.drafts.map((draft, index) => ({ productKey: draft.productKey, firstRow: draft.rows[0]?.row ?? index + 1, rows: draft.rows, draft, issues: [], contentHash: hashProductContent(draft.item) })));
    store.markSpoolComplete(runId);
    const reportDir = chooseAttemptReportDir(reportsRoot, runId);
    const result = { jobs: [] as RunSummaryJob[], unchanged: new Set<string>(), requestFailures: new Map<string, { message: string; fieldErrors: string }>(), issues: [] as Issue[] };
    const sent = await planSendAndHeal({
      prep: journal,
      runId,
      reportDir,
      jobs: result.jobs,
      unchanged: result.unchanged,
      requestFailures: result.requestFailures,
      addPlanIssues: (planned) => result.issues.push(...buildPlanIssues(planned)),
      lap: () => undefined,
      settleAfterMs: options.settleAfterMs ?? settings.settleAfterSeconds * 1000,
      deps,
    });
    const open = store.listBatches(runId).some((batch) => batch.status !== 'done' && !(batch.status === 'failed' && batch.retryable === false));
    const status = sent.interrupted || open ? 'interrupted' : 'finished';
    store.setRunStatus(runId, status);
    if (status === 'finished') store.clearSpool(runId);
    return { runId, resumed: previous !== undefined, status, results: store.listProductResults(runId), unchanged: [...result.unchanged], requestFailures: result.requestFailures, issues: result.issues, jobs: result.jobs, reportDir };
  } catch (thrown) {
    const error = asStopWhenAborted(thrown, deps.signal);
    if (runId !== undefined) store.setRunStatus(runId, error instanceof AbortedError ? 'interrupted' : 'failed');
    throw error;
  } finally {
    store.close();
    await service.close();
  }
}

/** One hash of the drafts' keys and contents, in key order: the same drafts resume the same run. */
function hashDrafts(drafts: readonly ProductDraft[]): string {
  const hash = createHash('sha256');
  for (const draft of [...drafts].sort((a, b) => (a.productKey < b.productKey ? -1 : a.productKey > b.productKey ? 1 : 0))) {
    hash.update(`${draft.productKey}\u0000${hashProductContent(draft.item)}\n`);
  }
  return hash.digest('hex');
}

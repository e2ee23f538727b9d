/**
 * `validate`, the dry run: everything the import does before sending — read, map against the
 * service's directories, validate every row and product, build the exact payloads in requests of
 * at most 30 — and the same report, without sending anything.
 */
import type { Deps } from '../core/deps.js';
import { AbortedError } from '../core/errors.js';
import { createProductKeyIndex } from '../core/product-key-index.js';
import { measureBatchSize } from '../stages/build-batches.js';
import { createLapTimer } from './create-lap-timer.js';
import { createScratchSpoolSink } from './create-spool-sink.js';
import { openIssueSpill, type IssueSpill } from './scratch/open-issue-spill.js';
import { openScratchSpool } from './scratch/open-scratch-spool.js';
import { nameScratchFile } from './scratch/scratch-files.js';
import { clearDeadRuns } from './clear-dead-runs.js';
import { finishRun } from './finish-run.js';
import type { RunResult } from '../report/write-result-json.js';
import { createPreparedRun, prepareRun } from './prepare-run.js';
import type { RunInputs } from './prepare-run.js';
import { readAndValidate, type ReadAndValidateResult } from './read-and-validate.js';
import { readUnchangedSource } from './check-source-unchanged.js';
import { checkErrorLimit, createIssueFilter } from './issue-filter.js';
import { createRowOutcomeStore } from './row-outcome-store.js';

/** Runs the dry run. */
export async function runValidate(options: RunInputs, deps: Deps): Promise<RunResult> {
  const startedAt = deps.now();
  const { timings, lap } = createLapTimer(deps);
  // Usage mistakes stop before anything runs.
  const { pickIssues, skipIssues, limitErrors } = options.settings.settings;
  const issueFilter = createIssueFilter({ pick: pickIssues, skip: skipIssues });
  checkErrorLimit(limitErrors);
  // A dry run opens the service at its first request: with the directories cached, it sends none.
  const prep = await prepareRun({ ...options, startServiceOnFirstRequest: true }, deps);
  lap('prepare');
  let activeRunId: string | undefined;
  let spill: IssueSpill | undefined;
  try {
    const { reportsRoot } = prep;
    const runId = createPreparedRun(prep, options.mapping, { command: 'validate', options: {}, reportDir: reportsRoot });
    activeRunId = runId;
    deps.onEvent({ type: 'stage:start', stage: 'read', detail: `${prep.displayPath} (dry run ${runId})`, text: { key: 'stage.read.validate', data: { file: prep.displayPath, runId } } });
    const { stateDir } = prep.service;
    clearDeadRuns(prep, options.owner, deps);
    // Issues go to disk as they are found: a file where every row is wrong has millions of them.
    spill = openIssueSpill(nameScratchFile(stateDir, 'dry-run-issues', runId, options.owner));
    // One id per product key for the whole run: the outcome store, the spool, the assembler and the
    // count of valid products keep their facts per product by it, not each in a table of the keys.
    const productKeys = createProductKeyIndex();
    const outcomes = createRowOutcomeStore({ spill, productKeys });
    // A dry run is never resumed: its spool is a scratch file, not the state database's.
    const scratch = openScratchSpool(nameScratchFile(stateDir, 'dry-run-spool', runId, options.owner), { productKeys });
    let read: ReadAndValidateResult;
    try {
      // A file changed while it was read: the report would describe content the file no longer
      // holds, under the hash of content it held before; none is written.
      read = await readUnchangedSource(prep, 'no report was written', () =>
        readAndValidate({
          ...prep,
          sink: createScratchSpoolSink(scratch),
          // Nothing is sent: each product's validity and issues are all a dry run reports.
          drafts: false,
          outcomes,
          productKeys,
          deps,
          issueFilter,
          limitErrors,
          readInWorker: prep.settings.readThread,
        }),
      );
    } finally {
      scratch.close();
    }
    lap('read');

    // The payloads were built by the assembler as the products closed; the import cuts them into
    // requests by `buildBatches`, of this size.
    const requests = Math.ceil(read.counts.validProducts / measureBatchSize(prep.settings.batchSize));
    lap('build');
    deps.onEvent({ type: 'stage:end', stage: 'build', detail: `${read.counts.validProducts} of ${read.counts.products} products would be sent in ${requests} request(s)`, text: { key: 'stage.build.end', data: { valid: read.counts.validProducts, count: read.counts.products, requests } } });
    return await finishRun({
      command: 'validate',
      runId,
      prep,
      read,
      outcomes,
      extraIssues: [],
      jobs: [],
      timings,
      startedAt,
      interrupted: deps.signal?.aborted ?? false,
      reportsRoot,
      deps,
    });
  } catch (error) {
    // A run stopped by a failure says so (and stays resumable) instead of looking still under way.
    if (activeRunId !== undefined) prep.store.setRunStatus(activeRunId, error instanceof AbortedError ? 'interrupted' : 'failed');
    throw error;
  } finally {
    spill?.close();
    await prep.close();
  }
}

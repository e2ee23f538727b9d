/**
 * The run registry: one record per import, validate or watch run of this account, with its status
 * and enough of its inputs (file and mapping hashes) to find an unfinished run to resume.
 */
import { randomBytes } from 'node:crypto';
import { StateError } from '../core/errors.js';
import type { StoreContext } from './store-context.js';
import { BATCH_STATUSES } from './types.js';
import type { BatchStatus, NewRun, RunCommand, RunRecord, RunStatus, StateStore } from './types.js';

/** The run part of a `StateStore`. */
type RunRegistry = Pick<
  StateStore,
  'createRun' | 'findResumableRun' | 'getRun' | 'listRuns' | 'setRunStatus' | 'markSpoolComplete'
>;

interface RunRow {
  run_id: string;
  account_key: string;
  command: string;
  file: string;
  file_sha256: string;
  mapping_file: string;
  mapping_sha256: string;
  options_json: string;
  report_dir: string;
  status: string;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  exit_code: number | null;
  summary_path: string | null;
  spool_complete: number;
}

const ENDED_STATUSES: ReadonlySet<RunStatus> = new Set(['finished', 'failed', 'interrupted']);
const DEFAULT_RESUMABLE_COMMANDS: readonly RunCommand[] = ['import', 'watch'];

/**
 * A run id from the clock, UTC, sortable and readable: `20261122-153012-ab12`. The random tail
 * keeps two runs started in the same second apart.
 */
function buildRunId(at: Date, randomHex: string): string {
  const iso = at.toISOString(); // 2026-11-22T15:30:12.345Z
  return `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}-${randomHex}`;
}

/** Creates the run registry on an open store. */
export function createRunRegistry(ctx: StoreContext): RunRegistry {
  const { db, accountKey, now } = ctx;
  const insertRun = db.prepare(`
    INSERT OR IGNORE INTO runs (run_id, account_key, command, file, file_sha256, mapping_file, mapping_sha256,
      options_json, report_dir, status, created_at, updated_at)
    VALUES (@runId, @accountKey, @command, @file, @fileSha256, @mappingFile, @mappingSha256,
      @optionsJson, @reportDir, 'running', @at, @at)`);
  const selectRun = db.prepare<[string, string], RunRow>('SELECT * FROM runs WHERE run_id = ? AND account_key = ?');
  const selectRuns = db.prepare<[string, number], RunRow>(
    'SELECT * FROM runs WHERE account_key = ? ORDER BY created_at DESC, rowid DESC LIMIT ?',
  );
  const selectResumable = db.prepare<[string, string, string, string], RunRow>(`
    SELECT * FROM runs
    WHERE account_key = ? AND file_sha256 = ? AND mapping_sha256 = ? AND status <> 'finished'
      AND command IN (SELECT value FROM json_each(?))
    ORDER BY created_at DESC, rowid DESC LIMIT 1`);
  const selectBatchCounts = db.prepare<[string], { run_id: string; status: string; n: number }>(`
    SELECT run_id, status, COUNT(*) AS n FROM batches
    WHERE run_id IN (SELECT value FROM json_each(?)) GROUP BY run_id, status`);
  const updateStatus = db.prepare(`
    UPDATE runs SET status = @status, updated_at = @at,
      finished_at = CASE WHEN @ended THEN @at ELSE NULL END,
      exit_code = COALESCE(@exitCode, exit_code), summary_path = COALESCE(@summaryPath, summary_path)
    WHERE run_id = @runId AND account_key = @accountKey`);
  const updateSpoolComplete = db.prepare<[number, string, string, string]>(
    'UPDATE runs SET spool_complete = ?, updated_at = ? WHERE run_id = ? AND account_key = ?',
  );

  const buildRecords = (rows: RunRow[]): RunRecord[] => {
    const counts = new Map<string, Record<BatchStatus, number>>();
    for (const row of rows) counts.set(row.run_id, buildEmptyCounts());
    if (rows.length > 0) {
      for (const count of selectBatchCounts.all(JSON.stringify(rows.map((row) => row.run_id)))) {
        const perRun = counts.get(count.run_id);
        if (perRun !== undefined) perRun[count.status as BatchStatus] = count.n;
      }
    }
    return rows.map((row) => buildRunRecord(row, counts.get(row.run_id) ?? buildEmptyCounts()));
  };

  return {
    createRun: (run: NewRun) => {
      const at = now();
      // A clash needs two runs in one second with the same 16 random bits: retry a few times.
      for (let attempt = 0; attempt < 8; attempt += 1) {
        const runId = buildRunId(at, randomBytes(2).toString('hex'));
        const result = insertRun.run({
          runId,
          accountKey,
          command: run.command,
          file: run.file,
          fileSha256: run.fileSha256,
          mappingFile: run.mappingFile,
          mappingSha256: run.mappingSha256,
          optionsJson: JSON.stringify(run.options),
          reportDir: run.reportDir,
          at: at.toISOString(),
        });
        if (result.changes === 1) return { runId };
      }
      throw new StateError(`cannot create a run id: every id tried for ${at.toISOString()} is taken`);
    },
    findResumableRun: (fileSha256, mappingSha256, options) => {
      const commands = options?.commands ?? DEFAULT_RESUMABLE_COMMANDS;
      const row = selectResumable.get(accountKey, fileSha256, mappingSha256, JSON.stringify(commands));
      return row === undefined ? undefined : buildRecords([row])[0];
    },
    getRun: (runId) => {
      const row = selectRun.get(runId, accountKey);
      return row === undefined ? undefined : buildRecords([row])[0];
    },
    listRuns: (options) => buildRecords(selectRuns.all(accountKey, options?.limit ?? -1)),
    setRunStatus: (runId, status, extra) => {
      const result = updateStatus.run({
        status,
        at: ctx.nowIso(),
        ended: ENDED_STATUSES.has(status) ? 1 : 0,
        exitCode: extra?.exitCode ?? null,
        summaryPath: extra?.summaryPath ?? null,
        runId,
        accountKey,
      });
      if (result.changes === 0) throw new StateError(`run ${runId} does not exist in the local state of this account (${ctx.path})`);
    },
    markSpoolComplete: (runId, complete = true) => {
      const result = updateSpoolComplete.run(complete ? 1 : 0, ctx.nowIso(), runId, accountKey);
      if (result.changes === 0) throw new StateError(`run ${runId} does not exist in the local state of this account (${ctx.path})`);
    },
  };
}

function buildEmptyCounts(): Record<BatchStatus, number> {
  return Object.fromEntries(BATCH_STATUSES.map((status) => [status, 0])) as Record<BatchStatus, number>;
}

function buildRunRecord(row: RunRow, batchCounts: Record<BatchStatus, number>): RunRecord {
  return {
    runId: row.run_id,
    accountKey: row.account_key,
    command: row.command as RunCommand,
    file: row.file,
    fileSha256: row.file_sha256,
    mappingFile: row.mapping_file,
    mappingSha256: row.mapping_sha256,
    options: JSON.parse(row.options_json) as Record<string, unknown>,
    reportDir: row.report_dir,
    status: row.status as RunStatus,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
    exitCode: row.exit_code,
    summaryPath: row.summary_path,
    spoolComplete: row.spool_complete === 1,
    batchCounts,
  };
}

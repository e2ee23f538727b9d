/**
 * Forgetting old runs: which runs a rule lets go (keep the newest N, or the runs of the last D
 * days, or both), what they occupy, and their removal from the state database and the state
 * folder, followed by a VACUUM so the file shrinks. The ids the service gave (`product_ids`,
 * `sku_ids`) are never touched: they are what keeps a later import from creating a product twice.
 * A run whose requests may have reached the service without their outcome being known is never
 * removed either: its journal is what a resume or a settle needs.
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import type { Dirent } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import type { StoreContext } from './store-context.js';
import type { RunRecord, StateStore } from './types.js';
import { listAttemptFolders } from './list-attempt-folders.js';

/** Which runs to keep; a run is removed only when no given rule keeps it. */
interface PruneRule {
  /** Keep the newest `keep` runs. */
  keep?: number | undefined;
  /** Keep the runs started less than this many milliseconds ago. */
  olderThanMs?: number | undefined;
}

/** Why a run the rule would remove is kept all the same. */
type PruneProtection = 'in-progress' | 'requests-of-unknown-fate';

/** The runs a rule removes, and those it would remove but may not. */
interface PruneSelection {
  remove: RunRecord[];
  protect: { run: RunRecord; reason: PruneProtection }[];
  keep: RunRecord[];
}

/** The store part that removes runs; see `StateStore`. */
type RunPruner = Pick<StateStore, 'measureRuns' | 'deleteRuns' | 'compact'>;

/** One run of a prune, as reported. */
export interface PrunedRun {
  runId: string;
  command: string;
  status: string;
  createdAt: string;
  /** Bytes of its rows in the database (spool, request bodies, results), before a VACUUM. */
  stateBytes: number;
  /** Its report folders inside the state folder, removed with it. */
  reportDirs: string[];
  /** Its report folders elsewhere (`--report-dir`, a watched inbox's `reports/`): never removed, only named. */
  outsideDirs: string[];
  reportBytes: number;
}

/** What `pruneRuns` did, or would do (`applied: false`). */
export interface PruneResult {
  applied: boolean;
  removed: PrunedRun[];
  protected: { runId: string; reason: PruneProtection }[];
  kept: number;
  /** state.sqlite with its -wal file, before and after (the same when nothing was applied). */
  databaseBytesBefore: number;
  databaseBytesAfter: number;
  /** Bytes of the removed runs' report folders inside the state folder. */
  reportBytes: number;
}

const IN_PROGRESS: ReadonlySet<string> = new Set(['running', 'submitted']);

/** Parses `30d`, `12h`, `2w` (or a bare number of days) into milliseconds; undefined when it is not one. */
export function parsePruneAge(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([hdw]?)\s*$/i.exec(text);
  if (!match) return undefined;
  const hours = { h: 1, d: 24, w: 24 * 7, '': 24 }[(match[2] ?? '').toLowerCase() as 'h' | 'd' | 'w' | ''];
  return Number(match[1]) * hours * 3_600_000;
}

/**
 * Splits runs (any order) by the rule: those no rule keeps are removed unless still in progress or
 * holding requests whose outcome is unknown. With neither `keep` nor `olderThanMs`, nothing goes.
 */
export function selectRunsToPrune(runs: readonly RunRecord[], rule: PruneRule, now: Date): PruneSelection {
  const newestFirst = [...runs].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  const selection: PruneSelection = { remove: [], protect: [], keep: [] };
  const noRule = rule.keep === undefined && rule.olderThanMs === undefined;
  newestFirst.forEach((run, index) => {
    const keptByCount = rule.keep !== undefined && index < rule.keep;
    const keptByAge = rule.olderThanMs !== undefined && now.getTime() - Date.parse(run.createdAt) < rule.olderThanMs;
    if (noRule || keptByCount || keptByAge) {
      selection.keep.push(run);
      return;
    }
    const reason = findProtection(run);
    if (reason !== undefined) selection.protect.push({ run, reason });
    else selection.remove.push(run);
  });
  return selection;
}

function findProtection(run: RunRecord): PruneProtection | undefined {
  if (IN_PROGRESS.has(run.status)) return 'in-progress';
  const counts = run.batchCounts;
  if (run.status !== 'finished' && counts.sending + counts.unknown + counts.accepted > 0) return 'requests-of-unknown-fate';
  return undefined;
}

/** The database part: sizes, removal and compaction, on the store's open database. */
export function createRunPruner(ctx: StoreContext): RunPruner {
  const { db, accountKey } = ctx;
  const ownRuns = 'SELECT value FROM json_each(?) WHERE value IN (SELECT run_id FROM runs WHERE account_key = ?)';
  const measures = [
    `SELECT COALESCE(SUM(LENGTH(data_json) + COALESCE(LENGTH(draft_json), 0) + LENGTH(product_key)), 0) FROM spool WHERE run_id IN (${ownRuns})`,
    `SELECT COALESCE(SUM(COALESCE(LENGTH(request_body), 0) + LENGTH(product_keys_json) + COALESCE(LENGTH(error), 0)), 0) FROM batches WHERE run_id IN (${ownRuns})`,
    `SELECT COALESCE(SUM(LENGTH(skus_json) + LENGTH(errors_json) + LENGTH(product_key)), 0) FROM product_results WHERE run_id IN (${ownRuns})`,
    `SELECT COALESCE(SUM(LENGTH(options_json) + LENGTH(file) + LENGTH(report_dir)), 0) FROM runs WHERE run_id IN (${ownRuns})`,
  ].map((sql) => db.prepare<[string, string], number>(sql).pluck());
  const deletes = ['spool', 'batches', 'product_results', 'runs'].map((table) => db.prepare(`DELETE FROM ${table} WHERE run_id IN (${ownRuns})`));
  return {
    measureRuns: (runIds) => {
      const sizes = new Map<string, number>();
      for (const runId of runIds) sizes.set(runId, measures.reduce((sum, measure) => sum + Number(measure.get(JSON.stringify([runId]), accountKey) ?? 0), 0));
      return sizes;
    },
    deleteRuns: (runIds) => {
      const ids = JSON.stringify(runIds);
      // The runs row last: each table's DELETE picks the run ids still owned by this account.
      db.transaction(() => {
        for (const statement of deletes) statement.run(ids, accountKey);
      }).immediate();
    },
    compact: () => {
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.exec('VACUUM');
      db.pragma('wal_checkpoint(TRUNCATE)');
    },
  };
}

/**
 * Applies a rule to this account's runs: lists what goes (with sizes), and with `apply` removes it —
 * rows, then the report folders inside `stateDir`, then a VACUUM. Report folders elsewhere are named,
 * never removed. Without `apply` nothing changes.
 */
export function pruneRuns(store: StateStore, options: { rule: PruneRule; apply: boolean; stateDir: string; now: Date }): PruneResult {
  const selection = selectRunsToPrune(store.listRuns(), options.rule, options.now);
  const stateBytes = store.measureRuns(selection.remove.map((run) => run.runId));
  const removed = selection.remove.map((run) => describePrunedRun(run, stateBytes.get(run.runId) ?? 0, options.stateDir));
  const databaseBytesBefore = measureDatabase(store.path);
  if (options.apply) {
    store.deleteRuns(removed.map((run) => run.runId));
    for (const dir of removed.flatMap((run) => run.reportDirs)) rmSync(dir, { recursive: true, force: true });
    // Also with nothing removed: a VACUUM stopped earlier (the database busy) is done by running again.
    store.compact();
  }
  return {
    applied: options.apply,
    removed,
    protected: selection.protect.map(({ run, reason }) => ({ runId: run.runId, reason })),
    kept: selection.keep.length,
    databaseBytesBefore,
    databaseBytesAfter: options.apply ? measureDatabase(store.path) : databaseBytesBefore,
    reportBytes: removed.reduce((sum, run) => sum + run.reportBytes, 0),
  };
}

function describePrunedRun(run: RunRecord, stateBytes: number, stateDir: string): PrunedRun {
  const root = run.summaryPath !== null ? dirname(dirname(run.summaryPath)) : run.reportDir;
  const dirs = listAttemptFolders(root, run.runId);
  const inside = isInside(stateDir, root);
  return {
    runId: run.runId,
    command: run.command,
    status: run.status,
    createdAt: run.createdAt,
    stateBytes,
    reportDirs: inside ? dirs : [],
    outsideDirs: inside ? [] : dirs,
    reportBytes: inside ? dirs.reduce((sum, dir) => sum + measureTree(dir), 0) : 0,
  };
}

function isInside(parent: string, child: string): boolean {
  const path = relative(parent, child);
  return path !== '' && !path.startsWith('..') && !isAbsolute(path);
}

function listEntries(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

function measureTree(dir: string): number {
  return listEntries(dir).reduce((sum, entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sum + measureTree(path);
    return sum + (entry.isFile() ? statSync(path).size : 0);
  }, 0);
}

function measureDatabase(path: string): number {
  return [path, `${path}-wal`].reduce((sum, file) => {
    try {
      return sum + statSync(file).size;
    } catch {
      return sum;
    }
  }, 0);
}

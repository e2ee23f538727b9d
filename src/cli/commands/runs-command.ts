/**
 * `runs`: the runs of this service and seller account, with their state, newest first;
 * `runs prune`: forget old runs (their journal, spool and results, and their report folders in
 * the state folder), then shrink the database. Dry by default: it lists what it would remove and
 * the bytes that frees; `--apply` removes.
 */
import type { Argv } from 'yargs';
import { basename } from 'node:path';
import type { Translator } from '../../i18n/create-translator.js';
import type { PruneResult, PrunedRun, RunRecord, StateStore } from '../../state/index.js';
import type * as StateModule from '../../state/index.js';
import type { CommandContext, CommandRegistrar } from '../command-context.js';
import { withServiceOptions } from '../common-options.js';
import type { Describe, ServiceArgv } from '../common-options.js';
import { UsageProblem } from '../usage-error.js';
import { renderJsonLines } from '../render-json-lines.js';

/** Renders runs as a table. */
function renderRunsTable(runs: readonly RunRecord[]): string {
  if (!runs.length) return 'No runs yet for this service and seller.';
  const rows = runs.map((r) => [
    r.runId,
    r.command,
    r.status,
    r.exitCode === null ? '' : String(r.exitCode),
    Object.entries(r.batchCounts)
      .filter(([, n]) => n > 0)
      .map(([s, n]) => `${s} ${n}`)
      .join(', '),
    r.file,
    r.summaryPath ?? '',
  ]);
  const head = ['RUN', 'COMMAND', 'STATUS', 'EXIT', 'REQUESTS', 'FILE', 'REPORT'];
  const widths = head.map((h, i) => Math.min(60, Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length))));
  const line = (cells: string[]): string => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ').trimEnd();
  return [line(head), ...rows.map(line)].join('\n');
}

/** Registers `runs` and `runs prune`. */
export const registerRunsCommand: CommandRegistrar = (y, ctx) =>
  y.command(
    'runs',
    ctx.describe('help.command.runs'),
    (c) =>
      withServiceOptions(c, ctx.describe)
        .command('prune', ctx.describe('help.command.runs-prune'), (p) => withPruneOptions(p, ctx.describe), (argv) => pruneCommand(argv, ctx))
        .option('limit', { type: 'number', default: 20, describe: ctx.describe('help.option.runs-limit') })
        .example('$0 runs --sandbox', ctx.describe('help.example.runs-sandbox'))
        .example('$0 runs --json', ctx.describe('help.example.runs-json'))
        .example('$0 runs prune --keep 20 --older-than 30d', ctx.describe('help.example.runs-prune-dry'))
        .example('$0 runs prune --keep 20 --older-than 30d --apply', ctx.describe('help.example.runs-prune-apply')),
    (argv) =>
      withStateStore(argv as ServiceArgv, ctx, ({ store }) => {
        const runs = store.listRuns({ limit: argv.limit });
        ctx.io.stdout(argv.json ? renderJsonLines(runs.map((run) => ({ type: 'run', ...run })), { count: runs.length }) : `${renderRunsTable(runs)}\n`);
      }),
  );

/**
 * `ctx.withSettings` with the state of the account the flags name opened for `use` (exit 0 after
 * it) and closed after it.
 */
function withStateStore(argv: ServiceArgv, ctx: CommandContext, use: (opened: { store: StateStore; state: typeof StateModule; stateDir: string; now: () => Date }) => void): Promise<void> {
  return ctx.withSettings(argv, { json: Boolean(argv.json) }, async ({ settings, deps, done }) => {
    const [{ describeServiceAccount }, state] = await Promise.all([import('../../pipeline/describe-service-account.js'), import('../../state/index.js')]);
    const { stateDir, account } = describeServiceAccount(settings, ctx.io.cwd);
    const store = state.openStateStore({ dir: stateDir, account, now: deps.now });
    try {
      done();
      use({ store, state, stateDir, now: deps.now });
      ctx.setExitCode(0);
    } finally {
      store.close();
    }
  });
}

/** Adds the rule and `--apply` of `runs prune`, their help in the language of `describe`. */
function withPruneOptions<T>(y: Argv<T>, describe: Describe) {
  return withServiceOptions(y, describe)
    .option('keep', { type: 'number', describe: describe('help.option.keep') })
    .option('older-than', { type: 'string', describe: describe('help.option.older-than') })
    .option('apply', { type: 'boolean', default: false, describe: describe('help.option.apply') })
    .check((argv) => {
      const keep = argv.keep;
      const age = argv['older-than'];
      if (keep === undefined && age === undefined) throw new UsageProblem('usage.prune_needs_rule');
      if (keep !== undefined && (!Number.isInteger(keep) || keep < 0)) throw new UsageProblem('usage.whole_number_from', { flag: '--keep', min: 0 });
      if (age !== undefined && PRUNE_AGE.exec(age) === null) throw new UsageProblem('usage.older_than_age');
      return true;
    })
    .example('$0 runs prune --keep 20', describe('help.example.prune-keep'))
    .example('$0 runs prune --older-than 30d --apply', describe('help.example.prune-older'));
}

/** The ages `--older-than` takes (the state module parses them; this only refuses others before anything opens). */
const PRUNE_AGE = /^\s*\d+(?:\.\d+)?\s*[hdw]?\s*$/i;

type PruneArgv = ServiceArgv & { keep?: number | undefined; olderThan?: string | undefined; apply: boolean };

/** `runs prune`. */
function pruneCommand(argv: PruneArgv, ctx: CommandContext): Promise<void> {
  return withStateStore(argv, ctx, ({ store, state, stateDir, now }) => {
    const rule = { keep: argv.keep, olderThanMs: argv.olderThan === undefined ? undefined : state.parsePruneAge(argv.olderThan) };
    const result = state.pruneRuns(store, { rule, apply: argv.apply, stateDir, now: now() });
    const total = result.removed.length + result.protected.length + result.kept;
    ctx.io.stdout(argv.json ? renderPruneJson(result) : renderPruneText(result, { total, database: basename(store.path), t: ctx.translator() }));
  });
}

/** One line per run removed (or to remove) and per run kept against the rule, then the totals. */
function renderPruneText(result: PruneResult, context: { total: number; database: string; t: Translator }): string {
  const { t } = context;
  const size = (bytes: number): string => formatBytes(bytes, t);
  const lines: string[] = [];
  const action = t.translate(result.applied ? 'prune.action.removed' : 'prune.action.remove');
  for (const run of result.removed) {
    lines.push([action, run.runId, run.command, run.status, run.createdAt.slice(0, 16).replace('T', ' '), t.translate('prune.sizes', { stateBytes: size(run.stateBytes), reportBytes: size(run.reportBytes) })].join('  '));
    for (const path of run.outsideDirs) lines.push(`  ${t.translate('prune.outside', { path })}`);
  }
  for (const { runId, reason } of result.protected) lines.push([t.translate('prune.action.keep'), runId, t.translate(`prune.protected.${reason}`, { runId })].join('  '));
  const data = { count: result.removed.length, total: context.total, database: context.database, reportBytes: size(result.reportBytes) };
  if (result.removed.length === 0) lines.push(t.translate('prune.total.none', data));
  else if (!result.applied) {
    const stateBytes = size(result.removed.reduce((sum, run) => sum + run.stateBytes, 0));
    lines.push(t.translate('prune.total.dry', { ...data, stateBytes, databaseBytes: size(result.databaseBytesBefore) }));
  } else {
    const freed = size(Math.max(0, result.databaseBytesBefore - result.databaseBytesAfter));
    lines.push(t.translate('prune.total.applied', { ...data, before: size(result.databaseBytesBefore), after: size(result.databaseBytesAfter), freed }));
  }
  if (!result.applied && result.removed.length > 0) lines.push(t.translate('prune.hint.apply'));
  return `${lines.join('\n')}\n`;
}

function renderPruneJson(result: PruneResult): string {
  const removed = result.removed.map((run: PrunedRun) => ({ type: 'prune-run', action: result.applied ? 'removed' : 'remove', ...run }));
  const kept = result.protected.map((entry) => ({ type: 'prune-run', action: 'protected', ...entry }));
  const { removed: _removed, protected: _protected, ...totals } = result;
  return renderJsonLines([...removed, ...kept], { ...totals, removedRuns: result.removed.length, protectedRuns: result.protected.length });
}

/** 1536 → "1.5 kB" in the language's units. */
function formatBytes(bytes: number, t: Translator): string {
  const units = ['B', 'kB', 'MB', 'GB'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = new Intl.NumberFormat(t.language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  return `${shown} ${t.translate(`prune.unit.${units[unit] ?? 'B'}`)}`;
}

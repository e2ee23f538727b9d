/**
 * `runs`: the runs of this service and seller account, with their state, newest first.
 */
import type { RunRecord } from '../../state/index.js';
import type { CommandRegistrar } from '../command-context.js';
import { settingsFromArgv, withServiceOptions } from '../common-options.js';
import type { ServiceArgv } from '../common-options.js';
import { renderJsonLines } from '../render-json-lines.js';

/** Renders runs as a table. */
export function renderRunsTable(runs: readonly RunRecord[]): string {
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

/** Registers `runs`. */
export const registerRunsCommand: CommandRegistrar = (y, ctx) =>
  y.command(
    'runs',
    ctx.describe('help.command.runs'),
    (c) =>
      withServiceOptions(c)
        .option('limit', { type: 'number', default: 20, describe: 'How many runs' })
        .example('$0 runs --sandbox', 'Runs against the embedded sandbox')
        .example('$0 runs --json', 'As JSON for scripts'),
    async (argv) => {
      const json = Boolean(argv.json);
      try {
        const { settings } = await settingsFromArgv(argv as ServiceArgv, ctx.io);
        const [{ describeServiceAccount }, { openStateStore }] = await Promise.all([import('../../pipeline/describe-service-account.js'), import('../../state/index.js')]);
        const { stateDir, account } = describeServiceAccount(settings, ctx.io.cwd);
        const store = openStateStore({ dir: stateDir, account, now: () => new Date() });
        try {
          const runs = store.listRuns({ limit: argv.limit });
          ctx.io.stdout(json ? renderJsonLines(runs.map((run) => ({ type: 'run', ...run })), { count: runs.length }) : `${renderRunsTable(runs)}\n`);
          ctx.setExitCode(0);
        } finally {
          store.close();
        }
      } catch (error) {
        ctx.reportError(error, json);
      }
    },
  );

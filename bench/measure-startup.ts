/**
 * Start-up of the CLI (issue 39): how long `--version`, `--help`, a shell-completion request and the
 * dry run of the 158-row sample (against the embedded sandbox, directories already cached) take as
 * whole processes, beside `node -e 0` measured in the same run. The cases run in turns (round 1 of
 * each, then round 2, …) so that a spell of load on the host falls on every case and on the base
 * alike; the ratios are of medians.
 *
 * Usage: node measure-startup.js <cli main.js> <catalog.xlsx> <mapping.yaml> <state dir> <runs>
 * The CLI is given as a path so that a build of another commit can be measured the same way.
 */
import { printMeasurement, readArgs } from './measure-support.js';
import type { StartupCase, StartupResult } from './render-results.js';
import { timeProcess } from './time-process.js';

const [cli = '', catalog = '', mapping = '', stateDir = '', runsText = ''] = readArgs(5, 'measure-startup.js <cli main.js> <catalog.xlsx> <mapping.yaml> <state dir> <runs>');
const runs = Number(runsText);

const dryRun = [cli, 'validate', catalog, '--mapping', mapping, '--sandbox', '--state-dir', stateDir];
const cases: StartupCase[] = [
  { label: 'node -e 0', args: ['-e', '0'], ms: [] },
  { label: '--version', args: [cli, '--version'], ms: [] },
  { label: '--help', args: [cli, '--help'], ms: [] },
  { label: 'completion request', args: [cli, '--get-yargs-completions', 'catalog-import', 'val'], ms: [] },
  { label: 'dry run, 158 rows, directories cached', args: dryRun, ms: [] },
];

/** The wall time of one run of `node args`, from spawn to exit. */
const timeRun = async (args: readonly string[]): Promise<number> => (await timeProcess(args)).ms;

// Not measured: the first dry run fetches the directories into the cache and creates the sandbox's state.
await timeRun(dryRun);
for (let round = 0; round < runs; round++) {
  for (const measured of cases) measured.ms.push(await timeRun(measured.args));
}
const result: StartupResult = { runs, cases };
printMeasurement({ kind: 'startup', ...result });

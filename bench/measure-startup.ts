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
import { spawn } from 'node:child_process';
import { printMeasurement, readArgs, readClock } from './measure-support.js';
import type { StartupCase, StartupResult } from './render-results.js';

const [cli = '', catalog = '', mapping = '', stateDir = '', runsText = ''] = readArgs(5, 'measure-startup.js <cli main.js> <catalog.xlsx> <mapping.yaml> <state dir> <runs>');
const runs = Number(runsText);

// The user's own settings must not reach the runs (a live base URL would make the dry run talk to it).
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CATALOG_')));
env['NO_COLOR'] = '1';

const dryRun = [cli, 'validate', catalog, '--mapping', mapping, '--sandbox', '--state-dir', stateDir];
const cases: StartupCase[] = [
  { label: 'node -e 0', args: ['-e', '0'], ms: [] },
  { label: '--version', args: [cli, '--version'], ms: [] },
  { label: '--help', args: [cli, '--help'], ms: [] },
  { label: 'completion request', args: [cli, '--get-yargs-completions', 'catalog-import', 'val'], ms: [] },
  { label: 'dry run, 158 rows, directories cached', args: dryRun, ms: [] },
];

/** Runs `node args` to its end; resolves with the wall time from spawn to exit. A failed run fails the measurement. */
function timeProcess(args: readonly string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = readClock();
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2000)));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) resolve(readClock() - started);
      else reject(new Error(`node ${args.join(' ')} exited ${code}:\n${stderr}`));
    });
  });
}

// Not measured: the first dry run fetches the directories into the cache and creates the sandbox's state.
await timeProcess(dryRun);
for (let round = 0; round < runs; round++) {
  for (const measured of cases) measured.ms.push(await timeProcess(measured.args));
}
const result: StartupResult = { runs, cases };
printMeasurement({ kind: 'startup', ...result });

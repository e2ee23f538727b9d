/**
 * Times `mapping init` on an evaluation-sized file (issue 33 item 6: 713 category labels ≤ 3 s against the
 * marketplace-sized directory) as a seller runs it: the CLI given (`npm run bench` passes its compiled copy,
 * as `dist/` runs) in a new process, `mapping init labels.csv --out labels.yaml --force --sandbox --state-dir
 * …`, from spawn to exit (Node's start, loading the CLI, yargs, the command, its output). The file: the
 * evaluation labels (the shared set when it sits beside the checkout, then ours), then their product names
 * as labels, each on a row with its product name. The directories are fetched into the state directory
 * before the clock starts, as a seller's earlier command would have. A script, not a timed test:
 * `npx tsx bench/measure-mapping-init.ts CLI_MAIN_JS [labels] [--keep DIR] [--eval-dir DIR]`. With `--keep DIR`
 * the working directory is DIR and stays: a second run then reads the classifier index the first cached
 * beside the directories, as every `mapping init` after the first does. `--eval-dir DIR`: where our labels
 * are (`npm run bench` runs this script compiled, away from them).
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { loadServiceDirectories } from '../src/assistant/load-service-directories.js';
import { createNodeDeps } from '../src/core/deps.js';
import { resolveSettings } from '../src/settings/resolve-settings.js';
import { OWN_EVAL_DIR, readEvalLabels, SHARED_EVAL_DIR } from '../test/assistant/eval/measure-eval.js';
import { printMeasurement } from './measure-support.js';
import { timeProcess } from './time-process.js';

const readOption = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const kept = readOption('--keep');
const ownEvalDir = readOption('--eval-dir') ?? OWN_EVAL_DIR;
const cli = process.argv[2] ?? '';
if (!cli.endsWith('.js')) {
  process.stderr.write('usage: measure-mapping-init.js <cli main.js> [labels] [--keep DIR] [--eval-dir DIR]\n');
  process.exit(2);
}
const wanted = Number(process.argv.slice(3).find((arg, i, args) => /^\d+$/.test(arg) && !['--keep', '--eval-dir'].includes(args[i - 1] ?? '')) ?? 713);
const labels = [...(SHARED_EVAL_DIR === undefined ? [] : readEvalLabels(join(SHARED_EVAL_DIR, 'labels.csv'), 'label')), ...readEvalLabels(join(ownEvalDir, 'labels.csv'), 'label')];
const rows: { Категория: string; Наименование: string; Цена: number }[] = [];
const seen = new Set<string>();
for (const [category, name] of [...labels.map((label) => [label.label, label.product]), ...labels.map((label) => [label.product, label.product])]) {
  if (category === undefined || category === '' || seen.has(category) || rows.length >= wanted) continue;
  seen.add(category);
  rows.push({ Категория: category, Наименование: name === undefined || name === '' ? category : name, Цена: 1000 });
}
const dir = kept ?? (await mkdtemp(join(tmpdir(), 'init-bench-')));
await mkdir(dir, { recursive: true });
try {
  await writeFile(join(dir, 'labels.csv'), Papa.unparse(rows), 'utf8');
  const stateDir = join(dir, 'state');
  const settings = resolveSettings({ flags: { sandbox: true, stateDir } }).settings;
  await loadServiceDirectories(settings, createNodeDeps({ cwd: dir, env: {} }));
  // A first run builds the classifier index (and caches it beside the directories); a kept directory's second run reads it.
  const stateFiles = await readdir(stateDir, { recursive: true }).catch(() => []);
  const run = stateFiles.some((file) => String(file).includes('classifier-index-')) ? 'classifier index cached' : 'first run';
  const timing = await timeProcess([cli, 'mapping', 'init', 'labels.csv', '--out', 'labels.yaml', '--force', '--sandbox', '--state-dir', stateDir], { cwd: dir, usage: true });
  printMeasurement({ kind: 'mapping init', rows: rows.length, ms: timing.ms, peakRssBytes: timing.peakRssBytes, extra: { cpuMs: timing.cpuMs, run } });
  console.log(`mapping init of ${rows.length} labels, ${run}: ${(timing.ms / 1000).toFixed(1)} s wall, ${(timing.cpuMs / 1000).toFixed(1)} s CPU (the CLI's whole process; directories from the cache)`);
} finally {
  if (kept === undefined) await rm(dir, { recursive: true, force: true });
}

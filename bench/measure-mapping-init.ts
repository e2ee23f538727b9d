/**
 * Times `mapping init` on an evaluation-sized file (issue 33 item 6: 713 category labels ≤ 3 s of CPU
 * against the marketplace-sized directory): the evaluation labels (the shared set when it sits beside
 * the checkout, then ours), then their product names as labels, each on a row with its product name.
 * Fetches the directories once from the embedded sandbox (cached), then times the command's run. A
 * script, not a timed test: `npx tsx bench/measure-mapping-init.ts [labels] [--keep DIR] [--eval-dir DIR]`. With
 * `--keep DIR` the working directory is DIR and stays: a second process then reads the classifier
 * index the first cached beside the directories, as every `mapping init` after the first does.
 * `--eval-dir DIR`: where our labels are (`npm run bench` runs this script compiled, away from them).
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Papa from 'papaparse';
import { loadServiceDirectories } from '../src/assistant/load-service-directories.js';
import { runMappingInit } from '../src/assistant/run-mapping-init.js';
import { createNodeDeps } from '../src/core/deps.js';
import { resolveSettings } from '../src/settings/resolve-settings.js';
import { OWN_EVAL_DIR, readEvalLabels, SHARED_EVAL_DIR } from '../test/assistant/eval/measure-eval.js';
import { printMeasurement, startRssSampler } from './measure-support.js';

const readOption = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const kept = readOption('--keep');
const ownEvalDir = readOption('--eval-dir') ?? OWN_EVAL_DIR;
const wanted = Number(process.argv.slice(2).find((arg, i, args) => /^\d+$/.test(arg) && !['--keep', '--eval-dir'].includes(args[i - 1] ?? '')) ?? 713);
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
  const settings = resolveSettings({ flags: { sandbox: true, stateDir: join(dir, 'state') } }).settings;
  const deps = createNodeDeps({ cwd: dir, env: {} });
  await loadServiceDirectories(settings, deps);
  // A first run in a fresh process builds the classifier index here (and caches it beside the directories); a kept
  // directory's second process reads it.
  const stateFiles = await readdir(join(dir, 'state'), { recursive: true }).catch(() => []);
  for (const run of [stateFiles.some((file) => String(file).includes('classifier-index-')) ? 'classifier index cached' : 'first run']) {
    const sampler = startRssSampler();
    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = await runMappingInit({ file: 'labels.csv', out: 'labels.yaml', force: true, settings }, deps);
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    printMeasurement({ kind: 'mapping init', rows: result.rows, ms: seconds * 1000, peakRssBytes: sampler.stop(), extra: { cpuMs: (used.user + used.system) / 1000, run } });
    console.log(`mapping init of ${result.rows} labels, ${run}: ${seconds.toFixed(1)} s wall, ${((used.user + used.system) / 1e6).toFixed(1)} s CPU (directories from the cache)`);
  }
} finally {
  if (kept === undefined) await rm(dir, { recursive: true, force: true });
}

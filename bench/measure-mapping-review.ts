/**
 * Times `mapping review` on a generated catalog (issue 33 item 6: 100,000 rows ≤ 20 s against the
 * marketplace-sized directory) as a seller runs it: the CLI given (`npm run bench` passes its compiled copy,
 * as `dist/` runs) in a new process, `mapping review price.csv -m price.yaml --out review.xlsx --force
 * --sandbox --state-dir …`, from spawn to exit (Node's start, loading the CLI, reading the names, the brand
 * words, grouping, classifying, the written workbook). The price list and its mapping are written into a
 * temporary directory and the directories fetched into its state directory before the clock starts. The
 * review runs twice in that state: first with no classifier index (the run builds it and caches it beside the
 * directories: the `BENCH` line's `ms`, as before), then again reading the index the first cached, as a
 * seller's review after `mapping init` does (`extra.cachedMs`, `cachedCpuMs`, `cachedPeakRssBytes`).
 * `npm run bench` runs it (compiled, in its own process) and reads its `BENCH` line; by hand:
 * `npx tsx bench/measure-mapping-review.ts CLI_MAIN_JS [rows]`.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadServiceDirectories } from '../src/assistant/load-service-directories.js';
import { createNodeDeps } from '../src/core/deps.js';
import { resolveSettings } from '../src/settings/resolve-settings.js';
import { generatePriceList, writePriceListCsv } from '../test/assistant/eval/generate-price-list.js';
import { REVIEW_LOOP_MAPPING } from '../test/assistant/eval/measure-review-loop.js';
import { printMeasurement, readArgs } from './measure-support.js';
import { timeProcess, type ProcessTiming } from './time-process.js';

const [cli = '', rowsText = '100000'] = readArgs(1, 'measure-mapping-review.js <cli main.js> [rows]');
const rows = Number(rowsText);
const dir = await mkdtemp(join(tmpdir(), 'review-bench-'));
try {
  await writePriceListCsv(join(dir, 'price.csv'), generatePriceList({ rows, seed: 5 }));
  await writeFile(join(dir, 'price.yaml'), REVIEW_LOOP_MAPPING, 'utf8');
  const stateDir = join(dir, 'state');
  await loadServiceDirectories(resolveSettings({ flags: { sandbox: true, stateDir } }).settings, createNodeDeps({ cwd: dir, env: {} }));
  const review = (): Promise<ProcessTiming> => timeProcess([cli, 'mapping', 'review', 'price.csv', '-m', 'price.yaml', '--out', 'review.xlsx', '--force', '--sandbox', '--state-dir', stateDir], { cwd: dir, usage: true });
  const first = await review();
  const cached = await review();
  printMeasurement({ kind: 'mapping review', rows, ms: first.ms, peakRssBytes: first.peakRssBytes, extra: { cpuMs: first.cpuMs, cachedMs: cached.ms, cachedCpuMs: cached.cpuMs, cachedPeakRssBytes: cached.peakRssBytes } });
  const seconds = (ms: number): string => (ms / 1000).toFixed(1);
  console.log(`mapping review of ${rows} rows (the CLI's whole process; directories from the cache):`);
  console.log(`  classifier index built in the run: ${seconds(first.ms)} s wall, ${seconds(first.cpuMs)} s CPU`);
  console.log(`  classifier index already cached:   ${seconds(cached.ms)} s wall, ${seconds(cached.cpuMs)} s CPU`);
} finally {
  await rm(dir, { recursive: true, force: true });
}

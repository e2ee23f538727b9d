/**
 * Times `mapping review` on a generated catalog (issue 33 item 6: 100,000 rows ≤ 20 s against the
 * marketplace-sized directory) as a seller runs it: the CLI given (`npm run bench` passes its compiled copy,
 * as `dist/` runs) in a new process, `mapping review price.csv -m price.yaml --out review.xlsx --force
 * --sandbox --state-dir …`, from spawn to exit (Node's start, loading the CLI, reading the names, the brand
 * words, grouping, classifying, the written workbook). The price list and its mapping are written into a
 * temporary directory and the directories fetched into its state directory before the clock starts, as a
 * seller's `mapping init` would have. `npm run bench` runs it (compiled, in its own process) and reads its
 * `BENCH` line; by hand: `npx tsx bench/measure-mapping-review.ts CLI_MAIN_JS [rows]`.
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
import { timeProcess } from './time-process.js';

const [cli = '', rowsText = '100000'] = readArgs(1, 'measure-mapping-review.js <cli main.js> [rows]');
const rows = Number(rowsText);
const dir = await mkdtemp(join(tmpdir(), 'review-bench-'));
try {
  await writePriceListCsv(join(dir, 'price.csv'), generatePriceList({ rows, seed: 5 }));
  await writeFile(join(dir, 'price.yaml'), REVIEW_LOOP_MAPPING, 'utf8');
  const stateDir = join(dir, 'state');
  await loadServiceDirectories(resolveSettings({ flags: { sandbox: true, stateDir } }).settings, createNodeDeps({ cwd: dir, env: {} }));
  const timing = await timeProcess([cli, 'mapping', 'review', 'price.csv', '-m', 'price.yaml', '--out', 'review.xlsx', '--force', '--sandbox', '--state-dir', stateDir], { cwd: dir, usage: true });
  printMeasurement({ kind: 'mapping review', rows, ms: timing.ms, peakRssBytes: timing.peakRssBytes, extra: { cpuMs: timing.cpuMs } });
  console.log(`mapping review of ${rows} rows: ${(timing.ms / 1000).toFixed(1)} s wall, ${(timing.cpuMs / 1000).toFixed(1)} s CPU (the CLI's whole process; directories from the cache)`);
} finally {
  await rm(dir, { recursive: true, force: true });
}

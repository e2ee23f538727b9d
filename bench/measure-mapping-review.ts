/**
 * Times `mapping review` on a generated catalog (issue 33 item 6: 100,000 rows ≤ 20 s against the
 * marketplace-sized directory): writes the price list and its mapping into a temporary directory,
 * fetches the directories once from the embedded sandbox (cached), then times the command's run —
 * reading the names, grouping, classifying and writing the workbook. `npm run bench` runs it (compiled, in its own process)
 * and reads its `BENCH` line; by hand: `npx tsx bench/measure-mapping-review.ts [rows]`.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadServiceDirectories } from '../src/assistant/load-service-directories.js';
import { runMappingReview } from '../src/assistant/review/run-mapping-review.js';
import { createNodeDeps } from '../src/core/deps.js';
import { resolveSettings } from '../src/settings/resolve-settings.js';
import { generatePriceList, writePriceListCsv } from '../test/assistant/eval/generate-price-list.js';
import { REVIEW_LOOP_MAPPING } from '../test/assistant/eval/measure-review-loop.js';
import { printMeasurement, startRssSampler } from './measure-support.js';

const rows = Number(process.argv[2] ?? 100_000);
const dir = await mkdtemp(join(tmpdir(), 'review-bench-'));
try {
  await writePriceListCsv(join(dir, 'price.csv'), generatePriceList({ rows, seed: 5 }));
  await writeFile(join(dir, 'price.yaml'), REVIEW_LOOP_MAPPING, 'utf8');
  const settings = resolveSettings({ flags: { sandbox: true, stateDir: join(dir, 'state') } }).settings;
  const deps = createNodeDeps({ cwd: dir, env: {} });
  await loadServiceDirectories(settings, deps);
  const sampler = startRssSampler();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const result = await runMappingReview({ file: 'price.csv', mapping: 'price.yaml', out: 'review.xlsx', force: true, settings }, deps);
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const peakRssBytes = sampler.stop();
  printMeasurement({ kind: 'mapping review', rows: result.rows, ms: seconds * 1000, peakRssBytes, extra: { cpuMs: (used.user + used.system) / 1000, reviewTypes: result.reviewTypes, placedTypes: result.placedTypes } });
  console.log(`mapping review of ${result.rows} rows: ${seconds.toFixed(1)} s wall, ${((used.user + used.system) / 1e6).toFixed(1)} s CPU (${result.reviewTypes} types to answer, ${result.placedTypes} placed; directories from the cache, sandbox start included)`);
} finally {
  await rm(dir, { recursive: true, force: true });
}

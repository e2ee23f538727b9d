/**
 * `npm run bench` (full: 100,000 SKU rows 5 runs, 500,000 rows 3 runs, 20,000-product submissions 3
 * runs, start-up 15 turns, the mapping assistant 3 runs: `mapping review` of 100,000 rows, `mapping init` of
 * 713 labels first and later) and `npm run bench -- --quick` (10,000 rows, 1 run, 2,000-product
 * submissions, start-up 5 turns, `mapping review` of 10,000 rows and `mapping init` once; about two minutes). The 100,000-row runs are the short ones, where a spell of load on the host moves a
 * median of three the most: five cost a minute more.
 *
 * Generates the catalogs into `bench/out/data/` (kept between runs while the generator's options
 * are unchanged), runs every measurement in its own Node process (peak memory per measurement),
 * prints the Markdown tables and writes them to `bench/out/results.md` and `bench/out/results.json`.
 *
 * Options: --quick, --runs N (catalogs under 500,000 rows; with neither option below, every
 * measurement), --large-runs N (catalogs of 500,000 rows or more; default --runs when given, else 3,
 * or 1 with --quick), --submit-runs N (default --runs when given, else 3, or 1 with --quick),
 * --startup-runs N (turns of the start-up cases), --assistant-runs N (default --runs when given, else 3, or 1
 * with --quick), --review-rows N (default 100,000, or 10,000 with --quick), --sizes 100000,500000, --products N,
 * --skip-catalog, --skip-submit, --skip-startup, --skip-assistant, --formats xlsx,csv. Start-up alone:
 * `npm run bench -- --skip-catalog --skip-submit --skip-assistant` (add --quick for 5 turns); the assistant alone:
 * `npm run bench -- --skip-catalog --skip-submit --skip-startup`.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Measurement } from './measure-support.js';
import { renderResults, renderTargets } from './render-results.js';
import type { AssistantResult, BenchResults, CatalogResult, StartupResult, SubmitResult } from './render-results.js';
import { spawnMeasurement } from './spawn-measurement.js';

// Bump when the generated files change, so cached catalogs are generated again.
const GENERATOR_VERSION = 1;
const BENCH_DIR = fileURLToPath(new URL('.', import.meta.url));
const ROOT = join(BENCH_DIR, '..');
const OUT_DIR = join(BENCH_DIR, 'out');
const DATA_DIR = join(OUT_DIR, 'data');
const MAPPING = join(BENCH_DIR, 'bench-mapping.yaml');
// The benchmark's compiled copy of the CLI, as `dist/` runs: what the start-up and assistant cases spawn.
const CLI = join(OUT_DIR, 'build', 'src', 'cli', 'main.js');
// Issue 33's evaluation-sized file for `mapping init`.
const INIT_LABELS = 713;

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    runs: { type: 'string' },
    'large-runs': { type: 'string' },
    'submit-runs': { type: 'string' },
    'startup-runs': { type: 'string' },
    'assistant-runs': { type: 'string' },
    'review-rows': { type: 'string' },
    sizes: { type: 'string' },
    products: { type: 'string' },
    formats: { type: 'string' },
    'skip-catalog': { type: 'boolean', default: false },
    'skip-submit': { type: 'boolean', default: false },
    'skip-startup': { type: 'boolean', default: false },
    'skip-assistant': { type: 'boolean', default: false },
  },
});
const quick = values.quick === true;
const runs = readCount('runs', values.runs ?? (quick ? '1' : '5'));
const largeRuns = readCount('large-runs', values['large-runs'] ?? values.runs ?? (quick ? '1' : '3'));
const submitRuns = readCount('submit-runs', values['submit-runs'] ?? values.runs ?? (quick ? '1' : '3'));
const startupRuns = readCount('startup-runs', values['startup-runs'] ?? (quick ? '5' : '15'));
const assistantRuns = readCount('assistant-runs', values['assistant-runs'] ?? values.runs ?? (quick ? '1' : '3'));
const reviewRows = readCount('review-rows', values['review-rows'] ?? (quick ? '10000' : '100000'));
const sizes = (values.sizes ?? (quick ? '10000' : '100000,500000')).split(',').map(Number);
const formats = (values.formats ?? 'xlsx,csv').split(',') as ('xlsx' | 'csv')[];
const products = Number(values.products ?? (quick ? 2000 : 20000));

/** A run count given as an option: a positive whole number, checked before anything runs (a typo must not cost a 15-minute run). */
function readCount(option: string, text: string): number {
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1) {
    console.error(`--${option} ${text}: give a whole number of runs, 1 or more`);
    process.exit(2);
  }
  return count;
}

interface Generated {
  rows: number;
  products: number;
  sharedStrings: number;
  xlsxBytes: number;
  csvBytes: number;
}

function log(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** Generates (or reuses) a catalog of `rows` SKU rows with at most `maxSkus` SKUs per product. */
async function ensureCatalog(name: string, rows: number, maxSkus: number): Promise<Generated & { xlsx: string; csv: string }> {
  const xlsx = join(DATA_DIR, `${name}.xlsx`);
  const csv = join(DATA_DIR, `${name}.csv`);
  const manifestPath = join(DATA_DIR, `${name}.json`);
  const wanted = { version: GENERATOR_VERSION, rows, maxSkus };
  try {
    const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as { options: unknown; files: Generated };
    if (JSON.stringify(manifest.options) === JSON.stringify(wanted)) return { ...manifest.files, xlsx, csv };
  } catch {
    // No usable manifest: generate.
  }
  log(`generating ${name} (${rows.toLocaleString('en-US')} rows)…`);
  const files = await spawnMeasurement<Generated & { ms: number }>('generate-catalog.ts', [String(rows), String(maxSkus), xlsx, csv]);
  log(`  ${(files.ms / 1000).toFixed(1)} s, XLSX ${(files.xlsxBytes / 2 ** 20).toFixed(0)} MB, CSV ${(files.csvBytes / 2 ** 20).toFixed(0)} MB, ${files.sharedStrings.toLocaleString('en-US')} shared strings`);
  await writeFile(manifestPath, JSON.stringify({ options: wanted, files }, null, 2));
  return { ...files, xlsx, csv };
}

/** A copy of a generated CSV with a bad price and a bad barcode on every row (`break-catalog.ts`), kept beside it. */
async function ensureBrokenCsv(csv: string): Promise<string> {
  const broken = csv.replace(/\.csv$/, '-broken.csv');
  const marker = `${broken}.json`;
  try {
    const made = JSON.parse(await readFile(marker, 'utf8')) as { version: number };
    if (made.version === GENERATOR_VERSION) return broken;
  } catch {
    // Not made yet.
  }
  log(`breaking every row of ${csv}…`);
  await spawnMeasurement<{ rows: number; ms: number }>('break-catalog.ts', [csv, broken]);
  await writeFile(marker, JSON.stringify({ version: GENERATOR_VERSION }));
  return broken;
}

/** One run of a measurement; a failure (the exceljs floor can run out of heap on large tables) is recorded as such and the benchmark goes on. */
async function measureOnce(label: string, index: number, run: (index: number) => Promise<Measurement>): Promise<Measurement> {
  const result = await run(index).catch((error: unknown): Measurement => {
    const reason = String((error as Error).message).split('\n').filter((line) => /error|heap|memory/i.test(line)).slice(0, 2).join(' ') || String(error);
    log(`  ${label} #${index + 1} failed: ${reason}`);
    return { kind: label, rows: 0, ms: Number.NaN, peakRssBytes: Number.NaN, extra: { error: reason } };
  });
  if (!Number.isNaN(result.ms)) log(`  ${label} #${index + 1}: ${(result.ms / 1000).toFixed(2)} s, ${(result.peakRssBytes / 2 ** 20).toFixed(0)} MB`);
  return result;
}

async function repeat(label: string, times: number, run: (index: number) => Promise<Measurement>): Promise<Measurement[]> {
  const results: Measurement[] = [];
  for (let i = 0; i < times; i++) results.push(await measureOnce(label, i, run));
  return results;
}

/**
 * The measurements of one file in turns — round 1 of each, then round 2 of each, … — not each
 * measurement's runs in a block: a ratio (the dry run ÷ the floor, every row wrong ÷ the clean run)
 * then divides runs made close together, and a spell of load on the host (which moves the same
 * run by a third here) falls on both sides of it instead of on one.
 */
async function repeatInTurns(times: number, cases: readonly { label: string; run: (index: number) => Promise<Measurement> }[]): Promise<Measurement[][]> {
  const results: Measurement[][] = cases.map(() => []);
  for (let i = 0; i < times; i++) {
    for (const [at, measurement] of cases.entries()) (results[at] as Measurement[]).push(await measureOnce(measurement.label, i, measurement.run));
  }
  return results;
}

async function withStateDir<T>(run: (dir: string) => Promise<T>): Promise<T> {
  const dir = join(OUT_DIR, 'state', `run-${process.pid}-${Date.now()}`);
  await mkdir(dir, { recursive: true });
  try {
    return await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function measureCatalogs(): Promise<CatalogResult[]> {
  const results: CatalogResult[] = [];
  for (const rows of sizes) {
    const catalog = await ensureCatalog(`catalog-${rows}`, rows, 8);
    const times = rows >= 500_000 ? largeRuns : runs;
    for (const format of formats) {
      const file = format === 'xlsx' ? catalog.xlsx : catalog.csv;
      log(`${format.toUpperCase()} ${rows.toLocaleString('en-US')} rows:`);
      // Every row wrong (CSV only): the issue spill's case, against the clean runs.
      const broken = format === 'csv' ? await ensureBrokenCsv(catalog.csv) : undefined;
      const cases = [
        { label: 'floor', run: () => spawnMeasurement<Measurement>(`measure-floor-${format}.ts`, [file]) },
        { label: 'reader', run: () => spawnMeasurement<Measurement>('measure-reader.ts', [file, MAPPING]) },
        { label: 'validate', run: () => withStateDir((dir) => spawnMeasurement<Measurement>('measure-validate.ts', [file, MAPPING, dir])) },
        { label: 'validate, annotated copy', run: () => withStateDir((dir) => spawnMeasurement<Measurement>('measure-validate.ts', [file, MAPPING, dir, 'always'])) },
        ...(broken === undefined
          ? []
          : [{ label: 'validate, every row wrong', run: () => withStateDir((dir) => spawnMeasurement<Measurement>('measure-validate.ts', [broken, MAPPING, dir])) }]),
      ];
      const [floor = [], reader = [], validate = [], validateCopy = [], validateBroken] = await repeatInTurns(times, cases);
      results.push({
        format,
        rows,
        products: catalog.products,
        fileBytes: format === 'xlsx' ? catalog.xlsxBytes : catalog.csvBytes,
        ...(format === 'xlsx' ? { sharedStrings: catalog.sharedStrings } : {}),
        floor,
        reader,
        validate,
        validateCopy,
        ...(validateBroken === undefined ? {} : { validateBroken }),
      });
    }
  }
  return results;
}

async function measureSubmissions(): Promise<SubmitResult[]> {
  const catalog = await ensureCatalog(`products-${products}`, products, 1);
  const rate = quick ? 20 : 50;
  // Behind the sandbox's token bucket: once with the client's --rate-limit set to the service's
  // rate, once without (the client only adapts to the 429s).
  const cases = [
    { label: 'latency 100 ms, default concurrency', concurrency: 4, rate: 0, clientRate: 0 },
    { label: 'latency 100 ms, higher concurrency', concurrency: 16, rate: 0, clientRate: 0 },
    { label: `latency 100 ms, rate limit ${rate}/s, --rate-limit ${rate}`, concurrency: 16, rate, clientRate: rate },
    { label: `latency 100 ms, rate limit ${rate}/s, no --rate-limit (adaptive)`, concurrency: 16, rate, clientRate: 0 },
  ];
  const results: SubmitResult[] = [];
  for (const c of cases) {
    log(`submission, ${c.label}:`);
    const measured = await repeat('import', submitRuns, () =>
      withStateDir((dir) =>
        spawnMeasurement<Measurement>('measure-submit.ts', [catalog.csv, MAPPING, dir, String(c.concurrency), '100', String(c.rate), String(c.clientRate)]),
      ),
    );
    results.push({ label: c.label, products: catalog.products, concurrency: c.concurrency, latencyMs: 100, rate: c.rate, clientRate: c.clientRate, batchSize: 30, runs: measured });
  }
  return results;
}

/**
 * Start-up (issue 39): `--version`, `--help`, a completion request and the sample's dry run with
 * the directories cached, against `node -e 0`, all in one child that runs them in turns. The CLI
 * measured is the benchmark's compiled copy of `src`, as `dist/` would be.
 */
async function measureStartup(): Promise<StartupResult> {
  log(`start-up, ${startupRuns} turns:`);
  const result = await withStateDir((dir) =>
    spawnMeasurement<StartupResult>('measure-startup.ts', [CLI, join(ROOT, 'samples', 'catalog.xlsx'), join(ROOT, 'mappings', 'sample.yaml'), dir, String(startupRuns)]),
  );
  for (const c of result.cases) log(`  ${c.label}: ${c.ms.map((ms) => (ms / 1000).toFixed(2)).join(' ')} s`);
  return result;
}

/**
 * The mapping assistant (issue 33 item 6), each command as a seller runs it: the compiled CLI in a new process, timed
 * from spawn to exit, the directories cached. `mapping review` of the generated price list, and `mapping init` of the
 * evaluation-sized label file, first (a fresh state directory: the classifier index is built and cached) and later (a
 * second process in the same directory reads it), in turns.
 */
async function measureAssistant(): Promise<AssistantResult> {
  const evalDir = join(ROOT, 'test', 'assistant', 'eval');
  log(`mapping assistant, ${assistantRuns} run(s): review of ${reviewRows.toLocaleString('en-US')} rows, init of ${INIT_LABELS} labels first and later:`);
  const review: Measurement[] = [];
  const initFirst: Measurement[] = [];
  const initCached: Measurement[] = [];
  for (let i = 0; i < assistantRuns; i++) {
    review.push(await measureOnce('mapping review', i, () => spawnMeasurement<Measurement>('measure-mapping-review.ts', [CLI, String(reviewRows)])));
    await withStateDir(async (dir) => {
      const init = (): Promise<Measurement> => spawnMeasurement<Measurement>('measure-mapping-init.ts', [CLI, String(INIT_LABELS), '--keep', dir, '--eval-dir', evalDir]);
      initFirst.push(await measureOnce('mapping init, first run', i, init));
      initCached.push(await measureOnce('mapping init, later run', i, init));
    });
  }
  return { reviewRows, review, initLabels: initFirst.find((m) => m.rows > 0)?.rows ?? INIT_LABELS, initFirst, initCached };
}

await mkdir(DATA_DIR, { recursive: true });
const startedAt = new Date();
const loadBefore = loadavg();
const catalogs = values['skip-catalog'] === true ? [] : await measureCatalogs();
const submissions = values['skip-submit'] === true ? [] : await measureSubmissions();
const startup = values['skip-startup'] === true ? undefined : await measureStartup();
const assistant = values['skip-assistant'] === true ? undefined : await measureAssistant();
const results: BenchResults = {
  mode: quick ? 'quick' : 'full',
  startedAt: startedAt.toISOString(),
  finishedAt: new Date().toISOString(),
  machine: {
    node: process.version,
    cpus: cpus()[0]?.model.trim() ?? 'unknown CPU',
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    loadBefore,
    loadAfter: loadavg(),
  },
  runsPerMeasurement: runs,
  largeRuns,
  submitRuns,
  catalogs,
  submissions,
  ...(startup === undefined ? {} : { startup }),
  ...(assistant === undefined ? {} : { assistant }),
};
const markdown = `${renderResults(results)}\n${renderTargets(results)}`;
await writeFile(join(OUT_DIR, 'results.md'), markdown);
await writeFile(join(OUT_DIR, 'results.json'), JSON.stringify(results, null, 2));
process.stdout.write(`${markdown}\nWritten to ${join(OUT_DIR, 'results.md')} and results.json.\n`);

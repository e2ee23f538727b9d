import { describe, expect, it } from 'vitest';
import type { Measurement } from '../../bench/measure-support.js';
import { buildAssistantFigures, buildCatalogFigures, buildStartupFigures, buildSubmitFigures, median, renderResults, renderRunCounts, renderTargets } from '../../bench/render-results.js';
import type { AssistantResult, BenchResults, CatalogResult, StartupResult, SubmitResult } from '../../bench/render-results.js';

const run = (ms: number, extra: Record<string, unknown> = {}, peakRssBytes = 100 * 2 ** 20): Measurement => ({ kind: 'x', rows: 0, ms, peakRssBytes, extra });

function catalog(overrides: Partial<CatalogResult> = {}): CatalogResult {
  return {
    format: 'csv',
    rows: 500_000,
    products: 100_000,
    fileBytes: 1,
    floor: [run(1000), run(3000), run(2000)],
    reader: [run(2500)],
    validate: [run(2900, { readMs: 2800, reportMs: 50 })],
    validateCopy: [run(4000, { readMs: 2800, reportMs: 1100 }, 300 * 2 ** 20)],
    ...overrides,
  };
}

function submission(overrides: Partial<SubmitResult> = {}): SubmitResult {
  return {
    label: 'c16',
    products: 20_000,
    concurrency: 16,
    latencyMs: 100,
    rate: 0,
    batchSize: 30,
    runs: [run(9000, { timings: { submit: 5000 }, requests: 1348, byRoute: { import: 667, importInfo: 667 }, bare: { products: 20_000, submitMs: 4400 } })],
    ...overrides,
  };
}

function results(catalogs: CatalogResult[], submissions: SubmitResult[]): BenchResults {
  const machine = { node: 'v20', cpus: 'cpu', cores: 2, memoryGb: 24, loadBefore: [0, 0, 0], loadAfter: [0, 0, 0] };
  return { mode: 'full', startedAt: '', finishedAt: '', machine, runsPerMeasurement: 3, largeRuns: 1, catalogs, submissions };
}

describe('bench figures', () => {
  it('takes medians, leaving failed runs out', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(buildCatalogFigures(catalog({ floor: [run(Number.NaN), run(1000), run(3000)] })).floorMs).toBe(2000);
  });

  it('bounds submission by latency × concurrency, or by the rate, and reads the bare client beside it', () => {
    const free = buildSubmitFigures(submission());
    expect(free.boundPerSecond).toBe(4800);
    expect(free.submitPerSecond).toBe(4000);
    expect(free.barePerSecond).toBeCloseTo(4545.45, 1);
    const limited = buildSubmitFigures(submission({ rate: 50, runs: [run(30_000, { timings: { submit: 14_000 }, requests: 1348 })] }));
    expect(limited.boundPerSecond).toBe(1500);
    expect(limited.rateBoundMs).toBeCloseTo(((1348 - 50) / 50) * 1000);
    expect(Number.isNaN(limited.barePerSecond)).toBe(true);
  });
});

describe('renderTargets', () => {
  it('judges the dry run end to end against the floor, and memory on the larger peak of the two ways', () => {
    const text = renderTargets(results([catalog()], []));
    expect(text).toMatch(/CSV 500,000 \(target at 500,000 rows\): dry run end to end ≤ 3× the papaparse floor \| 1\.45× \(read stage 1\.40×, our reader 1\.25×\) \| met/);
    expect(text).toMatch(/annotated CSV copy ≤ 1\.3× the CSV read .*\| 0\.44× \(1\.10 s vs 2\.50 s\) \| met/);
    expect(text).toMatch(/peak RSS ≤ 256 MB, flat with rows.* \| 300 MB \| missed/);
  });

  it("shows issue 22's targets at their own sizes, and as indicative on other sizes and in a quick run", () => {
    const broken = { validateBroken: [run(4400, { reportMs: 1500 }, 600 * 2 ** 20)] };
    const xlsx = (rows: number): CatalogResult => catalog({ format: 'xlsx', rows, validate: [run(2400, { readMs: 2300 })], validateCopy: [run(2800, { reportMs: 400 })] });
    const full = renderTargets(results([catalog({ rows: 100_000, ...broken }), catalog(broken), xlsx(100_000), xlsx(500_000)], []));
    expect(full).toMatch(/CSV 100,000 \(target at 100,000 rows\): dry run end to end ≤ 4× the papaparse floor \| 1\.45× .*\| met/);
    expect(full).not.toMatch(/CSV 100,000[^|]*≤ 3×/);
    expect(full).toMatch(/XLSX 500,000 \(target at 500,000 rows\): dry run end to end ≤ 1\.0× the exceljs floor \| 1\.20× .*\| missed/);
    expect(full).toMatch(/XLSX 100,000: dry run with the annotated copy ≤ 1\.5× the exceljs floor \| 1\.40× .*\| met/);
    expect(full).toMatch(/CSV 500,000: every row wrong ≤ 1\.5× the clean dry run \| 1\.52× .*\| missed/);
    expect(full).toMatch(/CSV 500,000 \(target at 500,000 rows\): every row wrong: peak RSS ≤ 512 MB \| 600 MB \| missed/);
    expect(full).not.toMatch(/indicative/);

    const quick = renderTargets({ ...results([catalog({ rows: 10_000, ...broken }), xlsx(10_000)], []), mode: 'quick' });
    expect(quick).toMatch(/CSV 10,000, indicative \(target at 100,000 rows\): dry run end to end ≤ 4× .*\| indicative: within/);
    expect(quick).toMatch(/CSV 10,000, indicative \(target at 500,000 rows\): dry run end to end ≤ 3× .*\| indicative: within/);
    expect(quick).toMatch(/XLSX 10,000, indicative \(target at 500,000 rows\): dry run end to end ≤ 1\.0× .*\| indicative: over/);
    expect(quick).toMatch(/CSV 10,000, indicative \(target at 500,000 rows\): every row wrong: peak RSS ≤ 512 MB \| 600 MB \| indicative: over/);
    expect(quick).toMatch(/Quick run: every target line is indicative/);
  });

  it('shows every row wrong turn by turn beside the ratio of the medians, which stays the verdict', () => {
    // Turn 2's clean run fell in a slow spell: its own turn's ratio is low, the verdict is the medians'.
    const turns = catalog({
      rows: 100_000,
      validate: [run(2000), run(3000), run(2200), run(2100), run(2300)],
      validateBroken: [run(2800), run(3100), run(2900), run(3400), run(3000)],
    });
    // Turn by turn: 1.40, 1.03, 1.32, 1.62, 1.30; the verdict divides the medians, 3.00 s by 2.20 s.
    expect(buildCatalogFigures(turns).brokenTurnRatios.map((r) => r.toFixed(2))).toEqual(['1.03', '1.30', '1.32', '1.40', '1.62']);
    const text = renderTargets(results([turns], []));
    expect(text).toMatch(/every row wrong ≤ 1\.5× the clean dry run \| 1\.36× \(3\.00 s vs 2\.20 s; .*turn by turn 1\.03–1\.62× \(median 1\.32×\)\) \| met/);
    // A failed run (NaN, or null once read back from results.json) leaves its turn out, on either side.
    const failed = catalog({ rows: 100_000, validate: [run(2000), run(Number.NaN), run(2200)], validateBroken: [run(2800), run(3100), run(Number.NaN)] });
    const readBack = JSON.parse(JSON.stringify(failed)) as CatalogResult;
    expect(buildCatalogFigures(failed).brokenTurnRatios).toEqual([1.4]);
    expect(buildCatalogFigures(readBack).brokenTurnRatios).toEqual([1.4]);
    // One turn, or none measured: nothing to show.
    expect(buildCatalogFigures(catalog({ validateBroken: [run(4400)] })).brokenTurnRatios).toHaveLength(1);
    expect(renderTargets(results([catalog({ validateBroken: [run(4400)] })], []))).not.toMatch(/; turn by turn/);
    expect(buildCatalogFigures(catalog()).brokenTurnRatios).toEqual([]);
  });

  it("shows issue 22's targets as failed, never met, when a run behind them failed, and as failed when none succeeded", () => {
    const failed = run(Number.NaN, { error: 'JavaScript heap out of memory' }, Number.NaN);
    // One of three dry runs failed: the ratio of the two left (1.45×) is not a verdict; nor is the memory of the runs left.
    const some = renderTargets(results([catalog({ validate: [run(2900, { readMs: 2800 }), failed, run(2900, { readMs: 2800 })] })], []));
    expect(some).toMatch(/dry run end to end ≤ 3× the papaparse floor \| 1\.45× .*\| failed \(1 of 6 runs\) \|/);
    expect(some).toMatch(/peak RSS ≤ 256 MB, flat with rows \| 300 MB \| failed \(1 of 4 runs\) \|/);
    expect(some).toMatch(/peak RSS as before or lower .*\| failed \(1 of 4 runs\) \|/);
    // Every dry run failed: the lines are there, failed, not left out.
    const none = renderTargets(results([catalog({ validate: [failed], validateCopy: [failed], validateBroken: [failed] })], []));
    expect(none).toMatch(/dry run end to end ≤ 3× the papaparse floor \| – .*\| failed \(1 of 4 runs\) \|/);
    expect(none).toMatch(/every row wrong ≤ 1\.5× the clean dry run \| – .*\| failed \(2 of 2 runs\) \|/);
    expect(none).toMatch(/every row wrong: peak RSS ≤ 512 MB \| – \| failed \(1 of 1 runs\) \|/);
    expect(none).toMatch(/annotated CSV copy ≤ 1\.3× the CSV read .*\| failed \(1 of 2 runs\) \|/);
    expect(none).toMatch(/peak RSS ≤ 256 MB, flat with rows \| – MB \| failed \(2 of 2 runs\) \|/);
    // Quick: a failure is not indicative.
    expect(renderTargets({ ...results([catalog({ rows: 10_000, floor: [failed] })], []), mode: 'quick' })).toMatch(/dry run end to end ≤ 4× .*\| failed \(1 of 2 runs\) \|/);
    // A failed submission run.
    expect(renderTargets(results([], [submission({ runs: [...submission().runs, failed] })]))).toMatch(/c16: submit ≥ 90% of bound \| .* \| failed \(1 of 2 runs\) \|/);
  });

  it('names the run counts of what ran', () => {
    const both = { ...results([catalog({ rows: 100_000 }), catalog()], [submission()]), runsPerMeasurement: 5, largeRuns: 3, submitRuns: 3 };
    expect(renderRunCounts(both)).toBe('5 run(s) per measurement (3 for 500,000 rows and more), 3 per submission case');
    expect(renderRunCounts({ ...both, catalogs: [catalog({ rows: 100_000 })], submissions: [] })).toBe('5 run(s) per measurement');
    // Results written before the submissions had their own count.
    const { submitRuns: _, ...older } = both;
    expect(renderRunCounts(older)).toBe('5 run(s) per measurement (3 for 500,000 rows and more)');
  });

  it('judges a rate-limited submission on its submit stage and shows the whole run beside it', () => {
    const limited = submission({ label: 'rate', rate: 50, runs: [run(30_000, { timings: { submit: 14_500 }, requests: 1348, throttled: 0 })] });
    const text = renderTargets(results([], [submission(), limited]));
    expect(text).toMatch(/c16: submit ≥ 90% of bound \| 83% \(4,000 of 4,800\/s\); a bare client 95% \| missed/);
    // 20,000 products in 14.5 s against 50 × 30 a second; the guarantee allows 1,500 × 1000 / (1000 + 100 ms).
    expect(text).toMatch(
      /rate: submit ≥ 90% of the rate bound \| submit 92% \(1,379 of 1,500\/s; 101% of the 1,364\/s the one-second-after-the-answer guarantee allows\); 0 × 429; whole run 87% of the all-requests bound \| met/,
    );
  });
});

describe('start-up', () => {
  const startup: StartupResult = {
    runs: 3,
    cases: [
      { label: 'node -e 0', args: ['-e', '0'], ms: [100, 140, 120] },
      { label: '--version', args: ['main.js', '--version'], ms: [260, 290, 310] },
      { label: 'completion request', args: ['main.js', '--get-yargs-completions'], ms: [300, 330, 320] },
      { label: 'dry run, 158 rows, directories cached', args: ['main.js', 'validate'], ms: [590, Number.NaN, 610] },
    ],
  };

  it('divides the median of each case by the median of node -e 0, leaving failed runs out', () => {
    const figures = buildStartupFigures(startup);
    expect(figures.map((f) => f.medianMs)).toEqual([120, 290, 320, 600]);
    expect(figures.map((f) => f.ratio)).toEqual([1, 290 / 120, 320 / 120, 5]);
    expect(figures[3]?.minMs).toBe(590);
  });

  it("holds --version and completion to 2.5× and the dry run to 5× (issue 39), indicative in a quick run", () => {
    const full = renderTargets({ ...results([], []), startup });
    expect(full).toMatch(/start-up: --version ≤ 2.5× node -e 0 \| 2.42× \(0.29 s\) \| met/);
    expect(full).toMatch(/start-up: completion request ≤ 2.5× node -e 0 \| 2.67× \(0.32 s\) \| missed/);
    // One of its runs failed: 5.00× is not met, whatever the median of the others.
    expect(full).toMatch(/start-up: dry run, 158 rows, directories cached ≤ 5× node -e 0 \| 5.00× \(0.60 s\) \| failed \(1 of 6 runs\)/);
    expect(renderTargets({ ...results([], []), mode: 'quick', startup })).toContain('indicative: over');
    expect(renderTargets(results([], []))).not.toContain('start-up');
  });

  it('renders a table of the cases', () => {
    const text = renderResults({ ...results([], []), startup });
    expect(text).toContain('### Start-up');
    expect(text).toContain('| --version | 0.290 | 0.260–0.310 | 2.42× |');
  });
});

describe('mapping assistant', () => {
  const assistant = (overrides: Partial<AssistantResult> = {}): AssistantResult => ({
    reviewRows: 100_000,
    review: [run(21_000, { cpuMs: 30_000 }), run(Number.NaN), run(19_000, { cpuMs: 26_000 }), run(18_000, { cpuMs: 25_000 })],
    initLabels: 713,
    initFirst: [run(3500, { cpuMs: 4000 })],
    initCached: [run(2500, { cpuMs: 2700 })],
    ...overrides,
  });

  it('takes the median wall time of each case, leaving failed runs out, with its CPU beside it', () => {
    const [review, first, cached] = buildAssistantFigures(assistant());
    expect(review).toMatchObject({ wallMs: 19_000, minMs: 18_000, maxMs: 21_000, cpuMs: 26_000, runs: 3 });
    expect(first?.label).toContain('first run');
    expect(cached?.label).toContain('later run');
  });

  it("shows the review's second run (the index cached) as its own case only when the runs report one", () => {
    expect(buildAssistantFigures(assistant())).toHaveLength(3);
    const review = [run(21_000, { cpuMs: 30_000, cachedMs: 19_500, cachedCpuMs: 27_000, cachedPeakRssBytes: 200 * 2 ** 20 }), run(20_000, { cpuMs: 29_000, cachedMs: 18_500, cachedCpuMs: 26_000, cachedPeakRssBytes: 200 * 2 ** 20 })];
    const figures = buildAssistantFigures(assistant({ review }));
    expect(figures[0]).toMatchObject({ wallMs: 20_500, cpuMs: 29_500 });
    expect(figures[3]).toMatchObject({ wallMs: 19_000, cpuMs: 26_500, rss: 200 * 2 ** 20, runs: 2, limitMs: 20_000 });
    expect(figures[3]?.label).toBe('mapping review of 100,000 rows, later run (reads the cached classifier index)');
  });

  it("holds review to 20 s at 100,000 rows and init to 3 s, first and later (issue 33), indicative at another size or in a quick run", () => {
    const full = renderTargets({ ...results([], []), assistant: assistant() });
    expect(full).toMatch(/mapping review of 100,000 rows: ≤ 20\.00 s \| 19\.00 s \(CPU 26\.00 s\) \| failed \(1 of 4 runs\)/);
    const clean = renderTargets({ ...results([], []), assistant: assistant({ review: [run(19_000, { cpuMs: 26_000 })] }) });
    expect(clean).toMatch(/mapping review of 100,000 rows: ≤ 20\.00 s \| 19\.00 s \(CPU 26\.00 s\) \| met/);
    expect(full).toMatch(/first run \(builds the classifier index\): ≤ 3\.00 s \| 3\.50 s .*\| missed/);
    expect(full).toMatch(/later run \(reads the cached classifier index\): ≤ 3\.00 s \| 2\.50 s .*\| met/);
    const small = renderTargets({ ...results([], []), assistant: assistant({ reviewRows: 10_000, review: [run(19_000)] }) });
    expect(small).toMatch(/mapping review of 10,000 rows, indicative \(target at 100,000\): ≤ 20\.00 s \| .* \| indicative: within/);
    const quick = renderTargets({ ...results([], []), mode: 'quick', assistant: assistant() });
    expect(quick).not.toMatch(/\| (met|missed)$/m);
  });

  it('never shows a case with a failed run as met, and shows a case whose runs all failed as failed, in a quick run too', () => {
    const failed = run(Number.NaN, { error: 'JavaScript heap out of memory' }, Number.NaN);
    const lines = (assistantResult: AssistantResult, mode: 'quick' | 'full' = 'full'): string[] =>
      renderTargets({ ...results([], []), mode, assistant: assistantResult }).split('\n').filter((line) => line.startsWith('| mapping '));
    // 2 of 3 review runs ran out of memory, the third took 18 s.
    const [review] = lines(assistant({ review: [failed, run(18_000), failed] }));
    expect(review).toMatch(/mapping review of 100,000 rows: ≤ 20\.00 s \| 18\.00 s .*\| failed \(2 of 3 runs\) \|$/);
    // Every run of a case failed: its line is there, failed; the other cases keep their verdicts.
    const allFailed = lines(assistant({ review: [failed, failed], initFirst: [failed] }));
    expect(allFailed).toHaveLength(3);
    expect(allFailed[0]).toMatch(/mapping review of 100,000 rows: ≤ 20\.00 s \| – \| failed \(2 of 2 runs\) \|$/);
    expect(allFailed[1]).toMatch(/first run .*\| failed \(1 of 1 runs\) \|$/);
    expect(allFailed[2]).toMatch(/later run .*\| met \|$/);
    // A failure is no indication: a quick run says failed too. Read back from results.json the NaN is null.
    const readBack = JSON.parse(JSON.stringify(assistant({ initCached: [failed] }))) as AssistantResult;
    expect(lines(readBack, 'quick')[2]).toMatch(/later run.*\| failed \(1 of 1 runs\) \|$/);
    expect(renderResults({ ...results([], []), assistant: assistant({ review: [failed, run(18_000), failed] }) })).toMatch(/\| mapping review of 100,000 rows \| 18\.00 \|.*\| 1 \(2 failed\) \|/);
  });

  it('renders a table of the cases and names their run count', () => {
    const all = { ...results([], []), assistant: assistant() };
    expect(renderResults(all)).toContain('### Mapping assistant');
    expect(renderRunCounts(all)).toContain('4 per mapping-assistant case');
  });
});

import { describe, expect, it } from 'vitest';
import type { Measurement } from '../../bench/measure-support.js';
import { buildCatalogFigures, buildSubmitFigures, median, renderTargets } from '../../bench/render-results.js';
import type { BenchResults, CatalogResult, SubmitResult } from '../../bench/render-results.js';

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
    expect(text).toMatch(/CSV 500,000: dry run ≤ 1\.5× floor \| end to end 1\.45× \(read stage 1\.40×; with the annotated copy 2\.00×\) \| met/);
    expect(text).toMatch(/peak RSS ≤ 256 MB, flat with rows \| 300 MB \| missed/);
  });

  it('judges a rate-limited submission on its submit stage and shows the whole run beside it', () => {
    const limited = submission({ label: 'rate', rate: 50, runs: [run(30_000, { timings: { submit: 14_500 }, requests: 1348, throttled: 0 })] });
    const text = renderTargets(results([], [submission(), limited]));
    expect(text).toMatch(/c16: submit ≥ 90% of bound \| 83% \(4,000 of 4,800\/s\); a bare client 95% \| missed/);
    expect(text).toMatch(/rate: submit ≥ 90% of the rate bound \| submit 92% .*whole run 87% of the all-requests bound \| met/);
  });
});

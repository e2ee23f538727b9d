/**
 * Measures `writeAnnotatedWorkbook` alone on a big workbook (not a test; run by hand):
 *
 *   node --import tsx test/report/measure-annotated-workbook.ts info bench/out/data/catalog-100000.xlsx /tmp/info.json
 *   node --import tsx test/report/measure-annotated-workbook.ts measure bench/out/data/catalog-100000.xlsx /tmp/info.json
 *
 * `info` reads the header with the XLSX reader (which builds its own string table, so it runs in
 * a process of its own); `measure` annotates the file with one issue every 100 rows and prints
 * wall time and peak RSS (sampled every 50 ms, and the kernel's high-water mark).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SourceInfo } from '../../src/sources/types.js';
import { xlsxReader } from '../../src/sources/read-xlsx.js';
import type { RowOutcome } from '../../src/report/report-types.js';
import { writeAnnotatedWorkbook } from '../../src/report/write-annotated-workbook.js';

function readHighWaterMark(): number {
  const match = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) * 1024 : 0;
}

function outcomeOf(row: number): RowOutcome {
  if (row % 100 === 0) {
    return {
      row,
      status: 'invalid',
      issues: [{ code: 'price_not_number', severity: 'error', stage: 'validate', message: 'price is not a number', row, column: 'C', value: 'x' }],
    };
  }
  return { row, status: 'valid', issues: [] };
}

const [mode, path, infoPath] = process.argv.slice(2);
if (path === undefined || infoPath === undefined) throw new Error('usage: info|measure <xlsx> <info.json>');
if (mode === 'info') {
  const stream = await xlsxReader.open(path, {}, {});
  writeFileSync(infoPath, JSON.stringify(stream.info));
} else {
  const info = JSON.parse(readFileSync(infoPath, 'utf8')) as SourceInfo;
  const dir = await mkdtemp(join(tmpdir(), 'measure-annotated-'));
  let peak = process.memoryUsage.rss();
  let ticks = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
    // MEASURE_TRACE=1: where the memory is, every 5 s.
    if (process.env['MEASURE_TRACE'] === '1' && ++ticks % 100 === 0) {
      const usage = process.memoryUsage();
      const mb = (bytes: number): number => Math.round(bytes / 1e6);
      console.error(`${ticks / 20} s: rss ${mb(usage.rss)} heap ${mb(usage.heapUsed)} external ${mb(usage.external)} arrayBuffers ${mb(usage.arrayBuffers)} MB`);
    }
  }, 50);
  const before = process.memoryUsage.rss();
  const started = performance.now();
  let texts = 0;
  const result = await writeAnnotatedWorkbook({
    sourcePath: path,
    outPath: join(dir, 'annotated.xlsx'),
    info,
    outcomeOf,
    // As `rejected-rows.csv` does: the texts of the rows that need attention only.
    onDataRow: (row, outcome) => {
      if (outcome?.status !== 'valid') texts += row.values.length;
    },
  });
  const ms = performance.now() - started;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage.rss(), readHighWaterMark());
  const size = (await stat(join(dir, 'annotated.xlsx'))).size;
  await rm(dir, { recursive: true, force: true });
  console.log(
    JSON.stringify({ ...result, texts, seconds: Math.round(ms / 10) / 100, rssBeforeMb: Math.round(before / 1e6), peakRssMb: Math.round(peak / 1e6), outBytes: size }),
  );
}

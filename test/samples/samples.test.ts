import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  buildCsvText,
  buildExpectedJson,
  buildMistakeCatalog,
  buildSampleCatalog,
  FIRST_DATA_ROW,
  SAMPLE_HEADER,
  type PlantedMistake,
  type SampleCell,
} from '../../scripts/generate-samples.js';
import type { Directories } from '../../src/domain/index.js';
import { createNodeDeps } from '../../src/core/deps.js';
import { formatIssue, type Issue } from '../../src/core/issue.js';
import { buildReadOptions } from '../../src/mapping/build-read-options.js';
import { checkMappingRules } from '../../src/mapping/check-mapping-rules.js';
import { MappingError } from '../../src/core/errors.js';
import { loadMapping } from '../../src/mapping/load-mapping.js';
import type { Mapping } from '../../src/mapping/mapping-schema.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { createReferenceData } from '../../src/sandbox/reference-data.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import { openSource } from '../../src/sources/open-source.js';
import { isValidGtin } from '../../src/stages/check-barcode.js';
import { hasLostKazakhLetters } from '../../src/stages/check-kazakh-text.js';
import { createMemoryProductSink } from '../../src/stages/product-sink.js';
import { mapAndAssemble } from '../../src/stages/run-dry-stages.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SAMPLES = join(ROOT, 'samples');
const MAPPINGS = join(ROOT, 'mappings');

// What the sandbox serves: leaf categories only, like the live service.
const reference = createReferenceData();
const directories: Directories = {
  categories: reference.categories.filter((category) => category.isLeaf).map(({ id, parentId, name, path }) => ({ id, parentId, name, path, isLeaf: true })),
  attributes: reference.attributes,
  values: reference.values,
  brands: reference.brands,
  fetchedAt: '2026-11-01T00:00:00.000Z',
};

const catalog = buildSampleCatalog();
const withMistakes = buildMistakeCatalog(catalog);

/** A shipped mapping as a run loads it; its issues, each on a line, when it cannot be loaded. */
async function loadShippedMapping(path: string): Promise<Mapping> {
  return loadMapping(path, { cwd: ROOT }).catch((error: unknown) => {
    throw error instanceof MappingError ? new Error(error.issues.map(formatIssue).join('\n')) : error;
  });
}

const loadSampleMapping = (): Promise<Mapping> => loadShippedMapping('mappings/sample.yaml');

async function loadExpected(): Promise<PlantedMistake[]> {
  const text = await readFile(join(SAMPLES, 'catalog-with-mistakes.expected.json'), 'utf8');
  return (JSON.parse(text) as { mistakes: PlantedMistake[] }).mistakes;
}

/** Runs reader + row mapper + assembler over a sample file, without a service. */
async function runDryStages(file: string): Promise<Issue[]> {
  const mapping = await loadSampleMapping();
  const stream = await openSource(join(SAMPLES, file), buildReadOptions(mapping), {});
  const { issues } = await mapAndAssemble(stream.rows, { mapping, directories, info: stream.info, sink: createMemoryProductSink() });
  return [...stream.issues, ...issues];
}

const key = (issue: { code: string; row?: number | undefined; column?: string | null | undefined }): string =>
  `${issue.code}@${issue.row ?? '-'}:${issue.column ?? '-'}`;

/**
 * Every planted mistake is reported at its row and column, and every other error is only the
 * consequence of one (a good row of a product held back for a bad row).
 */
function expectMistakesReported(issues: readonly Issue[], expected: readonly PlantedMistake[]): void {
  const reported = new Set(issues.map(key));
  const missing = expected.filter((mistake) => !reported.has(key(mistake)));
  expect(missing, `planted mistakes not reported; got:\n${issues.map(formatIssue).join('\n')}`).toEqual([]);
  for (const mistake of expected) {
    const found = issues.find((issue) => key(issue) === key(mistake));
    expect(found?.severity, key(mistake)).toBe(mistake.severity);
  }
  const planted = new Set(expected.map(key));
  const unexpected = issues.filter((issue) => !planted.has(key(issue)) && issue.code !== 'product_has_invalid_rows');
  expect(unexpected.map(formatIssue)).toEqual([]);
}

describe('shipped mappings', () => {
  it('every file in mappings/ parses and fits the sandbox directories', async () => {
    const files = (await readdir(MAPPINGS)).filter((name) => /\.ya?ml$/i.test(name));
    expect(files).toContain('sample.yaml');
    for (const name of files) {
      const mapping = await loadShippedMapping(join('mappings', name));
      // No warnings either: a shipped mapping is an example to learn from.
      expect(checkMappingRules(mapping, directories, { file: name }).map(formatIssue), name).toEqual([]);
    }
  });
});

describe('the sample generator', () => {
  it('is deterministic', () => {
    expect(buildSampleCatalog()).toEqual(catalog);
    expect(buildMistakeCatalog(buildSampleCatalog())).toEqual(withMistakes);
    // Another seed gives another catalog, so the equality above is not vacuous.
    expect(buildSampleCatalog(7).sheet.rows).not.toEqual(catalog.sheet.rows);
  });

  it('matches the committed CSV files and the list of planted mistakes', async () => {
    expect(await readFile(join(SAMPLES, 'catalog.csv'), 'utf8')).toBe(buildCsvText(catalog.sheet));
    expect(await readFile(join(SAMPLES, 'catalog-with-mistakes.csv'), 'utf8')).toBe(buildCsvText(withMistakes.sheet));
    expect(await readFile(join(SAMPLES, 'catalog-with-mistakes.expected.json'), 'utf8')).toBe(buildExpectedJson(withMistakes.mistakes));
  });

  it('matches the committed workbooks cell by cell', async () => {
    for (const [file, sheet] of [
      ['catalog.xlsx', catalog.sheet],
      ['catalog-with-mistakes.xlsx', withMistakes.sheet],
    ] as const) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(join(SAMPLES, file));
      const worksheet = workbook.getWorksheet(sheet.sheetName);
      expect(worksheet, file).toBeDefined();
      if (worksheet === undefined) continue;
      expect(worksheet.rowCount, file).toBe(FIRST_DATA_ROW - 1 + sheet.rows.length);
      expect(worksheet.getRow(FIRST_DATA_ROW - 1).values, file).toEqual([undefined, ...sheet.header]);
      sheet.rows.forEach((row, r) => {
        const actual = worksheet.getRow(FIRST_DATA_ROW + r);
        row.forEach((cell: SampleCell, c) => {
          const stored = actual.getCell(c + 1);
          const expected = cell === null ? null : typeof cell === 'string' ? cell : cell.number;
          expect(stored.value ?? null, `${file} ${stored.address}`).toEqual(expected);
          if (cell !== null && typeof cell !== 'string' && cell.numFmt !== 'General') expect(stored.numFmt, stored.address).toBe(cell.numFmt);
        });
      });
    }
  });

  it('builds a realistic catalog: sizes, categories, barcodes, Kazakh text, photos, split products', () => {
    const { rows } = catalog.sheet;
    const column = (header: string): number => SAMPLE_HEADER.indexOf(header);
    const texts = (header: string): string[] =>
      rows.map((row) => row[column(header)] ?? null).map((cell) => (cell === null ? '' : typeof cell === 'string' ? cell : cell.csv));
    expect(catalog.products).toBeGreaterThanOrEqual(150);
    expect(rows.length).toBeGreaterThanOrEqual(400);
    expect(new Set(texts('Категория')).size).toBeGreaterThanOrEqual(6);

    const barcodes = texts('Штрихкод');
    expect(barcodes.every((code) => code.length === 13 && isValidGtin(code))).toBe(true);
    expect(new Set(barcodes).size).toBe(rows.length);
    expect(new Set(texts('Артикул')).size).toBe(rows.length);
    const numberBarcodes = rows.filter((row) => typeof row[column('Штрихкод')] === 'object' && row[column('Штрихкод')] !== null);
    expect(numberBarcodes.length).toBeGreaterThan(0);

    expect(texts('Атауы (каз)').every((name) => /[әғқңөұүһі]/i.test(name) || /[а-я]/i.test(name))).toBe(true);
    expect(texts('Атауы (каз)').some((name) => /[әғқңөұүһі]/.test(name))).toBe(true);
    expect(texts('Атауы (каз)').some((name) => hasLostKazakhLetters(name))).toBe(false);
    expect(texts('Описание').every((text) => text.startsWith('<p>') && !/[\r\n]/.test(text))).toBe(true);
    expect(texts('Фото 1').every((url) => /^https:\/\/cdn\.example\.kz\/.+\.jpg$/.test(url))).toBe(true);
    expect(texts('Цена').some((price) => price.includes('\u00a0'))).toBe(true);
    expect(texts('Цена').some((price) => /,(50|90)$/.test(price))).toBe(true);

    // Rows of a product are adjacent, except for the products the seller split on purpose.
    const keys = texts('Артикул модели');
    const runs = new Map<string, number>();
    keys.forEach((productKey, i) => {
      if (keys[i - 1] !== productKey) runs.set(productKey, (runs.get(productKey) ?? 0) + 1);
    });
    expect([...runs].filter(([, count]) => count > 1).map(([productKey]) => productKey)).toEqual(
      [...new Set(catalog.meta.filter((meta) => meta.split).map((meta) => meta.productKey))].sort(),
    );
  });

  it('plants at least one mistake of each kind, each at a real cell', () => {
    const codes = new Set(withMistakes.mistakes.map((mistake) => mistake.code));
    for (const code of [
      'unknown_category',
      'unknown_brand',
      'unknown_attribute_value',
      'required_attribute_missing',
      'invalid_price',
      'invalid_vat',
      'barcode_check_digit_mismatch',
      'barcode_damaged_by_excel',
      'duplicate_barcode',
      'duplicate_sku_key',
      'product_field_conflict',
      'skus_not_distinguished',
      'invalid_photo_url',
      'kazakh_text_missing',
      'kazakh_text_lost',
    ]) {
      expect(codes, code).toContain(code);
    }
    const lastRow = FIRST_DATA_ROW + withMistakes.sheet.rows.length - 1;
    for (const mistake of withMistakes.mistakes) {
      expect(mistake.row).toBeGreaterThanOrEqual(FIRST_DATA_ROW);
      expect(mistake.row).toBeLessThanOrEqual(lastRow);
      if (mistake.column !== null) expect(SAMPLE_HEADER[mistake.column.charCodeAt(0) - 65 + (mistake.column.length - 1) * 26]).toBe(mistake.header);
    }
  });
});

describe('the samples through reader, row mapper and assembler', () => {
  it.each(['catalog.xlsx', 'catalog.csv'])('%s has no issue at all', async (file) => {
    const issues = await runDryStages(file);
    expect(issues.map(formatIssue)).toEqual([]);
  });

  it.each(['catalog-with-mistakes.xlsx', 'catalog-with-mistakes.csv'])('%s reports every planted mistake at its row and column', async (file) => {
    expectMistakesReported(await runDryStages(file), await loadExpected());
  });
});

describe('the samples through the validate pipeline against the sandbox', () => {
  const validate = async (file: string): Promise<{ exitCode: number; issues: Issue[] }> => {
    const stateDir = await mkdtemp(join(tmpdir(), 'samples-validate-'));
    try {
      const settings = resolveSettings({ flags: { sandbox: true, stateDir } });
      const result = await runValidate({ file: join('samples', file), mapping: 'mappings/sample.yaml', settings }, createNodeDeps({ cwd: ROOT, env: {} }));
      return { exitCode: result.exitCode, issues: result.summary.issues };
    } finally {
      await rm(stateDir, { recursive: true, force: true });
    }
  };

  it.each(['catalog.xlsx', 'catalog.csv'])('%s validates cleanly (exit code 0, no errors)', async (file) => {
    const { exitCode, issues } = await validate(file);
    expect(issues.filter((issue) => issue.severity === 'error').map(formatIssue)).toEqual([]);
    expect(exitCode).toBe(0);
  });

  it.each(['catalog-with-mistakes.xlsx', 'catalog-with-mistakes.csv'])('%s reports every planted mistake', async (file) => {
    const { exitCode, issues } = await validate(file);
    expectMistakesReported(
      issues.filter((issue) => issue.row !== undefined),
      await loadExpected(),
    );
    expect(exitCode).toBe(1);
  });
});

/**
 * The issue cells of the CSV copy rendered from the spill's stored bytes (`render-issue-cells.ts`)
 * against the object path they replace: `joinIssueTexts` of the issues read back, formatted by the
 * CSV writer's field formatter, byte for byte — and whole report files written from a spilled
 * store against the same files written from issues in memory.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createIssue, type Issue } from '../../src/core/issue.js';
import { createRowOutcomeStore, type RowOutcomeStore } from '../../src/pipeline/row-outcome-store.js';
import { joinIssueTexts } from '../../src/report/annotation-columns.js';
import { buildRunSummary } from '../../src/report/build-run-summary.js';
import { createCsvFieldFormatter } from '../../src/report/format-csv-record.js';
import { createIssueCellRenderer, type RenderedIssueCells } from '../../src/report/render-issue-cells.js';
import type { RowStatus } from '../../src/report/report-types.js';
import { writeRunReport } from '../../src/report/write-run-report.js';
import { openIssueSpill, type IssueSpill } from '../../src/state/open-issue-spill.js';
import type { ReadOptions } from '../../src/sources/types.js';
import { csvReader } from '../../src/sources/read-csv.js';
import { collectRows } from '../sources/temp-files.js';
import { makeParts, makeTempDir } from './report-builders.js';

/** What the object path writes: the texts joined, and the codes each once, as CSV fields. */
function expectedCells(issues: readonly Issue[], delimiter: string): { text: string; codes: string } {
  const format = createCsvFieldFormatter(delimiter);
  return { text: format(joinIssueTexts(issues, ' | ')), codes: format([...new Set(issues.map((issue) => issue.code))].join(' | ')) };
}

function cellTexts(cells: RenderedIssueCells): { text: string; codes: string } {
  return { text: cells.bytes.toString('utf8', cells.textStart, cells.textEnd), codes: cells.bytes.toString('utf8', cells.codesStart, cells.codesEnd) };
}

async function openTempSpill(): Promise<IssueSpill> {
  return openIssueSpill(join(await makeTempDir(), 'issues.spill'));
}

const READ: ReadOptions = { ignoreHeaderPrefix: '_', maxCellLength: 32_767, maxRows: 1_000_000 };
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const base = { stage: 'validate', severity: 'error', file: 'товары.csv' } as const;
const issue = (fields: Partial<Issue> & Pick<Issue, 'code' | 'message'>): Issue => createIssue({ ...base, ...fields });

/** Rows of named cases, spilled under their row: whether the bytes can say them (else the objects do). */
const cases: [string, Issue[], boolean][] = [
  ['a quote in the message, Cyrillic value quoted by it', [issue({ code: 'invalid_price', column: 'N', header: 'Цена', message: 'the price must be a positive number, got "по запросу"', value: 'по запросу', productKey: 'P1' })], true],
  [
    'two issues, codes once each, a delimiter and a line break in texts',
    [
      issue({ code: 'bad', column: 'B', header: 'Штрихкод', message: 'a; b\nc', value: 'x;y' }),
      issue({ code: 'bad', column: 'C', header: 'Имя', message: 'second\r\nline', hint: 'did you mean: "Рубашка"?' }),
      issue({ code: 'other', message: 'no column', path: 'columns.price' }),
    ],
    true,
  ],
  ['a warning with a header and no column, a path', [issue({ code: 'w', severity: 'warning', header: 'Цвет', path: 'a.b', message: 'check it' })], true],
  ['an empty path and no column: no location', [issue({ code: 'p', path: '', message: 'bare' })], true],
  ['a value past 80 characters, truncated', [issue({ code: 'long', column: 'D', message: 'too long', value: 'ж'.repeat(120) })], true],
  ['an emoji across the cut: left to the objects', [issue({ code: 'long', column: 'D', message: 'too long', value: `${'a'.repeat(78)}😀${'b'.repeat(10)}` })], false],
  ['an emoji before the cut', [issue({ code: 'long', column: 'D', message: 'too long', value: `${'a'.repeat(77)}😀${'b'.repeat(10)}` })], true],
  ['backslashes, tabs and control characters', [issue({ code: 'ctl', column: 'E', message: 'a\\b\tc\u0001d', value: 'q\\"' })], true],
  ['a message that starts like a formula: neutralised by the objects', [issue({ code: 'f', message: '=1+1 from the service' })], false],
  ['a plain negative message', [issue({ code: 'f', message: '-5' })], false],
  ['white space at the ends', [issue({ code: 's', message: ' padded\u00a0' })], true],
  ['an issue of another row (stored as JSON)', [issue({ code: 'j', row: 99, message: 'elsewhere' })], false],
  ['a lone surrogate', [issue({ code: 'u', column: 'A', message: 'bad \ud800 text' })], false],
  ['an empty message', [issue({ code: 'e', column: 'A', message: '', value: '' })], true],
];

describe('renderIssueCells', () => {
  it('renders the cells of named cases as the object path writes them, or leaves them to it', async () => {
    const spill = await openTempSpill();
    // Each case on its row (100 + its index), as the issues of a row are: but the issue of another row.
    const placed = cases.map(([, issues], i) => issues.map((found) => (found.row === undefined ? { ...found, row: 100 + i } : found)));
    placed.forEach((issues, i) => {
      for (const found of issues) spill.add(100 + i, found);
    });
    const renderer = createIssueCellRenderer();
    for (const delimiter of [',', ';', '\t', '|']) {
      cases.forEach(([name, , rendered], i) => {
        const cells = renderer.render(spill.storedOf(100 + i), delimiter.charCodeAt(0));
        expect(cells !== undefined, `${name} (${JSON.stringify(delimiter)})`).toBe(rendered);
        if (cells !== undefined) expect(cellTexts(cells), name).toEqual(expectedCells(spill.issuesOf(100 + i), delimiter));
        expect(spill.issuesOf(100 + i)).toEqual(placed[i]);
      });
    }
    spill.close();
  });

  it('random issues, several a row: the same bytes as the objects whenever rendered, and rendered unless the text starts like a formula or holds a lone surrogate', async () => {
    const piece = fc.constantFrom('a', ' ', '"', '""', ',', ';', '|', '\\', '\n', '\r\n', '\t', '\u0001', 'Я', 'ё', '\u00a0', '中', '😀', '\ud800', '=', '-', '+', '@', '＝', ' | ', 'x'.repeat(50));
    const text = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(''));
    const optional = fc.option(text, { nil: undefined });
    const shape = fc.record({
      code: fc.constantFrom('a_code', 'b_code', 'c_code'),
      severity: fc.constantFrom('error', 'warning'),
      column: fc.option(fc.constantFrom('A', 'B', 'AA'), { nil: undefined }),
      header: fc.option(fc.constantFrom('Цена', 'Name; "x"'), { nil: undefined }),
    });
    const randomIssue = fc.tuple(shape, text, optional, optional, optional, optional).map(([fixed, message, value, hint, path, productKey]) =>
      createIssue({ ...base, ...fixed, row: 0, message, value, hint, path, productKey }),
    );
    const spill = await openTempSpill();
    const renderer = createIssueCellRenderer();
    let row = 2;
    let rendered = 0;
    fc.assert(
      fc.property(fc.array(randomIssue, { minLength: 1, maxLength: 4 }), fc.constantFrom(',', ';', '\t'), (issues, delimiter) => {
        row += 1;
        for (const found of issues) spill.add(row, { ...found, row });
        const cells = renderer.render(spill.storedOf(row), delimiter.charCodeAt(0));
        const objects = spill.issuesOf(row);
        const expected = expectedCells(objects, delimiter);
        if (cells !== undefined) {
          rendered += 1;
          expect(cellTexts(cells)).toEqual(expected);
          return;
        }
        const joined = joinIssueTexts(objects, ' | ');
        const formulaLike = /^[=+\-@\t\r＝＋－＠]/.test(joined);
        const values = objects.flatMap((found) => [found.message, found.value, found.hint, found.path, found.productKey]);
        const loneSurrogate = values.some((value) => value !== undefined && LONE_SURROGATE.test(value));
        const pairAtCut = objects.some((found) => found.value !== undefined && found.value.length > 80 && /[\ud800-\udbff]/.test(found.value.charAt(78)));
        expect(formulaLike || loneSurrogate || pairAtCut, joined).toBe(true);
      }),
      { numRuns: 400 },
    );
    expect(rendered).toBeGreaterThan(100);
    spill.close();
  });

  it('renders repeated issues (a text remembered per shape) as the objects write them: same values, changed ones, another delimiter, quoting bytes from a remembered text', async () => {
    const spill = await openTempSpill();
    const renderer = createIssueCellRenderer();
    const rows: [number, string][] = [];
    for (let row = 2; row < 400; row += 1) {
      const issues = [
        // Always the same: remembered after the first row (not on the rows of `odd`, whose quotes alone make the cell quoted).
        ...(row % 3 === 0 ? [] : [issue({ code: 'invalid_price', column: 'N', header: 'Цена', message: 'the price must be a positive number, got "по запросу"', value: 'по запросу', productKey: `P${row >> 2}` })]),
        // A delimiter and a quote in a remembered text, the only ones of its row: its cell is quoted all the same.
        ...(row % 3 === 0 ? [issue({ code: 'odd', column: 'C', message: 'a;b, "c"', value: 'x' })] : []),
        // Changes every row: no longer remembered after a few.
        issue({ code: 'barcode_check_digit_mismatch', column: 'B', header: 'Штрихкод', message: `the check digit of barcode ${4600000000000 + row} should be ${row % 10}`, value: String(4600000000000 + row) }),
        // Texts of the same length one byte apart, in turn.
        issue({ code: 'near', path: 'skus.0', message: row % 2 === 0 ? 'value a1' : 'value b1' }),
        // Stored as JSON strings (escaped), of the same length.
        ...(row % 5 === 0 ? [issue({ code: 'esc', column: 'D', message: row % 10 === 0 ? 'q"q' : 'q\u0001q' })] : []),
      ];
      for (const found of issues) spill.add(row, { ...found, row });
      rows.push([row, row % 7 === 0 ? ',' : ';']);
    }
    for (const [row, delimiter] of rows) {
      const cells = renderer.render(spill.storedOf(row), delimiter.charCodeAt(0));
      expect(cells, `row ${row}`).toBeDefined();
      if (cells !== undefined) expect(cellTexts(cells), `row ${row}`).toEqual(expectedCells(spill.issuesOf(row), delimiter));
    }
    spill.close();
  });

  it('reads rows past the spill buffer and window, in place or copied when the issues of a row are apart, as the objects say', async () => {
    const spill = await openTempSpill();
    const renderer = createIssueCellRenderer();
    const issueOf = (row: number, n: number): Issue =>
      issue({ code: `code_${n % 3}`, row, column: 'B', header: 'Штрихкод', message: `issue ${n} of row ${row}: "${'ж'.repeat(n % 40)}"`, value: String(n), productKey: `P${row >> 2}` });
    let n = 0;
    // Two issues a row, and every 7th row an issue of a row 30 above: a few megabytes, so reads go
    // through the file's window, and some rows' issues are far apart.
    for (let row = 2; row < 30_002; row += 1) {
      spill.add(row, issueOf(row, n++));
      spill.add(row, issueOf(row, n++));
      if (row % 7 === 0 && row > 40) spill.add(row - 30, issueOf(row - 30, n++));
    }
    const ways = new Set<string>();
    for (let row = 2; row < 30_002; row += 1) {
      const stored = spill.storedOf(row);
      ways.add(stored.bytes.length >= 1 << 20 ? 'in place' : 'copied');
      const cells = renderer.render(stored, 0x3b) as RenderedIssueCells;
      expect(cellTexts(cells)).toEqual(expectedCells(spill.issuesOf(row), ';'));
    }
    expect([...ways].sort()).toEqual(['copied', 'in place']);
    spill.close();
  });

  it('renders a row of no issue as empty cells', async () => {
    const spill = await openTempSpill();
    const cells = createIssueCellRenderer().render(spill.storedOf(5), 0x2c) as RenderedIssueCells;
    expect(cellTexts(cells)).toEqual({ text: '', codes: '' });
    spill.close();
  });
});

describe('the CSV copy from a spilled store', () => {
  it('writes annotated.csv and rejected-rows.csv byte for byte as from issues in memory', async () => {
    const dir = await makeTempDir();
    const input = join(dir, 'товары.csv');
    const lines = ['Артикул;Название;Цена'];
    for (let row = 2; row <= 400; row++) lines.push(row % 17 === 0 ? `A-${row};"Кепка ""Лето"";x";${row}` : `A-${row};Футболка ${row};${row % 5 === 0 ? '-5' : row}`);
    await writeFile(input, `${lines.join('\r\n')}\r\n`);
    const statuses: RowStatus[] = ['valid', 'invalid', 'not_sent', 'rejected'];
    const fill = (store: RowOutcomeStore): void => {
      for (let row = 2; row <= 400; row++) {
        store.setStatus(row, statuses[row % 4] as RowStatus);
        if (row % 4 === 0) continue;
        store.addIssue(row, issue({ code: 'invalid_price', row, column: 'C', header: 'Цена', message: `the price must be a positive number, got "${row}"`, value: String(row), productKey: `P${row >> 2}` }));
        if (row % 3 === 0) store.addIssue(row, issue({ code: 'odd', severity: 'warning', row, message: `odd; row ${row}\nsecond line`, hint: 'see "docs"' }));
        if (row % 11 === 0) store.addIssue(row, issue({ code: 'formula', row, message: '=cmd|calc' }));
        if (row % 13 === 0) store.addIssue(row, issue({ code: 'elsewhere', row: row + 1, message: 'an issue placed on another row' }));
        if (row % 7 === 0) store.setIds(row, { productId: row * 10, skuId: row * 100, jobId: '12345678901234567890' });
      }
    };
    const memory = createRowOutcomeStore();
    fill(memory);
    const spill = await openTempSpill();
    const spilled = createRowOutcomeStore({ spill });
    fill(spilled);
    const stream = await csvReader.open(input, READ, {});
    const { info } = stream;
    await collectRows(stream);
    const summary = buildRunSummary(makeParts());
    const write = async (name: string, store: RowOutcomeStore): Promise<string[]> => {
      const paths = await writeRunReport({ dir: join(dir, name), summary, sourcePath: input, info, readOptions: READ, outcomeOf: (row) => store.outcomeOf(row) });
      return [await readFile(paths.annotated as string, 'utf8'), await readFile(paths.rejectedRows, 'utf8')];
    };
    const [annotated = '', rejected = ''] = await write('memory', memory);
    expect(await write('spilled', spilled)).toEqual([annotated, rejected]);
    expect(annotated).toContain('column C (Цена): the price must be a positive number, got ""9"" | warning: odd; row 9');
    expect(rejected.split('\r\n').length).toBeGreaterThan(250);
    spill.close();
  });
});

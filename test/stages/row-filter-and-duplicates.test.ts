/**
 * Issue 36, item 6: rows a seller repeats or wants left out. `rows.duplicates: keep-first` sends the
 * first of rows identical in every mapped field and warns once with the count (without it such
 * rows sink their product, as before); `rows.skip` / `rows.where` leave rows out by a column's
 * value or pattern, each with a `row_skipped` warning, never silently.
 */
import { describe, expect, it } from 'vitest';
import type { Issue } from '../../src/core/issue.js';
import type { MappingInput } from '../../src/mapping/mapping-schema.js';
import type { LeftOutRow, SourceRow } from '../../src/sources/types.js';
import { mappingSchema } from '../../src/mapping/mapping-schema.js';
import { createProductAssembler } from '../../src/stages/assemble-products.js';
import { createRowMapper } from '../../src/stages/create-row-mapper.js';
import { createMemoryProductSink } from '../../src/stages/product-sink.js';
import { makeDirectories, makeInfo, makeMapping, makeMappingInput, makeProductRow, makeRow, type CellInput } from '../helpers/builders.js';

const directories = makeDirectories();
const info = makeInfo();
const BARCODES = ['4601234567893', '4601234567886'];

function run(rows: [number, Record<string, CellInput>][], edit?: (input: MappingInput) => void) {
  const mapping = makeMapping(edit);
  const mapRow = createRowMapper(mapping, directories, info);
  const sink = createMemoryProductSink();
  const assembler = createProductAssembler({ mapping, directories, sink });
  const issues: Issue[] = [...mapRow.setupIssues];
  const skipped: number[] = [];
  for (const [row, overrides] of rows) {
    const mapped = mapRow(makeProductRow(info, row, overrides));
    issues.push(...mapped.issues);
    if (mapped.skipped) skipped.push(row);
    if (mapped.record !== null) issues.push(...assembler.add(mapped.record));
  }
  issues.push(...assembler.finish());
  return { entries: sink.entries(), issues, skipped };
}

/** A size listed once per store: the same SKU on three rows, a second SKU once. */
const REPEATED: [number, Record<string, CellInput>][] = [
  [2, { Штрихкод: BARCODES[0], Размер: 'S' }],
  [3, { Штрихкод: BARCODES[0], Размер: 'S' }],
  [4, { Штрихкод: BARCODES[1], Размер: 'M' }],
  [5, { Штрихкод: BARCODES[0], Размер: 'S' }],
];

describe('rows.duplicates', () => {
  it('by default refuses the repeated rows, holding the product back (as before)', () => {
    const { entries, issues } = run(REPEATED);
    expect(entries[0]?.valid).toBe(false);
    expect(issues.filter((issue) => issue.code === 'duplicate_barcode').map((issue) => issue.row)).toEqual([3, 5]);
  });

  it('by default names a repeated row a copy of the earlier one and the way out; a row that differs is only a duplicate', () => {
    const { issues } = run([
      [2, { Штрихкод: BARCODES[0], Размер: 'S' }],
      [3, { Штрихкод: BARCODES[0], Размер: 'S' }],
      [4, { Штрихкод: BARCODES[0], Размер: 'S', Цена: '5 000' }],
    ]);
    expect(issues.filter((issue) => issue.code === 'duplicate_barcode').map((issue) => `${issue.row}: ${issue.message}`)).toEqual([
      `3: barcode ${BARCODES[0]} is already used in row 2, a row identical to it in every mapped field: a copy (rows.duplicates: keep-first in the mapping sends it once)`,
      `4: barcode ${BARCODES[0]} is already used in row 2`,
    ]);
  });

  it('calls a row a copy only of the row its message names, and only when keep-first would leave it out', () => {
    const messages = (rows: [number, Record<string, CellInput>][], edit?: (input: MappingInput) => void): string[] =>
      run(rows, edit)
        .issues.filter((issue) => issue.code.startsWith('duplicate_'))
        .map((issue) => `${issue.row}: ${issue.message}`);
    // Row 4 repeats row 3, but the message names row 2, which has another price.
    expect(
      messages([
        [2, { Штрихкод: BARCODES[0], Размер: 'S' }],
        [3, { Штрихкод: BARCODES[0], Размер: 'S', Цена: '5 000' }],
        [4, { Штрихкод: BARCODES[0], Размер: 'S', Цена: '5 000' }],
      ]),
    ).toEqual([`3: barcode ${BARCODES[0]} is already used in row 2`, `4: barcode ${BARCODES[0]} is already used in row 2`]);
    // Row 2 is of another product.
    expect(
      messages([
        [2, { Штрихкод: BARCODES[0] }],
        [3, { Штрихкод: BARCODES[0], Артикул: 'TS-2' }],
        [4, { Штрихкод: BARCODES[0], Артикул: 'TS-2' }],
      ]),
    ).toEqual([`3: barcode ${BARCODES[0]} is already used in row 2`, `4: barcode ${BARCODES[0]} is already used in row 2`]);
    // Row 3 repeats row 2 exactly, but row 2 is refused (its SKU key is row 1's): keep-first would send row 3.
    const skuKeyColour = (input: MappingInput): void => {
      input.columns.skuKey = 'Цвет';
    };
    const refusedFirst: [number, Record<string, CellInput>][] = [
      [1, { Штрихкод: BARCODES[1], Размер: 'S' }],
      [2, { Штрихкод: BARCODES[0] }],
      [3, { Штрихкод: BARCODES[0] }],
    ];
    expect(messages(refusedFirst, skuKeyColour)).toEqual([
      '2: SKU key Красный is already used in row 1',
      `3: barcode ${BARCODES[0]} is already used in row 2`,
      '3: SKU key Красный is already used in row 1',
    ]);
    const keepFirst = run(refusedFirst, (input) => {
      skuKeyColour(input);
      input.rows = { duplicates: 'keep-first' };
    });
    expect(keepFirst.issues.filter((issue) => issue.code === 'duplicate_rows_left_out')).toEqual([]);
  });

  it('keep-first: sends the first of identical rows, one warning with the count and rows', () => {
    const { entries, issues } = run(REPEATED, (input) => {
      input.rows = { duplicates: 'keep-first' };
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]?.valid).toBe(true);
    expect(entries[0]?.rows.map((ref) => ref.row)).toEqual([2, 4]);
    expect(entries[0]?.draft?.item.skus).toHaveLength(2);
    const warnings = issues.filter((issue) => issue.code === 'duplicate_rows_left_out');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ severity: 'warning', file: 'catalog.xlsx' });
    expect(warnings[0]?.message).toContain('2 rows are identical in every mapped field');
    expect(warnings[0]?.message).toContain('rows 3, 5');
    expect(issues.filter((issue) => issue.severity === 'error')).toEqual([]);
  });

  it('keep-first: a row that differs in any mapped field is still a duplicate barcode', () => {
    const { entries, issues } = run(
      [
        [2, { Штрихкод: BARCODES[0], Размер: 'S' }],
        [3, { Штрихкод: BARCODES[0], Размер: 'S', Цена: '5 000' }],
      ],
      (input) => {
        input.rows = { duplicates: 'keep-first' };
      },
    );
    expect(entries[0]?.valid).toBe(false);
    expect(issues.map((issue) => issue.code)).toContain('duplicate_barcode');
    expect(issues.map((issue) => issue.code)).not.toContain('duplicate_rows_left_out');
  });

  it('keep-first: identical rows far apart (the product closed and reopened in between) are still left out', () => {
    const rows: [number, Record<string, CellInput>][] = [[2, { Штрихкод: BARCODES[0] }]];
    // Other products in between, enough to close the first one (the assembler's window is 100).
    for (let i = 0; i < 120; i++) rows.push([3 + i, { Артикул: `X-${i}`, Штрихкод: '' }]);
    rows.push([200, { Штрихкод: BARCODES[0] }]);
    const { entries, issues } = run(rows, (input) => {
      input.rows = { duplicates: 'keep-first' };
    });
    const first = entries.find((entry) => entry.productKey === 'TS-1');
    expect(first?.rows.map((ref) => ref.row)).toEqual([2]);
    expect(issues.find((issue) => issue.code === 'duplicate_rows_left_out')?.message).toContain('row 200');
  });
});

describe('rows.skip and rows.where', () => {
  it('skip: rows whose column equals a value (case and spaces ignored) are left out with a warning naming the condition', () => {
    const { entries, issues, skipped } = run(
      [
        [2, { Штрихкод: BARCODES[0], Бренд: 'Qazaq Style' }],
        [3, { Артикул: 'OLD-1', Штрихкод: BARCODES[1], Наименование: '  АРХИВ ' }],
      ],
      (input) => {
        input.rows = { skip: [{ column: 'Наименование', equals: ['архив', 'снято'] }] };
      },
    );
    expect(skipped).toEqual([3]);
    expect(entries.map((entry) => entry.productKey)).toEqual(['TS-1']);
    expect(issues.filter((issue) => issue.code === 'row_skipped')).toMatchObject([
      { severity: 'warning', row: 3, column: 'C', value: 'АРХИВ', message: 'row skipped by the mapping (rows.skip: Наименование is "архив" or "снято")' },
    ]);
  });

  it('skip by pattern and by an empty cell; where keeps only the rows that match', () => {
    const rows: [number, Record<string, CellInput>][] = [
      [2, { Артикул: 'A-1', Штрихкод: BARCODES[0], Цвет: 'Красный' }],
      [3, { Артикул: 'A-2', Штрихкод: BARCODES[1], Цвет: 'Синий' }],
      [4, { Артикул: 'TMP-3', Штрихкод: '4601234567879' }],
      [5, { Артикул: 'A-4', Штрихкод: '4601234567862', Фото: '' }],
    ];
    const { skipped, issues } = run(rows, (input) => {
      input.rows = { skip: [{ column: 'Артикул', matches: '^tmp-' }, { column: 'Фото', empty: true }], where: [{ column: 'Цвет', equals: 'красный' }] };
    });
    expect(skipped).toEqual([3, 4, 5]);
    expect(issues.filter((issue) => issue.code === 'row_skipped').map((issue) => issue.message)).toEqual([
      'row skipped by the mapping (rows.where: Цвет is "красный" does not hold)',
      'row skipped by the mapping (rows.skip: Артикул matches /^tmp-/)',
      'row skipped by the mapping (rows.skip: Фото is empty)',
    ]);
  });

  it('a condition on a column the header lacks is a set-up error, once', () => {
    const { issues } = run([[2, { Штрихкод: BARCODES[0] }]], (input) => {
      input.rows = { skip: [{ column: 'Статус', equals: 'архив' }] };
    });
    expect(issues.filter((issue) => issue.code === 'mapped_column_missing')).toMatchObject([{ severity: 'error', row: 1 }]);
  });

  it('the schema wants exactly one test per condition and a valid pattern', () => {
    const parse = (rows: unknown) => mappingSchema.safeParse({ ...makeMappingInput(), rows });
    expect(parse({ skip: [{ column: 'Цвет', equals: 'x', empty: true }] }).success).toBe(false);
    expect(parse({ skip: [{ column: 'Цвет' }] }).success).toBe(false);
    expect(parse({ where: [{ column: 'Цвет', matches: '(' }] }).success).toBe(false);
    expect(parse({ duplicates: 'keep-last' }).success).toBe(false);
    expect(parse({ skip: [{ column: { letter: 'K' }, matches: 'x' }], duplicates: 'keep-first' }).success).toBe(true);
  });
});

describe('rows of a pasted export the reader marks', () => {
  // The reader finds them (test/sources/pasted-exports.test.ts); the mapper leaves them out.
  const marked = (row: number, leftOut: LeftOutRow): SourceRow => ({ ...makeProductRow(info, row, { Штрихкод: BARCODES[1], Размер: 'M' }), leftOut });

  it('are left out with a row_skipped warning naming why, the goods around them read', () => {
    const mapping = makeMapping();
    const mapRow = createRowMapper(mapping, directories, info);
    const title: SourceRow = { ...makeRow(info, 3, { Артикул: 'Прайс-лист ТОО Dala Trade', Наименование: 'Дата выгрузки: 01.12.2026' }), leftOut: { variant: 'title', headerRow: 5 } };
    const results = [makeProductRow(info, 2, { Штрихкод: BARCODES[0], Размер: 'S' }), title, marked(5, { variant: 'header' })].map(mapRow);
    expect(results.map((result) => result.skipped === true)).toEqual([false, true, true]);
    expect(results.map((result) => result.record === null)).toEqual([false, true, true]);
    expect(results.flatMap((result) => result.issues).map((issue) => `${issue.row} ${issue.severity} ${issue.code}: ${issue.message}`)).toEqual([
      '3 warning row_skipped: the row is a title of the export pasted below it (its header is repeated in row 5): it is not goods and is not sent',
      '5 warning row_skipped: the row repeats the header row (files pasted together?): it is not goods and is not sent',
    ]);
  });

  it('map a row taken for a title as goods when it fills a key (SKU key or barcode) and the name: a title fills one at most', () => {
    const mapRow = createRowMapper(makeMapping(), directories, info);
    const sparse = (row: number, values: Record<string, CellInput>): SourceRow => ({ ...makeRow(info, row, values), leftOut: { variant: 'title', headerRow: 9 } });
    const results = [
      sparse(6, { Артикул: 'SP-1', Штрихкод: BARCODES[0], Наименование: 'Товар без цены' }),
      sparse(7, { Штрихкод: 'Дата выгрузки', Атауы: 'Бағалар' }),
      marked(8, { variant: 'header' }),
    ].map(mapRow);
    expect(results.map((result) => result.skipped === true)).toEqual([false, true, true]);
    expect(results[0]?.record?.valid).toBe(false);
    expect(results[0]?.issues.map((issue) => `${issue.row} ${issue.severity} ${issue.code}`)).not.toContain('6 warning row_skipped');
    expect(results[0]?.issues.some((issue) => issue.severity === 'error')).toBe(true);
  });
});

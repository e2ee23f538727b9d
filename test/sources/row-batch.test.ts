/**
 * The batch form rows cross threads in: every row and cell comes back deep-equal, with the same
 * properties in the same order, whatever it holds — including cells no code path makes today,
 * which are sent whole rather than changed.
 */
import { describe, expect, it } from 'vitest';
import { createRowBatchDecoder, createRowBatchEncoder, type RowBatch } from '../../src/sources/row-batch.js';
import type { SourceCell, SourceRow } from '../../src/sources/types.js';

function roundTrip(batches: SourceRow[][]): SourceRow[][] {
  const encoder = createRowBatchEncoder();
  const decoder = createRowBatchDecoder();
  return batches.map((rows, index) => {
    for (const row of rows) encoder.add(row);
    const batch: RowBatch = structuredClone(encoder.take(index * 100));
    expect(batch.bytesRead).toBe(index * 100);
    return decoder.decode(batch);
  });
}

const expectSame = (batches: SourceRow[][]): void => {
  const back = roundTrip(batches);
  expect(back).toStrictEqual(batches);
  expect(JSON.stringify(back)).toBe(JSON.stringify(batches));
};

describe('row batches', () => {
  it('plain cells, empty slots, every kind and value', () => {
    const cells: (SourceCell | undefined)[] = [
      { kind: 'string', text: 'Чайник', value: 'Чайник' },
      undefined,
      { kind: 'empty', text: '', value: null },
      { kind: 'number', text: '0', value: -0 },
      { kind: 'number', text: '4601234567890', value: 4601234567890 },
      { kind: 'boolean', text: 'TRUE', value: true },
      { kind: 'boolean', text: 'FALSE', value: false },
      { kind: 'date', text: '2026-01-02', value: new Date(Date.UTC(2026, 0, 2)), flags: ['date_serial'], numberFormat: 'dd.mm.yyyy' },
      { kind: 'error', text: '#N/A', value: '#N/A' },
      { kind: 'error', text: '', value: null, flags: ['formula_no_result'], formula: 'A1+1' },
      { kind: 'string', text: 'cut', value: 'other value' },
    ];
    expectSame([[{ row: 2, cells }, { row: 3, cells: [] }, { row: 9, cells: [undefined, undefined] }]]);
    const back = roundTrip([[{ row: 2, cells }]])[0]?.[0]?.cells;
    expect(Object.is(back?.[3]?.value, -0)).toBe(true);
    expect(back?.[7]?.value).toBeInstanceOf(Date);
  });

  it('optional properties in any order, across batches, flag arrays not shared between cells', () => {
    const formatted = (n: number): SourceCell => ({ kind: 'number', text: String(n), value: n, numberFormat: '#,##0.00' });
    const flagsLast: SourceCell = { kind: 'number', text: '1,2', value: 1.2, numberFormat: '0.0', flags: ['truncated'] };
    const formulaFirst: SourceCell = { kind: 'number', text: '2', value: 2, flags: ['formula'], formula: 'B1*2', numberFormat: '0' };
    const batches = [
      [{ row: 2, cells: [formatted(1), flagsLast, formulaFirst] }],
      [{ row: 3, cells: [formatted(2), { ...formulaFirst, formula: 'B2*2' }, { kind: 'string' as const, text: '4,6E+12', value: '4,6E+12', flags: ['exponent' as const, 'merged_filled' as const] }] }],
    ];
    expectSame(batches);
    const back = roundTrip(batches);
    back[1]?.[0]?.cells[1]?.flags?.push('truncated');
    expect(back[1]?.[0]?.cells[1]?.flags).toEqual(['formula', 'truncated']);
    expect(roundTrip(batches)[1]?.[0]?.cells[1]?.flags).toEqual(['formula']);
  });

  it('row issues and groups keep their place; rows without them have no such property', () => {
    const issue = { code: 'invalid_encoding', severity: 'error' as const, stage: 'read' as const, message: 'bytes D0', file: 'a.csv', row: 2, column: 'B' };
    const rows: SourceRow[] = [
      { row: 2, cells: [{ kind: 'string', text: 'a', value: 'a' }], issues: [issue] },
      { row: 3, cells: [], groups: ['Раздел', 'Подраздел'] },
      { row: 4, cells: [], issues: [issue], groups: [] },
      { row: 5, cells: [] },
    ];
    expectSame([rows]);
    expect('issues' in (roundTrip([rows])[0]?.[3] ?? {})).toBe(false);
  });

  it('sends whole what the columns cannot hold: odd kinds and values, undefined optional properties, unknown ones beside them', () => {
    const odd = [
      { kind: 'string', text: 'x', value: 'x', flags: ['formula'], formula: 'A1', note: 'extra' },
      { kind: 'string', text: 'x', value: 'x', flags: undefined, numberFormat: '0' },
      { kind: 'strange', text: 'x', value: 'x' },
      { kind: 'string', text: 'x', value: undefined },
      { kind: 'number', text: 'x', value: 5, formula: 7 },
    ] as unknown as SourceCell[];
    const rows: SourceRow[] = [{ row: 2, cells: [...odd, { kind: 'string', text: 'after', value: 'other' }] }];
    expectSame([rows]);
  });

  it('a text repeated from the cell above comes back equal, across batches, beside empty slots and cells sent whole', () => {
    const text = (t: string, kind: 'string' | 'error' = 'string'): SourceCell => ({ kind, text: t, value: t });
    const odd = { kind: 'strange', text: 'Описание', value: 'Описание' } as unknown as SourceCell;
    const batches: SourceRow[][] = [
      [
        { row: 2, cells: [text('SKU-1'), text('Описание'), { kind: 'number', text: '5', value: 5 }, text('')] },
        { row: 3, cells: [text('SKU-2'), text('Описание'), { kind: 'number', text: '5', value: 5, numberFormat: '0' }, text('')] },
        { row: 4, cells: [undefined, odd, text('5', 'error')] },
      ],
      [
        { row: 5, cells: [text('SKU-2'), text('Описание'), { kind: 'string', text: '5', value: 'five' }] },
        { row: 6, cells: [text('Описание'), text('Другое'), text('5')] },
        { row: 7, cells: [text('Описание'), text('Описание')] },
      ],
    ];
    expectSame(batches);
  });
  it('a repeated plain cell is the object of the cell above; a changed kind or value, a date or a shaped cell is not', () => {
    const date = (): SourceCell => ({ kind: 'date', text: '2026-01-02', value: new Date(Date.UTC(2026, 0, 2)) });
    const row = (n: number, kindOfSecond: 'string' | 'error', number: number): SourceRow => ({
      row: n,
      cells: [
        { kind: 'string', text: 'Чайник', value: 'Чайник' },
        { kind: kindOfSecond, text: '#N/A', value: '#N/A' },
        { kind: 'number', text: '5', value: number },
        date(),
        { kind: 'string', text: 'x', value: 'x', flags: ['exponent'] },
        { kind: 'string', text: 'cut', value: 'other value' },
      ],
    });
    const batches = [[row(2, 'string', 5), row(3, 'string', 5)], [row(4, 'error', 5), row(5, 'error', 5.5)]];
    const back = roundTrip(batches);
    expect(back).toStrictEqual(batches);
    const [r2, r3] = back[0] as SourceRow[];
    const [r4, r5] = back[1] as SourceRow[];
    // Shared across batches too.
    expect(r3?.cells[0]).toBe(r2?.cells[0]);
    expect(r4?.cells[0]).toBe(r2?.cells[0]);
    expect(r3?.cells[1]).toBe(r2?.cells[1]);
    expect(r4?.cells[1]).not.toBe(r3?.cells[1]);
    expect(r5?.cells[1]).toBe(r4?.cells[1]);
    expect(r3?.cells[2]).toBe(r2?.cells[2]);
    expect(r5?.cells[2]).not.toBe(r4?.cells[2]);
    for (const column of [3, 4]) expect(r3?.cells[column]).not.toBe(r2?.cells[column]);
    // A plain cell whose value is not its text repeats as well.
    expect(r3?.cells[5]).toBe(r2?.cells[5]);
  });
});

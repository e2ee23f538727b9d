import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createBarcodeTable } from '../../src/stages/create-barcode-table.js';

describe('createBarcodeTable', () => {
  it('answers exactly as a Map would, through many growths', () => {
    const barcode = fc.oneof(fc.integer({ min: 0, max: 99_999_999 }), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom(0, 1, 4_601_234_567_893, 99_999_999_999_999));
    fc.assert(
      fc.property(fc.array(fc.tuple(barcode, fc.integer({ min: 1, max: 2_000_000 })), { maxLength: 3000 }), (entries) => {
        const table = createBarcodeTable(4);
        const map = new Map<number, number>();
        for (const [key, row] of entries) {
          expect(table.get(key)).toBe(map.get(key));
          table.set(key, row);
          map.set(key, row);
        }
        expect(table.size).toBe(map.size);
        for (const [key, row] of map) expect(table.get(key)).toBe(row);
      }),
      { numRuns: 60 },
    );
  });

  it('keeps 200,000 consecutive GTINs apart and finds none that was not added', () => {
    const table = createBarcodeTable();
    const first = 4_600_000_000_000;
    for (let index = 0; index < 200_000; index += 1) table.set(first + index * 10, index + 2);
    expect(table.size).toBe(200_000);
    expect(table.get(first)).toBe(2);
    expect(table.get(first + 199_999 * 10)).toBe(200_001);
    expect(table.get(first + 5)).toBeUndefined();
    expect(table.get(Number.NaN)).toBeUndefined();
  });

  it('refuses a key that no barcode can be', () => {
    expect(() => createBarcodeTable().set(Number.NaN, 2)).toThrow(RangeError);
  });
});

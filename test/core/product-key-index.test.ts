import { describe, expect, it } from 'vitest';
import { createProductKeyIndex } from '../../src/core/product-key-index.js';

/** Keys as sellers write them: a shared prefix, differing in the last characters only. */
function buildKeys(count: number, prefix = 'CL-'): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(7, '0')}`);
}

describe('createProductKeyIndex', () => {
  it('gives dense ids in order of first sight, the same id again for the same key', () => {
    const index = createProductKeyIndex();
    expect(index.idOf('P-2')).toBe(0);
    expect(index.idOf('P-1')).toBe(1);
    expect(index.idOf('P-2')).toBe(0);
    // An equal key built apart (another string object) is the same key.
    expect(index.idOf(['P', '1'].join('-'))).toBe(1);
    expect(index.size).toBe(2);
    expect(index.keyOf(0)).toBe('P-2');
    expect(index.keyOf(1)).toBe('P-1');
  });

  it('finds without adding, and names no key for -1 or an id not given', () => {
    const index = createProductKeyIndex();
    index.idOf('A');
    expect(index.find('A')).toBe(0);
    expect(index.find('B')).toBe(-1);
    expect(index.size).toBe(1);
    expect(index.keyOf(-1)).toBeUndefined();
    expect(index.keyOf(1)).toBeUndefined();
  });

  it('keeps every key through the table growing far past its first size', () => {
    const index = createProductKeyIndex();
    const keys = buildKeys(50_000);
    // One expect per check over all keys, naming the keys that fail it: 150,000 expect calls held
    // the worker for 6.5 s idle and 35 s at load 20 (see test/helpers/yield-between-tests.ts).
    expect(keys.filter((key, i) => index.idOf(key) !== i)).toEqual([]);
    expect(index.size).toBe(keys.length);
    expect(keys.filter((key, i) => index.find(key) !== i)).toEqual([]);
    expect(keys.filter((key, i) => index.keyOf(i) !== key)).toEqual([]);
    expect(index.find('CL-9999999')).toBe(-1);
  });

  it('tells apart keys that differ in case, in length, or only past the first characters, and the empty key', () => {
    const index = createProductKeyIndex();
    const keys = ['abc', 'ABC', 'abc ', ' abc', 'ab', '', 'Ключ-1', 'Ключ-2', 'x'.repeat(10_000), `${'x'.repeat(9_999)}y`];
    keys.forEach((key, i) => expect(index.idOf(key)).toBe(i));
    keys.forEach((key, i) => expect(index.find(key)).toBe(i));
  });

  it('answers a key asked again in between others (not only the last one asked)', () => {
    const index = createProductKeyIndex();
    const keys = buildKeys(300, 'P');
    for (const key of keys) index.idOf(key);
    for (let round = 0; round < 3; round++) for (let i = keys.length - 1; i >= 0; i -= 7) expect(index.idOf(keys[i] as string)).toBe(i);
    expect(index.size).toBe(keys.length);
  });
});

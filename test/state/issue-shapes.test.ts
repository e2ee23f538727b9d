import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Issue } from '../../src/core/issue.js';
import { createIssueShapes, JSON_SHAPE } from '../../src/state/issue-shapes.js';

const base = { stage: 'validate', code: 'invalid_price', severity: 'error', message: 'the price must be a positive number, got "по запросу"' } as const;

/** Issues spilled under row 7, each with what makes it an edge case. */
const cases: [string, Record<string, unknown>, boolean][] = [
  ['usual, with quotes and Cyrillic', { ...base, file: 'a.csv', row: 7, column: 'N', header: 'Цена', value: 'по запросу', productKey: 'P1' }, true],
  ['the same shape, other values', { ...base, message: 'plain', file: 'a.csv', row: 7, column: 'N', header: 'Цена', value: '', productKey: 'P2' }, true],
  ['another column: another shape', { ...base, file: 'a.csv', row: 7, column: 'B', header: 'Штрихкод', value: '460' }, true],
  ['keys in another order', { code: 'invalid_price', stage: 'validate', severity: 'error', row: 7, message: 'm', file: 'a.csv' }, true],
  ['a sheet, a hint and a path', { ...base, file: 'b.xlsx', sheet: 'Лист 1', row: 7, path: 'columns.price', hint: 'did you mean: "x"?' }, true],
  ['backslash, tab, newline, control character', { ...base, message: 'a\\b\tc\nd\u0001e', row: 7 }, true],
  ['emoji and a lone surrogate', { ...base, message: 'smile 😀 and \ud800 alone', value: '\udfff', row: 7 }, true],
  ['no row', { ...base }, true],
  ['a row other than its own', { ...base, row: 8 }, false],
  ['a value that is not text', { ...base, row: 7, value: 12 }, false],
  ['a key it does not know', { ...base, row: 7, extra: { deep: [1, 2] } }, false],
  ['an undefined value', { ...base, row: 7, value: undefined }, false],
];

describe('issue shapes', () => {
  it('store an issue compactly and give back the same object and the same JSON bytes', () => {
    const shapes = createIssueShapes();
    const stored = Buffer.alloc(1 << 16);
    const json = Buffer.alloc(1 << 16);
    for (let round = 0; round < 2; round++) {
      for (const [name, fields, shaped] of cases) {
        const issue = fields as unknown as Issue;
        const shape = shapes.shapeOf(issue, 7);
        expect(shape === JSON_SHAPE, name).toBe(!shaped);
        const length = shape === JSON_SHAPE ? stored.write(JSON.stringify(issue), 3) : shapes.encode(shape, issue, stored, 3);
        if (shape !== JSON_SHAPE) expect(length, name).toBeLessThanOrEqual(shapes.maxBytes(issue));
        expect(shapes.decode(shape, 7, stored, 3, 3 + length), name).toStrictEqual(JSON.parse(JSON.stringify(issue)));
        const end = shapes.writeJson(shape, 7, stored, 3, 3 + length, json, 5);
        expect(end - 5, name).toBeLessThanOrEqual(shapes.maxJsonBytes(shape, length));
        expect(json.toString('utf8', 5, end), name).toBe(JSON.stringify(issue));
      }
    }
  });

  it('keep the usual issue at a third of its JSON', () => {
    const shapes = createIssueShapes();
    const issue = cases[0]?.[1] as unknown as Issue;
    const target = Buffer.alloc(1024);
    const shape = shapes.shapeOf(issue, 7);
    expect(shapes.encode(shape, issue, target, 0)).toBeLessThan(Buffer.byteLength(JSON.stringify(issue)) / 2);
  });

  it('random texts (quotes, backslashes, controls, Cyrillic, CJK, emoji, lone surrogates, short and long): the same object and JSON bytes', () => {
    const piece = fc.constantFrom('a', '"', '\\', '\n', '\u0001', '\u007f', 'Я', 'ё', '\u00a0', '中', '\u2028', '😀', '\ud800', '\udfff', ' ', 'x'.repeat(60));
    const text = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));
    const shapes = createIssueShapes();
    const stored = Buffer.alloc(1 << 16);
    const json = Buffer.alloc(1 << 16);
    fc.assert(
      fc.property(text, text, text, (message, value, productKey) => {
        const issue = { ...base, message, file: 'a.csv', row: 7, column: 'N', header: 'Цена', value, productKey } as unknown as Issue;
        const shape = shapes.shapeOf(issue, 7);
        expect(shape).not.toBe(JSON_SHAPE);
        const length = shapes.encode(shape, issue, stored, 0);
        expect(length).toBeLessThanOrEqual(shapes.maxBytes(issue));
        expect(shapes.decode(shape, 7, stored, 0, length)).toStrictEqual(JSON.parse(JSON.stringify(issue)));
        const end = shapes.writeJson(shape, 7, stored, 0, length, json, 0);
        expect(json.toString('utf8', 0, end)).toBe(JSON.stringify(issue));
      }),
      { numRuns: 2000 },
    );
  });

  it('values repeated issue after issue (copied from the one stored before) and values that never repeat store the bytes a fresh table stores', () => {
    const pool = ['по запросу', 'the price must be a positive number, got "по запросу"', 'a\\b', 'tab\there', 'x'.repeat(200), '😀', '\ud800', ''];
    const shapes = createIssueShapes();
    const stored = Buffer.alloc(1 << 16);
    const fresh = Buffer.alloc(1 << 16);
    const json = Buffer.alloc(1 << 16);
    // `value` changes every time for 600 issues (it is then no longer remembered), then repeats in
    // runs; `message` and `productKey` repeat in runs from the start (they stay remembered).
    for (let i = 0; i < 1200; i++) {
      const value = i < 600 ? `4600000${String(i).padStart(6, '0')}` : (pool[Math.floor(i / 7) % pool.length] as string);
      const message = pool[Math.floor(i / 3) % pool.length] as string;
      const productKey = pool[Math.floor(i / 4) % pool.length] as string;
      const issue = { ...base, message, file: 'a.csv', row: 7, column: 'N', header: 'Цена', value, productKey } as unknown as Issue;
      const shape = shapes.shapeOf(issue, 7);
      // Another place each time, over bytes that are not the last issue's: a copy must write every byte.
      const at = 11 + (i % 5);
      stored.fill(0xff);
      const length = shapes.encode(shape, issue, stored, at);
      const alone = createIssueShapes();
      const freshLength = alone.encode(alone.shapeOf(issue, 7), issue, fresh, 0);
      expect(stored.subarray(at, at + length).equals(fresh.subarray(0, freshLength)), `issue ${i}`).toBe(true);
      expect(length).toBeLessThanOrEqual(shapes.maxBytes(issue));
      expect(shapes.decode(shape, 7, stored, at, at + length)).toStrictEqual(JSON.parse(JSON.stringify(issue)));
      const end = shapes.writeJson(shape, 7, stored, at, at + length, json, 0);
      expect(json.toString('utf8', 0, end)).toBe(JSON.stringify(issue));
    }
  });

  it('a table made from a copy (as another thread gets it) reads back and writes the same bytes, and finds the same shapes', () => {
    const original = createIssueShapes();
    const stored = Buffer.alloc(1 << 16);
    const places: [number, number, number][] = [];
    let at = 0;
    for (const [, fields] of cases) {
      const issue = fields as unknown as Issue;
      const shape = original.shapeOf(issue, 7);
      const length = shape === JSON_SHAPE ? stored.write(JSON.stringify(issue), at) : original.encode(shape, issue, stored, at);
      places.push([shape, at, at + length]);
      at += length;
    }
    // Posted to a thread: a structured clone of plain data.
    const copied = createIssueShapes(structuredClone(original.copy()));
    expect(copied.copy()).toStrictEqual(original.copy());
    const [mine, theirs] = [Buffer.alloc(1 << 16), Buffer.alloc(1 << 16)];
    for (const [shape, start, end] of places) {
      expect(copied.decode(shape, 7, stored, start, end)).toStrictEqual(original.decode(shape, 7, stored, start, end));
      const written = copied.writeJson(shape, 7, stored, start, end, theirs, 0);
      expect(theirs.subarray(0, written).equals(mine.subarray(0, original.writeJson(shape, 7, stored, start, end, mine, 0)))).toBe(true);
      expect(copied.partsOf(shape)).toStrictEqual(original.partsOf(shape));
    }
    // The copy knows its shapes: an issue of one of them gets its id, not a new shape.
    for (const [[, fields], [shape]] of cases.map((c, i) => [c, places[i] as [number, number, number]] as const)) {
      if (shape !== JSON_SHAPE) expect(copied.shapeOf(fields as unknown as Issue, 7)).toBe(shape);
    }
    expect(copied.copy()).toHaveLength(original.copy().length);
  });
});

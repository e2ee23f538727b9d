import { describe, expect, it } from 'vitest';
import { SpoolReader, SpoolWriter } from '../../src/state/spool-bytes.js';

describe('SpoolWriter / SpoolReader', () => {
  it('round-trips strings of every length and script, counts, and numbers bit for bit', () => {
    const strings = ['', 'a', 'SKU-1', 'Футболка', 'x'.repeat(160), 'x'.repeat(161), 'https://cdn.example.kz/catalog/CL-0000001/light-blue-1.jpg', 'я'.repeat(126), 'я'.repeat(127), 'x'.repeat(253), 'x'.repeat(254), '🌼'.repeat(1000), 'ab\u0000c\uD800', 'x'.repeat(30) + '\uD800', 'x'.repeat(24), 'x'.repeat(25), 'é', 'x'.repeat(70_000), 'Ж'.repeat(70_000)];
    const numbers = [null, 0, 1, 4990, 4294967295, 4294967296, -1, -0, 0.5, 12.99, Number.MAX_SAFE_INTEGER, Number.NaN, Number.POSITIVE_INFINITY];
    const counts = [0, 1, 253, 254, 255, 70_000];
    const out = new SpoolWriter(16);
    for (const value of strings) out.string(value);
    for (const value of numbers) out.number(value);
    for (const value of counts) out.count(value);
    const input = new SpoolReader(out.buffer.subarray(0, out.length), 0);
    // Non-ASCII text is kept as UTF-16 code units: even a lone surrogate comes back as it was.
    expect(strings.map(() => input.string())).toEqual(strings);
    const back = numbers.map(() => input.number());
    expect(back).toEqual(numbers);
    expect(Object.is(back[7], -0)).toBe(true);
    expect(counts.map(() => input.count())).toEqual(counts);
    expect(() => input.byte()).toThrow(/ends early/);
  });
});

import { describe, expect, it } from 'vitest';
import { IdFlags } from '../../src/core/id-flags.js';

describe('IdFlags', () => {
  it('sets, reads and clears a flag per id, growing for a large id', () => {
    const flags = new IdFlags(2);
    expect(flags.has(0)).toBe(false);
    flags.set(1);
    flags.set(100_000);
    expect(flags.has(1)).toBe(true);
    expect(flags.has(100_000)).toBe(true);
    expect(flags.has(99_999)).toBe(false);
    expect(flags.has(-1)).toBe(false);
    expect(flags.clear(1)).toBe(true);
    expect(flags.clear(1)).toBe(false);
    expect(flags.clear(-1)).toBe(false);
    expect(flags.clear(5_000_000)).toBe(false);
    expect(flags.has(1)).toBe(false);
    expect(flags.has(100_000)).toBe(true);
  });
});

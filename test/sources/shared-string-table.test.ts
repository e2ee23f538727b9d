import { describe, expect, it } from 'vitest';
import { createSharedStringTable } from '../../src/xlsx/shared-string-table.js';

/** Strings that each take another way into the table: Windows-1251, the Kazakh page, or UTF-8. */
const STRINGS = [
  '',
  'Чайник Bosch 1,5 л — №7',
  'Қазақстан өнімі: үй, ағаш, ұн, һ, Ә Ғ Қ Ң Ө Ұ Ү Һ І і',
  'Ђорђе Љубљана Њиш Џеп Ћ ќ Ўладзімір', // the letters the Kazakh page gives up: Windows-1251 only
  'Қазақ and Ђорђе together', // a letter of each page: fits neither, kept in UTF-8
  'Ђ first, then ә', // the other order
  'Emoji 😀 and 中文 and Ελληνικά',
  'Kazakh then other: қ 😀',
  'ascii only',
  'x'.repeat(70_000) + 'ә', // longer than the reused decode buffer
];

describe('createSharedStringTable', () => {
  it('gives back every string as added, whichever page it fits', () => {
    const table = createSharedStringTable();
    for (const text of STRINGS) table.add(text);
    expect(table.size).toBe(STRINGS.length);
    // Read twice: once decoded, once from the cache.
    for (let round = 0; round < 2; round++) expect(STRINGS.map((_, index) => table.get(index))).toEqual(STRINGS);
    expect(table.get(STRINGS.length)).toBeUndefined();
  });

  it('keeps Kazakh text one byte a character: 150,000 strings of 40 letters in under 8 MB, not the 11 of UTF-8', () => {
    const table = createSharedStringTable();
    const text = (i: number): string => `Қазақ тіліндегі өнім атауы ғ ү ұ ң ${String(i).padStart(5, '0')}`;
    for (let i = 0; i < 150_000; i++) table.add(text(i));
    expect(text(0)).toHaveLength(40);
    expect(table.get(149_999)).toBe(text(149_999));
    // 6,000,000 bytes of text fill 6 pages of 1 MB, with under 1 MB of index; in UTF-8 (most letters two bytes) the text alone takes 11.
    expect(table.byteLength()).toBeLessThan(8 * 1024 * 1024);
  });
});

import { describe, expect, it } from 'vitest';
import { isSameAsRussian } from '../../src/stages/check-kazakh-text.js';

describe('isSameAsRussian', () => {
  it('ignores case, white space (incl. NBSP) and ё/е, and tells different texts apart', () => {
    expect(isSameAsRussian('Чёрный  смартфон', 'черный\u00a0СМАРТФОН')).toBe(true);
    expect(isSameAsRussian('<p>Қара</p>', '<p>Черный</p>')).toBe(false);
    expect(isSameAsRussian('абв', 'абвг')).toBe(false);
    expect(isSameAsRussian('абв ', ' абв')).toBe(true);
    expect(isSameAsRussian('', '')).toBe(false);
  });

  // The letters are compared through a table of lower cases made once; it must fold every UTF-16
  // unit as lower-casing that one unit does (ё as е), including units whose lower case is longer.
  it('folds every UTF-16 unit as toLowerCase of that unit does, with ё as е', () => {
    const fold = (unit: string): string => {
      const lower = unit.toLowerCase();
      return lower === 'ё' ? 'е' : lower;
    };
    const differ: string[] = [];
    for (let code = 0; code < 0x10000; code++) {
      if ((code >= 9 && code <= 13) || code === 32 || code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || [0x2007, 0x202f, 0xfeff, 0x2028, 0x2029, 0x205f, 0x3000].includes(code)) continue;
      const unit = String.fromCharCode(code);
      const upper = unit.toUpperCase();
      const others = [unit, upper.length === 1 ? upper : unit, 'е', 'ё', 'a', 'İ'];
      for (const other of others) {
        if (isSameAsRussian(unit, other) !== (fold(unit) === fold(other))) differ.push(`${code.toString(16)}~${other}`);
      }
    }
    expect(differ).toEqual([]);
  });
});

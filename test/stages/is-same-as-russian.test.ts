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
});

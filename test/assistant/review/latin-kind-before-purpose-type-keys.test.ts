/**
 * A Latin word between the head and its purpose stays in the review's type key (mend26b): `Корм Renal д/кошек` (a veterinary
 * food) and `Корм Indoor для кошек` (a dry one) are kinds the directory sorts apart, and one answer for a bare `корм` carried
 * the dry cat food's leaf to both, and to dogs' foods.
 */
import { describe, expect, it } from 'vitest';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';

describe('a Latin word between the head and its purpose in the type key', () => {
  it('keeps the word and the purpose after it', () => {
    expect(readProductTypeKey('Корм Renal д/кошек 10кг Royal Canin Pro бел.')).toBe('корм renal для кошек');
    expect(readProductTypeKey('Корм Hypoallergenic для собак Purina Veterinary Diets 3 кг')).toBe('корм hypoallergenic для собак');
    expect(readProductTypeKey('КОРМ INDOOR ДЛЯ КОШЕК, SHEBA, 400 Г')).toBe('корм indoor для кошек');
  });

  it('leaves the key as before where no purpose follows the word, or the purpose follows the head', () => {
    // Trap: a maker after the head with no purpose after it ends the type, as before.
    expect(readProductTypeKey('Корм Whiskas 2 кг')).toBe('корм');
    // Trap: the purpose right after the head is read as before, the maker after it is no part of the key.
    expect(readProductTypeKey('Корм для кошек Whiskas 2 кг')).toBe('корм для кошек');
    // Trap: a Cyrillic maker there is no such word.
    expect(readProductTypeKey('Корм Стаут для собак 2 кг')).toBe(readProductTypeKey('Корм Стаут 2 кг'));
  });
});

import { describe, expect, it } from 'vitest';
import { readProductDemographic } from '../../src/assistant/category-label/read-product-demographic.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('whom a label\'s rows say the goods are for (issue 33, labels24)', () => {
  it('is said by two names at least, half of them or more, and none saying otherwise', () => {
    expect(readProductDemographic(['Трусы боксеры мужские'])).toEqual({});
    expect(readProductDemographic(['Трусы боксеры мужские', 'Майка мужская'])).toEqual({ gender: 'male' });
    expect(readProductDemographic(['Трусы боксеры мужские', 'Майка мужская', 'Носки'])).toEqual({ gender: 'male' });
    expect(readProductDemographic(['Трусы боксеры мужские', 'Майка'])).toEqual({});
    expect(readProductDemographic(['Трусы боксеры мужские', 'Майка мужская', 'Носки', 'Майка', 'Шорты'])).toEqual({});
    expect(readProductDemographic(['Трусы боксеры мужские', 'Трусы женские'])).toEqual({});
  });

  it('leaves a label of no gender shared by men\'s and women\'s leaves a question with one row of men\'s goods', () => {
    // `Іш киім` (underwear) is the Kazakh name of both the men's and the women's leaf: one row is no whole category.
    const one = marketplace.match('Іш киім', { productNames: ['Ерлер іш киімі боксер'] });
    expect(one.status).toBe('todo');
    expect(one.candidates.map((candidate) => candidate.key)).toEqual(expect.arrayContaining(['30115', '30213']));
    const two = marketplace.match('Іш киім', { productNames: ['Ерлер іш киімі боксер', 'Ерлер іш киімі брифы'] });
    expect(two.best?.entry.path?.rus).toBe('Одежда / Мужская одежда / Нижнее бельё');
  });
});

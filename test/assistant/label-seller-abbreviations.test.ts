import { describe, expect, it } from 'vitest';
import { expandSellerAbbreviations } from '../../src/assistant/category-label/read-seller-abbreviations.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { findDemographicMark } from '../../src/assistant/demographic-words.js';
import { buildSandboxDirectories } from './measure-matching.js';

const original = createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher();
const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('seller shortenings written out once per label (issue 33, labels32)', () => {
  it('writes `эл.` and `электр.` out as electric, and nothing else', () => {
    expect(expandSellerAbbreviations('Эл. чайники')).toBe('электрические чайники');
    expect(expandSellerAbbreviations('Эл.бритвы')).toBe('электрические бритвы');
    expect(expandSellerAbbreviations('Эл/чайники')).toBe('электрические чайники');
    expect(expandSellerAbbreviations('Зуб. щетки эл.')).toBe('Зуб. щетки электрические ');
    expect(expandSellerAbbreviations('Т/вода женская')).toBe('туалетная вода женская');
    expect(expandSellerAbbreviations('П/ вода')).toBe('парфюмерная вода');
    expect(expandSellerAbbreviations('ЦБ-12 Электр. самокаты')).toBe('ЦБ-12 электрические самокаты');
    // A word ending so, or the letters without their dot, are no shortening.
    for (const text of ['Гель. для душа', 'Эл чайники', 'Элитные чаи']) expect(expandSellerAbbreviations(text)).toBe(text);
  });

  it('reads `Эл. чайники` as electric kettles in both directories, never the stove-top kettles', () => {
    for (const [matcher, label, product, name] of [
      [original, 'Эл. чайники', 'Чайник электрический 1.7 л', 'Электрочайники'],
      [marketplace, 'Эл. чайники', 'Чайник электрический 1.7 л', 'Электрочайники'],
      [original, 'Эл. самокаты', 'Электросамокат 350 Вт', 'Электросамокаты'],
      [marketplace, 'Эл.бритвы', 'Электробритва роторная', 'Электробритвы'],
      [original, 'Т/вода женская', 'Туалетная вода 50 мл', 'Женская парфюмерия'],
      [original, 'П/вода мужская', 'Парфюмерная вода 100 мл', 'Мужская парфюмерия'],
    ] as const) {
      const match = matcher.match(label, { productNames: [product] });
      expect(match.status, label).toBe('confident');
      expect(match.best?.entry.name.rus, label).toBe(name);
      expect(match.text, label).toBe(label);
    }
  });

  it('keeps the label as written where the written-out one is no surer (`Эл. плойки`: curling irons are electric anyway)', () => {
    const match = marketplace.match('Эл. плойки', { productNames: ['Плойка 25 мм'] });
    expect(match.status).toBe('confident');
    expect(match.best?.entry.name.rus).toBe('Плойки');
  });

  it('reads `дев.` and `мальч.` as for girls and for boys (the demographic words), so the kind is the children\'s', () => {
    expect(findDemographicMark('дев')).toEqual({ gender: 'female', kids: true });
    expect(findDemographicMark('мальч')).toEqual({ gender: 'male', kids: true });
    expect(findDemographicMark('девайсы')).toBeUndefined();
    for (const [matcher, label, product, path] of [
      [original, 'Сапоги дев.', 'Сапоги зимние', 'Обувь / Детская обувь / Сапоги'],
      [marketplace, 'Кроссовки мальч.', 'Кроссовки', 'Обувь / Детская обувь / Кроссовки'],
    ] as const) {
      const match = matcher.match(label, { productNames: [product] });
      expect(match.status, label).toBe('confident');
      expect(match.best?.entry.path?.rus, label).toBe(path);
    }
  });
});

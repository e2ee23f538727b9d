import { describe, expect, it } from 'vitest';
import { BRAND_NOISE_WORDS, buildBrandCandidates } from '../../src/assistant/build-match-candidates.js';
import { buildSoundKey, createBrandSoundIndex } from '../../src/assistant/match-brand-by-sound.js';
import { matchBrand } from '../../src/assistant/match-value.js';
import { createCandidateMatcher } from '../../src/assistant/score-candidates.js';
import type { Brand, Directories } from '../../src/domain/index.js';

function buildBrands(names: readonly string[]): Brand[] {
  return names.map((name, i) => ({ id: 1000 + i, name, code: null }));
}

function matchIn(names: readonly string[], text: string): { status: string; best: string | undefined; candidates: string[] } {
  const brands = buildBrands(names);
  const directories = { categories: [], attributes: [], values: [], brands, fetchedAt: '2026-01-01T00:00:00.000Z' } satisfies Directories;
  const matcher = createCandidateMatcher(buildBrandCandidates(directories), { ignoreWords: BRAND_NOISE_WORDS });
  const match = matchBrand(text, matcher, createBrandSoundIndex(brands));
  return { status: match.status, best: match.best?.entry.name, candidates: match.candidates.map((candidate) => candidate.entry.name) };
}

const BRANDS = ['Huggies', 'Michelin', 'Kärcher', 'Gloria Jeans', 'Apple', 'Nike', 'Nokia', 'Fairy', 'Samsung', 'Opel', 'Тулпар', 'Bosch'];

describe('brands spelled in Cyrillic as they sound', () => {
  it('keeps the consonants in order, with the sounds Russian spelling merges made one', () => {
    expect(buildSoundKey('Хаггис')).toBe(buildSoundKey('Huggies'));
    expect(buildSoundKey('Мишлен')).toBe(buildSoundKey('Michelin'));
    expect(buildSoundKey('Керхер')).toBe(buildSoundKey('Kärcher'));
    expect(buildSoundKey('Глория Джинс')).toBe(buildSoundKey('Gloria Jeans'));
    expect(buildSoundKey('Хаггис')).not.toBe(buildSoundKey('Hugo'));
  });

  it('matches a spelling of three consonants or more that sounds like one brand only', () => {
    for (const [text, brand] of [['Хаггис', 'Huggies'], ['Мишлен', 'Michelin'], ['Керхер', 'Kärcher'], ['Глория Джинс', 'Gloria Jeans']] as const) {
      expect(matchIn(BRANDS, text)).toMatchObject({ status: 'confident', best: brand });
    }
  });

  it('leaves a TODO when the sound names two brands, listing both first', () => {
    const match = matchIn(BRANDS, 'Найки');
    expect(match.status).toBe('todo');
    expect(match.candidates.slice(0, 2).sort()).toEqual(['Nike', 'Nokia']);
  });

  it('decides on two consonants only for the brand the letters already put first', () => {
    // `Эпл` is `pl`, and so is `Opel`: the sound alone is too short a key.
    expect(matchIn(BRANDS, 'Эпл')).toMatchObject({ status: 'todo' });
    expect(matchIn(BRANDS.filter((name) => name !== 'Opel'), 'Эпл')).toMatchObject({ status: 'todo', candidates: expect.arrayContaining(['Apple']) as unknown });
    expect(matchIn(BRANDS.filter((name) => name !== 'Opel'), 'Эпл').candidates[0]).toBe('Apple');
    // `Фейри`: the transliteration already puts Fairy first, and nothing else sounds like it.
    expect(matchIn(BRANDS, 'Фейри')).toMatchObject({ status: 'confident', best: 'Fairy' });
  });

  it('never matches Latin text, a Cyrillic brand, or a spelling that sounds like nothing', () => {
    expect(matchIn(BRANDS, 'Hagis').best).not.toBe('Huggies');
    expect(matchIn(BRANDS, 'Техно')).toMatchObject({ status: 'todo' });
    expect(matchIn(BRANDS, 'Тулпар')).toMatchObject({ status: 'exact', best: 'Тулпар' });
    // A Cyrillic brand as near as the sound keeps the question open.
    expect(matchIn([...BRANDS, 'Хагис'], 'Хаггис').status).not.toBe('confident');
  });
});

import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { matchValue } from '../../src/assistant/match-value.js';
import { createCandidateMatcher, measureEditDistance, scoreTextSimilarity } from '../../src/assistant/score-candidates.js';
import { buildSandboxDirectories } from './measure-matching.js';

const matchers = createDirectoryMatchers(buildSandboxDirectories());

describe('scoring', () => {
  it('counts an adjacent transposition as one edit', () => {
    expect(measureEditDistance('samsnug', 'samsung')).toBe(1);
    expect(measureEditDistance('kitten', 'sitting')).toBe(3);
    expect(measureEditDistance('', 'abc')).toBe(3);
  });

  it('ignores word order, case and ё', () => {
    expect(scoreTextSimilarity('Кожа натуральная', 'Натуральная кожа')).toBe(1);
    expect(scoreTextSimilarity('ЧЁРНЫЙ', 'черный')).toBe(1);
  });

  it('never treats different numbers as a typo', () => {
    expect(scoreTextSimilarity('128 ГБ', '256 ГБ')).toBeLessThan(0.5);
    expect(scoreTextSimilarity('42', '43')).toBe(0);
  });

  it('scores transliterated brands high but below an exact name', () => {
    const score = scoreTextSimilarity('Самсунг', 'Samsung');
    expect(score).toBeGreaterThan(0.9);
    expect(score).toBeLessThan(1);
  });

  it('scores one seller word against one directory word as its texts are scored, words met or not', () => {
    const matcher = createCandidateMatcher([{ key: '1', label: 'one', names: [{ text: 'Беспроводные наушники' }], entry: 1 }]);
    expect(matcher.scoreWord('наушники', 'наушники')).toBe(1);
    expect(matcher.scoreWord('наушнеки', 'наушники')).toBeCloseTo(1 - 0.75 / 8, 6);
    expect(matcher.scoreWord('наушнеки', 'наушники')).toBe(matcher.scoreWord('наушнеки', 'наушники'));
    expect(matcher.scoreWord('проводные', 'беспроводные')).toBe(0);
    expect(matcher.scoreWord('смартфон', 'смартфоны')).toBe(0.95);
    expect(matcher.scoreWord('128', '256')).toBe(0);
    expect(matcher.score('наушнеки беспроводные', 0)[0]?.score).toBeCloseTo((1 - 0.75 / 8 + 1 + 1 - 0.75 / 8 + 1) / 4, 3);
  });

  it('keeps one candidate per key, best first', () => {
    const matcher = createCandidateMatcher([
      { key: '1', label: 'one', names: [{ text: 'Красный' }, { text: 'Қызыл' }], entry: 1 },
      { key: '2', label: 'two', names: [{ text: 'Красно-синий' }], entry: 2 },
    ]);
    const scored = matcher.score('красный');
    expect(scored.map((candidate) => candidate.key)).toEqual(['1', '2']);
    expect(scored[0]).toMatchObject({ score: 1, exact: true });
  });
});

describe('matchValue', () => {
  it('matches a normalised directory name exactly', () => {
    const match = matchValue('  ЧЁРНЫЙ ', matchers.values('color') ?? createCandidateMatcher([]));
    expect(match.status).toBe('exact');
    expect(match.best?.key).toBe('color_black');
  });

  it('matches units written in any script exactly', () => {
    const memory = matchers.values('memory_gb') ?? createCandidateMatcher([]);
    expect(matchValue('128гб', memory)).toMatchObject({ status: 'exact', best: { key: 'memory_128' } });
    expect(matchValue('128 GB', memory)).toMatchObject({ status: 'exact', best: { key: 'memory_128' } });
  });

  it('matches a typo confidently, with its score', () => {
    const match = matchValue('Samsnug', matchers.brands());
    expect(match.status).toBe('confident');
    expect(match.best?.label).toMatch(/^Samsung \[/);
    expect(match.best?.score).toBeGreaterThan(0.86);
    expect(match.best?.score).toBeLessThan(1);
  });

  it('leaves a name shared by two leaves as TODO with both as candidates', () => {
    const match = matchValue('Джинсы', matchers.categories());
    expect(match.status).toBe('todo');
    expect(match.best).toBeUndefined();
    expect(match.candidates.map((candidate) => candidate.label)).toEqual([
      expect.stringContaining('Женская одежда / Джинсы'),
      expect.stringContaining('Мужская одежда / Джинсы'),
    ]);
  });

  it('leaves a group name as TODO, never as one of its leaves', () => {
    expect(matchValue('Смартфоны и гаджеты', matchers.categories()).status).toBe('todo');
  });

  it('uses the seller path to pick the leaf', () => {
    const match = matchValue('Женская одежда / Джинсы', matchers.categories());
    expect(match.status).not.toBe('todo');
    expect(match.best?.label).toContain('Одежда / Женская одежда / Джинсы');
  });

  it('keeps three candidates for a TODO', () => {
    const match = matchValue('Tecno', matchers.brands());
    expect(match.status).toBe('todo');
    expect(match.candidates.length).toBeLessThanOrEqual(3);
    expect(match.candidates.length).toBeGreaterThan(0);
  });

  it('returns TODO without candidates for empty text', () => {
    expect(matchValue('  ', matchers.brands())).toEqual({ text: '  ', status: 'todo', candidates: [] });
  });
});

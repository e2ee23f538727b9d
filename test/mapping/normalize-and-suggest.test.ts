import { describe, expect, it } from 'vitest';
import { createDirectoryIndex } from '../../src/mapping/directory-index.js';
import { createValueResolver } from '../../src/mapping/create-value-resolver.js';
import { normalizeHeader, normalizeName, normalizePath } from '../../src/mapping/normalize-name.js';
import { formatSuggestions, suggestEntries } from '../../src/mapping/suggest-entries.js';
import { makeDirectories, makeMapping } from '../helpers/builders.js';

describe('normalizeName', () => {
  it('ignores case, spaces, ё/е, quotes, dash variants and hyphens between letters', () => {
    expect(normalizeName('Красно-синий')).toBe(normalizeName('красно синий'));
    expect(normalizeName('-5 °C')).not.toBe(normalizeName('5 °C'));
    expect(normalizeName('  Тёмно — синий ')).toBe(normalizeName('темно-синий'));
    expect(normalizeName('«Qazaq Style»')).toBe('qazaqstyle');
    expect(normalizeName('128 ГБ')).toBe(normalizeName('128гб'));
  });

  it('turns Latin look-alikes Cyrillic only inside Cyrillic words', () => {
    expect(normalizeName('Kрасный')).toBe(normalizeName('Красный'));
    expect(normalizeName('Cинний')).toBe('синний');
    expect(normalizeName('Nike Air')).toBe('nikeair');
  });

  it('keeps Kazakh letters distinct', () => {
    expect(normalizeName('Қызыл')).not.toBe(normalizeName('Кызыл'));
  });

  it('normalises paths level by level, whatever the separator', () => {
    expect(normalizePath('Одежда > Мужская одежда › Футболки')).toBe('одежда/мужскаяодежда/футболки');
    expect(normalizePath('Одежда / / Футболки')).toBe('одежда/футболки');
  });

  it('normalises headers without removing inner spaces', () => {
    expect(normalizeHeader('\ufeff  Цена,  тг ')).toBe('цена, тг');
  });
});

describe('suggestEntries', () => {
  const candidates = ['Красный', 'Красно-синий', 'Синий', 'Чёрный', 'Тёмно-синий', 'Белый'].map((name) => ({ label: name, names: [name], entry: name }));

  it('ranks the nearest names first, keeps three and leaves weak ones out', () => {
    expect(suggestEntries('синий', candidates).map((s) => s.label)).toEqual(['Синий', 'Тёмно-синий', 'Красно-синий']);
    const suggestions = suggestEntries('красныи', candidates);
    expect(suggestions.map((s) => s.label)).toEqual(['Красный', 'Красно-синий']);
    expect(suggestions[0]!.score).toBeGreaterThan(suggestions[1]!.score);
  });

  it('scores 1 for the same normalised name and little for unrelated ones', () => {
    const score = (a: string, b: string): number => suggestEntries(a, [{ label: b, names: [b], entry: b }], { minScore: 0 })[0]?.score ?? 0;
    expect(score('ЧЕРНЫЙ', 'Чёрный')).toBe(1);
    expect(score('Samsung', 'Самсунг')).toBeLessThan(0.2);
    expect(suggestEntries('zzz', candidates)).toEqual([]);
  });

  it('renders a hint', () => {
    expect(formatSuggestions(suggestEntries('красно синии', candidates, { limit: 2 }))).toBe('did you mean: Красно-синий, Красный?');
    expect(formatSuggestions([])).toBeUndefined();
  });
});

describe('createValueResolver', () => {
  const directories = makeDirectories();
  const index = createDirectoryIndex(directories);

  it('resolves in order: mapping entry, id, exact name, else a miss with suggestions', () => {
    const resolver = createValueResolver(
      makeMapping((input) => {
        input.categories = { 'Мужские футболки': 111 };
        input.brands = { Самсунг: 'Samsung' };
      }),
      index,
    );
    expect(resolver.resolveCategory('мужские  футболки')).toMatchObject({ status: 'found', via: 'mapping', entries: [{ id: 111 }] });
    expect(resolver.resolveCategory('112')).toMatchObject({ status: 'found', via: 'id', entries: [{ id: 112 }] });
    expect(resolver.resolveCategory('Смартфоны')).toMatchObject({ status: 'found', via: 'name', entries: [{ id: 21 }] });
    expect(resolver.resolveCategory('Смартфондар')).toMatchObject({ status: 'found', via: 'name', entries: [{ id: 21 }] });
    expect(resolver.resolveCategory('Детская одежда / Футболки')).toMatchObject({ status: 'found', entries: [{ id: 121 }] });
    expect(resolver.resolveCategory('Футболки')).toMatchObject({ status: 'ambiguous' });
    expect(resolver.resolveCategory('Одежда')).toMatchObject({ status: 'not_leaf' });
    const miss = resolver.resolveCategory('Смартфоны и телефоны');
    expect(miss.status).toBe('missing');
    expect(miss.status === 'missing' && miss.suggestions[0]?.label).toBe('Электроника / Смартфоны (21)');
    expect(resolver.resolveBrand('самсунг')).toMatchObject({ status: 'found', via: 'mapping', entries: [{ id: 500 }] });
    expect(resolver.resolveBrand('APPLE')).toMatchObject({ status: 'found', via: 'name', entries: [{ id: 501 }] });
    expect(resolver.resolveBrand('503')).toMatchObject({ status: 'found', via: 'id', entries: [{ id: 503 }] });
  });

  it('resolves attribute values by synonym, code and name (Russian or Kazakh)', () => {
    const mapping = makeMapping((input) => {
      input.attributes = [{ code: 'color', column: 'Цвет', values: { бордо: 'red', 'красно-синий': ['red', 'blue'] } }];
    });
    const resolver = createValueResolver(mapping, index);
    const codes = (text: string): string[] | string => {
      const resolution = resolver.resolveValue(0, text);
      return resolution.status === 'found' ? resolution.entries.map((value) => value.code) : resolution.status;
    };
    expect(codes('Бордо')).toEqual(['red']);
    expect(codes('Красно-синий')).toEqual(['red', 'blue']);
    expect(codes('dark_blue')).toEqual(['dark_blue']);
    expect(codes('темно синий')).toEqual(['dark_blue']);
    expect(codes('Қызыл')).toEqual(['red']);
    expect(codes('Малиновый')).toBe('missing');
  });

  it('with unmapped: auto, accepts only a clearly nearest entry', () => {
    const resolver = createValueResolver(makeMapping((input) => void (input.unmapped = 'auto')), index);
    expect(resolver.resolveBrand('Samsnug')).toMatchObject({ status: 'found', via: 'approximate', entries: [{ id: 500 }] });
    expect(resolver.resolveBrand('Samsung Electronics')).toMatchObject({ status: 'missing' });
    expect(resolver.resolveValue(2, 'Полиэстр')).toMatchObject({ status: 'found', via: 'approximate', entries: [{ code: 'polyester' }] });
    const strict = createValueResolver(makeMapping(), index);
    const miss = strict.resolveValue(2, 'Полиэстр');
    expect(miss.status === 'missing' && miss.suggestions.map((s) => s.label)).toEqual(['Полиэстер (polyester)']);
  });
});

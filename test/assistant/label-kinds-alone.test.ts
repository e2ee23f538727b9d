import { describe, expect, it } from 'vitest';
import { spellKindsAlone } from '../../src/assistant/category-label/read-kinds-alone.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const original = createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher();
const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('the kinds a label lists, each spelt as a label of its own (issue 33, labels24)', () => {
  it('give a part of adjectives the noun of the part it qualifies', () => {
    expect(spellKindsAlone('Одеяла всесезонные и зимние')).toEqual(['Одеяла всесезонные', 'Одеяла зимние']);
    expect(spellKindsAlone('Летние и зимние шины')).toEqual(['Летние шины', 'зимние шины']);
    expect(spellKindsAlone('Дроны и квадрокоптеры')).toEqual(['Дроны', 'квадрокоптеры']);
  });

  it('are none for one kind, a path or a list with a purpose', () => {
    expect(spellKindsAlone('Одеяла зимние')).toEqual([]);
    expect(spellKindsAlone('Дом / Одеяла и пледы')).toEqual([]);
    expect(spellKindsAlone('Плавки и шорты для плавания')).toEqual([]);
  });
});

describe('a label whose every kind read alone is the same sure leaf (issue 33, labels24)', () => {
  it('is that leaf, sure but never its exact name', () => {
    const match = marketplace.match('Одеяла всесезонные и зимние', { productNames: ['Одеяло верблюжья шерсть 172х205'] });
    expect(match.status).toBe('confident');
    expect(match.best?.entry.path?.rus).toBe('Дом и сад / Домашний текстиль / Одеяла');
    expect(original.match('Фантастика и фэнтези').status).toBe('confident');
  });

  it('stays a question when its kinds read alone part or one is no sure leaf (traps)', () => {
    // Summer and winter tyres are two leaves; curtains (`гардины`) are no tulle; a waterproof bag no waterproof sack.
    for (const label of ['Шины летние и зимние', 'Летние и зимние шины', 'Тюль и гардины', 'Гермомешки и гермосумки', 'Семена и удобрения', 'Мужские и женские куртки']) {
      expect(marketplace.match(label).status, label).toBe('todo');
    }
    // The rows' names say one kind: they never settle the other (`Тюль вуаль` does not make `гардины` tulle).
    expect(marketplace.match('Тюль и гардины', { productNames: ['Тюль вуаль 500х270 белый', 'Тюль сетка'] }).status).toBe('todo');
  });
});

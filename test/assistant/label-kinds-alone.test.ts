import { describe, expect, it } from 'vitest';
import { spellKindsAlone } from '../../src/assistant/category-label/read-kinds-alone.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const original = createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher();
const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('the kinds a label lists, each spelt as a label of its own (issue 33, labels24)', () => {
  it('give a part of adjectives the noun of the part it qualifies', () => {
    expect(spellKindsAlone('Одеяла всесезонные и зимние')).toEqual(['одеяла всесезонные', 'одеяла зимние']);
    expect(spellKindsAlone('Летние и зимние шины')).toEqual(['летние шины', 'зимние шины']);
    expect(spellKindsAlone('Дроны и квадрокоптеры')).toEqual(['дроны', 'квадрокоптеры']);
    expect(spellKindsAlone('Сумка дорожная и спортивная')).toEqual(['сумка дорожная', 'сумка спортивная']);
    expect(spellKindsAlone('Очистители и мойки воздуха')).toEqual(['очистители воздуха', 'мойки воздуха']);
  });

  it('are none for one kind, a path or a list with a purpose', () => {
    expect(spellKindsAlone('Одеяла зимние')).toEqual([]);
    expect(spellKindsAlone('Дом / Одеяла и пледы')).toEqual([]);
    expect(spellKindsAlone('Плавки и шорты для плавания')).toEqual([]);
  });

  it('read a noun made of a verb, or an adjective of the first noun\'s own stem, as a kind of its own, never a qualifier (review24a traps)', () => {
    // `снаряжение`, `освещение`, `удобрение` end as plural adjectives do; `столовые` of `Столы` is a room, not a kind of table.
    expect(spellKindsAlone('Палатки и снаряжение')).toEqual(['палатки', 'снаряжение']);
    expect(spellKindsAlone('Люстры и освещение')).toEqual(['люстры', 'освещение']);
    expect(spellKindsAlone('Семена и удобрение')).toEqual(['семена', 'удобрение']);
    expect(spellKindsAlone('Столы и столовые')).toEqual([]);
    // A qualifier agrees with its noun in number: a singular adjective beside a plural noun qualifies none of it.
    expect(spellKindsAlone('Шторы и прочее')).toEqual([]);
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
    // review24a: a list of goods and the gear or finish around them names more than the goods' leaf, in either directory.
    const lists = ['Удочки и снаряжение', 'Удочки и оснащение', 'Лыжи и снаряжение', 'Коньки и снаряжение', 'Сноуборды и снаряжение', 'Люстры и освещение', 'Шторы и оформление', 'Семена и удобрение', 'Палатки и снаряжение', 'Столы и столовые'];
    for (const label of lists) {
      expect(marketplace.match(label).status, label).toBe('todo');
      expect(original.match(label).status, label).toBe('todo');
    }
    // The rows' names say one kind: they never settle the other (`Тюль вуаль` does not make `гардины` tulle).
    expect(marketplace.match('Тюль и гардины', { productNames: ['Тюль вуаль 500х270 белый', 'Тюль сетка'] }).status).toBe('todo');
  });
});

import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { OTHER_GOODS_KIND_DOUBT } from '../../src/assistant/category-label/decide-label-match.js';
import { buildSandboxDirectories } from './measure-matching.js';

const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('a bare label whose first leaf is filed under other goods (issue 33, labels30)', () => {
  it('is a question beside kinds of its goods in other groups, which one row does not settle', () => {
    // Before: `Шлемы` with `Шлем велосипедный M` was a sure `Велосипеды и самокаты / Шлемы и защита` (probe 26's fresh labels:
    // a confident wrong pick, the label naming helmets of every sport). The group is named by its leaves `Велосипеды` and
    // `Самокаты`: its helmets are bike helmets, a kind as `Шлемы для единоборств` and `Шлемы горнолыжные` are.
    for (const productNames of [[], ['Шлем велосипедный M']]) {
      const match = marketplace.match('Шлемы', { productNames });
      expect(match.status, productNames.join()).toBe('todo');
      expect(match.candidates[0]?.entry.name.rus).toBe('Шлемы и защита');
      expect(match.candidates.map((candidate) => candidate.entry.name.rus)).toEqual(expect.arrayContaining(['Шлемы для единоборств', 'Шлемы горнолыжные']));
      expect(match.doubt).toBe(OTHER_GOODS_KIND_DOUBT);
    }
  });

  it('leaves the group\'s own goods, their compounds, leaves of class-named groups and kinds named whole alone (traps)', () => {
    for (const [label, name, productNames] of [
      // The leaves that name the group, and a compound of one (an electric scooter is a scooter).
      ['Самокаты', 'Самокаты', []],
      ['Электросамокаты', 'Электросамокаты', []],
      // A plain leaf of a group named by a class or a purpose keeps its narrower kinds elsewhere apart.
      ['Серьги', 'Серьги', []],
      ['Романы', 'Романы', []],
      ['Шампуни', 'Шампуни', ['Шампунь для всех типов волос 400 мл']],
      // A kind named whole, and a leaf under other goods whose goods no other group holds.
      ['Шлемы горнолыжные', 'Шлемы горнолыжные', []],
      ['Чемоданы', 'Чемоданы', []],
    ] as const) {
      const match = marketplace.match(label, { productNames: [...productNames] });
      expect(match.status, label).not.toBe('todo');
      expect(match.best?.entry.name.rus, label).toBe(name);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { isAdjectiveOfOwnPath } from '../../src/assistant/read-own-path-adjective.js';
import { buildSandboxDirectories } from './measure-matching.js';

const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('an adjective of the leaf\'s own path (issue 33, labels round 11)', () => {
  it('repeats a path word\'s beginning up to its ending and suffix', () => {
    expect(isAdjectiveOfOwnPath('строительный', ['строительство', 'и', 'ремонт', 'ручной', 'инструмент'])).toBe(true);
    expect(isAdjectiveOfOwnPath('спортивные', ['спорт', 'и', 'отдых'])).toBe(true);
  });

  it('is no short beginning shared by unrelated words, no noun and no word of another path', () => {
    expect(isAdjectiveOfOwnPath('садовые', ['дом', 'и', 'сад'])).toBe(false);
    expect(isAdjectiveOfOwnPath('автомобильные', ['автотовары'])).toBe(false);
    expect(isAdjectiveOfOwnPath('сварочные', ['строительство', 'и', 'ремонт', 'электрика', 'кабель'])).toBe(false);
    expect(isAdjectiveOfOwnPath('строительство', ['строительство'])).toBe(false);
  });
});

describe('a label\'s qualifier that another leaf\'s name holds', () => {
  it('points to no other leaf when the leaf\'s own path says it (`Клей строительный` is no rival of a builder\'s level)', () => {
    const match = marketplace.match('Уровень строительный', { productNames: ['Уровень строительный 60 см'] });
    expect(match.status).toBe('confident');
    expect(match.best?.entry.path?.rus).toBe('Строительство и ремонт / Ручной инструмент / Уровни');
  });

  it('points to no other leaf when it never changes a kind (`зимние` of `Зимние шины` for women\'s boots)', () => {
    const match = marketplace.match('Ботинки женские зимние', { productNames: ['Ботинки женские зимние на меху'] });
    expect(match.status).toBe('confident');
    expect(match.best?.entry.path?.rus).toBe('Обувь / Женская обувь / Ботинки');
  });

  it('still points to the trade whose leaves name it where the leaf\'s path does not (`Маски сварочные` for `Кабели сварочные`)', () => {
    expect(marketplace.match('Кабели сварочные', { productNames: ['Кабель сварочный КГ 1х25'] }).status).toBe('todo');
  });
});

import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { findLabelAcronyms } from '../../src/assistant/read-label-initials.js';
import { buildSandboxDirectories } from './measure-matching.js';

const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();
const original = createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher();
const initialsOf = (match: { doubt?: string }): string => (match.doubt ?? '').includes('initials') ? (match.doubt ?? '') : '';

describe('an acronym a seller writes for a kind (issue 33, labels24)', () => {
  it('is a word of capitals, none in a label of several words all in capitals', () => {
    expect(findLabelAcronyms('БП для ПК').map((acronym) => acronym.letters)).toEqual(['бп', 'пк']);
    expect(findLabelAcronyms('ИБП').map((acronym) => acronym.letters)).toEqual(['ибп']);
    expect(findLabelAcronyms('ЧАЙ ЧЕРНЫЙ')).toEqual([]);
  });

  it('puts the leaf whose head words it begins first in a question, never a sure pick', () => {
    const power = marketplace.match('БП для ПК');
    expect(power.status).toBe('todo');
    expect(power.candidates[0]?.entry.name.rus).toBe('Блоки питания для ПК');
    expect(power.heldBy).toContain('БП');
    const ups = marketplace.match('ИБП');
    expect(ups.status).toBe('todo');
    expect(ups.candidates[0]?.entry.name.rus).toBe('Источники бесперебойного питания');
  });

  it('leaves a sure label, a word the directory writes and a label with words the leaf lacks as they were (traps)', () => {
    expect(marketplace.match('ЧАЙ ЧЕРНЫЙ').best?.entry.name.rus).toBe('Чай чёрный');
    expect(marketplace.match('ТВ').doubt ?? '').not.toContain('initials');
    expect(marketplace.match('ИБП для ПК').candidates[0]?.entry.name.rus).not.toBe('Источники бесперебойного питания');
  });

  it('reads no list name nor whom goods are for, and puts nothing first where many leaves fit (review24a traps)', () => {
    // `Принтеры и МФУ` is no `ПМ`; `Трусы мужские` no `ТМ`: the letters of a list's parts or of a gender word make no name.
    expect(initialsOf(original.match('ПМ'))).not.toContain('Принтеры и МФУ');
    expect(initialsOf(marketplace.match('ТМ'))).toBe('');
    // `СМ` begins washing and drying machines, garden furniture, sleeping bags…: the letters choose none.
    expect(initialsOf(marketplace.match('СМ'))).toBe('');
  });

  it('puts a fit first only where the rows\' names say its words too (review24a)', () => {
    const dishwasher = original.match('ПМ', { productNames: ['Посудомоечная машина Bosch SMS25'] });
    expect(dishwasher.candidates[0]?.entry.name.rus).toBe('Посудомоечные машины');
    const voltage = marketplace.match('ИБП', { productNames: ['Стабилизатор напряжения 500 ВА'] });
    expect(voltage.candidates[0]?.entry.name.rus).not.toBe('Источники бесперебойного питания');
  });
});

/**
 * The seller's answer for a row's group (`find-group-answer.ts`): the nearest group first (the deepest column, then the
 * deepest level of a path cell, then the cell whole), matched as `categories:` keys are (`normalizeName`); and a row's group
 * texts (`read-group-path.ts`): empty cells left out, top level first.
 */
import { describe, expect, it } from 'vitest';
import { findGroupAnswer, indexGroupAnswers } from '../../../src/assistant/review/find-group-answer.js';
import { readGroupPath, resolveGroupColumns } from '../../../src/stages/derive/read-group-path.js';
import type { SourceCell } from '../../../src/sources/types.js';

const answers = indexGroupAnswers([
  ['Одежда', 1],
  ['Футболки мужские', 2],
  ['Одежда / Футболки мужские', 3],
]);

describe('findGroupAnswer', () => {
  it('takes the nearest group the seller answered, as categories: keys are matched', () => {
    expect(findGroupAnswer(answers, ['Одежда', 'ФУТБОЛКИ  мужские'])).toEqual({ group: 'ФУТБОЛКИ  мужские', answer: 2 });
    // A cell that is a path: its deepest level first, then the whole cell.
    expect(findGroupAnswer(answers, ['Одежда / Футболки мужские'])?.answer).toBe(2);
    expect(findGroupAnswer(answers, ['Одежда > Новинки'])?.answer).toBe(1);
    expect(findGroupAnswer(answers, ['Новинки', 'Одежда'])?.answer).toBe(1);
  });

  it('answers nothing for groups no key names, or no groups', () => {
    expect(findGroupAnswer(answers, ['Новинки', 'Разное'])).toBeUndefined();
    expect(findGroupAnswer(answers, [])).toBeUndefined();
    expect(findGroupAnswer(new Map(), ['Одежда'])).toBeUndefined();
  });
});

describe('readGroupPath', () => {
  const cell = (text: string): SourceCell => ({ kind: 'string', text, value: text });
  const header = ['Наименование', 'Раздел', 'Группа', '_group'].map((name, index) => ({ index, letter: String.fromCharCode(65 + index), name }));

  it('resolves the columns once by header (as headers are matched) and names those the header lacks', () => {
    expect(resolveGroupColumns(['раздел', '_GROUP', 'Подгруппа'], header)).toEqual({ positions: [1, 3], names: ['раздел', '_GROUP'], missing: ['Подгруппа'] });
  });

  it('reads the non-empty texts of a row, top level first; an empty row reads none', () => {
    const { positions } = resolveGroupColumns(['Раздел', 'Группа', '_group'], header);
    expect(readGroupPath([cell('Шланг'), cell(' Сад '), cell('  '), cell('Шланги')], positions)).toEqual(['Сад', 'Шланги']);
    expect(readGroupPath([cell('Шланг'), undefined, { kind: 'empty', text: '', value: null } as SourceCell], positions)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { buildNameKey, buildRankingKey, type RankingKeyInput } from '../../../src/assistant/classify/ranking-key.js';
import { extractProductType } from '../../../src/assistant/classify/extract-product-type.js';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import type { ClassifyOptions } from '../../../src/assistant/classify/classifier-types.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const input = (name: string, overrides: Partial<RankingKeyInput> = {}): RankingKeyInput => ({ type: extractProductType(name), label: undefined, groups: [], latinKinds: [], ...overrides });

describe('buildRankingKey', () => {
  it('gives the names of one type, label and groups one key, whatever else the name says', () => {
    expect(buildRankingKey(input('Шампунь для волос Shauma 250 мл'))).toBe(buildRankingKey(input('Шампунь для волос Head 400 мл')));
  });

  it('keeps apart what the ranking reads: the people a name is for, a single digit, the label, the groups', () => {
    const plain = buildRankingKey(input('Футболка хлопок'));
    expect(buildRankingKey(input('Футболка мужская хлопок'))).not.toBe(plain);
    expect(buildRankingKey(input('Футболка хлопок', { label: 'Одежда' }))).not.toBe(plain);
    expect(buildRankingKey(input('Футболка хлопок', { groups: ['Одежда'] }))).not.toBe(plain);
    expect(buildRankingKey(input('Футболка хлопок', { latinKinds: ['polo'] }))).not.toBe(plain);
  });

  it('reads a missing label as the empty one, as the ranking does', () => {
    expect(buildRankingKey(input('Футболка', { label: '' }))).toBe(buildRankingKey(input('Футболка', { label: undefined })));
  });

  it('never makes two different seller texts one key, whatever separators they hold', () => {
    // Joined with a separator, both would read `a|b` + `c`: the lengths before each text keep them apart.
    const groupsSplitAtBar = buildRankingKey(input('Футболка', { groups: ['a|b', 'c'] }));
    expect(buildRankingKey(input('Футболка', { groups: ['a', 'b|c'] }))).not.toBe(groupsSplitAtBar);
    // A label that spells the encoding of an empty group list and a group.
    expect(buildRankingKey(input('Футболка', { label: '0[1:x' }))).not.toBe(buildRankingKey(input('Футболка', { label: '', groups: ['x'] })));
    expect(buildRankingKey(input('Футболка', { label: '3:abc' }))).not.toBe(buildRankingKey(input('Футболка', { label: 'abc' })));
  });
});

describe('the memoised decision of names of one ranking', () => {
  const marketplace = buildClassifierIndex(buildSandboxDirectories('marketplace'));
  // The memo is kept per options object: a fresh one starts with an empty memo.
  const classifyAlone = (name: string): string | undefined => classifyProduct(marketplace, { name }, {} satisfies ClassifyOptions).doubt;

  it.each([
    ['Влажный корм д/с', 'Влажный корм д/к'],
    ['Влажный корм д/к', 'Влажный корм д/с'],
    ['Горшок Happy Day', 'Горшок Happy Baby'],
    ['Горшок Happy Baby', 'Горшок Happy Day'],
    ['Ошейник для собак 65 см', 'Ошейник для собак от блох 65 см'],
    // The purpose the best leaf's name says (`по бетону`) said outside the type: no twin for another purpose to doubt by.
    ['Сверло победитовое Bosch с твердосплавной напайкой 6х100 мм', 'Сверло победитовое / Сверло по бетону с твердосплавной напайкой 6х100 мм'],
  ])('%s then %s: each name gets its own doubt, not the first one\'s', (first, then) => {
    const options: ClassifyOptions = {};
    const doubts = [first, then].map((name) => classifyProduct(marketplace, { name }, options).doubt);
    expect(doubts).toEqual([classifyAlone(first), classifyAlone(then)]);
  });

  it('the names of each pair do differ alone (else the test above could not fail)', () => {
    expect(classifyAlone('Влажный корм д/с')).not.toBe(classifyAlone('Влажный корм д/к'));
    expect(classifyAlone('Горшок Happy Day')).not.toBe(classifyAlone('Горшок Happy Baby'));
    expect(classifyAlone('Ошейник для собак 65 см')).not.toBe(classifyAlone('Ошейник для собак от блох 65 см'));
    expect(classifyAlone('Сверло победитовое Bosch с твердосплавной напайкой 6х100 мм')).not.toBe(classifyAlone('Сверло победитовое / Сверло по бетону с твердосплавной напайкой 6х100 мм'));
  });

  it('keys the words after для and от, the vehicle and the classifier\'s facts, as the decision reads them', () => {
    const key = (name: string, facts: string[] = []): string => buildNameKey(extractProductType(name), facts);
    expect(key('Влажный корм д/с')).not.toBe(key('Влажный корм д/к'));
    expect(key('Ошейник от блох')).not.toBe(key('Ошейник от клещей'));
    expect(key('Подушка двигателя ГАЗ-53')).not.toBe(key('Подушка двигателя ГАЗ 53'));
    expect(key('Шампунь для волос', ['broader'])).not.toBe(key('Шампунь для волос', ['']));
    expect(key('Шампунь для волос', ['', 'baby'])).not.toBe(key('Шампунь для волос', ['baby', '']));
    expect(key('Шампунь для волос')).toBe(key('Шампунь для волос'));
  });

  it('gives names that differ only in what the decision does not read one key: a size, a count, a brand word', () => {
    const key = (name: string): string => buildNameKey(extractProductType(name), ['', '', '']);
    expect(key('Шампунь для волос Shauma 250 мл')).toBe(key('Шампунь для волос Head 400 мл'));
    expect(key('Ошейник от блох 65 см 2 шт')).toBe(key('Ошейник от блох 35 см'));
  });
});

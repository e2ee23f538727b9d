import { describe, expect, it } from 'vitest';
import { buildRankingKey, type RankingKeyInput } from '../../../src/assistant/classify/ranking-key.js';
import { extractProductType } from '../../../src/assistant/classify/extract-product-type.js';

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

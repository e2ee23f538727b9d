/**
 * A type whose noun names no leaf, with an adjective of a leaf's one-word name (issue 33, loop18 on probe 22's fishing list:
 * `Удилище спиннинговое` ×25 had no proposal, and its head word's question, answered with the float rods' leaf, left it out
 * by `no`): the leaf is proposed, unsure, with a doubt the review reads as naming a leaf to confirm, and the type is asked on
 * its own, never in its head word's question. Real classifier on the marketplace sandbox directory.
 */
import { describe, expect, it } from 'vitest';
import { NOUN_NAMES_NO_LEAF, proposeLeafOfAdjective } from '../../../src/assistant/classify/adjective-of-leaf-name.js';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import type { Classification } from '../../../src/assistant/classify/classifier-types.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { extractProductType } from '../../../src/assistant/classify/extract-product-type.js';
import type { ProductTypeGroup } from '../../../src/assistant/review/collect-product-types.js';
import { findProposalDoubt, readClassifierDoubt } from '../../../src/assistant/review/find-proposal-doubt.js';
import { groupTypesByHeadWord } from '../../../src/assistant/review/group-types-by-head-word.js';
import { groupTypesByLeaf } from '../../../src/assistant/review/group-types-by-leaf.js';
import { describeAdjectiveLeafGroup, isGroupHeadText } from '../../../src/assistant/review/review-workbook-layout.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const marketplace = buildClassifierIndex(buildSandboxDirectories('marketplace'));

describe('an adjective of a leaf’s name beside a noun no leaf names', () => {
  it('proposes that leaf, unsure, in either word order (`Удилище спиннинговое`, `Спиннинговое удилище` → `Спиннинги`)', () => {
    for (const name of ['Удилище спиннинговое Волжанка 2-х частн.', 'Спиннинговое удилище 2-х частн. 6 м (Maver)']) {
      const result = classifyProduct(marketplace, { name });
      expect(result).toMatchObject({ path: 'Спорт и отдых / Рыбалка и охота / Спиннинги', confident: false });
      expect(result.doubt).toMatch(new RegExp(`^${NOUN_NAMES_NO_LEAF}`));
    }
  });

  it('reads the `-ионн-` adjective of a noun in `-ция` (`Отвод канализационный` → `Канализация`)', () => {
    expect(classifyProduct(marketplace, { name: 'Отвод канализационный, серый, 2,1 м' }).path).toBe('Строительство и ремонт / Сантехника: дополнительно / Канализация');
  });

  it('is a doubt naming a leaf: no group’s one `yes` takes it', () => {
    const result = classifyProduct(marketplace, { name: 'Удилище спиннинговое Волжанка' });
    expect(readClassifierDoubt(result.doubt ?? '')?.namesAnotherLeaf).toBe(true);
  });

  it('proposes nothing where no adjective names a leaf, nor where the noun has leaves of its own (traps)', () => {
    // No leaf is `телескоп…` by one word: nothing to propose.
    expect(classifyProduct(marketplace, { name: 'Удилище телескопическое 4 м' }).leafId).toBeUndefined();
    // A noun with leaves is ranked by them, whatever its adjective says.
    const kept: Classification = { leafId: 1, path: 'A / B', confidence: 0.4, confident: false, evidence: [], alternatives: [], productType: 'чехол спиннинговый', doubt: 'x' };
    expect(proposeLeafOfAdjective(marketplace, kept, extractProductType('Чехол спиннинговый'))).toBe(kept);
    // A one-word type has no adjective beside a noun.
    const none: Classification = { ...kept, leafId: undefined, path: undefined };
    expect(proposeLeafOfAdjective(marketplace, none, extractProductType('Спиннинговое'))).toBe(none);
    // A noun cut short with a dot is a word the directory may have: batteries, not car `Аккумуляторы`.
    expect(classifyProduct(marketplace, { name: 'Аккумуляторные батар. AA Duracell' }).leafId).toBeUndefined();
    expect(extractProductType('Аккумуляторные батар. AA Duracell').headCut).toBe(true);
    // A cut adjective before a whole noun leaves the head whole (`Спиннинг. удилище`): the head is read, not cut.
    expect(extractProductType('Удилище спиннинг. Волжанка').headCut).toBeUndefined();
  });

  it('proposes nothing where the adjective\'s noun heads several leaves (traps, review18b: cordless tools asked as car batteries)', () => {
    for (const name of ['Батарея аккумуляторная для шуруповерта 18V', 'Кусторез аккумуляторный Makita', 'Ресивер компрессорный 24 л', 'Ремень генераторный 6PK1200']) {
      expect(classifyProduct(marketplace, { name }).doubt ?? '').not.toMatch(new RegExp(`^${NOUN_NAMES_NO_LEAF}`));
    }
  });
});

describe('a word the proposed leaf does not explain, the adjective of another leaf of its branch', () => {
  it('names that leaf: no harmless word to confirm, no group’s `yes` (`Труба канализационная` under pipes, beside `Канализация`)', () => {
    const result = classifyProduct(marketplace, { name: 'Труба канализационная Ani Plast 45 град. 5м серый' });
    expect(result).toMatchObject({ path: 'Строительство и ремонт / Сантехника: дополнительно / Трубы и фитинги', confident: false });
    expect(result.heldBy).toBeUndefined();
    expect(result.doubt).toContain('Сантехника: дополнительно / Канализация');
    expect(readClassifierDoubt(result.doubt ?? '')?.namesAnotherLeaf).toBe(true);
  });

  it('but not a leaf of another branch or section, nor a noun that is another leaf’s name (traps: a flavour, a kind)', () => {
    // `Фрукты` is another branch of the food section: `фруктовый` is the marmalade's flavour, held as before.
    expect(classifyProduct(marketplace, { name: 'Мармелад фруктовый Haribo 200 г' }).heldBy).toEqual(['фруктовый']);
    // A second noun says the first one's kind (`Дождевики` is a leaf, `Спальник-одеяло` a sleeping bag).
    expect(classifyProduct(marketplace, { name: 'Спальник-одеяло Tramp правый' }).heldBy).toEqual(['одеяло']);
  });
});

describe('its type in the review', () => {
  /** A review type of the classification of `name`. */
  function reviewType(name: string, rows: number): ProductTypeGroup {
    const classification = classifyProduct(marketplace, { name });
    return { type: classification.productType, rows, placedRows: 0, examples: [name], classification, firstRows: [], openRows: Array.from({ length: rows }, (_, i) => i), placedByPath: new Map() };
  }

  it('is asked on its own, not in its head word’s question with types no leaf names', () => {
    const spinning = reviewType('Удилище спиннинговое Волжанка', 16);
    const float = reviewType('Удилище поплавочное 5 м', 6);
    const telescopic = reviewType('Удилище телескопическое 4 м', 4);
    const { headGroups, singles } = groupTypesByHeadWord([spinning, float, telescopic]);
    expect(headGroups.map((group) => group.types.map((type) => type.type))).toEqual([['удилище поплавочное', 'удилище телескопическое']]);
    expect(singles).toEqual([spinning]);
    expect(findProposalDoubt(spinning)).toBeDefined();
  });

  it('is asked with the types proposed the same leaf by an adjective, whatever their head word or its place, under a header of that leaf', () => {
    const spinning = reviewType('Удилище спиннинговое Волжанка', 16);
    const ultralight = reviewType('Спиннинговое удилище ультралайт 1.8м', 1);
    const float = reviewType('Удилище поплавочное 5 м', 6);
    const sewer = reviewType('Отвод канализационный, серый', 7);
    const { headGroups, singles } = groupTypesByHeadWord([spinning, ultralight, float, sewer]);
    expect(headGroups.map((group) => group.types.map((type) => type.type))).toEqual([['удилище спиннинговое', 'спиннинговое удилище ультралайт']]);
    expect(headGroups[0]).toMatchObject({ headWord: 'Спиннинги', byAdjective: true });
    expect(singles).toEqual([float, sewer]);
    // Its row says the leaf the adjective proposes, not a word the types begin with (review18b: `вилка десертная`, `вино
    // десертное` were "2 product types beginning with "вилка"", whose note said no one leaf was proposed); answers read it back.
    const head = describeAdjectiveLeafGroup(2, 'Спиннинги');
    expect(head).not.toMatch(/beginning with/);
    expect(isGroupHeadText(head)).toBe(true);
    expect(isGroupHeadText(describeAdjectiveLeafGroup(2, 'Спиннинги').replace('an adjective calls', 'a noun calls'))).toBe(false);
  });

  it('doubts its own type’s line alone: the pipes of its head word stay lines a group’s `yes` takes', () => {
    const sewer = reviewType('Труба канализационная Ani Plast 45 град. 5м серый', 10);
    const plastic = reviewType('Труба полипропиленовая 20 мм', 12);
    const metal = reviewType('Труба металлопластиковая 16 мм', 8);
    const { leafGroups } = groupTypesByLeaf([sewer, plastic, metal]);
    const group = leafGroups.find((item) => item.types.includes(plastic));
    expect(group?.types).toEqual([sewer, plastic, metal]);
    expect([...(group?.ownAnswers?.keys() ?? [])]).toEqual([sewer]);
  });
});

/**
 * A Latin word the directory names goods by stays in the review's type key (`Кабель HDMI` is not `Кабель`), and the
 * answer for the bare type never overrides a confident pick of another leaf for the longer one (issue 33, probe 11 cause B).
 */
import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { readKnownBrands } from '../../../src/assistant/classify/known-brands.js';
import { findAnsweredType, indexAnsweredTypes } from '../../../src/assistant/review/classify-with-answers.js';
import { classifyWithAnswers } from '../eval/classify-with-answers.js';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';
import type { Category } from '../../../src/domain/index.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { compileCategoryLookup } from '../../../src/stages/derive/lookup-category.js';
import { makeMapping } from '../../helpers/builders.js';
import { buildClassifierDirectories } from '../classify/classifier-directory.js';

const branch = (id: number, rus: string): Category => ({ id, parentId: null, name: { rus, kaz: rus }, path: { rus, kaz: rus }, isLeaf: false });
const leaf = (id: number, parentId: number, rus: string, parent: string): Category => ({ id, parentId, name: { rus, kaz: rus }, path: { rus: `${parent} / ${rus}`, kaz: `${parent} / ${rus}` }, isLeaf: true });
const index = buildClassifierIndex(
  buildClassifierDirectories([
    branch(13, 'Кабели'),
    leaf(1301, 13, 'Кабели HDMI', 'Кабели'),
    leaf(1302, 13, 'Кабели и переходники', 'Кабели'),
    branch(14, 'Аудио'),
    leaf(1401, 14, 'Наушники', 'Аудио'),
    leaf(1402, 14, 'Наушники Bluetooth', 'Аудио'),
    leaf(1303, 13, 'Хабы USB', 'Кабели'),
  ]),
);
const known = readKnownBrands(index);

describe('a Latin word of the directory in the type key', () => {
  it('keeps the word the directory names goods by, wherever the name writes it', () => {
    expect(readProductTypeKey('Кабель HDMI v2.0 3м', undefined, known)).toBe('кабель hdmi');
    expect(readProductTypeKey('HDMI кабель 2.1 8K Defender 10м', undefined, known)).toBe('кабель hdmi');
    expect(readProductTypeKey('Кабель HDMI-HDMI v2.0 3м', undefined, known)).toBe('кабель hdmi');
    // A word the directory does not use is a brand or model, as before; read without the directory, no word is kept.
    expect(readProductTypeKey('Кабель Lightning Apple 1 м', undefined, known)).toBe('кабель');
    // Any word the directory names goods by says a kind (`Удлинитель USB` is no power lead): it keeps its own key.
    expect(readProductTypeKey('Хаб USB 4 порта', undefined, known)).toBe('хаб usb');
    expect(readProductTypeKey('Зарядка автомобильная 2 USB Xiaomi', undefined, known)).toBe('зарядка автомобильная usb');
    expect(readProductTypeKey('Удлинитель USB 3.0 AM-AF', undefined, known)).toBe('удлинитель usb');
    expect(readProductTypeKey('Кабель HDMI v2.0 3м')).toBe('кабель');
  });

  it('never lets an answer with a Latin word take the bare type written otherwise', () => {
    const answered = indexAnsweredTypes([['кабель hdmi', 1301]]);
    expect(findAnsweredType(answered, 'Кабель Lightning Apple 1 м', known)).toBeUndefined();
    expect(findAnsweredType(answered, 'HDMI кабель 2.1 Defender', known)?.answer).toBe(1301);
  });

  it('lets the bare type\'s answer take the longer type only where the classifier is not sure of another leaf', () => {
    const answered = indexAnsweredTypes([['наушники', 1401]]);
    expect(findAnsweredType(answered, 'Наушники Bluetooth Redmi Buds 4', known)).toEqual({ type: 'наушники', answer: 1401, shorter: true });
    expect(classifyWithAnswers(index, answered, 'Наушники Bluetooth Redmi Buds 4')).toMatchObject({ leafId: 1402, confident: true });
    // Where the classifier picks the answered leaf itself, the answer stands.
    const same = indexAnsweredTypes([['наушники', 1402]]);
    expect(classifyWithAnswers(index, same, 'Наушники Bluetooth Redmi Buds 4')).toMatchObject({ leafId: 1402, evidence: [{ matched: 'your answer' }] });
    // The seller's own key is the seller's word where the classifier reads the key itself so.
    const own = indexAnsweredTypes([['наушники bluetooth', 1401]]);
    expect(classifyWithAnswers(index, own, 'Наушники Bluetooth Redmi Buds 4')).toMatchObject({ leafId: 1401, evidence: [{ matched: 'your answer' }] });
  });

  it('lets a confident pick the type alone does not give win over the type\'s answer: the classifier saw more', () => {
    // `Наушники JBL беспроводные` reads the type `наушники` (the brand ends it), as `TWS наушники` does.
    const index = buildClassifierIndex(buildClassifierDirectories([branch(14, 'Аудио'), leaf(1401, 14, 'Наушники', 'Аудио'), leaf(1403, 14, 'Беспроводные наушники', 'Аудио')]));
    const answered = indexAnsweredTypes([['наушники', 1401]]);
    expect(classifyWithAnswers(index, answered, 'Наушники JBL беспроводные')).toMatchObject({ leafId: 1403, confident: true });
    expect(classifyWithAnswers(index, answered, 'Наушники Sony MDR')).toMatchObject({ leafId: 1401, evidence: [{ matched: 'your answer' }] });
    // Where the type alone reads as the pick, the seller answered against it on purpose: the answer stands.
    const against = indexAnsweredTypes([['беспроводные наушники', 1401]]);
    expect(classifyWithAnswers(index, against, 'Беспроводные наушники JBL Tune')).toMatchObject({ leafId: 1401, evidence: [{ matched: 'your answer' }] });
    // `lookup: category` asks the same: the mapping's answer, unless the classifier saw more.
    const directories = buildClassifierDirectories([branch(14, 'Аудио'), leaf(1401, 14, 'Наушники', 'Аудио'), leaf(1403, 14, 'Беспроводные наушники', 'Аудио')]);
    const lookup = compileCategoryLookup(makeMapping((m) => (m.categories = { наушники: 1401 })), createDirectoryIndex(directories));
    expect(lookup.kind === 'lookup' ? lookup.apply('Наушники JBL беспроводные') : undefined).toBe('Аудио / Беспроводные наушники');
    expect(lookup.kind === 'lookup' ? lookup.apply('Наушники Sony MDR') : undefined).toBe('наушники');
  });
});

/**
 * The seller's answers first, then the classifier (issue 33, item 4). A key of the mapping's
 * `categories:` answers a name when it is the name's own product type (`readProductTypeKey`), so
 * `аккумулятор` answered for `Аккумулятор AA GP` never takes `Аккумулятор автомобильный` or
 * `Внешний аккумулятор`; failing that, a key that is the head phrase where the name states its type
 * and goes on from it, as whole words (a hand-written `Лапша б/п` answers `Лапша б/п Роллтон`), the
 * longest first. A key found elsewhere in a name answers nothing. The name's own type written
 * otherwise answers too: the same words in another form or order, or cut short with a dot (`Свеча
 * аромат.` is the answered `свеча ароматическая`, `Автомобильный аккумулятор обратная полярность`
 * the answered `аккумулятор автомобильный обратная полярность`): one word more or less is another
 * type, and a name two answers could take takes neither. This is the one finder of answers:
 * `lookup: category` and `mapping review` both use it.
 */
import type { Classification, ClassifierIndex, ClassifyOptions } from '../classify/classifier-types.js';
import { classifyProduct } from '../classify/classify-product.js';
import { splitWords } from '../../stages/derive/find-words-in-text.js';
import type { KnownBrands } from '../classify/known-brands.js';
import { stemForIndex } from '../classify/stem-for-index.js';
import { findTwinNamedOutsideType } from '../classify/twin-leaf-words.js';
import { foldKazakhLetters } from '../transliterate.js';
import { readProductTypeParts, type ProductTypeParts } from './read-product-type-key.js';

const LATIN_WORD = /^[a-z]{2,}$/u;
// A key longer than this opens no name: keys are product types, a few words.
const MAX_KEY_WORDS = 8;

/** The key a phrase is compared under: its words normalised (`splitWords`) and run together, so `Дрель-шуруповёрт` and `дрель шуруповерт` meet. */
function readAnswerKey(phrase: string): string {
  return splitWords(phrase).join('');
}

/** Keys the pairs by `readAnswerKey`; an earlier pair wins a key. */
export function indexAnsweredTypes<T>(pairs: Iterable<readonly [string, T]>): Map<string, T> {
  const index = new Map<string, T>();
  const written = new Map<string, WrittenType<unknown>[]>();
  for (const [type, value] of pairs) {
    const key = readAnswerKey(type);
    if (key.length < 2 || index.has(key)) continue;
    index.set(key, value);
    noteWrittenOtherwise(written, type, value);
  }
  writtenOtherwise.set(index, written);
  return index;
}

/** An answered type by its words' keys (`readWordKeys`), for names that write the same type otherwise. */
interface WrittenType<T> {
  type: string;
  headKeys: string[][];
  tailKeys: string[][];
  value: T;
}

/**
 * The keys a word of a type meets another word by: its stem, and, for a word with Kazakh letters, the stem of it with those
 * letters folded. A name typed on a Russian keyboard writes `айнек тазалагыш` for `әйнек тазалағыш`, `ети` for `еті`: the
 * Kazakh word's own stem reads Kazakh endings that the typed one, read as Russian, keeps or cuts otherwise, so the folded
 * word read as the typed one is read meets it. A word without Kazakh letters has its stem alone.
 */
function readWordKeys(word: string): string[] {
  const stem = stemForIndex(word);
  const folded = foldKazakhLetters(word);
  if (folded === word) return [stem];
  const typed = stemForIndex(folded);
  return typed === stem ? [stem] : [stem, typed];
}

function shareKey(a: readonly string[], b: readonly string[]): boolean {
  return a.some((key) => b.includes(key));
}

// The answered types of an index of `indexAnsweredTypes`, by each stem of their head words.
const writtenOtherwise = new WeakMap<ReadonlyMap<string, unknown>, Map<string, WrittenType<unknown>[]>>();

function noteWrittenOtherwise<T>(written: Map<string, WrittenType<unknown>[]>, type: string, value: T): void {
  const parts = readProductTypeParts(type);
  if (parts.head.length === 0) return;
  // `кабель hdmi`: the Latin words a key holds beside its type are words of it, as `readProductTypeParts` keeps them with the directory.
  const kept = new Set([...parts.head, ...parts.tail]);
  const named = splitWords(type).filter((word) => LATIN_WORD.test(word) && !kept.has(word));
  const entry: WrittenType<unknown> = { type: parts.key, headKeys: [...parts.head, ...named].map(readWordKeys), tailKeys: parts.tail.map(readWordKeys), value };
  for (const key of new Set(entry.headKeys.flat())) written.set(key, [...(written.get(key) ?? []), entry]);
}

/** The one answered type the name's type is written otherwise of (see the file comment), or undefined. */
function findWrittenOtherwise<T>(answered: ReadonlyMap<string, T>, parts: ProductTypeParts): { type: string; answer: T } | undefined {
  const found = findTypesWrittenOtherwise(answered, parts);
  const [first] = found;
  if (first === undefined || found.some((item) => item.answer !== first.answer)) return undefined;
  return first;
}

/** Every type of an index of `indexAnsweredTypes` the parts' type is written otherwise of (the type itself included when it is there). */
export function findTypesWrittenOtherwise<T>(answered: ReadonlyMap<string, T>, parts: ProductTypeParts): { type: string; answer: T }[] {
  const written = writtenOtherwise.get(answered);
  const cut = new Set(parts.cut);
  // The head noun is never cut: a whole word of the head finds the candidates.
  const whole = parts.head.find((word) => !cut.has(word));
  if (written === undefined || whole === undefined) return [];
  const tailKeys = parts.tail.map(readWordKeys);
  const head = [...parts.head, ...parts.named];
  const candidates = new Set(readWordKeys(whole).flatMap((key) => written.get(key) ?? []));
  const found: { type: string; answer: T }[] = [];
  for (const entry of candidates) {
    if (entry.headKeys.length !== head.length || !sameWords(entry.tailKeys, tailKeys) || !matchHeadWords(head, cut, entry.headKeys)) continue;
    found.push({ type: entry.type, answer: entry.value as T });
  }
  return found;
}

function sameWords(a: readonly (readonly string[])[], b: readonly (readonly string[])[]): boolean {
  return a.length === b.length && a.every((keys, i) => shareKey(keys, b[i] ?? []));
}

/** Each head word meets its own word of the answered head, in any order: by a key, or a cut word as the start of one. */
function matchHeadWords(head: readonly string[], cut: ReadonlySet<string>, words: readonly (readonly string[])[]): boolean {
  const used = new Array<boolean>(words.length).fill(false);
  return head.every((word) => {
    const keys = readWordKeys(word);
    const at = words.findIndex((other, i) => !used[i] && (shareKey(other, keys) || (cut.has(word) && other.some((key) => key.startsWith(word)))));
    if (at < 0) return false;
    used[at] = true;
    return true;
  });
}

/**
 * The answer of a name (see the file comment), with the key it was found under, or undefined; `knownBrands` as the classifier reads the name.
 * `shorter`: the answer is the bare type's (`кабель` of `Кабель HDMI`), given for goods the name's Latin words may tell apart.
 */
export function findAnsweredType<T>(answered: ReadonlyMap<string, T>, name: string, knownBrands?: KnownBrands): { type: string; answer: T; shorter?: true } | undefined {
  if (answered.size === 0) return undefined;
  const parts = readProductTypeParts(name, undefined, knownBrands);
  return findAnswerOfParts(answered, name, parts) ?? findFormerAnswer(answered, parts);
}

function findAnswerOfParts<T>(answered: ReadonlyMap<string, T>, name: string, parts: ProductTypeParts): { type: string; answer: T; shorter?: true } | undefined {
  const whole = findOwnAnswer(answered, parts);
  if (whole !== undefined || parts.bare === undefined) return whole ?? findLongerAnswer(answered, name, parts.key);
  // The seller's answer for the bare type still answers the name, as the bare type's.
  const bare = findOwnAnswer(answered, { ...parts, key: parts.bare, named: [] });
  return bare === undefined ? findLongerAnswer(answered, name, parts.bare) : { ...bare, shorter: true };
}

/**
 * The answer a mapping reviewed before holds under the type's former key (`сапоги пвх мбс р`, `ProductTypeParts.former`): a
 * renamed key must not drop the seller's answer on upgrade. Only that key, or it written otherwise (`раб.` cut short): a split of kinds (`коляска 2 в 1`) is no rename.
 */
function findFormerAnswer<T>(answered: ReadonlyMap<string, T>, parts: ProductTypeParts): { type: string; answer: T } | undefined {
  const { former, bare: _bare, ...rest } = parts;
  return former === undefined ? undefined : findOwnAnswer(answered, { ...rest, ...former });
}

/** The answer of the name's own type, or of that type written otherwise. */
function findOwnAnswer<T>(answered: ReadonlyMap<string, T>, parts: ProductTypeParts): { type: string; answer: T } | undefined {
  const type = parts.key;
  const typeKey = readAnswerKey(type);
  if (typeKey === '') return undefined;
  const own = answered.get(typeKey);
  if (own !== undefined) return { type, answer: own };
  return findWrittenOtherwise(answered, parts);
}

/** A longer key that goes on from the name's type where the name states it (see below). */
function findLongerAnswer<T>(answered: ReadonlyMap<string, T>, name: string, type: string): { type: string; answer: T } | undefined {
  const typeKey = readAnswerKey(type);
  if (typeKey === '') return undefined;
  // Where the name states its type, a longer key that goes on from it (`Лапша б/п` of `Лапша б/п Роллтон`) answers it;
  // a shorter one (`аккумулятор` of `Аккумулятор автомобильный`) does not: it was the answer for another type.
  const words = splitWords(name);
  for (let start = 0; start < words.length; start += 1) {
    let end = start;
    let joined = '';
    while (end < words.length && joined.length < typeKey.length) joined += words[end++] ?? '';
    if (joined !== typeKey) continue;
    for (let stop = Math.min(words.length, start + MAX_KEY_WORDS); stop > end; stop -= 1) {
      const found = answered.get(words.slice(start, stop).join(''));
      if (found !== undefined) return { type: words.slice(start, stop).join(' '), answer: found };
    }
    break;
  }
  return undefined;
}

/**
 * Whether the name says, outside the answered type, the word of a twin of an answered leaf (`twin-leaf-words.ts`: `Чай Шах
 * гран.` under `чай` answered `Чай чёрный`): the name is then read as if no answer reached it. `lookup: category` and the
 * review's answered types ask it too.
 */
export function saysTwinOfAnswer(index: ClassifierIndex, leafIds: number | readonly number[], name: string, type: string): boolean {
  const ids = typeof leafIds === 'number' ? [leafIds] : leafIds;
  return ids.some((leafId) => findTwinNamedOutsideType(index, leafId, name, type) !== undefined);
}

/**
 * The classifier's confident pick of the name where it wins over the answer found for it (`isAnswerLeaf` tells the answer's leaf),
 * else undefined. The answer is for the type (`наушники`): a confident pick of another leaf for the whole name (`Наушники JBL
 * беспроводные` → `Беспроводные наушники`) that the type alone does not give was made by words the answer was not given for, and
 * wins; so does one where the answer is the bare type's (`кабель` of `Кабель HDMI`). Where the type alone reads as that pick, the
 * seller answered against it on purpose. A pick made only by what the goods come with (`с бачком` of `Унитаз Сантек с бачком` →
 * `Бачки унитаза`, under the answer `унитаз` → `Унитазы`) never wins: the name without that phrase no longer reads as it, and the
 * goods are still the type's. The row's groups (`groupPath`, their levels, `readGroupLevels`) are read with the name: they too are
 * what the answer was not given for, so a row its group places confidently elsewhere keeps that leaf (the type is asked for the rows
 * left unsure, `mapping review`). `lookup: category` asks it (and the review loop's yardstick, `test/assistant/eval/classify-with-answers.ts`).
 */
export function findPickOverAnswer(index: ClassifierIndex, found: { type: string; shorter?: true }, name: string, isAnswerLeaf: (leafId: number) => boolean, options?: ClassifyOptions, groupPath?: readonly string[]): Classification | undefined {
  const own = classifyProduct(index, groupPath === undefined || groupPath.length === 0 ? { name } : { name, groupPath }, options);
  if (!own.confident || own.leafId === undefined || isAnswerLeaf(own.leafId)) return undefined;
  if (isMadeByComposition(index, name, own, options)) return undefined;
  if (found.shorter === true) return own;
  const alone = classifyTypeAlone(index, found.type, options);
  return alone.confident && alone.leafId === own.leafId ? undefined : own;
}

// `с`/`со` after a word: what the goods come with (`Унитаз Сантек с бачком`), up to the end of the name.
const COMPOSITION = /(?<=\S\s+)(?:с|со)\s.*$/iu;
const NAMES_COMPOSITION = /(?:^|\s)(?:с|со)\s/iu;

/**
 * Whether a confident pick was made only by a phrase of what the goods come with: the name without it (`Унитаз Сантек`) no longer
 * reads confidently as the pick. A leaf whose own name says what its goods come with (`Кроватки с маятником`) is named by it, so
 * its picks stand.
 */
function isMadeByComposition(index: ClassifierIndex, name: string, own: Classification, options?: ClassifyOptions): boolean {
  const rest = name.replace(COMPOSITION, '').trim();
  if (rest === name.trim() || rest === '') return false;
  const leafName = own.path?.split(' / ').at(-1) ?? '';
  if (NAMES_COMPOSITION.test(leafName)) return false;
  const without = classifyProduct(index, { name: rest }, options);
  return !(without.confident && without.leafId === own.leafId);
}

// The classification of an answered type by itself, per index and options: one per type, not one per row.
const typesAlone = new WeakMap<object, Map<string, Classification>>();

function classifyTypeAlone(index: ClassifierIndex, type: string, options?: ClassifyOptions): Classification {
  const owner: object = options ?? index;
  let known = typesAlone.get(owner);
  if (known === undefined) typesAlone.set(owner, (known = new Map()));
  let found = known.get(type);
  if (found === undefined) known.set(type, (found = classifyProduct(index, { name: type }, options)));
  return found;
}


import { ADJECTIVE } from '../read-label-kinds.js';
import { isCompoundOf, isKazakhNameOrSingular, isPrefixedWord, isSameWordStem, sharesStem } from '../read-word-forms.js';
import { stemWord } from '../stem-word.js';
import { CONTAINED_SCORE, FORM_SCORE, LOOSE_CAP, NAMED_INSIDE_BASE, PART_FACTOR, UNNAMED_WORD } from './label-scores.js';
import type { ParsedLabel } from './parse-label.js';
import type { PreparedLeaf, Variant } from './prepare-leaf.js';

/** What the directory says about the words of a label beyond a leaf's name. */
export interface LeafRelations {
  isRelatedElsewhere: (word: string, leaf: PreparedLeaf, matched: readonly string[]) => boolean;
  onlyQualifies: (head: readonly string[], complement: readonly string[], leaf: PreparedLeaf, similarity: (a: string, b: string) => number) => boolean;
  /** Whether a word (normalised) is a word of a leaf's name, in either language, as it is written. */
  isNameWord: (word: string) => boolean;
}

/** How the label's words meet a leaf's names: the best of its names, and what kind of match that is (`Scored`). */
export function scoreByName(
  label: ParsedLabel,
  leaf: PreparedLeaf,
  similarity: (a: string, b: string) => number,
  relations: LeafRelations,
): { score: number; exact: boolean; contained: boolean; compound: boolean; formExact: boolean; typo: boolean; partial: boolean; kindNamed: boolean; joined: boolean; namesPart: boolean } {
  let best = { score: 0, exact: false, contained: false, compound: false, formExact: false, typo: false, partial: false, kindNamed: false, joined: false };
  // Whether the leaf names a word of the label and never some other word of it: a likeness of the whole is no match then.
  let namesSome = false;
  let namesAll = false;
  let beginsOnly = false;
  let kazakhLikeness = false;
  let namedOtherwise = false;
  const q = label.words;
  const labelKazakh = label.kazakh;
  if (q.length === 0) return { ...best, namesPart: false };
  const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);
  for (const variant of leaf.variants) {
    const v = variant.words;
    if (v.length === 0) continue;
    // Each pair once, both directions read from it (this runs for every leaf of every label's shortlist).
    const queryBest = new Array<number>(q.length).fill(0);
    const variantBest = new Array<number>(v.length).fill(0);
    for (let i = 0; i < q.length; i++) {
      for (let j = 0; j < v.length; j++) {
        const value = similarity(q[i] ?? '', v[j] ?? '');
        if (value > (queryBest[i] ?? 0)) queryBest[i] = value;
        if (value > (variantBest[j] ?? 0)) variantBest[j] = value;
      }
    }
    const throughCompound = explainCompounds(q, v, queryBest, variantBest);
    const queryCover = sum(queryBest) / q.length;
    const variantCover = sum(variantBest) / v.length;
    const symmetric = (sum(queryBest) + sum(variantBest)) / (q.length + v.length);
    const covered = (word: string): boolean => (queryBest[q.indexOf(word)] ?? 0) >= 0.9;
    namesSome ||= queryBest.some((value) => value >= 0.95);
    namesAll ||= queryBest.every((value) => value >= UNNAMED_WORD);
    // `Уголь` is the beginning of `Угольники`, `Смеси` of `Смесители`: a whole word is no abbreviation of a longer one, nor
    // `школьников` of `дошкольников`, a prefixed word.
    // Only in Russian: a Kazakh word grows by its endings (`күрте`, `күртелер`).
    // Nor is a word the directory writes as it is the base of a longer one's diminutive (`Шаш`, hair in `Шаш кептіргіштер`, of `Шашки`).
    beginsOnly ||= variant.language === 'rus' && q.some((word, i) => (queryBest[i] ?? 0) < FORM_SCORE && !label.abbreviated.has(word) && v.some((other) => isPrefixedWord(word, other) || (other !== word && other.startsWith(word) && (relations.isNameWord(word) || !isSameWordStem(word, other)))));
    // Words on each side the other does not hold (`Для собак` against `Витамины и добавки для собак`, `Сухофрукты и
    // орехи` against `Сухофрукты`): a likeness, never a name match, so a question at best.
    let score = Math.min(symmetric, LOOSE_CAP);
    let exact = false;
    let contained = false;
    let compound = false;
    let formExact = false;
    let typo = false;
    let partial = false;
    let kindNamed = false;
    if (queryCover >= 0.9 && variantCover >= 0.9) {
      exact = variant.full && q.length === v.length && queryBest.every((value) => value === 1) && variantBest.every((value) => value === 1);
      formExact = queryBest.every((value) => value >= FORM_SCORE) && variantBest.every((value) => value >= FORM_SCORE);
      typo = !formExact;
      score = exact ? 1 : symmetric * (variant.full ? 1 : PART_FACTOR);
    } else if (holdsKindAmongMore(label, variant, similarity)) {
      // Every word of the label is in what this leaf is (`Наушники` in `Беспроводные наушники`, `Чайники` in `Электрочайники`): a rival of the exact name.
      // Read on the words that can name a kind: `Свечи зажигания` is as much a rival of `Свечи NGK` as of a bare `Свечи`.
      score = CONTAINED_SCORE * (variant.full ? 1 : PART_FACTOR);
      contained = true;
      compound = !label.kind.every((word) => variant.head.some((other) => similarity(word, other) >= 0.95));
    } else if (variantCover >= 0.9 && label.head.some(covered) && isNamedInside(label, leaf, variant, covered, similarity, relations)) {
      score = Math.max(symmetric, NAMED_INSIDE_BASE + 0.05 * queryCover);
      partial = true;
      kindNamed = label.kind.length < q.length && variantBest.every((value) => value >= FORM_SCORE) && q.every((word, i) => !label.kind.includes(word) || (queryBest[i] ?? 0) >= FORM_SCORE);
      // Ranked as the bare head's name is, above the leaves holding it among more (its rivals, as they are the bare head's).
      if (kindNamed) score = Math.max(score, FORM_SCORE);
    }
    // `Тара` is no form of the Kazakh `Тары` (millet): Russian word forms say nothing of a Kazakh name. A label written
    // without a Kazakh letter that comes near a leaf only through its Kazakh name, and not as that very name or its
    // singular by Kazakh rules (`Шатыр` of `Шатырлар`, a word with no letter only Kazakh has), asks.
    if (variant.language === 'kaz' && !exact && !labelKazakh && !isKazakhNameOrSingular(q, v)) {
      kazakhLikeness ||= score >= LOOSE_CAP;
      score = Math.min(score, LOOSE_CAP);
      formExact = false;
      partial = false;
      kindNamed = false;
    } else if (score >= LOOSE_CAP) {
      namedOtherwise = true;
    }
    // A real name match beats holding the label's words among more (`Футболкалар` over `Футболкалар мен поло`).
    const weight = (candidate: { score: number; contained: boolean }): number => candidate.score - (candidate.contained ? 0.05 : 0);
    if (weight({ score, contained }) > weight(best) || (score === best.score && exact)) best = { score, exact, contained, compound, formExact, typo, partial, kindNamed, joined: formExact && throughCompound };
  }
  return { ...best, namesPart: (namesSome && !namesAll) || beginsOnly || (kazakhLikeness && !namedOtherwise) };
}

/**
 * Whether the leaf's whole name (`variant`, whose words `covered` tells) stands inside a longer label and no extra word of
 * the label says more than the leaf.
 */
function isNamedInside(label: ParsedLabel, leaf: PreparedLeaf, variant: Variant, covered: (word: string) => boolean, similarity: (a: string, b: string) => number, relations: LeafRelations): boolean {
  const q = label.words;
  // The leaf's whole name inside a longer label (`Монитор 27 дюймов`), unless an extra word says more than the leaf:
  // a use the leaf does not name (`Краска для стен`), or a word of another leaf (`Машинки на радиоуправлении`).
  // Only words after the name refine it (`Ноутбуки игровые`); a word before it may make another thing (`Роликовые коньки`).
  // A word the type reader drops (`NGK`, `1 л`) neither adds to nor takes from the name; a neutral word (`теплый` of `Теплый
  // пол`) is still weighed against the other leaves' words.
  const extras = q.filter((word) => !covered(word) && !label.dropped.includes(word));
  const lastCovered = Math.max(...q.map((word, i) => (covered(word) ? i : -1)));
  const leading = q.some((word, i) => !covered(word) && i < lastCovered && !label.dropped.includes(word) && !/\d|^[a-z]+$/.test(word));
  // A use the leaf does not name (`Краска для стен` against `Краски`); one it names may come with more words (`Крем для лица увлажняющий`).
  const namesUse = variant.words.length > variant.head.length;
  const inPath = (word: string): boolean => leaf.pathWords.some((other) => similarity(word, other) >= 0.9 || sharesStem(word, other));
  const complement = extras.filter((word) => !label.head.includes(word));
  const complementExtra = !namesUse && complement.some((word) => !inPath(word)) && !(label.head.every(covered) && relations.onlyQualifies(label.head, complement, leaf, similarity));
  const matched = q.filter(covered);
  // A name that names no use is met by the label's head alone: `сухих` of `Шампуни для сухих волос` says which hair, and
  // `Сухие шампуни` (dry shampoo) are no name inside that label.
  const metInUse = !namesUse && variant.words.some((word) => !label.head.some((own) => similarity(own, word) >= UNNAMED_WORD));
  return !leading && !complementExtra && !metInUse && !extras.some((word) => relations.isRelatedElsewhere(word, leaf, matched));
}

/**
 * Whether every word of the label is in what the leaf is (its head), the leaf saying more. With a
 * brand, size or neutral word left out (`label.kind`), the leaf must still hold a word beyond the
 * kind words: `Свечи` itself is no leaf holding `Свечи NGK` among more.
 */
function holdsKindAmongMore(label: ParsedLabel, variant: Variant, similarity: (a: string, b: string) => number): boolean {
  const inHead = (word: string): boolean => variant.head.some((other) => similarity(word, other) >= 0.95 || isCompoundOf(other, word));
  if (label.words.every(inHead)) return true;
  const kind = label.kind;
  return kind.length > 0 && kind.length < label.words.length && kind.every(inHead) && variant.words.some((other) => !kind.some((word) => similarity(word, other) >= 0.95));
}

/**
 * A compound word of a leaf's name explains two words of the label: its end is one of them and its
 * beginning begins another (`электрочайники` for `чайник электрический`, `автошампуни` for
 * `шампунь автомобильный`, `велотренажеры` for `тренажер велосипедный`). Both are then read as
 * forms of the compound's parts.
 */
function explainCompounds(labelWords: readonly string[], nameWords: readonly string[], labelBest: number[], nameBest: number[]): boolean {
  let explained = false;
  for (let j = 0; j < nameWords.length; j++) {
    const compound = nameWords[j] ?? '';
    if ((nameBest[j] ?? 0) >= FORM_SCORE) continue;
    for (let i = 0; i < labelWords.length; i++) {
      const end = labelWords[i] ?? '';
      if (!isCompoundOf(compound, end)) continue;
      const prefix = compound.slice(0, compound.indexOf(stemWord(end)));
      // `электро` in `электрический`, `авто` in `автомобильный`, `вело` in `велосипедный` (never `вел` in `велюровые`): the
      // adjective made of the compound's beginning, or that beginning alone (`авто`). A noun it begins is a compound of its
      // own, another thing: `камеры видеонаблюдения` (surveillance) are no `видеокамеры` (camcorders).
      const begins = (word: string): boolean =>
        (ADJECTIVE.test(word) || word.length <= prefix.length + 1) && (word.startsWith(prefix) || (prefix.endsWith('о') && prefix.length >= 6 && word.startsWith(prefix.slice(0, -1))));
      const other = labelWords.findIndex((word, k) => k !== i && prefix.length >= 4 && begins(word));
      if (other < 0) continue;
      labelBest[i] = Math.max(labelBest[i] ?? 0, FORM_SCORE);
      labelBest[other] = Math.max(labelBest[other] ?? 0, FORM_SCORE);
      nameBest[j] = FORM_SCORE;
      explained = true;
    }
  }
  return explained;
}

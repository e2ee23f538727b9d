/**
 * The classifier's index of one category directory, built once: every leaf's Russian and Kazakh
 * names (and the parts of an `и` list) tokenized and stemmed, split into what the leaf is (the head)
 * and what it is for, with the stems of its path; and head stem → leaves, so that a product type
 * is compared with the few leaves that share one of its stems, never with the whole directory.
 */
import { createHash } from 'node:crypto';
import type { Directories } from '../../domain/index.js';
import { buildCategoryPath, createDirectoryIndex, type DirectoryIndex } from '../../mapping/directory-index.js';
import { collectDemographic, findDemographicMark } from '../demographic-words.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import { isCatchAllName } from './catch-all-words.js';
import { readTopSection } from './file-sections.js';
import { collectDirectoryAbbreviations, collectKnownBrandNames } from './known-brands.js';
import { collectPositionSections } from './position-words.js';
import type { ClassifierIndex, IndexedLeaf, IndexedName } from './classifier-types.js';
import { readSharedPurpose, splitListName, splitNamePhrase } from './split-name-phrase.js';
import { isUnlistedSingularOfYaPlural, readKindLetter, stemForIndex, stemNameWordsInOrder } from './stem-for-index.js';
import { isCyrillicWord } from './is-cyrillic-word.js';

/** Version of the index's format and rules: a cached index of another version is built again. */
export const CLASSIFIER_INDEX_VERSION = 29;
// A compound's first part and last part (`электро` + `чайник`, `вело` + `тренажер`) have at least these many letters.
const MIN_COMPOUND_START = 3;
const MIN_COMPOUND_END = 5;

// Prepositions and links of path levels (`Аксессуары для авто`): no word of what the branch holds.
const NAME_LINKS = new Set(['и', 'для', 'в', 'на', 'с', 'из', 'по', 'к', 'без', 'мен', 'және', 'арналған', 'and', 'for', 'of']);

/** Builds the index of the directory's leaf categories (`index`, when the caller has it, saves building it again). */
export function buildClassifierIndex(directories: Directories, index: DirectoryIndex = createDirectoryIndex(directories)): ClassifierIndex {
  const leaves: IndexedLeaf[] = [];
  const byHeadStem: Record<string, number[]> = Object.create(null) as Record<string, number[]>;
  const byCompoundEnd: Record<string, number[]> = Object.create(null) as Record<string, number[]>;
  // Path levels repeat across siblings: each text is tokenized once.
  const tokenized = new Map<string, string[]>();
  const tokenize = (text: string): string[] => {
    let tokens = tokenized.get(text);
    if (tokens === undefined) tokenized.set(text, (tokens = tokenizeForMatch(text)));
    return tokens;
  };
  for (const category of directories.categories) {
    if (index.nonLeafIds.has(category.id)) continue;
    const path = buildCategoryPath(category, index.categoryById);
    const pathKaz = category.path?.kaz ?? '';
    const rusWords = tokenize(category.name.rus);
    const kazTokenize = (text: string): string[] => tokenize(text).filter((word) => !isUnlistedSingularOfYaPlural(word, rusWords));
    const names = indexNames(category.name.rus, 'rus', tokenize).concat(indexNames(category.name.kaz, 'kaz', kazTokenize));
    const ancestors = [...path.split(' / ').slice(0, -1), ...(pathKaz === '' ? [] : pathKaz.split(' / ').slice(0, -1))];
    const ancestorTokens = ancestors.flatMap(tokenize);
    const position = leaves.length;
    leaves.push({
      id: category.id,
      path,
      pathKaz,
      names,
      ancestorStems: [...new Set(stemNameWordsInOrder(ancestorTokens).filter((_, at) => (ancestorTokens[at]?.length ?? 0) > 1 && !NAME_LINKS.has(ancestorTokens[at] ?? '')))],
      demographic: collectDemographic([...ancestorTokens, ...tokenize(category.name.rus), ...tokenize(category.name.kaz)]),
      nameDemographic: collectDemographic([...tokenize(category.name.rus), ...tokenize(category.name.kaz)]),
      catchAll: isCatchAllName(category.name.rus),
    });
    const heads = new Set(names.flatMap((name) => name.head));
    for (const stem of heads) (byHeadStem[stem] ??= []).push(position);
    const ends = new Set<string>();
    for (const stem of heads) for (let at = MIN_COMPOUND_START; stem.length - at >= MIN_COMPOUND_END; at++) ends.add(stem.slice(at));
    for (const end of ends) if (!heads.has(end)) (byCompoundEnd[end] ??= []).push(position);
  }
  // A brand word that is any word of a leaf's name or path stays a word: the brand list never hides what a name says.
  const leafWords = new Set(leaves.flatMap((leaf) => [...leaf.ancestorStems, ...leaf.names.flatMap((name) => [...name.head, ...name.purpose])]));
  const brands = collectKnownBrandNames(directories.brands, (stem) => leafWords.has(stem) || Object.hasOwn(byCompoundEnd, stem));
  const brandNames = [...new Set(directories.brands.map((brand) => tokenizeForMatch(brand.name).join(' ')).filter((name) => name !== ''))].sort();
  return {
    version: CLASSIFIER_INDEX_VERSION,
    directoryHash: hashCategories(directories),
    leaves,
    byHeadStem,
    byCompoundEnd,
    brands,
    brandNames,
    propertyWords: collectPropertyWords(directories, index),
    sizedLeafIds: collectSizedLeafIds(directories, index),
    positionSections: collectPositionSections(leaves.map((leaf) => ({ section: readTopSection(leaf.path), names: leaf.names.map((name) => name.text) }))),
    abbreviations: collectDirectoryAbbreviations(leaves),
    wholeWords: collectWholeWords(directories, tokenize),
  };
}

/** Every Cyrillic word of three letters or more of the leaves' and branches' names, Russian and Kazakh, normalised and sorted: what a cut word may open (`expand-cut-words.ts`). */
function collectWholeWords(directories: Directories, tokenize: (text: string) => string[]): string[] {
  const words = new Set<string>();
  for (const category of directories.categories) for (const word of [...tokenize(category.name.rus), ...tokenize(category.name.kaz)]) if (word.length >= 3 && isCyrillicWord(word)) words.add(word);
  return [...words].sort();
}

/** Per dictionary attribute linked to a leaf, its one-word values (normalised) and the leaves it is linked to. */
function collectPropertyWords(directories: Directories, index: DirectoryIndex): ClassifierIndex['propertyWords'] {
  const words = new Map<string, Set<string>>();
  for (const value of directories.values) {
    const tokens = tokenizeForMatch(value.name.rus);
    if (tokens.length === 1 && tokens[0] !== undefined) words.set(value.attributeCode, (words.get(value.attributeCode) ?? new Set<string>()).add(tokens[0]));
  }
  return directories.attributes.flatMap((attribute) => {
    const leafIds = attribute.categories.map((link) => link.categoryId).filter((id) => index.categoryById.has(id) && !index.nonLeafIds.has(id));
    const values = words.get(attribute.code);
    return attribute.type === 'dictionary' && values !== undefined && leafIds.length > 0 ? [{ words: [...values].sort(), leafIds: [...new Set(leafIds)].sort((a, b) => a - b) }] : [];
  });
}

// The directory's attributes of a size (`Типоразмер`, `Размер одежды`, `Размер детской одежды (рост)`, `Размер обуви`): goods
// linked to one come in sizes, so a range beside them (`Хомут 170-190`, `Спортивная форма 170-176`) is a size, no part number.
const SIZE_ATTRIBUTES: ReadonlySet<string> = new Set(['size_text', 'size_clothing', 'size_kids_clothing', 'size_shoes']);

/** The leaves the directory links a size attribute to, sorted. */
function collectSizedLeafIds(directories: Directories, index: DirectoryIndex): number[] {
  const links = directories.attributes.filter((attribute) => SIZE_ATTRIBUTES.has(attribute.code)).flatMap((attribute) => attribute.categories);
  return [...new Set(links.map((link) => link.categoryId).filter((id) => index.categoryById.has(id) && !index.nonLeafIds.has(id)))].sort((a, b) => a - b);
}

/**
 * sha256 of what the index reads of the directory (the categories, the brands' names, the dictionary attributes' links and
 * their values' names), with the index version: a new directory, a new key.
 */
export function hashCategories(directories: Directories): string {
  const rows = [...directories.categories]
    .sort((a, b) => a.id - b.id)
    .map((c) => [c.id, c.parentId, c.isLeaf, c.name.rus, c.name.kaz, c.path?.rus ?? '', c.path?.kaz ?? '']);
  const brands = directories.brands.map((brand) => brand.name).sort();
  const links = directories.attributes.map((attribute) => `${attribute.code}:${attribute.type}:${attribute.categories.map((link) => link.categoryId).join(',')}`).sort();
  const values = directories.values.map((value) => `${value.attributeCode}:${value.name.rus}`).sort();
  return createHash('sha256').update(`classifier/v${CLASSIFIER_INDEX_VERSION}\n${JSON.stringify(rows)}\n${JSON.stringify(brands)}\n${JSON.stringify(links)}\n${JSON.stringify(values)}`).digest('hex');
}

function indexNames(name: string, language: 'rus' | 'kaz', tokenize: (text: string) => string[]): IndexedName[] {
  if (name.trim() === '') return [];
  const names = [indexName(name, language, true, tokenize)];
  const parts = readListParts(name);
  // `Лампы и обогрев для рептилий`: the purpose after the last part is the whole list's (the lamps are for reptiles too).
  const sharedWords = readSharedPurpose(parts, language, tokenize);
  if (sharedWords !== undefined) {
    const shared = stemNameWords(sharedWords);
    for (const part of parts) {
      const indexed = indexName(part, language, false, tokenize);
      names.push(indexed.purpose.length === 0 ? { ...indexed, purpose: shared } : indexed);
    }
  }
  return names.filter((entry) => entry.head.length > 0);
}

/** The index stems of a name's words, a word of one letter and one saying whom it is for left out. */
function stemNameWords(words: readonly string[]): string[] {
  return [...new Set(words.filter((word) => word.length > 1 && findDemographicMark(word) === undefined).map(stemForIndex))];
}

function indexName(text: string, language: 'rus' | 'kaz', full: boolean, tokenize: (text: string) => string[]): IndexedName {
  const { head, purpose } = splitNamePhrase(tokenize(text), language, true);
  const stems = stemNameWords;
  // `Витамин C` beside `Витамин D`: a letter after the head noun is what tells the two leaves apart.
  const letters = head.flatMap((word, at) => {
    const letter = at === 0 || isPrepositionAt(head, at) ? undefined : readKindLetter(word);
    return letter === undefined ? [] : [letter];
  });
  const words = head.filter((word, at) => at === 0 || readKindLetter(word) === undefined);
  // `Коляски 2 в 1`, `Кофе 3 в 1`: a digit of the head says a kind the bare noun is not; it stays a word a product must say.
  const digits = head.filter((word, at) => at > 0 && /^\d$/u.test(word));
  return { text, language, head: [...new Set([...stems(words), ...letters, ...digits])], purpose: stems(purpose), full };
}

// One-letter prepositions and links (`о` of `Книги о здоровье`); `в`, `с`, `а` and `к` also name vitamins (`Витамин С`).
const LETTER_LINKS = new Set(['в', 'о', 'с', 'к', 'у', 'и', 'а']);

/** Whether a one-letter word of a head is a preposition or link: one a word of its own follows (`о здоровье`), not the last letter (`Витамин С`). */
function isPrepositionAt(head: readonly string[], at: number): boolean {
  const next = head[at + 1];
  return LETTER_LINKS.has(head[at] ?? '') && next !== undefined && readKindLetter(next) === undefined;
}

// A code of a list name (`АА`, `BB`): capitals or digits, a few of them, no word of its own.
const CODE_WORD = /^[\p{Lu}\d]{1,4}$/u;

/**
 * The parts of an `и` list name, each as goods by itself: a part that is only codes (`ААА` of `Аккумуляторы АА и ААА`,
 * `BB` of `BB и CC кремы`) is the other part's goods with those codes in place of its own, never a code alone.
 */
function readListParts(name: string): string[] {
  const parts = splitListName(name);
  const wordsOf = (part: string): string[] => part.trim().split(/\s+/);
  const isCodes = (part: string): boolean => wordsOf(part).every((word) => CODE_WORD.test(word) && /\p{L}/u.test(word));
  return parts.map((part) => {
    if (!isCodes(part)) return part;
    const goods = parts.find((other) => other !== part && !isCodes(other) && wordsOf(other).some((word) => CODE_WORD.test(word)));
    if (goods === undefined) return part;
    const words = wordsOf(goods);
    const at = words.findIndex((word) => CODE_WORD.test(word));
    return [...words.slice(0, at), ...wordsOf(part), ...words.slice(at).filter((word) => !CODE_WORD.test(word))].join(' ');
  });
}

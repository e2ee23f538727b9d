import type { Category } from '../../domain/index.js';
import type { DirectoryIndex } from '../../mapping/directory-index.js';
import { isCatchAllText } from '../classify/catch-all-words.js';
import type { ClassifierIndex, IndexedLeaf } from '../classify/classifier-types.js';
import { readParentPath, readTopSection } from '../classify/file-sections.js';
import { findUnexplainedWords, findUnlistedBrandOfBareType, isGoodsOfSection } from '../classify/classify-product.js';
import { extractProductType, readPurposePreposition, type ProductType } from '../classify/extract-product-type.js';
import { getClassifierIndex } from '../classify/load-classifier-index.js';
import { stemForIndex } from '../classify/stem-for-index.js';
import { findDemographicMark } from '../demographic-words.js';
import { isExplainedByDirectory, readWordEvidence, type WordEvidence } from '../explain-label-words.js';
import type { CategoryMatcher } from '../match-category.js';
import type { ValueMatch } from '../match-value.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import { isGroupWord } from '../read-group-words.js';
import { ADJECTIVE, namesEveryKind, readLabelKinds } from '../read-label-kinds.js';
import { isAdjectiveOfNounInK, isFleetingVowelForm, isKazakhNameOrSingular, isRelatedWord, MIN_SHARED_BEGINNING, NEGATING_PREFIXES } from '../read-word-forms.js';
import { asLabelQuestion } from './as-label-question.js';
import { isAppositionOfLeafNoun } from './read-apposition.js';
import { findRoomOfOutdoorLeaf } from './room-words.js';
import { BRANCH_LEAF_SCORE } from './branch-names.js';
import { collectSiblingStems } from './collect-directory-stems.js';
import { findForeignPathLevel } from './find-foreign-path-level.js';
import { findOtherSectionPurposes, readNamedStems } from './find-other-section-purposes.js';
import { collectPeopleBranchNouns, findUnsaidKindBranch, findUnsaidPathQualifier } from './find-unsaid-path-words.js';
import { readLabelHead, readLabelLevels } from './label-text.js';
import { readInLeafWords } from './read-in-leaf-words.js';
import { readProductDemographic } from './read-product-demographic.js';
import { isClassWordOfLeafGoods } from './class-word-of-leaf.js';
import { isSortingWordOfSection, readSortingWords } from './sorting-words.js';

// A seller's word this near a word of the leaf is a spelling of it, not another word.
const SPELLING_SCORE = 0.85;

/**
 * `Ванная` against `Ванны`: a one-word label with an adjective's ending names no goods by itself (an adjective used as a
 * noun, `Ванная комната`, is a room); when the leaf's name holds its stem only as a noun, the shared stem is no evidence.
 */
function findAdjectiveOfNounLeaf(head: string, entry: Category): string | undefined {
  const words = tokenizeForMatch(head);
  const word = words[0];
  if (words.length !== 1 || word === undefined || !ADJECTIVE.test(word)) return undefined;
  const stem = stemForIndex(word);
  const sameStem = [entry.name.rus, entry.name.kaz ?? ''].flatMap((name) => tokenizeForMatch(name)).filter((other) => stemForIndex(other) === stem);
  return sameStem.length > 0 && sameStem.every((other) => !ADJECTIVE.test(other)) ? word : undefined;
}

/**
 * The product classifier's whole-head rule, applied to labels: a confident pick must explain every
 * word of the label's head phrase (its names in both languages, its path, a compound of its name,
 * an adjective made of a path word, or a word that never changes a kind), else it is a question
 * naming the word (`Свечи зажигания` are no decor candles, `Кольца поршневые` no rings). A label
 * that names no kind of goods (`Товары без группы`) is never confident, nor one whose purpose a
 * leaf narrower by its Kazakh name does not explain (`Машинки для стрижки` against `Ойыншық көліктер`).
 */
export function vetoUnexplained(matcher: CategoryMatcher, index: DirectoryIndex, wordScore: (a: string, b: string) => number): CategoryMatcher {
  let leaves: Map<string, IndexedLeaf> | undefined;
  let siblings: Map<string, Set<string>> | undefined;
  let peopleBranches: Map<string, Set<string>> | undefined;
  let purposeLeaves: Map<string, IndexedLeaf[]> | undefined;
  let evidence: WordEvidence | undefined;
  const readLeaves = (classifier: ClassifierIndex): Map<string, IndexedLeaf> => new Map(classifier.leaves.map((leaf) => [String(leaf.id), leaf]));
  // `Игрушки/Утюг паровой`: an upper level of the label naming goods of another kind than the sure or first leaf's (`find-foreign-path-level.ts`).
  const findPathLevelDoubt = (match: ValueMatch<Category>, text: string, parentPath: string | undefined): string | undefined => {
    const key = match.best?.key ?? match.candidates[0]?.key;
    if (key === undefined || (parentPath === undefined && readLabelLevels(text).length < 2)) return undefined;
    const classifier = getClassifierIndex(index.directories, index);
    const leaf = (leaves ??= readLeaves(classifier)).get(key);
    const level = leaf === undefined ? undefined : findForeignPathLevel(classifier, leaf, text, parentPath);
    return level === undefined ? undefined : `the label's path says "${level.level}", which the directory names at ${level.where}, off the leaf's path`;
  };
  return {
    match(text, context = {}) {
      const match = matcher.match(text, context);
      // Asked of a question too: the classifier's reading (`acceptClassifierReading`) makes sure only a question with no doubt.
      const levelDoubt = match.doubt === undefined ? findPathLevelDoubt(match, text, context.parentPath) : undefined;
      if (levelDoubt !== undefined) return asLabelQuestion(match, levelDoubt);
      if (match.status === 'todo' || match.best === undefined) return match;
      const head = readLabelHead(text);
      const headDoubt = findHeadDoubt(head, match.best.entry);
      if (headDoubt !== undefined) return asLabelQuestion(match, headDoubt);
      const classifier = getClassifierIndex(index.directories, index);
      leaves ??= readLeaves(classifier);
      const leaf = leaves.get(match.best.key);
      if (leaf === undefined) return match;
      const narrowed = findUnsaidPathQualifier(leaf, leaves.values(), head, `${text} ${context.parentPath ?? ''}`, readProductDemographic(context.productNames ?? []));
      if (narrowed !== undefined) return asLabelQuestion(match, `the leaf's path says "${narrowed.qualifier}", which the label does not, and ${narrowed.rival} is of the same kind`);
      peopleBranches ??= collectPeopleBranchNouns(leaves.values());
      // A label that is the leaf's Kazakh name (`Шапан` of `Шапандар`, the national robe) says its kind in that word.
      const inKazakhName = isKazakhNameOrSingular(tokenizeForMatch(head), tokenizeForMatch(match.best.entry.name.kaz ?? ''));
      const kind = inKazakhName ? undefined : findUnsaidKindBranch(leaf, peopleBranches, [text, context.parentPath ?? '', ...(context.productNames ?? [])].join(' '));
      if (kind !== undefined) return asLabelQuestion(match, `the leaf's path says "${kind.qualifier}", which the label does not, where ${kind.section} sorts "${kind.noun}" by whom it is for`);
      // A word the matcher took as a misspelling or transliteration of a word of the leaf (`Тилевизоры`, `Noutbuki`) is that word;
      // one equal to a leaf word the classifier left unexplained on purpose (`өнімдері`, a general word for goods, of a path) stays.
      const entry = match.best.entry;
      const leafWords = [entry.name.rus, entry.name.kaz ?? '', entry.path?.rus ?? '', entry.path?.kaz ?? ''].flatMap((part) => tokenizeForMatch(part));
      // The head in the leaf's own words, where the vocabulary says it so (`read-in-leaf-words.ts`).
      const said = readInLeafWords(head, entry);
      const type = extractProductType(said);
      // `проводные` beside the sibling `Беспроводные наушники`: the plain leaf is the kind its sibling is the negation of.
      siblings ??= collectSiblingStems(leaves.values());
      const siblingStems = siblings.get(readParentPath(leaf.path));
      const negatedBySibling = (word: string): boolean => [...NEGATING_PREFIXES].some((prefix) => siblingStems?.has(stemForIndex(`${prefix}${word}`)) === true);
      // A form the stems miss is the leaf's word too: the vowel an ending drops (`уровень` of `Уровни`), an adjective whose
      // `к` turns `ч` (`игрушечные` of `Игрушки`). Not beside a brand: the unlisted-brand check below reads a bare type by the
      // stems, so `Ремень Gates 5PK1100` would pass it as the accessory `Ремни`.
      const formOf = (word: string, leafWord: string): boolean => type.brand === undefined && (isFleetingVowelForm(word, leafWord) || isFleetingVowelForm(leafWord, word) || isAdjectiveOfNounInK(word, leafWord));
      const sortingWords = readSortingWords(classifier);
      const sorts = (word: string): boolean => isSortingWordOfSection(sortingWords.get(stemForIndex(word)), word, leaf, type.words) || isClassWordOfLeafGoods(classifier, word, leaf, type, index.directories);
      const known = (evidence ??= readWordEvidence(classifier));
      // A word for goods in general no name of the leaf holds (`өнімі` of `Сүт өнімі`, beside the path's `өнімдері`) is no
      // misspelling of the path's word: the label names the group the path does, never the leaf (`read-group-words.ts`).
      // A word of where goods stand is spelt as meant (`напольные` is no `настольные`): the word scorer says so (`readPlacementSpelling`).
      const spelling = (word: string, leafWord: string): boolean => leafWord !== word && wordScore(word, leafWord) >= SPELLING_SCORE;
      // `купе` of `Шкаф-купе`: the second noun of a hyphenated pair the leaf's noun opens says which variety (`read-apposition.ts`).
      const apposition = (word: string): boolean => isAppositionOfLeafNoun(classifier, word, said, leaf);
      const unexplained = findUnexplainedWords(classifier, leaf, type).filter((word) => isGroupWord(word) || (!negatedBySibling(word) && !sorts(word) && !isExplainedByDirectory(word, leaf, known) && !apposition(word) && !leafWords.some((leafWord) => spelling(word, leafWord) || (leafWord !== word && formOf(word, leafWord)))));
      purposeLeaves ??= collectPurposeLeaves(leaves.values());
      const purposeDoubt = findPurposeDoubt(classifier, leaf, entry, type, said, leafWords, purposeLeaves);
      if (purposeDoubt !== undefined) return { ...asLabelQuestion(match, purposeDoubt.doubt), ...(purposeDoubt.heldBy === undefined ? {} : { heldBy: purposeDoubt.heldBy }) };
      if (unexplained.length === 0) {
        // `Свечи NGK` where the directory's only `Свечи` are decor candles and its brands do not hold `NGK`.
        const unlisted = findUnlistedBrandOfBareType(classifier, leaf, type);
        return unlisted === undefined ? match : asLabelQuestion(match, unlisted);
      }
      const question = { ...asLabelQuestion(match, `the leaf does not explain ${unexplained.map((word) => `"${word}"`).join(', ')} of the label`), heldBy: unexplained };
      // A label naming a group of goods (`Сүт өнімдері`) is a section, as a branch's name is: no leaf is shown near a match
      // (Молоко was first at 0.93), the candidates keep their order.
      if (!unexplained.some(isGroupWord)) return question;
      return { ...question, candidates: question.candidates.map((candidate) => ({ ...candidate, score: Math.min(candidate.score, BRANCH_LEAF_SCORE) })) };
    },
  };
}

/** A doubt the label's head says alone, whatever the leaf: it names no goods, only a use, an adjective, or several kinds. */
function findHeadDoubt(head: string, entry: Category): string | undefined {
  if (isCatchAllText(head)) return 'the label names no kind of goods';
  // `Для ноутбука`, `Для ванны`: goods for a thing are not that thing (a laptop's bag, a bath's mat), and none is named.
  // Read as the product reader reads it, which writes `Д/ноутбука` out as `для ноутбука`: one label, however spelt.
  if (extractProductType(head).tokens[0] === 'для') return 'the label says only what the goods are for, no kind of goods';
  const adjective = findAdjectiveOfNounLeaf(head, entry);
  if (adjective !== undefined) return `the label is the adjective "${adjective}", which meets the leaf's noun by its stem only`;
  const kinds = readLabelKinds(head);
  if (kinds.length > 1 && !namesEveryKind(kinds, [entry.name.rus, entry.name.kaz ?? ''])) return `the label lists ${kinds.length} kinds of goods and the leaf's name is no list holding every one`;
  return undefined;
}

/**
 * A doubt the label's purpose says against the leaf (`Средства от пота`, `Шланги для кухни`, `Раскраски по номерам`, `Машинки
 * для стрижки`): a use, a section, a room or goods the leaf does not explain, with the words that hold the label back.
 */
function findPurposeDoubt(classifier: ClassifierIndex, leaf: IndexedLeaf, entry: Category, type: ProductType, said: string, leafWords: readonly string[], purposeLeaves: ReadonlyMap<string, IndexedLeaf[]>): { doubt: string; heldBy?: string[] } | undefined {
  // A purpose that names goods or a section of another top-level section says the goods are of another kind.
  const elsewhere = findOtherSectionPurposes(classifier, leaf, type.purpose);
  const named = readNamedStems(classifier);
  const leafStems = new Set([...leaf.ancestorStems, ...leaf.names.flatMap((name) => [...name.head, ...name.purpose])]);
  const section = readTopSection(leaf.path);
  const otherUse = findOtherUse(type, entry, leafStems);
  if (otherUse !== undefined) return { doubt: `the label's goods are "${otherUse.label}", a use the leaf's "${otherUse.leaf}" is not`, heldBy: otherUse.words };
  if (elsewhere.length > 0) return { doubt: `the label's goods are for ${elsewhere.join(', ')}, named in another section than the leaf's` };
  const room = findRoomOfOutdoorLeaf(leaf.path, type.purpose);
  if (room !== undefined) return { doubt: `the label's goods are for "${room}", a room, and the leaf's path names a place outdoors`, heldBy: [room] };
  // `Коляски для кукол` against the babies' `Коляски`: a purpose that is what another leaf of the same section is names
  // goods of their own, which the label's goods may be a kind of; the classifier's rule, never sure.
  const goodsOf = type.purpose.filter((word) => findDemographicMark(word) === undefined && !leafStems.has(stemForIndex(word)) && isGoodsOfSection(classifier, leaf, [stemForIndex(word)]));
  if (goodsOf.length > 0) return { doubt: `the label's goods are for ${goodsOf.map((word) => `"${word}"`).join(', ')}, goods of the leaf's own section`, heldBy: goodsOf };
  // `Раскраски по номерам` against `Раскраски`: a purpose the leaf does not explain that one other leaf of its section
  // holds in its own name (`Картины по номерам`) says the label may be that leaf's goods: a rival, never a sure pick.
  // Only a purpose one leaf alone names is its mark: one many name is whom or what goods are for (`кошек`, `волос`).
  const rivalOf = (word: string): IndexedLeaf | undefined => {
    const holders = purposeLeaves.get(stemForIndex(word)) ?? [];
    return holders.length === 1 && holders[0] !== leaf && readTopSection(holders[0]?.path ?? '') === section ? holders[0] : undefined;
  };
  // A use (`для кошек`, `для волос`) named in the leaf's own section is a use of its goods (above); `по номерам` says a kind.
  const headWords = tokenizeForMatch(said);
  const saysUse = (word: string): boolean => headWords[headWords.indexOf(word) - 1] === 'для';
  const rivalPurposes = type.purpose.filter((word) => findDemographicMark(word) === undefined && !saysUse(word) && !leafStems.has(stemForIndex(word)) && !leafWords.some((leafWord) => isRelatedWord(word, leafWord, 3)) && rivalOf(word) !== undefined);
  if (rivalPurposes.length > 0) return { doubt: `the leaf does not explain ${rivalPurposes.map((word) => `"${word}"`).join(', ')} of the label, which ${rivalOf(rivalPurposes[0] ?? '')?.path ?? ''} names`, heldBy: rivalPurposes };
  // A leaf whose Kazakh name says a narrower kind than its Russian one (`Машинки`: `Ойыншық көліктер`, toy vehicles) is
  // that kind only: a purpose it does not explain says the label's head may be another thing the directory lacks
  // (`Машинки для стрижки` are hair clippers, never toy cars).
  const unsaidKind = findUnsaidKazakhQualifier(leaf, type.words);
  const foreign = unsaidKind === undefined ? [] : type.purpose.filter((word) => isForeignPurpose(word, leafStems, section, named) && !leafWords.some((leafWord) => isRelatedWord(word, leafWord, MIN_SHARED_BEGINNING)));
  if (foreign.length > 0) return { doubt: `the leaf is "${unsaidKind ?? ''}" by its Kazakh name, and does not explain the purpose ${foreign.map((word) => `"${word}"`).join(', ')} of the label`, heldBy: foreign };
  return undefined;
}

/**
 * `Средства от пота` against `Средства для пола`: a purpose the label opens with another preposition than the leaf's name
 * (`от`, against, where the leaf says `для`, for) and whose words the leaf does not hold is another use. The matcher took
 * `пота` for a misspelling of `пола`; the purpose is no spelling of the leaf's own when the use differs.
 */
function findOtherUse(type: ProductType, entry: Category, leafStems: ReadonlySet<string>): { label: string; leaf: string; words: string[] } | undefined {
  const said = readPurposePreposition(type);
  if (said === undefined) return undefined;
  const leafType = extractProductType(entry.name.rus);
  const own = readPurposePreposition(leafType);
  const words = type.purpose.filter((word) => !leafStems.has(stemForIndex(word)));
  if (own === undefined || own === said || words.length === 0) return undefined;
  return { label: [said, ...type.purpose].join(' '), leaf: [own, ...leafType.purpose].join(' '), words };
}

/** The leaves by each stem of their own names' purposes (`номер` → `Картины по номерам`). */
function collectPurposeLeaves(leaves: Iterable<IndexedLeaf>): Map<string, IndexedLeaf[]> {
  const byStem = new Map<string, IndexedLeaf[]>();
  for (const leaf of leaves) for (const stem of new Set(leaf.names.flatMap((name) => name.purpose))) byStem.set(stem, [...(byStem.get(stem) ?? []), leaf]);
  return byStem;
}

/**
 * A purpose word (`стрижки` of `Машинки для стрижки`) that neither the leaf (its names, its path)
 * nor a leaf or one-word branch of its own section names: nothing says the leaf's goods serve it.
 * Whom the goods are for is the demographic rules' to judge.
 */
function isForeignPurpose(word: string, leafStems: ReadonlySet<string>, section: string, named: ReadonlyMap<string, ReadonlyMap<string, string>>): boolean {
  if (findDemographicMark(word) !== undefined) return false;
  const stem = stemForIndex(word);
  return !leafStems.has(stem) && named.get(stem)?.has(section) !== true;
}


/**
 * The Kazakh name of a leaf that says more than its Russian name (`Ойыншық көліктер`, toy vehicles, for `Машинки`;
 * `Шаш кептіргіштер`, hair dryers, for `Фены`) with a qualifier the label's type does not say: the Russian name is short
 * for a narrower kind, which its path alone tells.
 */
function findUnsaidKazakhQualifier(leaf: IndexedLeaf, typeWords: readonly string[]): string | undefined {
  const russian = leaf.names.find((name) => name.language === 'rus' && name.full);
  if (russian === undefined || russian.purpose.length > 0) return undefined;
  const said = new Set(typeWords.map(stemForIndex));
  const kazakh = leaf.names.find((name) => name.language === 'kaz' && name.full && name.head.length + name.purpose.length > russian.head.length);
  return kazakh !== undefined && kazakh.purpose.some((stem) => !said.has(stem)) ? kazakh.text : undefined;
}

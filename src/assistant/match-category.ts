/**
 * Matching a seller's category label to a leaf of the category directory, with the context the
 * file gives. A confident match is never looked at again, so a label is matched confidently only
 * when one leaf fits it and nothing contradicts it:
 *
 * - the label is read as a seller writes it: a 1C code before it (`УТ-0000391 Кастрюли`) is
 *   dropped, a path (`Женская одежда / Свитеры`) is split into the leaf text and its parents, and
 *   the words saying who it is for (`мужские`, `жен.`, `балаларға`) are set apart;
 * - each leaf is known by its names, and by the parts of a name joined by `и`/`мен`
 *   (`Футболки и поло` is also `Футболки` and `поло`);
 * - every leaf whose name holds all of the label's words (`Наушники`, `Беспроводные наушники`),
 *   or that shares the name (`Кроссовки` for women, men and kids), is a rival: rivals that nothing
 *   tells apart make the label a TODO listing every one with its full Russian and Kazakh path;
 * - except a plain leaf's narrower leaves: a label that is one leaf's own name (`Пылесосы`) is that
 *   leaf beside `Роботы-пылесосы` of the same root, unless the file points at the narrower one;
 * - what tells them apart: the gender or age words of the label or, failing those, of the
 *   product names of its rows; the seller's parent path; extra words of the label that belong to
 *   another branch (`Шампунь автомобильный` is not a hair shampoo) take the confidence away;
 * - a label naming a branch (`Обувь / Женская обувь`, `Автотовары`) is no leaf: TODO;
 * - the branches of the seller's other, confidently matched categories only reorder a TODO's
 *   candidates: they never make a match confident.
 *
 * Candidates are found through an index of word beginnings plus the general fuzzy matcher
 * (typos, transliteration), so the cost per label grows with the leaves sharing its words, not
 * with the directory.
 */
import type { Category } from '../domain/index.js';
import { buildCategoryPath, type DirectoryIndex } from '../mapping/directory-index.js';
import { buildAddedCategoryCandidate, buildCategoryCandidates } from './build-match-candidates.js';
import { rewriteWithSynonyms } from './category-synonyms.js';
import { areInitialsOf, findLabelInitials, readFurtherWords } from './read-label-initials.js';
import { ADJECTIVE, findUnheldKinds, namesEveryKind, namesMember, readLabelKinds, readLabelMembers, readLabelNouns, readNameHeads, readSlashList, splitLabelParts, type LevelNames } from './read-label-kinds.js';
import { collectDemographic, contradictsDemographic, findDemographicMark, isDemographicEmpty, readAges, saysOtherAge, type Demographic } from './demographic-words.js';
import { DEFAULT_MATCH_THRESHOLDS, TODO_CANDIDATES, type MatchThresholds, type ValueMatch } from './match-value.js';
import { tokenizeForMatch } from './normalize-for-match.js';
import { createCandidateMatcher, createWordScorer, measureBagDistance, type CandidateMatcher, type ScoredCandidate } from './score-candidates.js';
import { stemWord } from './stem-word.js';
import { isCatchAllText } from './classify/catch-all-words.js';
import { classifyProduct, findUnexplainedWords, findUnlistedBrandOfBareType, isGoodsOfSection, readPathSection } from './classify/classify-product.js';
import type { IndexedLeaf } from './classify/classifier-types.js';
import { extractProductType } from './classify/extract-product-type.js';
import { getClassifierIndex } from './classify/load-classifier-index.js';
import { readPathQualifiers, saysPathQualifier } from './classify/path-qualifiers.js';
import { readSharedPurpose, splitListName, splitNamePhrase } from './classify/split-name-phrase.js';
import { isUnlistedSingularOfYaPlural, stemForIndex } from './classify/stem-for-index.js';
import { foldKazakhLetters } from './transliterate.js';
import { readLabelWordRoles, selectDroppedWords, selectKindWords } from './read-label-words.js';
import { FINAL_VOWEL, isAdjectiveOfNounInK, isAdjectiveOfPurposeNoun, isAkanyeSpelling, isCompoundOf, isFleetingVowelForm, isKazakhPossessiveOf, isLongerRootWord, isNumberEndingPair, isPrefixedWord, isRelatedWord, isSameWordStem, NEGATING_PREFIXES, sharesStem } from './read-word-forms.js';
import { isExplainedByDirectory, readWordEvidence, type WordEvidence } from './explain-label-words.js';
import { isAdjectiveOfOwnPath } from './read-own-path-adjective.js';
import { isNeutralModifier } from './classify/neutral-modifiers.js';
import { capByBareHead } from './cap-by-bare-head.js';
import { isGroupWord } from './read-group-words.js';

/** What the file says around one category label. */
export interface CategoryContext {
  /** Product names of (some of) the rows in this category. */
  productNames?: readonly string[];
  /** The seller's parent category of these rows, when another column gives it. */
  parentPath?: string;
  /** Leaf ids the seller's other categories were confidently matched to. */
  siblingIds?: readonly number[];
}

/** Matches category labels. */
export interface CategoryMatcher {
  match(text: string, context?: CategoryContext): ValueMatch<Category>;
}

/** The most rivals a TODO lists when several leaves share a name. */
export const MAX_SHARED_CANDIDATES = 12;

interface Variant {
  words: string[];
  /** Words before the first preposition (`Чехлы` of `Чехлы для телефонов`): what the entry is. */
  head: string[];
  /** The whole name (not a part of an `и` list). */
  full: boolean;
  language: 'rus' | 'kaz';
}

interface PreparedLeaf {
  category: Category;
  key: string;
  label: string;
  variants: Variant[];
  /** Words of the parent levels and of the names, for the seller's parent path. */
  pathWords: string[];
  rootKey: string;
  groupKey: string;
  demographic: Demographic;
  /** What the leaf's own name says (`Детская косметика`), apart from its path. */
  nameDemographic: Demographic;
  /** The ages the leaf's own names say (`readAgeWord`): `Книги для малышей` is not for teenagers. */
  nameAges: ReadonlySet<string>;
  /** The leaf's place among the matcher's leaves by `label` (`localeCompare`, equal labels one place): the last tie-break of a ranking, compared as a number. */
  labelOrder: number;
}

interface ParsedLabel {
  words: string[];
  /** The words that can name a kind (`selectKindWords`): rivalry is judged on these alone, so a brand or a size never makes a label surer. */
  kind: string[];
  /** The words of `words` the type reader drops (brands, numbers and what follows them, units, codes) and no leaf names. */
  dropped: string[];
  head: string[];
  parentWords: string[];
  demographic: Demographic;
  /** The ages the label says (`readAgeWord`). */
  ages: ReadonlySet<string>;
  /** A word of the label has a letter only Kazakh has (`арналған`, `балаларға`): the label is Kazakh. */
  kazakh: boolean;
  abbreviated: Set<string>;
  /** Words in parentheses (`Пылесосы (роботы)`): no part of the name, but what the seller says of it. */
  asides: string[];
  /** Text for the general matcher: the leaf part without code, parentheses and marks. */
  plain: string;
}

interface Scored {
  leaf: PreparedLeaf;
  score: number;
  rank: number;
  exact: boolean;
  /** The label's words are the leaf's name, whatever else the file says. */
  nameExact: boolean;
  /** Scored as a leaf holding all the label's words among more: a rival of an exact name; the match only when alone. */
  contained: boolean;
  /** Contained as the end of a compound word (`Велотренажёры` for `Тренажеры`): another thing, a rival only. */
  compound: boolean;
  /** The leaf's own name says whom it is for and the seller does not: a rival, never the match. */
  narrower: boolean;
  /** Every word of the label is a word of the name (or of a part of it) in some form (`Маска`/`Маски`), none read through a typo. */
  formExact: boolean;
  /** The leaf's name is the label's kind words, the label adding only a brand, size or neutral word (`Мониторы 27 дюймов`): as plain a name as the bare head. */
  kindNamed: boolean;
  /** The label's words are the name's only if one of them is misspelt (`Маска` read as `Масла`). */
  typo: boolean;
  /** The leaf's whole name is inside the label and some label words are left unexplained (`Чайники` for `Чайник электрический`). */
  partial: boolean;
  /** Every word of the label is a form of the name's, two of them joined in a compound word of it (`Электрочайники`). */
  joined: boolean;
  /** The label says the goods are children's and the leaf's path does not: a guess (a child's potty is no flower pot), never the match. */
  kidsUnsaid: boolean;
  /** The gender or age words or the seller's path say otherwise than the leaf (a bare label beside a leaf whose path says whom is not that). */
  contradicted: boolean;
  /** How well the leaf's path holds the seller's parent path (1 when there is none). */
  pathSupport: number;
}

/** A shortlisted leaf scored by the label's words alone. */
interface RawScore {
  leaf: PreparedLeaf;
  named: ReturnType<typeof scoreByName>;
  general: number;
  score: number;
}

/** The words of a level above the leaves (`Смартфоны и гаджеты`, its Kazakh name), without stop words or whom it is for. */
interface BranchName {
  words: string[];
  /** The words with Kazakh letters folded (`foldKazakhLetters`). */
  folded: string[];
}

/** The branch names by their number of words, and the labels compared with them. */
interface BranchNames {
  byCount: ReadonlyMap<number, readonly BranchName[]>;
  known: Map<string, boolean>;
}

/** What the file says beside the label that could point at a narrower leaf (`Роботы-пылесосы` for `Пылесосы`). */
interface NarrowingContext {
  /** Words of the rows' product names and of the label's parentheses. */
  words: readonly string[];
  /** The words of each product name, and of the label's parentheses as one more: what the seller says of the goods, name by name. */
  sayings: readonly (readonly string[])[];
  demographic: Demographic;
  /** Groups of the leaves the seller's other categories were confidently matched to. */
  siblingGroups: ReadonlySet<string>;
  /** The roots of those groups. */
  siblingRoots: ReadonlySet<string>;
}

const STOP_WORDS = new Set(['и', 'для', 'в', 'во', 'на', 'с', 'со', 'из', 'от', 'под', 'по', 'к', 'без', 'при', 'мен', 'пен', 'бен', 'және', 'and', 'for', 'the', 'of', 'with', 'арналған', 'адам', 'адамдар', 'адамға', 'адамдарға']);
const PREPOSITIONS = new Set(['для', 'в', 'во', 'на', 'с', 'со', 'из', 'от', 'под', 'по', 'к', 'без', 'при', 'for', 'with', 'of']);
// A slash between digits is a size (`205/55` of `Шины 205/55 R16 зимние`), and one after a single letter a shortening: initials
// (`б/п` of `Лапша б/п`, `read-label-initials.ts`) or a preposition (`д/` of `Смесители д/ванной`, which read as a path took
// `ванной` for the leaf, Ванны at 0.99), not a step of a path: no level of a path is one letter.
const PATH_SEPARATOR = new RegExp(String.raw`\s*(?:(?!(?<=\d)\/\d)(?<!(?:^|[^\p{L}\p{N}])\p{L})\/|[>›»\\|])\s*`, 'u');
// `12.04 `, `001-`, `01.03.005 `, `КТ-00087 `, `УТ-0000391 `, `ЦБ-00012 ` before the label.
const CODE_PREFIX = /^\s*(?:[\p{L}]{1,4}-?)?\d[\d.\-/]*[\s.\-)]+/u;
// Letters only Kazakh has (`stem-for-index.ts`): a word with one is Kazakh.
const KAZAKH_LETTER = /[әғқңөұүһі]/u;
const PARENTHESES = /\([^)]*\)|\[[^\]]*\]/g;
const ABBREVIATION = /(\p{L}+)\./gu;

// The score a label gets from a leaf whose name holds all its words among more (a rival, never a winner by itself).
const CONTAINED_SCORE = 0.93;
const PART_FACTOR = 0.98;
// A leaf named in full inside a longer label (`Ноутбуки игровые`): close, below an exact name.
const NAMED_INSIDE_BASE = 0.9;
// The general matcher (typos, transliteration) is trusted up to here.
const GENERAL_CAP = 0.9;
const SHARED_BAND = 0.03;
// Two forms of one word (`Юбка`/`Юбки`, `Кошелек`/`Кошельки`); a stem-equal pair scores at least this too.
const FORM_SCORE = 0.95;
// `а` written for an unstressed `о`: a typo's score (one edit in eight letters), for words of six letters or more.
const AKANYE_SCORE = 0.9;
const MIN_AKANYE_WORD = 6;
// Words the label does not share with a leaf but whose beginning is a word of another branch.
const MIN_RELATED_PREFIX = 6;
// The score of a leaf and a label that each hold words the other does not: below the confident threshold.
const LOOSE_CAP = 0.87;
// A label word this far from every word of a leaf's name is not named by it (`машинка` is near `машины`, `орехи` far from `сухофрукты`).
const UNNAMED_WORD = 0.7;
// Words of a narrower leaf's path that the file's words share a beginning with.
const MIN_NARROWING_PREFIX = 5;

/** Prepares the leaves once. */
export function createCategoryMatcher(index: DirectoryIndex, thresholds: MatchThresholds = CATEGORY_THRESHOLDS): CategoryMatcher {
  const wordScore = createWordScorer();
  const leaves = index.directories.categories.filter((category) => !index.nonLeafIds.has(category.id)).map((category) => prepareLeaf(category, index));
  numberLeavesByLabel(leaves);
  const byKey = new Map(leaves.map((leaf) => [leaf.key, leaf]));
  const generalMatcher: CandidateMatcher<Category> = createCandidateMatcher(buildCategoryCandidates(index), { selectByLetters: true });
  // One label is scored again when widened or rewritten: the general scores of a text are kept (bounded).
  const generalMemo = new Map<string, ScoredCandidate<Category>[]>();
  const general = {
    score(text: string, minScore: number): ScoredCandidate<Category>[] {
      const key = `${minScore}\u0001${text}`;
      let found = generalMemo.get(key);
      if (found === undefined) {
        found = generalMatcher.score(text, minScore);
        if (generalMemo.size < 20_000) generalMemo.set(key, found);
      }
      return found;
    },
  };
  const { byPrefix, branchNames } = indexLeaves(leaves, index);
  const nameStems = new Set(leaves.flatMap((leaf) => leaf.variants.flatMap((variant) => variant.words.map(stemForIndex))));
  const namedByDirectory = (stem: string): boolean => nameStems.has(stem);
  const relations: LeafRelations = { isRelatedElsewhere: createRelatedElsewhere(leaves), onlyQualifies: createQualifierCheck(leaves) };

  const similarity = createLabelWordSimilarity(wordScore);

  // What the label's words alone give each leaf: the same for every context (a TODO is matched again with the
  // seller's other categories), so kept per label (bounded).
  const rawMemo = new Map<string, RawScore[]>();
  const scoreShortlist = (label: ParsedLabel, labelSimilarity: (a: string, b: string) => number): RawScore[] => {
    const key = [label.plain, label.words.join(' '), label.head.join(' '), label.kind.join(' '), [...label.abbreviated].join(' ')].join('\u0001');
    const known = rawMemo.get(key);
    if (known !== undefined) return known;
    const shortlist = new Set<PreparedLeaf>();
    for (const word of label.words) for (const leaf of byPrefix.get(prefixKey(word)) ?? []) shortlist.add(leaf);
    const generalScores = new Map<string, number>();
    if (label.plain !== '') {
      for (const candidate of general.score(label.plain, 0.4)) {
        generalScores.set(candidate.key, candidate.score);
        const leaf = byKey.get(candidate.key);
        if (leaf !== undefined) shortlist.add(leaf);
      }
    }
    if (label.words.length === 0) for (const leaf of leaves) shortlist.add(leaf);

    const raw = [...shortlist].map((leaf) => {
      const named = scoreByName(label, leaf, labelSimilarity, relations);
      // The general matcher reads typos and transliterations: a leaf that names one word of the label in its own words and
      // not another (`Сухофрукты` for `Сухофрукты и орехи`), or whose word only begins as the label's (`Угольники` for
      // `Уголь`), is no misspelling of the label, so its likeness asks.
      const loose = Math.min(named.namesPart && !named.partial ? LOOSE_CAP : GENERAL_CAP, generalScores.get(leaf.key) ?? 0);
      // Nor is a leaf whose word goes on from a label word's stem into another root (`Котлеты` for `Котлы`): the label's own
      // reading, which holds such a word down, is all its likeness.
      const general = isReachedByLongerRoot(label.words, leaf) ? Math.min(loose, named.score) : loose;
      return { leaf, named, general, score: Math.max(named.score, general) };
    });
    if (rawMemo.size >= 5_000) rawMemo.clear();
    rawMemo.set(key, raw);
    return raw;
  };

  // The seller's other categories are one array for every TODO of a file and every match of its chain (a bare head, a
  // rewrite): their groups and roots are read once per array, not once per match.
  let siblings: { ids: readonly number[] | undefined; groups: ReadonlySet<string>; roots: ReadonlySet<string> } = { ids: undefined, groups: new Set(), roots: new Set() };
  const readSiblings = (ids: readonly number[] | undefined): typeof siblings => {
    if (ids !== siblings.ids) {
      const groups = new Set((ids ?? []).map((id) => byKey.get(String(id))?.groupKey).filter((key) => key !== undefined));
      siblings = { ids, groups, roots: new Set([...groups].map(readPathSection)) };
    }
    return siblings;
  };

  const matchLabel = (text: string, label: ParsedLabel, context: CategoryContext): ValueMatch<Category> => {
      if (label.words.length === 0 && label.parentWords.length === 0) return { text, status: 'todo', candidates: [] };
      const productDemographic = isDemographicEmpty(label.demographic) ? readProductDemographic(context.productNames ?? []) : {};
      const productWords = [...new Set((context.productNames ?? []).slice(0, 20).flatMap((name) => tokenizeForMatch(name)))].filter((word) => !STOP_WORDS.has(word));
      const { groups: siblingGroups, roots: siblingRoots } = readSiblings(context.siblingIds);

      const sellerDemographic = isDemographicEmpty(label.demographic) ? productDemographic : label.demographic;
      const labelSimilarity = (a: string, b: string): number => similarity(label, a, b);
      // How well the product names hold a leaf's words: each directory word looked up once per label, not once per leaf.
      const productBest = new Map<string, number>();
      const coverLeafByProducts = (words: readonly string[]): number => {
        if (words.length === 0) return 1;
        let sum = 0;
        for (const word of words) {
          let best = productBest.get(word);
          if (best === undefined) {
            best = 0;
            for (const productWord of productWords) best = Math.max(best, wordScore(productWord, word));
            productBest.set(word, best);
          }
          sum += best;
        }
        return sum / words.length;
      };
      const raw = scoreShortlist(label, labelSimilarity);
      // Whether a leaf saying the same people as the label fits it at all: only then is a leaf saying nobody a guess.
      const demographicAlternative = !isDemographicEmpty(label.demographic) && raw.some((item) => item.score >= 0.5 && !isDemographicEmpty(item.leaf.demographic) && !contradictsDemographic(label.demographic, item.leaf.demographic));
      const scored: Scored[] = [];
      for (const { leaf, named, general, score: rawScore } of raw) {
        let score = rawScore;
        let doubted = false;
        let bare = false;
        if (contradictsDemographic(label.demographic, leaf.demographic)) {
          score *= 0.6;
          doubted = true;
        } else if (!isDemographicEmpty(label.demographic) && isDemographicEmpty(leaf.demographic)) {
          // `Часы детские наручные`: a leaf that does not say whom it is for is a guess when another says the same as the label.
          if (demographicAlternative) score *= 0.85;
          doubted = true;
        } else if (contradictsDemographic(productDemographic, leaf.demographic)) {
          score *= 0.85;
          doubted = true;
        } else if (isDemographicEmpty(label.demographic) && !isDemographicEmpty(leaf.demographic) && isDemographicEmpty(productDemographic)) {
          // A bare `Юбки` may still be the women's leaf, but it is not the exact name of it.
          doubted = true;
          bare = true;
        }
        // `Книги для подростков` against `Книги для малышей`: one class of words (children), but infants and teenagers are
        // not one kind of goods. The age of a leaf's own name is a word of its name, which the label must say to match it.
        const otherAge = saysOtherAge(label.ages, leaf.nameAges);
        if (otherAge) {
          score = Math.min(score, LOOSE_CAP);
          doubted = true;
          bare = false;
        }
        let pathSupport = 1;
        if (label.parentWords.length > 0) {
          const support = coverWords(label.parentWords, leaf.pathWords, labelSimilarity);
          pathSupport = support;
          if (support < 0.9) {
            score *= 0.92 + 0.08 * support;
            doubted = true;
            bare = false;
          }
        }
        // `Косметика` is not `Детская косметика`, though the names are equal once `Детская` is set apart: a narrower leaf is a rival only.
        const narrower = !isDemographicEmpty(leaf.nameDemographic) && isDemographicEmpty(sellerDemographic);
        const productSupport = productWords.length === 0 ? 0 : coverLeafByProducts(leaf.variants[0]?.words ?? []);
        const rank = score + 0.03 * productSupport + (siblingGroups.has(leaf.groupKey) ? 0.03 : 0) - (narrower ? 0.02 : 0);
        // `Кроссовки мужские` is the men's leaf, but not its exact name: the label says more than the name.
        const saysMore = !isDemographicEmpty(label.demographic) && isDemographicEmpty(leaf.nameDemographic);
        scored.push({ leaf, score, rank, nameExact: named.exact && !saysMore && !otherAge, exact: named.exact && !doubted && !saysMore && label.parentWords.length === 0, contained: named.contained && named.score >= general, compound: named.compound && named.score >= general, narrower, formExact: named.formExact && named.score >= general, typo: named.typo && named.score >= general, partial: named.partial && named.score >= general, kindNamed: named.kindNamed && named.score >= general, joined: named.joined && named.score >= general, kidsUnsaid: label.demographic.kids === true && leaf.demographic.kids !== true, contradicted: doubted && !bare, pathSupport });
      }
      scored.sort((a, b) => b.rank - a.rank || b.score - a.score || a.leaf.labelOrder - b.leaf.labelOrder);
      const sayings = [...(context.productNames ?? []).slice(0, 20).map((name) => tokenizeForMatch(name)), ...(label.asides.length > 0 ? [label.asides] : [])];
      const narrowing: NarrowingContext = { words: [...productWords, ...label.asides], sayings, demographic: sellerDemographic, siblingGroups, siblingRoots };
      return decide(text, label, scored, branchNames, thresholds, labelSimilarity, narrowing);
  };

  // A label is read again when matched again (a TODO with the seller's other categories, a bare head, a rewrite): each
  // reading is kept (bounded), as the label's words alone decide it.
  const parsed = new Map<string, ParsedLabel>();
  const readLabel = (text: string, parentPath: string | undefined, leafLevels = 1): ParsedLabel => {
    const key = `${leafLevels}\u0001${parentPath === undefined ? '\u0002' : parentPath}\u0001${text}`;
    let label = parsed.get(key);
    if (label === undefined) {
      label = parseLabel(text, parentPath, namedByDirectory, leafLevels);
      if (parsed.size >= MAX_KNOWN_LABELS) parsed.clear();
      parsed.set(key, label);
    }
    return label;
  };

  const matchWhole: CategoryMatcher = {
    match(text, context = {}) {
      const match = matchLabel(text, readLabel(text, context.parentPath), context);
      // `Телефоны / Смартфоны / Android`: when the last level names nothing, it qualifies the level above it. A last level
      // naming a branch (`Обувь / Женская обувь`) names something: the branch, whose leaves it holds down.
      if ((match.candidates[0]?.score ?? 0) >= thresholds.minScore || match.doubt === BRANCH_DOUBT || text.split(PATH_SEPARATOR).filter((segment) => /\p{L}/u.test(segment)).length < 2) return match;
      const widened = matchLabel(text, readLabel(text, context.parentPath, 2), context);
      return (widened.candidates[0]?.score ?? 0) > (match.candidates[0]?.score ?? 0) ? widened : match;
    },
  };
  return capByBareHead(readInitials(readSlashLists(acceptClassifierReading(vetoUnexplained(withSynonyms(matchWhole, thresholds), index, wordScore), index, thresholds), index), index), index);
}

/**
 * `Лапша б/п`: initials are weak evidence. Two letters fit many words (`д/с` is `для сада` as often as `детские столы`,
 * `р/м` `рабочие мужские` as often as `резиновые мужские`), so they never make a label sure, of any leaf: the narrower
 * leaves whose further words they begin (`Лапша быстрого приготовления`) come first among the candidates of a question,
 * the broader leaf after them. The letters are a word the leaf does not explain (`heldBy`), which the product names do
 * not lift: the seller answers, once, for every row of the label.
 */
function readInitials(matcher: CategoryMatcher, index: DirectoryIndex): CategoryMatcher {
  let names: { leaf: Category; rus: string }[] | undefined;
  return {
    match(text, context = {}) {
      const match = matcher.match(text, context);
      const [initials] = findLabelInitials(readLabelHead(text));
      const matched = match.best ?? match.candidates[0];
      if (initials === undefined || matched === undefined) return match;
      names ??= index.directories.categories.filter((category) => !index.nonLeafIds.has(category.id)).map((leaf) => ({ leaf, rus: leaf.name.rus }));
      const fits = names.flatMap(({ leaf, rus }) => {
        const further = leaf === matched.entry ? undefined : readFurtherWords(rus, matched.entry.name.rus);
        return further !== undefined && areInitialsOf(initials, further) ? [{ leaf, further }] : [];
      });
      const doubt = fits.length === 0 ? `"${initials.written}" are no initials of the further words of a leaf beside ${matched.entry.name.rus}` : `"${initials.written}" may be the initials of ${fits.map(({ leaf, further }) => `"${further.join(' ')}" of ${leaf.name.rus}`).join(', ')}`;
      const question = asLabelQuestion(match, fits.length > 0 ? doubt : match.doubt ?? doubt);
      const candidates = [...fits.map(({ leaf }) => buildAddedCategoryCandidate(leaf, index, matched.score)), ...question.candidates.filter((candidate) => !fits.some(({ leaf }) => String(leaf.id) === candidate.key))];
      return { ...question, candidates, heldBy: [...(match.heldBy ?? []), initials.written] };
    },
  };
}

/**
 * `Сумки/рюкзаки`, `Куртки/ветровки` list kinds, as a comma would (`readSlashList`): never a path whose last level is the
 * leaf, unless a level is a section or group of the directory (`Мебель/стулья`). A list is sure only in a leaf whose name
 * holds every kind: the products' reading may not take one part for all (`Автохимия/масла` of motor oils).
 */
function readSlashLists(matcher: CategoryMatcher, index: DirectoryIndex): CategoryMatcher {
  const listLabel = createListLabelReader(index);
  return {
    match(text, context) {
      const listed = listLabel.readSlashList(text);
      if (listed === text) return matcher.match(text, context);
      const match = { ...matcher.match(listed, context), text };
      const kinds = match.best === undefined ? 0 : listLabel.countUnheldKinds(text, match.best.entry);
      return match.status === 'confident' && kinds > 0 ? asLabelQuestion(match, `the label lists ${kinds} kinds of goods and the leaf's name is no list holding every one`) : match;
    },
  };
}

/** Reads a label as a list of kinds against one directory (`createListLabelReader`). */
export interface ListLabelReader {
  /**
   * The label with a slash that lists kinds written as a comma (`readSlashList`): a slash before a word in lower case or
   * after a leaf's own name, a slash beside a section or group name left.
   */
  readSlashList(text: string): string;
  /** How many kinds the label lists when it lists two or more and the leaf's name is no list holding every one; else 0. */
  countUnheldKinds(text: string, leaf: Category): number;
  /**
   * The other leaves naming a kind the label lists that the leaf's name does not hold (`Отбеливатели` beside `Пятновыводители`
   * for `Пятновыводители и отбеливатели`): with them the label is a choice, never the one leaf. None for a label naming one kind.
   */
  findListRivals(text: string, leaf: Category): Category[];
}

/** The list reading of labels against a directory, its section, group and leaf names read once. */
export function createListLabelReader(index: DirectoryIndex): ListLabelReader {
  let levels: LevelNames | undefined;
  let byHead: Map<string, Category[]> | undefined;
  const read = (text: string): string => {
    levels ??= readLevelNames(index);
    return readSlashList(text, levels);
  };
  const namesOf = (leaf: Category): string[] => [leaf.name.rus, leaf.name.kaz ?? ''];
  return {
    readSlashList: read,
    countUnheldKinds(text, leaf) {
      const kinds = readLabelKinds(readLabelHead(read(text)));
      return kinds.length < 2 || namesEveryKind(kinds, namesOf(leaf)) ? 0 : kinds.length;
    },
    findListRivals(text, leaf) {
      const head = readLabelHead(read(text));
      const kinds = readLabelKinds(head);
      if (kinds.length < 2 || namesEveryKind(kinds, namesOf(leaf))) return [];
      byHead ??= collectLeavesByHead(index);
      const members = readLabelMembers(head);
      const rivals = new Set<Category>();
      for (const at of findUnheldKinds(kinds, namesOf(leaf))) {
        const member = members[at];
        if (member === undefined) continue;
        const named = (other: Category): boolean => other !== leaf && (namesMember(member, other.name.rus) || namesMember(member, other.name.kaz ?? '', 'kaz'));
        for (const stem of member.nouns) for (const other of byHead.get(stem) ?? []) if (named(other)) rivals.add(other);
      }
      return [...rivals];
    },
  };
}

/** The directory's section and group names, and its leaves' own names, as a label's levels are compared with them. */
function readLevelNames(index: DirectoryIndex): LevelNames {
  const leafIds = (category: Category): boolean => !index.nonLeafIds.has(category.id);
  const branches = new Set(index.directories.categories.flatMap((category) => listBranchNames(category, index)).map((name) => tokenizeForMatch(name).join(' ')));
  const stemKey = (text: string): string => tokenizeForMatch(text).map(stemForIndex).join(' ');
  const leafNames = new Set(index.directories.categories.filter(leafIds).flatMap((leaf) => [leaf.name.rus, leaf.name.kaz ?? '']).filter((name) => name !== '').map(stemKey));
  return { isBranchName: (level) => branches.has(tokenizeForMatch(level).join(' ')), isLeafName: (level) => leafNames.has(stemKey(level)) };
}

/** The leaves by each head stem of their names' parts, Russian and Kazakh (`полотенц` → `Бумажные полотенца`, `Полотенца`). */
function collectLeavesByHead(index: DirectoryIndex): Map<string, Category[]> {
  const byHead = new Map<string, Category[]>();
  for (const leaf of index.directories.categories) {
    if (index.nonLeafIds.has(leaf.id)) continue;
    const heads = new Set([...readNameHeads(leaf.name.rus), ...readNameHeads(leaf.name.kaz ?? '', 'kaz')]);
    for (const stem of heads) byHead.set(stem, [...(byHead.get(stem) ?? []), leaf]);
  }
  return byHead;
}

/** Whether a Russian word of a leaf's names is a label word's root gone on into another word (`isLongerRootWord`), and no label word is its stem. */
function isReachedByLongerRoot(labelWords: readonly string[], leaf: PreparedLeaf): boolean {
  return leaf.variants.some(
    (variant) =>
      variant.language === 'rus' &&
      variant.words.some((word) => labelWords.some((labelWord) => isLongerRootWord(labelWord, word)) && !labelWords.some((labelWord) => stemForIndex(labelWord) === stemForIndex(word))),
  );
}

/**
 * How near a seller's word is to a directory word, as the label is written: the general word score,
 * with the spellings it does not know (a dropped vowel, `а` for an unstressed `о`, a changed ending
 * vowel) raised to a form's or a typo's score, and a bare word beginning held down unless the seller
 * marked it as an abbreviation.
 */
function createLabelWordSimilarity(wordScore: (a: string, b: string) => number): (label: ParsedLabel, sellerWord: string, directoryWord: string) => number {
  // By seller word, then directory word, apart for a word the seller marked as shortened (the one thing of the label read here).
  const plain = new Map<string, Map<string, number>>();
  const shortened = new Map<string, Map<string, number>>();
  return (label, sellerWord, directoryWord) => {
    const marked = label.abbreviated.has(sellerWord);
    const cache = marked ? shortened : plain;
    let row = cache.get(sellerWord);
    if (row === undefined) cache.set(sellerWord, (row = new Map()));
    let score = row.get(directoryWord);
    if (score === undefined) {
      score = scoreLabelWord(wordScore(sellerWord, directoryWord), sellerWord, directoryWord, marked);
      row.set(directoryWord, score);
    }
    // `Ножи для кухни` is `Ножи кухонные`: a word of what the goods are for (after the head) is the leaf's adjective made of
    // it. Never a word of the head: `Кухни` (furniture) is no `Кухонные …`.
    if (score < FORM_SCORE && !label.head.includes(sellerWord) && isAdjectiveOfPurposeNoun(directoryWord, sellerWord)) return FORM_SCORE;
    return score;
  };
}

/** The general word score with the spellings it does not know raised, and a bare word beginning held down (see `createLabelWordSimilarity`). */
function scoreLabelWord(score: number, sellerWord: string, directoryWord: string, marked: boolean): number {
  // `Поло` is not short for `Полотенца`, `Манга` no form of `Мангалы`: a word that only begins another, with another stem,
  // counts as an abbreviation when the seller put a dot after it.
  // So is a word that only ends another (`школьников` of `дошкольников`): a prefix (`до-`, `под-`, `без-`) makes another word.
  if (score < 0.95 && (isPrefixedWord(sellerWord, directoryWord) || (directoryWord.startsWith(sellerWord) && directoryWord !== sellerWord && !marked && !isSameWordStem(sellerWord, directoryWord)))) {
    return Math.min(score, 0.7);
  }
  // `Котлы` is no typo of `Котлеты`: a stem that goes on into a longer one is another word of the same root, whose letters
  // only look alike (`Котлы газовые` held Котлеты on top, at a typo's score).
  if (score < 0.95 && !marked && isLongerRootWord(sellerWord, directoryWord)) return Math.min(score, 0.7);
  // `Кошелек`/`Кошельки`, `Ремень`/`Ремни`: the vowel Russian drops before the last consonant when an ending follows.
  if (score < FORM_SCORE && (isFleetingVowelForm(sellerWord, directoryWord) || isFleetingVowelForm(directoryWord, sellerWord))) return FORM_SCORE;
  // `Халадильники`, `Адеяла`: the unstressed `о` written as it sounds, `а`, in a word long enough that no other word
  // differs from it so (`Палки` is not `Полки`). One misspelling however often it recurs, so at most a typo's score.
  if (score < AKANYE_SCORE && sellerWord.length >= MIN_AKANYE_WORD && isAkanyeSpelling(sellerWord, directoryWord)) return AKANYE_SCORE;
  // `Манго`/`Манга`: the shared stemmer drops any ending vowel, but two words apart by one that is no singular and plural
  // of a noun are two words, at most a typo's score apart.
  if (score >= FORM_SCORE && sellerWord !== directoryWord && sellerWord.length === directoryWord.length && sellerWord.slice(0, -1) === directoryWord.slice(0, -1) && FINAL_VOWEL.test(sellerWord) && FINAL_VOWEL.test(directoryWord) && !isNumberEndingPair(sellerWord.slice(-1), directoryWord.slice(-1), sellerWord.length)) {
    return AKANYE_SCORE - 0.05;
  }
  // `Юбка`/`Юбки`: four-letter words the stemmer leaves whole, differing in the ending vowel only, as one noun's singular
  // and plural do (`Манго` is no form of `Манга`).
  if (score < 0.95 && sellerWord.length === directoryWord.length && sellerWord.length >= 4 && sellerWord.slice(0, -1) === directoryWord.slice(0, -1) && isNumberEndingPair(sellerWord.slice(-1), directoryWord.slice(-1), sellerWord.length)) {
    return FORM_SCORE;
  }
  return score;
}

/** Word beginnings → the leaves whose names hold them, and the names of every branch (their words). */
function indexLeaves(leaves: readonly PreparedLeaf[], index: DirectoryIndex): { byPrefix: Map<string, Set<PreparedLeaf>>; branchNames: BranchNames } {
  const byPrefix = new Map<string, Set<PreparedLeaf>>();
  const byCount = new Map<number, BranchName[]>();
  const seenBranch = new Set<string>();
  for (const leaf of leaves) {
    for (const variant of leaf.variants) {
      for (const word of variant.words) addTo(byPrefix, prefixKey(word), leaf);
    }
    for (const name of listBranchNames(leaf.category, index)) {
      const words = tokenizeForMatch(name).filter((word) => !STOP_WORDS.has(word) && findDemographicMark(word) === undefined);
      const key = words.join(' ');
      if (key !== '' && !seenBranch.has(key)) {
        seenBranch.add(key);
        let sameLength = byCount.get(words.length);
        if (sameLength === undefined) byCount.set(words.length, (sameLength = []));
        sameLength.push({ words, folded: words.map(foldKazakhLetters) });
      }
    }
  }
  return { byPrefix, branchNames: { byCount, known: new Map() } };
}

/**
 * `Laptops`, `Дроны`: a label left a TODO is matched again in the directory's words. When the
 * label's own words come near no leaf, each rewritten word means the same (or names a kind of it)
 * and the rewrite is one leaf's name, that leaf stands (confident, never `exact`); otherwise its
 * candidates join the TODO. (`Лампочки LED E27` → `лампы led e 27` was once taken for `Лампы и
 * обогрев для рептилий`.)
 */
function withSynonyms(matchWhole: CategoryMatcher, thresholds: MatchThresholds): CategoryMatcher {
  return {
    match(text, context = {}) {
      const match = matchWhole.match(text, context);
      if (match.status !== 'todo') return match;
      const rewritten = rewriteWithSynonyms(text);
      if (rewritten === undefined) return match;
      const viaSynonyms = matchWhole.match(rewritten.text, context);
      if (rewritten.exact && (match.candidates[0]?.score ?? 0) < thresholds.minScore && (isNameMatch(viaSynonyms) || isNameBesideNumbers(rewritten.text, viaSynonyms, (core) => matchWhole.match(core, context)))) {
        const [best, ...others] = viaSynonyms.candidates.map(stepDown);
        if (best !== undefined) return { text, status: 'confident', best, candidates: [best, ...others] };
      }
      return mergeSynonymCandidates(match, viaSynonyms);
    },
  };
}

/**
 * The product classifier's whole-head rule, applied to labels: a confident pick must explain every
 * word of the label's head phrase (its names in both languages, its path, a compound of its name,
 * an adjective made of a path word, or a word that never changes a kind), else it is a question
 * naming the word (`Свечи зажигания` are no decor candles, `Кольца поршневые` no rings). A label
 * that names no kind of goods (`Товары без группы`) is never confident, nor one whose purpose a
 * leaf narrower by its Kazakh name does not explain (`Машинки для стрижки` against `Ойыншық көліктер`).
 */
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

function vetoUnexplained(matcher: CategoryMatcher, index: DirectoryIndex, wordScore: (a: string, b: string) => number): CategoryMatcher {
  let leaves: Map<string, IndexedLeaf> | undefined;
  let named: Map<string, Map<string, string>> | undefined;
  let siblings: Map<string, Set<string>> | undefined;
  let peopleBranches: Map<string, Set<string>> | undefined;
  let sorting: Map<string, SortingWord> | undefined;
  let evidence: WordEvidence | undefined;
  return {
    match(text, context = {}) {
      const match = matcher.match(text, context);
      if (match.status === 'todo' || match.best === undefined) return match;
      const head = readLabelHead(text);
      if (isCatchAllText(head)) return asLabelQuestion(match, 'the label names no kind of goods');
      const adjective = findAdjectiveOfNounLeaf(head, match.best.entry);
      if (adjective !== undefined) return asLabelQuestion(match, `the label is the adjective "${adjective}", which meets the leaf's noun by its stem only`);
      const kinds = readLabelKinds(head);
      if (kinds.length > 1 && !namesEveryKind(kinds, [match.best.entry.name.rus, match.best.entry.name.kaz ?? ''])) return asLabelQuestion(match, `the label lists ${kinds.length} kinds of goods and the leaf's name is no list holding every one`);
      const classifier = getClassifierIndex(index.directories, index);
      leaves ??= new Map(classifier.leaves.map((leaf) => [String(leaf.id), leaf]));
      const leaf = leaves.get(match.best.key);
      if (leaf === undefined) return match;
      const narrowed = findUnsaidPathQualifier(leaf, leaves.values(), head, `${text} ${context.parentPath ?? ''}`, readProductDemographic(context.productNames ?? []));
      if (narrowed !== undefined) return asLabelQuestion(match, `the leaf's path says "${narrowed.qualifier}", which the label does not, and ${narrowed.rival} is of the same kind`);
      peopleBranches ??= collectPeopleBranchNouns(leaves.values());
      const kind = findUnsaidKindBranch(leaf, peopleBranches, [text, context.parentPath ?? '', ...(context.productNames ?? [])].join(' '));
      if (kind !== undefined) return asLabelQuestion(match, `the leaf's path says "${kind.qualifier}", which the label does not, where ${kind.section} sorts "${kind.noun}" by whom it is for`);
      // A word the matcher took as a misspelling or transliteration of a word of the leaf (`Тилевизоры`, `Noutbuki`) is that word;
      // one equal to a leaf word the classifier left unexplained on purpose (`өнімдері`, a general word for goods, of a path) stays.
      const entry = match.best.entry;
      const leafWords = [entry.name.rus, entry.name.kaz ?? '', entry.path?.rus ?? '', entry.path?.kaz ?? ''].flatMap((part) => tokenizeForMatch(part));
      const type = extractProductType(head);
      // `проводные` beside the sibling `Беспроводные наушники`: the plain leaf is the kind its sibling is the negation of.
      siblings ??= collectSiblingStems(leaves.values());
      const siblingStems = siblings.get(parentOfPath(leaf.path));
      const negatedBySibling = (word: string): boolean => [...NEGATING_PREFIXES].some((prefix) => siblingStems?.has(stemForIndex(`${prefix}${word}`)) === true);
      // A form the stems miss is the leaf's word too: the vowel an ending drops (`уровень` of `Уровни`), an adjective whose
      // `к` turns `ч` (`игрушечные` of `Игрушки`). Not beside a brand: the unlisted-brand check below reads a bare type by the
      // stems, so `Ремень Gates 5PK1100` would pass it as the accessory `Ремни`.
      const formOf = (word: string, leafWord: string): boolean => type.brand === undefined && (isFleetingVowelForm(word, leafWord) || isFleetingVowelForm(leafWord, word) || isAdjectiveOfNounInK(word, leafWord));
      sorting ??= collectSortingWords(leaves.values());
      const sorts = (word: string): boolean => isSortingWordOfSection(sorting?.get(stemForIndex(word)), word, leaf, type.words);
      const known = (evidence ??= readWordEvidence(classifier));
      // A word for goods in general no name of the leaf holds (`өнімі` of `Сүт өнімі`, beside the path's `өнімдері`) is no
      // misspelling of the path's word: the label names the group the path does, never the leaf (`read-group-words.ts`).
      const unexplained = findUnexplainedWords(classifier, leaf, type).filter((word) => isGroupWord(word) || (!negatedBySibling(word) && !sorts(word) && !isExplainedByDirectory(word, leaf, known) && !leafWords.some((leafWord) => leafWord !== word && (wordScore(word, leafWord) >= SPELLING_SCORE || formOf(word, leafWord)))));
      // A purpose that names goods or a section of another top-level section says the goods are of another kind
      // (`Шампунь для кошек` is no hair shampoo, `Домики для кукол` no pet beds); a purpose the directory does not name
      // only qualifies (`Микрофоны для стриминга`), and one named in the leaf's own section is a use of its goods
      // (`Переноска для кошек`, `Фен для волос`). Whom the goods are for is the demographic rules' to judge.
      named ??= collectNamedStems(leaves.values());
      const leafStems = new Set([...leaf.ancestorStems, ...leaf.names.flatMap((name) => [...name.head, ...name.purpose])]);
      const section = readPathSection(leaf.path);
      const elsewhere = type.purpose.flatMap((word) => {
        const stem = stemForIndex(word);
        const places = leafStems.has(stem) || findDemographicMark(word) !== undefined ? undefined : named?.get(stem);
        const where = places?.has(section) === false ? places.values().next().value : undefined;
        return where === undefined ? [] : [`"${word}" (${where})`];
      });
      if (elsewhere.length > 0) return asLabelQuestion(match, `the label's goods are for ${elsewhere.join(', ')}, named in another section than the leaf's`);
      // `Коляски для кукол` against the babies' `Коляски`: a purpose that is what another leaf of the same section is names
      // goods of their own, which the label's goods may be a kind of; the classifier's rule, never sure.
      const goodsOf = type.purpose.filter((word) => findDemographicMark(word) === undefined && !leafStems.has(stemForIndex(word)) && isGoodsOfSection(classifier, leaf, [stemForIndex(word)]));
      if (goodsOf.length > 0) return { ...asLabelQuestion(match, `the label's goods are for ${goodsOf.map((word) => `"${word}"`).join(', ')}, goods of the leaf's own section`), heldBy: goodsOf };
      // A leaf whose Kazakh name says a narrower kind than its Russian one (`Машинки`: `Ойыншық көліктер`, toy vehicles) is
      // that kind only: a purpose it does not explain says the label's head may be another thing the directory lacks
      // (`Машинки для стрижки` are hair clippers, never toy cars).
      const unsaidKind = findUnsaidKazakhQualifier(leaf, type.words);
      const foreign = unsaidKind === undefined ? [] : type.purpose.filter((word) => isForeignPurpose(word, leafStems, section, named as Map<string, Map<string, string>>) && !leafWords.some((leafWord) => isRelatedWord(word, leafWord, MIN_SHARED_BEGINNING)));
      if (foreign.length > 0) return { ...asLabelQuestion(match, `the leaf is "${unsaidKind ?? ''}" by its Kazakh name, and does not explain the purpose ${foreign.map((word) => `"${word}"`).join(', ')} of the label`), heldBy: foreign };
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

/**
 * The product classifier's reading of a label where the matcher asks: a question whose first
 * candidate stands clear of the second (by the confident gap) is that leaf when the classifier,
 * reading the label's leaf level as a product type (its upper levels and the seller's parent path
 * as the group path), is confident of the same leaf (`КПБ 1,5-спальный`, `Дрон с камерой`,
 * `Кошельки кожаные`). Rivals within the gap stay rivals, a doubt the veto named stays, a label
 * saying whom the goods are for needs a leaf whose path says the same (`Обувь / Женская обувь` is
 * no swimming shoes), and a purpose (`для …`) the leaf does not name keeps the matcher's question.
 */
function acceptClassifierReading(matcher: CategoryMatcher, index: DirectoryIndex, thresholds: MatchThresholds): CategoryMatcher {
  let leaves: Map<number, IndexedLeaf> | undefined;
  return {
    match(text, context = {}) {
      const match = matcher.match(text, context);
      const [first, second] = match.candidates;
      if (match.status !== 'todo' || match.doubt !== undefined || first === undefined || first.score - (second?.score ?? 0) < thresholds.minGap) return match;
      const levels = readLabelLevels(text);
      const head = levels.pop() ?? '';
      // The classifier reads one product type, the first of a list (`Сухофрукты и орехи`): a label listing kinds is no one product.
      if (isCatchAllText(head) || splitLabelParts(head).filter((part) => /\p{L}{2}/u.test(part)).length > 1) return match;
      const classifier = getClassifierIndex(index.directories, index);
      const reading = classifyProduct(classifier, { name: head, groupPath: [...(context.parentPath === undefined ? [] : context.parentPath.split(PATH_SEPARATOR)), ...levels] });
      if (!reading.confident || String(reading.leafId) !== first.key) return match;
      leaves ??= new Map(classifier.leaves.map((leaf) => [leaf.id, leaf]));
      const said = collectDemographic(tokenizeForMatch(text));
      const leaf = leaves.get(first.entry.id);
      if (leaf === undefined || (!isDemographicEmpty(said) && (isDemographicEmpty(leaf.demographic) || contradictsDemographic(said, leaf.demographic)))) return match;
      if (saysOtherAge(readAges(tokenizeForMatch(text)), readAges(tokenizeForMatch(`${first.entry.name.rus} ${first.entry.name.kaz ?? ''}`)))) return match;
      // A purpose the leaf does not name is the matcher's to judge (`Сыворотка для волос` is no face serum, though hair care
      // is of the leaf's own section): the classifier lets such a purpose qualify.
      const leafStems = new Set([...leaf.ancestorStems, ...leaf.names.flatMap((name) => [...name.head, ...name.purpose])]);
      if (extractProductType(head).purpose.some((word) => findDemographicMark(word) === undefined && !leafStems.has(stemForIndex(word)))) return match;
      const best: ScoredCandidate<Category> = { ...first, score: Math.max(first.score, Math.min(NAME_WITH_DEMOGRAPHIC, reading.confidence)), exact: false };
      return { text: match.text, status: 'confident', best, candidates: [best, ...match.candidates.slice(1)] };
    },
  };
}

/**
 * `Сапоги резиновые` against `Детская обувь / Резиновые сапоги`, `Рубашки и блузки` against the women's `Блузки и рубашки`:
 * the leaf's parent branch says whom the goods are for and the label does not, and another branch of the same kind has a
 * leaf named by the label's words alone, for other people (`Женская обувь / Сапоги`, `Мужская одежда / Рубашки`). Which
 * of them the seller means, the label does not tell.
 */
function findUnsaidPathQualifier(leaf: IndexedLeaf, leaves: Iterable<IndexedLeaf>, head: string, said: string, productDemographic: Demographic): { qualifier: string; rival: string } | undefined {
  const levels = leaf.path.split(' / ');
  const parentTokens = tokenizeForMatch(levels[levels.length - 2] ?? '').filter((word) => !STOP_WORDS.has(word));
  // Whom for (`Детская`, `Женская`): a grouping's adjective (`Крупная бытовая`, `Командные виды`) sorts kinds, it narrows none.
  const parentWords = parentTokens.filter((word) => ADJECTIVE.test(word) && findDemographicMark(word) !== undefined);
  // What the branch is (`обувь` of `Детская обувь`): a rival branch is another kind of it (`Женская обувь`).
  const branchNouns = new Set(parentTokens.filter((word) => !ADJECTIVE.test(word)).map(stemForIndex));
  if (levels.length < 3 || parentWords.length === 0 || branchNouns.size === 0) return undefined;
  const saidWords = tokenizeForMatch(said);
  const saidStems = new Set(saidWords.map(stemForIndex));
  // Whom the label says the goods are for or, failing that, its product names (`Футболка для мальчика`).
  const labelDemographic = collectDemographic(saidWords);
  const saidDemographic = isDemographicEmpty(labelDemographic) ? productDemographic : labelDemographic;
  const unsaid = parentWords.filter((word) => !saidStems.has(stemForIndex(word)) && (isDemographicEmpty(saidDemographic) || contradictsDemographic(saidDemographic, findDemographicMark(word) ?? {})));
  const nouns = new Set(readLabelNouns(head));
  if (unsaid.length === 0 || nouns.size === 0) return undefined;
  const parent = parentOfPath(leaf.path);
  const unsaidStems = new Set(unsaid.map(stemForIndex));
  const labelStems = new Set(tokenizeForMatch(head).map(stemForIndex));
  // Adults' goods are the default: a bare `Платья` is the women's, not the girls', but `Сапоги резиновые` no children's boots.
  const adultsOnly = unsaid.every((word) => findDemographicMark(word)?.gender !== undefined && findDemographicMark(word)?.kids !== true);
  for (const other of leaves) {
    if (other === leaf || parentOfPath(other.path) === parent || readPathSection(other.path) !== levels[0] || (adultsOnly && other.demographic.kids === true)) continue;
    const otherBranch = tokenizeForMatch(parentOfPath(other.path).split(' / ').pop() ?? '').map(stemForIndex);
    if (!otherBranch.some((stem) => branchNouns.has(stem)) || tokenizeForMatch(parentOfPath(other.path)).some((word) => unsaidStems.has(stemForIndex(word)))) continue;
    if (other.names.some((name) => name.language === 'rus' && name.head.some((stem) => nouns.has(stem)) && [...name.head, ...name.purpose].every((stem) => labelStems.has(stem)))) return { qualifier: unsaid.join(' '), rival: `"${other.path}"` };
  }
  return undefined;
}

/**
 * `Жилеты`, `Мужские жилеты`, `Жилеты утепленные` against `Одежда / Национальная одежда / Жилеты`, where the section sorts
 * `одежда` by whom it is for (`Женская одежда`, `Мужская одежда`): a branch that narrows the section's goods by a kind
 * instead (`национальная`, `спортивная`) holds only that kind of the leaf's goods, and the directory may lack a leaf for
 * the plain ones. A label whose words, seller path and product names do not say that kind is a question, rival leaf or
 * none. A leaf whose own name says a kind of its own (`Беговые кроссовки`) is matched by that word, not by its branch.
 */
function findUnsaidKindBranch(leaf: IndexedLeaf, peopleBranches: ReadonlyMap<string, ReadonlySet<string>>, said: string): { qualifier: string; noun: string; section: string } | undefined {
  const levels = leaf.path.split(' / ');
  const section = levels[0] ?? '';
  const nouns = peopleBranches.get(section);
  if (levels.length < 3 || nouns === undefined || tokenizeForMatch(levels[levels.length - 1] ?? '').some((word) => ADJECTIVE.test(word))) return undefined;
  const parentWords = tokenizeForMatch(levels[levels.length - 2] ?? '');
  const noun = parentWords.find((word) => !ADJECTIVE.test(word) && nouns.has(stemForIndex(word)));
  if (noun === undefined || parentWords.some((word) => findDemographicMark(word) !== undefined)) return undefined;
  const saidStems = new Set(tokenizeForMatch(said).map(stemForIndex));
  const unsaid = readPathQualifiers(leaf).filter((qualifier) => qualifier.mark === undefined && parentWords.includes(qualifier.word) && !saysPathQualifier(qualifier, {}, saidStems));
  return unsaid.length === 0 ? undefined : { qualifier: unsaid.map((qualifier) => qualifier.word).join(' '), noun, section: `"${section}"` };
}

/** Per top-level section, the nouns of its branches that say whom their goods are for (`одежда` of `Женская одежда`). */
function collectPeopleBranchNouns(leaves: Iterable<IndexedLeaf>): Map<string, Set<string>> {
  const bySection = new Map<string, Set<string>>();
  for (const leaf of leaves) {
    const [section, branch] = leaf.path.split(' / ');
    const words = tokenizeForMatch(branch ?? '');
    if (section === undefined || !words.some((word) => findDemographicMark(word) !== undefined)) continue;
    const nouns = bySection.get(section) ?? new Set<string>();
    for (const word of words) if (!ADJECTIVE.test(word) && !STOP_WORDS.has(word) && findDemographicMark(word) === undefined) nouns.add(stemForIndex(word));
    bySection.set(section, nouns);
  }
  return bySection;
}

/** The stems the leaves under each parent are named with, per parent path. */
function collectSiblingStems(leaves: Iterable<IndexedLeaf>): Map<string, Set<string>> {
  const byParent = new Map<string, Set<string>>();
  for (const leaf of leaves) {
    const parent = parentOfPath(leaf.path);
    let stems = byParent.get(parent);
    if (stems === undefined) byParent.set(parent, (stems = new Set()));
    for (const name of leaf.names) for (const stem of name.head) stems.add(stem);
  }
  return byParent;
}

function parentOfPath(path: string): string {
  return path.split(' / ').slice(0, -1).join(' / ');
}

/** Where the directory uses one word stem: the top-level sections, the leaves it qualifies as an adjective, the branches it names. */
interface SortingWord {
  sections: Set<string>;
  /** The other words of each leaf name the stem is an adjective in (`серьги` of `Золотые серьги`). */
  qualified: string[][];
  /** A branch (a level above the leaves) has the stem in its name (`Тормозная система`). */
  branches: Set<string>;
}

/** Every stem of the leaves' Russian names and of the branch names, with where it stands (`SortingWord`). */
function collectSortingWords(leaves: Iterable<IndexedLeaf>): Map<string, SortingWord> {
  const words = new Map<string, SortingWord>();
  const read = (stem: string): SortingWord => {
    let found = words.get(stem);
    if (found === undefined) words.set(stem, (found = { sections: new Set(), qualified: [], branches: new Set() }));
    return found;
  };
  for (const leaf of leaves) {
    const section = readPathSection(leaf.path);
    const levels = leaf.path.split(' / ');
    const name = tokenizeForMatch(levels[levels.length - 1] ?? '').filter((word) => !STOP_WORDS.has(word));
    for (const word of name) {
      const entry = read(stemForIndex(word));
      entry.sections.add(section);
      if (ADJECTIVE.test(word)) entry.qualified.push(name.filter((other) => other !== word));
    }
    for (let depth = 1; depth < levels.length; depth++) {
      for (const word of tokenizeForMatch(levels[depth - 1] ?? '')) {
        const entry = read(stemForIndex(word));
        entry.sections.add(section);
        entry.branches.add(levels.slice(0, depth).join(' / '));
      }
    }
  }
  return words;
}

/**
 * `Кольца золотые` for the jewellery `Кольца`, `Ноутбуки игровые` for `Ноутбуки`: an adjective the directory qualifies
 * goods of two kinds or more by (`Золотые серьги`, `Золотые цепи`; `Игровые консоли`, `Игровые кресла`), all of them in the
 * leaf's own top-level section and nowhere else, sorts that section's goods: it qualifies the leaf as it does its
 * neighbours. Not where a branch is named by it that the leaf is not under (`Тормозная система`: `Диски тормозные` are no
 * wheel rims), nor where a leaf it qualifies is of the label's own head, in its words or through the synonyms (`Золотые
 * цепи` for `Цепочки золотые`, `Игровые гарнитуры` for `Наушники игровые`: that leaf or a question, never the plain one).
 * A word the directory uses nowhere, or in another section too, says nothing.
 */
function isSortingWordOfSection(entry: SortingWord | undefined, word: string, leaf: IndexedLeaf, typeWords: readonly string[]): boolean {
  if (entry === undefined || !ADJECTIVE.test(word)) return false;
  const section = readPathSection(leaf.path);
  if (entry.sections.size !== 1 || !entry.sections.has(section)) return false;
  if ([...entry.branches].some((branch) => !leaf.path.startsWith(`${branch} / `))) return false;
  const kinds = new Set(entry.qualified.map((others) => others.map(stemForIndex).join(' ')));
  if (kinds.size < 2) return false;
  const head = typeWords.filter((other) => other !== word);
  // In other words too: `Игровые гарнитуры` are the gaming `Наушники игровые` (`гарнитура` → `наушники`).
  const sayings = (other: string): string[] => [other, ...tokenizeForMatch(rewriteWithSynonyms(other)?.text ?? '')];
  return !entry.qualified.some((others) => others.flatMap(sayings).some((other) => head.some((own) => isRelatedWord(own, other, 3))));
}

/**
 * Every stem the directory names goods or a branch with → per top-level section, where it first does
 * there: a word of a leaf's name (its path), a branch named by one word (`Зоотовары`, its path), in
 * both languages. A longer branch name is a grouping (`Посуда и кухня`, `Техника для дома`), no kind of goods.
 */
function collectNamedStems(leaves: Iterable<IndexedLeaf>): Map<string, Map<string, string>> {
  const named = new Map<string, Map<string, string>>();
  const add = (stem: string, section: string, where: string): void => {
    let places = named.get(stem);
    if (places === undefined) named.set(stem, (places = new Map()));
    if (!places.has(section)) places.set(section, where);
  };
  for (const leaf of leaves) {
    const section = readPathSection(leaf.path);
    for (const name of leaf.names) for (const stem of [...name.head, ...name.purpose]) add(stem, section, leaf.path);
    for (const path of [leaf.path, leaf.pathKaz]) {
      const levels = path.split(' / ');
      for (let depth = 1; depth < levels.length; depth++) {
        const where = levels.slice(0, depth).join(' / ');
        const words = tokenizeForMatch(levels[depth - 1] ?? '');
        if (words.length === 1 && words[0] !== undefined) add(stemForIndex(words[0]), section, where);
      }
    }
  }
  return named;
}

/** The leaf level of a label as the seller wrote it: without a 1C code, parent levels or asides. */
/** The last level of a label's path (the label itself when plain), without a 1C code or asides. */
export function readLabelHead(text: string): string {
  return readLabelLevels(text).pop() ?? '';
}

/** The levels of a label's path (one for a plain label), without a 1C code or asides. */
function readLabelLevels(text: string): string[] {
  const withoutCode = text.replace(CODE_PREFIX, '');
  const cleaned = /\p{L}{2}/u.test(withoutCode) ? withoutCode : text;
  const segments = cleaned.split(PATH_SEPARATOR).filter((segment) => /\p{L}/u.test(segment));
  return (segments.length === 0 ? [cleaned] : segments).map((segment) => segment.replace(PARENTHESES, ' '));
}

function asLabelQuestion(match: ValueMatch<Category>, doubt: string): ValueMatch<Category> {
  const { best: _best, ...rest } = match;
  return { ...rest, status: 'todo', doubt };
}

// A size or model number (`24`, `R16`, `E27`, `4K`): a word with a digit, or one or two Latin letters beside one.
const NUMBER_WORD = /\d/;
const LETTERS_BEFORE_NUMBER = /^[a-z]{1,2}$/;

/**
 * `Monitors 24` → `мониторы 24`, `Summer tyres R16` → `летние шины r 16`: numbers and sizes
 * qualify a leaf, they never choose it. The rewrite stands when it is confident with them and,
 * without them, one leaf's name, the same leaf. A word that is no number (`LED` of `Лампочки LED
 * E27`) keeps the rewrite a longer text than any name.
 */
function isNameBesideNumbers(rewritten: string, viaSynonyms: ValueMatch<Category>, matchCore: (core: string) => ValueMatch<Category>): boolean {
  if (viaSynonyms.status === 'todo' || rewritten.includes('/')) return false;
  const words = tokenizeForMatch(rewritten);
  const beside = (word: string, i: number): boolean => LETTERS_BEFORE_NUMBER.test(word) && (NUMBER_WORD.test(words[i + 1] ?? '') || NUMBER_WORD.test(words[i - 1] ?? ''));
  const core = words.filter((word, i) => !NUMBER_WORD.test(word) && !beside(word, i));
  if (core.length === words.length || core.length === 0) return false;
  const coreMatch = matchCore(core.join(' '));
  return isNameMatch(coreMatch) && coreMatch.best?.key === viaSynonyms.best?.key;
}

// The score of a leaf whose name is the label once the gender or age words are set apart, and whose path says the same (`Платья` for `женские платья`).
const NAME_WITH_DEMOGRAPHIC = 0.99;

/**
 * A match to one leaf's own name: exact, or that name (or a part of an `и` name) with gender or
 * age words its path agrees with (`Women's dresses` → `женские платья` → `Женская одежда /
 * Платья`; `Mens hoodies` → `Мужская одежда / Худи и свитшоты`). Only a name-equal leaf scores 0.97
 * or more: a leaf holding the words among more scores 0.93, a name inside a longer label 0.95 at
 * most (`Лампочки LED E27` is not a lamp leaf's name), the general matcher 0.9.
 */
function isNameMatch(match: ValueMatch<Category>): boolean {
  return match.status === 'exact' || (match.status === 'confident' && (match.best?.score ?? 0) >= PART_FACTOR * NAME_WITH_DEMOGRAPHIC);
}

// A candidate found through a synonym ranks a step below the same score found by the label itself.
const SYNONYM_STEP = 0.97;

/** A candidate found through a synonym: a step below, and never an exact name (`score 0.97`, not `# exact`). */
function stepDown(candidate: ScoredCandidate<Category>): ScoredCandidate<Category> {
  return { ...candidate, score: Math.round(candidate.score * SYNONYM_STEP * 1000) / 1000, exact: false };
}

function mergeSynonymCandidates(match: ValueMatch<Category>, viaSynonyms: ValueMatch<Category>): ValueMatch<Category> {
  const merged = new Map(match.candidates.map((candidate) => [candidate.key, candidate]));
  for (const candidate of viaSynonyms.candidates.map(stepDown)) {
    const known = merged.get(candidate.key);
    if (known === undefined || known.score < candidate.score) merged.set(candidate.key, candidate);
  }
  const limit = Math.max(match.candidates.length, viaSynonyms.candidates.length);
  return { text: match.text, status: 'todo', candidates: [...merged.values()].sort((a, b) => b.score - a.score).slice(0, limit) };
}

/** Thresholds of a confident category match: a fuzzy name must be one typo away at most. */
export const CATEGORY_THRESHOLDS: MatchThresholds = { minScore: 0.88, minGap: DEFAULT_MATCH_THRESHOLDS.minGap };

function decide(
  text: string,
  label: ParsedLabel,
  scored: Scored[],
  branchNames: BranchNames,
  thresholds: MatchThresholds,
  similarity: (a: string, b: string) => number,
  narrowing: NarrowingContext,
): ValueMatch<Category> {
  const toCandidate = (item: Scored): ScoredCandidate<Category> => ({
    key: item.leaf.key,
    label: item.leaf.label,
    // 1.00 is the exact name only; a leaf found through the gender words or the path shows at most 0.99.
    score: Math.min(item.nameExact ? 1 : NAME_WITH_DEMOGRAPHIC, Math.round(item.score * 1000) / 1000),
    exact: item.exact,
    entry: item.leaf.category,
  });
  const [first] = scored;
  if (first === undefined) return { text, status: 'todo', candidates: [] };
  // A leaf named by the label's own words in some form beats one reached only through a typo (`Маска для волос` is
  // `Маски для волос`, not `Масла для волос` misspelt): the typo reading is a candidate, not a rival.
  // And a leaf that explains every word of the label, as its own name in any order or through a compound word, beats
  // a broader one whose name is only part of the label (`Потолочные светильники` for `Светильники потолочные`, not
  // `Светильники`; `Электрочайники` for `Чайник электрический`, not `Чайники`): the label said the narrower goods.
  const whole = first.joined || isPlainName(first);
  const near = scored.filter((item) => item !== first && item.score > first.score - thresholds.minGap && !(first.formExact && item.typo) && !(whole && item.partial));
  // `Пылесосы` is the leaf `Пылесосы`, not `Роботы-пылесосы` nor `Автомобильные пылесосы`: a narrower leaf is no rival of the plain one, unless the file points at it.
  const plainRivals = isPlainName(first) ? near.filter((item) => !isNarrowerApart(first, item, narrowing)) : near;
  // A leaf named by words of the label whose path says the rest (`Уход за лицом: … / Тканевые маски` for `Маски для лица
  // тканевые`) names the label whole: a first candidate that leaves a word of the label unexplained never stands against it.
  const namedWhole = first.partial ? scored.find((item) => item !== first && isLabelNamedWhole(label, item.leaf, similarity)) : undefined;
  const rivals = namedWhole === undefined || plainRivals.includes(namedWhole) ? plainRivals : [...plainRivals, namedWhole];
  // Several leaves within a hair of the best: the name is shared, and every one of them is listed.
  const shared = scored.filter((item) => item.score >= first.score - SHARED_BAND && item.score >= thresholds.minScore - 0.1);
  const candidates = (shared.length > TODO_CANDIDATES ? shared.slice(0, MAX_SHARED_CANDIDATES) : scored.slice(0, TODO_CANDIDATES)).map(toCandidate);
  // `Парфюмерия женская` names the branch `Парфюмерия`, and its leaf `Женская парфюмерия` is exactly that branch's name
  // with whom the label says it is for: that leaf, not the branch. A bare `Парфюмерия` stays a question.
  const leafOfBranchFor = first.exact && !isDemographicEmpty(label.demographic) && !isDemographicEmpty(first.leaf.nameDemographic);
  // Asked last, of a label that would be matched otherwise: it compares the label with every branch name.
  const namesBranch = (): boolean => label.words.length === 0 || (!leafOfBranchFor && isBranchName(label, branchNames, similarity));
  // A leaf holding the label's words among more is a narrower kind the label never said (`Ключи` → `Гаечные ключи`,
  // `Посуда` → `Походная посуда`, `Мыши` → `Компьютерные мыши` for cat toys): never a pick by containment alone, even
  // when it is the only such leaf. It stays the question's first candidate.
  // Unless the seller's own words say the rest of its name: `Роутеры` whose rows are all `Роутер Wi-Fi …` are `Wi-Fi роутеры`.
  const contained = first.contained && (first.compound || !saysRestOfName(first.leaf, label, narrowing.sayings, similarity));
  if (!first.narrower && !first.kidsUnsaid && !contained && first.score >= thresholds.minScore && rivals.length === 0 && !namesBranch()) {
    const best = toCandidate(first);
    return { text, status: first.exact ? 'exact' : 'confident', best, candidates };
  }
  // `Обувь`, `Женская обувь`, `Аяқ киім`, `Домашний текстиль`: a label naming a branch is every leaf of it and none by name.
  // A leaf holding its words among more (`Рабочая обувь`) or sharing one (`Метеостанции домашние`) is no nearer than the
  // others, so none is shown near a match; only a leaf named exactly so keeps its score.
  if (!first.nameExact && isBranchName(label, branchNames, similarity)) {
    const capped = candidates.map((candidate) => (candidate.score < 1 ? { ...candidate, score: Math.min(candidate.score, BRANCH_LEAF_SCORE) } : candidate));
    return { text, status: 'todo', candidates: capped, doubt: BRANCH_DOUBT };
  }
  return { text, status: 'todo', candidates };
}

// The most a leaf scores for a label naming a branch (`Обувь`): one of its many leaves, as a product name's leaf is shown.
const BRANCH_LEAF_SCORE = 0.5;
const BRANCH_DOUBT = 'the label names a branch of the directory, not one leaf of it';

/**
 * Whether the seller says, beside a label that a longer leaf holds among more words, the rest of that leaf's name: every
 * word of a whole Russian name of it that the label lacks is a word of every product name given (and of the label's
 * parentheses, when it has some). `Консоли` with `Игровая консоль портативная` names `Игровые консоли`; with `Консоль
 * настенная` it does not, nor `Патчи` with `Патч-корд UTP` the eye patches, nor `Пистолеты` with `Пистолет для
 * герметика` and `Пистолет клеевой` the sealant guns alone: a label is every row's.
 */
function saysRestOfName(leaf: PreparedLeaf, label: ParsedLabel, sayings: readonly (readonly string[])[], similarity: (a: string, b: string) => number): boolean {
  if (sayings.length === 0) return false;
  const says = (words: readonly string[], word: string): boolean => words.some((other) => isRelatedWord(other, word, MIN_NARROWING_PREFIX) || similarity(other, word) >= 0.9);
  return leaf.variants.some((variant) => {
    if (!variant.full || variant.language !== 'rus') return false;
    const rest = variant.words.filter((word) => !STOP_WORDS.has(word) && !label.words.some((own) => similarity(own, word) >= 0.9));
    return rest.length > 0 && sayings.every((words) => rest.every((word) => says(words, word)));
  });
}

/** Whether every word of a whole name of the leaf is a word of the label, and every word of the label is in that name or the leaf's path. */
function isLabelNamedWhole(label: ParsedLabel, leaf: PreparedLeaf, similarity: (a: string, b: string) => number): boolean {
  const near = (word: string, words: readonly string[]): boolean => words.some((other) => similarity(word, other) >= 0.9);
  // A path word in another case than the label's (`лицом` of `Уход за лицом` for `лица`): this only makes a rival, never a match.
  const inPath = (word: string): boolean => near(word, leaf.pathWords) || leaf.pathWords.some((other) => isRelatedWord(word, other, 3));
  return leaf.variants.some(
    (variant) =>
      variant.full &&
      variant.words.length > 0 &&
      variant.words.every((word) => near(word, label.words)) &&
      label.words.every((word) => near(word, variant.words) || inPath(word)),
  );
}

// Two texts name one another when each covers the other's words this well.
const BRANCH_COVER = 0.95;

/**
 * Whether the label's words name a branch: as many words as a branch name, each side covering the
 * other's at `BRANCH_COVER`. A branch name is compared only when every word of each side could be a
 * spelling of one on the other at the score that needs (`mayBeSpelling`): most never could. The
 * answer is kept per label (its words, and those the seller shortened: all the word scores depend on).
 */
function isBranchName(label: ParsedLabel, branchNames: BranchNames, similarity: (a: string, b: string) => number): boolean {
  const words = label.words;
  const key = `${words.join(' ')}\u0001${words.filter((word) => label.abbreviated.has(word)).join(' ')}`;
  let named = branchNames.known.get(key);
  if (named === undefined) {
    // Each word's best score averages to the cover: one word below this cannot be made up by the others at 1.
    const least = 1 - (1 - BRANCH_COVER) * words.length;
    const folded = words.map(foldKazakhLetters);
    named = (branchNames.byCount.get(words.length) ?? []).some(
      (branch) =>
        pairsEveryWord(words, folded, branch, least) &&
        coverWords(words, branch.words, similarity) >= BRANCH_COVER &&
        coverWords(branch.words, words, (a, b) => similarity(b, a)) >= BRANCH_COVER,
    );
    if (branchNames.known.size >= MAX_KNOWN_LABELS) branchNames.known.clear();
    branchNames.known.set(key, named);
  }
  return named;
}

const MAX_KNOWN_LABELS = 5_000;

/** Whether every word of the label, and every word of the branch name, could be a spelling of one on the other side. */
function pairsEveryWord(words: readonly string[], folded: readonly string[], branch: BranchName, least: number): boolean {
  const n = words.length;
  const m = branch.words.length;
  // Bit j: branch word j has a partner (branch names have a few words).
  let partnered = 0;
  for (let i = 0; i < n; i++) {
    let found = false;
    for (let j = 0; j < m; j++) {
      if (mayBeSpelling(words[i] ?? '', folded[i] ?? '', branch.words[j] ?? '', branch.folded[j] ?? '', least)) {
        found = true;
        partnered |= 1 << j;
      }
    }
    if (!found) return false;
  }
  return m > 30 ? branch.words.every((_, j) => words.some((_word, i) => mayBeSpelling(words[i] ?? '', folded[i] ?? '', branch.words[j] ?? '', branch.folded[j] ?? '', least))) : partnered === 2 ** m - 1;
}

// An edit costs this share of the longer word in the word score (`EDIT_WEIGHT` of `score-candidates.ts`).
const EDIT_COST = 0.75;

/**
 * Whether a label word could score `least` or more against a directory word: a cheap bound, never
 * false where the score would reach it. Every way a word scores 0.8 or more but two keeps the first
 * three letters, Kazakh letters folded (a form, a stem, an abbreviation, a dropped vowel, a changed
 * ending vowel) or is the word with Kazakh letters folded; the two are `а` written for an unstressed
 * `о` (`AKANYE_SCORE`) and a typo, whose edits are at least the letters the words do not share.
 */
function mayBeSpelling(seller: string, sellerFolded: string, directory: string, directoryFolded: string, least: number): boolean {
  if (sellerFolded === directoryFolded) return true;
  if (sellerFolded.length >= SHARED_START && directoryFolded.length >= SHARED_START && sellerFolded.startsWith(directoryFolded.slice(0, SHARED_START))) return true;
  if (least <= AKANYE_SCORE + 1e-9 && isAkanyeSpelling(seller, directory)) return true;
  // A typo costs an edit for each letter the words do not share (at least one), or one edit of their stems at a form's score.
  const longer = Math.max(seller.length, directory.length);
  const edits = Math.max(1, measureBagDistance(sellerFolded, directoryFolded));
  return 1 - (EDIT_COST * edits) / longer >= least - 1e-9 || FORM_SCORE * (1 - EDIT_COST / longer) >= least - 1e-9;
}

// The letters a word shares with every form, stem or abbreviation of it that the word score knows.
const SHARED_START = 3;

/**
 * The label is this leaf's own name (or a form of it), nothing in the file says otherwise, and no
 * gender or age word of the leaf's name goes unsaid: the plain leaf, whose narrower leaves are not
 * its rivals. (A bare `Подгузники` under `Детские товары` is that leaf, though not `# exact`.)
 */
function isPlainName(first: Scored): boolean {
  return (first.nameExact || (first.formExact && !first.typo) || first.kindNamed) && !first.contained && !first.narrower && !first.contradicted;
}

/**
 * Whether `item` is a narrower leaf of the plain leaf `first` that nothing in the file points at.
 * Narrower: under the same root, one of its names holds every word of one of the plain leaf's
 * names (a word as it is, or as the end of a compound: `Электросамокаты`) among more words, which
 * the label does not have (`Роботы-пылесосы`, `Вертикальные пылесосы`, `Пледы с рукавами`). Stay
 * rivals: a leaf of another root (`Аккумуляторы` of cars and `Внешние аккумуляторы` of phones are
 * both what a bare `Аккумуляторы` may mean; `Автомобильные пылесосы`), a leaf the label only
 * resembles (`Тёплые полы` for `Поло`), one sharing the name (`Кроссовки` for women, men and
 * kids), and one for other people than the plain leaf's path says. What points at it: a word of its name or path beyond the plain leaf's in the
 * product names or the label's parentheses (`Робот-пылесос Xiaomi`), the gender or age words the
 * seller gives that it says and the plain leaf does not, a seller path it holds better, or the
 * seller's other categories mapped beside it and not beside the plain leaf.
 */
function isNarrowerApart(first: Scored, item: Scored, narrowing: NarrowingContext): boolean {
  if (!item.contained || item.nameExact || item.leaf.rootKey !== first.leaf.rootKey || !holdsName(item.leaf, first.leaf)) return false;
  // A leaf for other people is no narrower kind (`Подгузники для взрослых` beside the babies' `Подгузники`): which of them a bare label means, the file must say.
  if (!isDemographicEmpty(first.leaf.demographic) && (isDemographicEmpty(item.leaf.demographic) || contradictsDemographic(first.leaf.demographic, item.leaf.demographic))) return false;
  const own = first.leaf.pathWords;
  const relates = (a: string, b: string): boolean => isRelatedWord(a, b, MIN_NARROWING_PREFIX);
  const beyond = item.leaf.pathWords.filter((word) => !own.some((other) => relates(word, other)));
  if (narrowing.words.some((word) => !own.some((other) => relates(word, other)) && beyond.some((other) => relates(word, other)))) return false;
  const says = !isDemographicEmpty(narrowing.demographic);
  if (says && !isDemographicEmpty(item.leaf.demographic) && !contradictsDemographic(narrowing.demographic, item.leaf.demographic) && isDemographicEmpty(first.leaf.demographic)) return false;
  if (item.pathSupport > first.pathSupport) return false;
  if (narrowing.siblingGroups.has(item.leaf.groupKey) && !narrowing.siblingGroups.has(first.leaf.groupKey)) return false;
  if (narrowing.siblingRoots.has(item.leaf.rootKey) && !narrowing.siblingRoots.has(first.leaf.rootKey)) return false;
  return true;
}

/** Whether a name of `narrower` holds every word of a name of `plain` (same language) among more. */
function holdsName(narrower: PreparedLeaf, plain: PreparedLeaf): boolean {
  return plain.variants.some((name) =>
    name.words.length > 0 &&
    narrower.variants.some(
      (other) =>
        other.full &&
        other.language === name.language &&
        other.words.join(' ') !== name.words.join(' ') &&
        name.words.every((word) => other.words.some((held) => held === word || isCompoundOf(held, word) || (other.language === 'kaz' && isKazakhPossessiveOf(held, word)))),
    ),
  );
}

function scoreByName(
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
    beginsOnly ||= variant.language === 'rus' && q.some((word, i) => (queryBest[i] ?? 0) < FORM_SCORE && !label.abbreviated.has(word) && v.some((other) => isPrefixedWord(word, other) || (other !== word && other.startsWith(word) && !isSameWordStem(word, other))));
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
    } else if (variantCover >= 0.9 && label.head.some(covered)) {
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
      if (!leading && !complementExtra && !extras.some((word) => relations.isRelatedElsewhere(word, leaf, matched))) {
        score = Math.max(symmetric, NAMED_INSIDE_BASE + 0.05 * queryCover);
        partial = true;
        kindNamed = label.kind.length < q.length && variantBest.every((value) => value >= FORM_SCORE) && q.every((word, i) => !label.kind.includes(word) || (queryBest[i] ?? 0) >= FORM_SCORE);
        // Ranked as the bare head's name is, above the leaves holding it among more (its rivals, as they are the bare head's).
        if (kindNamed) score = Math.max(score, FORM_SCORE);
      }
    }
    // `Тара` is no form of the Kazakh `Тары` (millet): Russian word forms say nothing of a Kazakh name. A label written
    // without a Kazakh letter that comes near a leaf only through its Kazakh name, and not as that very name, asks.
    if (variant.language === 'kaz' && !exact && !labelKazakh) {
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

/** What the directory says about the words of a label beyond a leaf's name. */
interface LeafRelations {
  isRelatedElsewhere: (word: string, leaf: PreparedLeaf, matched: readonly string[]) => boolean;
  onlyQualifies: (head: readonly string[], complement: readonly string[], leaf: PreparedLeaf, similarity: (a: string, b: string) => number) => boolean;
}

/**
 * Whether the words after a preposition (`для кухни` of `Стулья для кухни`, `на колесах`) only
 * qualify a leaf whose whole name is the label's head. They do when:
 * - no other leaf is what the head names (`Краска для стен`: `Краски` for children and `Краски
 *   для волос` both are paints, and the use is what would choose between them);
 * - no complement word begins like what another leaf is (`радиоуправлении` of `Радиоуправляемые
 *   игрушки` in `Машинки на радиоуправлении`);
 * - no complement word is a word of another branch under the same root (`волос` of `Уход за
 *   волосами` in `Сыворотка для волос`, whose leaf `Сыворотки` is for the face; `кухни` of `Посуда
 *   и кухня` in `Стулья для кухни`, so the kitchen chairs stay a question too).
 * Words of other roots are left to `createRelatedElsewhere` (`Шампунь автомобильный`).
 */
function createQualifierCheck(leaves: readonly PreparedLeaf[]): LeafRelations['onlyQualifies'] {
  const byHeadPrefix = new Map<string, Set<PreparedLeaf>>();
  const groupWords = new Map<string, Map<string, Set<string>>>();
  for (const leaf of leaves) {
    for (const variant of leaf.variants.filter((candidate) => candidate.language === 'rus')) {
      for (const word of variant.head) addTo(byHeadPrefix, prefixKey(word), leaf);
    }
    let groups = groupWords.get(leaf.rootKey);
    if (groups === undefined) {
      groups = new Map();
      groupWords.set(leaf.rootKey, groups);
    }
    for (const segment of leaf.groupKey.split(' / ').slice(1)) for (const word of tokenizeForMatch(segment)) if (!STOP_WORDS.has(word)) addTo(groups, leaf.groupKey, word);
  }
  const beginsAlike = (a: string, b: string): boolean => {
    let common = 0;
    while (common < a.length && common < b.length && a[common] === b[common]) common += 1;
    return common >= MIN_RELATED_PREFIX;
  };
  const sameWord = (a: string, b: string, similarity: (x: string, y: string) => number): boolean => a === b || similarity(a, b) >= 0.9 || sharesStem(a, b) || (stemWord(a) === stemWord(b) && stemWord(a).length >= 4);
  return (head, complement, leaf, similarity) => {
    if (head.length === 0 || complement.length === 0) return false;
    for (const other of byHeadPrefix.get(prefixKey(head[0] ?? '')) ?? []) {
      if (other === leaf) continue;
      const names = other.variants.filter((variant) => variant.language === 'rus');
      if (names.some((variant) => head.every((word) => variant.head.some((name) => similarity(word, name) >= 0.9)))) return false;
    }
    for (const word of complement) {
      for (const other of byHeadPrefix.get(prefixKey(word)) ?? []) {
        if (other !== leaf && other.variants.some((variant) => variant.language === 'rus' && variant.head.some((name) => beginsAlike(word, name)))) return false;
      }
      for (const [group, words] of groupWords.get(leaf.rootKey) ?? []) {
        if (group !== leaf.groupKey && [...words].some((other) => sameWord(word, other, similarity))) return false;
      }
    }
    return true;
  };
}

/**
 * Whether an extra word of the label points to another leaf: a word of another leaf of the same
 * root (`радиоуправлении` of `Радиоуправляемые игрушки`), or a word of another root whose leaves
 * also name what the label is (`автомобильный` of `Автотовары`, where `Автошампуни` holds
 * `шампун`). A word of another root that has nothing else to do with the label (`зимние` of
 * `Зимние шины` in `Ботинки женские зимние`) points nowhere.
 */
function createRelatedElsewhere(leaves: readonly PreparedLeaf[]): (word: string, leaf: PreparedLeaf, matched: readonly string[]) => boolean {
  // By first letter, then word.
  const nameWordLeaves = new Map<string, Map<string, Set<PreparedLeaf>>>();
  const pathWordRoots = new Map<string, Map<string, Set<string>>>();
  const rootWords = new Map<string, Set<string>>();
  for (const leaf of leaves) {
    // Russian names only: Kazakh ones share short stems across unrelated leaves (`электр` of every electric thing).
    for (const variant of leaf.variants.filter((candidate) => candidate.language === 'rus')) {
      for (const word of variant.words) {
        addTo(readOrAdd(nameWordLeaves, word.charAt(0)), word, leaf);
        addTo(rootWords, leaf.rootKey, word);
      }
    }
    for (const word of leaf.pathWords) addTo(readOrAdd(pathWordRoots, word.charAt(0)), word, leaf.rootKey);
  }
  const relates = (a: string, b: string): boolean => isRelatedWord(a, b, MIN_RELATED_PREFIX);
  const related = new Map<string, { leaves: Set<PreparedLeaf>; roots: Set<string> }>();
  const inRoot = new Map<string, boolean>();
  const namesInRoot = (word: string, root: string): boolean => {
    const key = `${word}\u0001${root}`;
    let found = inRoot.get(key);
    if (found === undefined) {
      const stem = stemWord(word);
      found = stem.length >= MIN_RELATED_PREFIX - 1 && [...(rootWords.get(root) ?? [])].some((other) => other.includes(stem) || relates(word, other));
      inRoot.set(key, found);
    }
    return found;
  };
  const isUseOnly = (word: string, owner: PreparedLeaf): boolean => {
    const names = owner.variants.filter((variant) => variant.language === 'rus');
    const inUse = names.some((variant) => variant.words.some((other) => !variant.head.includes(other) && relates(word, other)));
    return inUse && !names.some((variant) => variant.head.some((other) => relates(word, other)));
  };
  return (word, leaf, matched) => {
    // What the leaf's path says of its goods (`строительный` under `Строительство`), and a word that never changes a kind
    // (`кожаные` of `Папки кожаные`: a material), qualify any goods: they point to no other leaf.
    if (isAdjectiveOfOwnPath(word, leaf.pathWords) || isNeutralModifier(stemForIndex(word), word, false)) return false;
    let found = related.get(word);
    if (found === undefined) {
      found = { leaves: new Set(), roots: new Set() };
      // Related words begin alike: only the words of the same first letter are compared.
      for (const [other, owners] of nameWordLeaves.get(word.charAt(0)) ?? []) if (relates(word, other)) for (const owner of owners) found.leaves.add(owner);
      for (const [other, roots] of pathWordRoots.get(word.charAt(0)) ?? []) if (relates(word, other)) for (const root of roots) found.roots.add(root);
      for (const owner of found.leaves) found.roots.add(owner.rootKey);
      related.set(word, found);
    }
    for (const owner of found.leaves) {
      if (owner === leaf) continue;
      // Beside the leaf, any word of another leaf's name; further away, only what that leaf is (`Ароматы` of `Ароматы для дома`, not `Зимние` of `Зимние шины`).
      // A word of a sibling's use only (`лица` of `Кремы для лица` in `Сыворотка для лица`) says what both are for, not what the label is.
      if (owner.groupKey === leaf.groupKey && !isUseOnly(word, owner)) return true;
      if (owner.variants.some((variant) => variant.full && relates(word, variant.head[variant.head.length - 1] ?? ''))) return true;
    }
    return [...found.roots].some((root) => root !== leaf.rootKey && matched.some((other) => namesInRoot(other, root)));
  };
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
      // `электро` in `электрический`, `авто` in `автомобильный`, `вело` in `велосипедный` (never `вел` in `велюровые`).
      const begins = (word: string): boolean => word.startsWith(prefix) || (prefix.endsWith('о') && prefix.length >= 6 && word.startsWith(prefix.slice(0, -1)));
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

function coverWords(words: readonly string[], other: readonly string[], similarity: (a: string, b: string) => number): number {
  if (words.length === 0) return 1;
  let sum = 0;
  for (const word of words) {
    let best = 0;
    for (const candidate of other) best = Math.max(best, similarity(word, candidate));
    sum += best;
  }
  return sum / words.length;
}

function parseLabel(text: string, parentPath: string | undefined, namedByDirectory: (stem: string) => boolean, leafLevels = 1): ParsedLabel {
  const withoutCode = text.replace(CODE_PREFIX, '');
  const cleaned = /\p{L}{2}/u.test(withoutCode) ? withoutCode : text;
  const segments = cleaned.split(PATH_SEPARATOR).filter((segment) => /\p{L}/u.test(segment));
  const last = segments.length > 0 ? segments.slice(-leafLevels).join(' ') : cleaned;
  const parents = [...(parentPath === undefined ? [] : parentPath.split(PATH_SEPARATOR)), ...segments.slice(0, -leafLevels)];
  const inParentheses = (last.match(PARENTHESES) ?? []).join(' ').replace(/[()[\]]/g, ' ');
  const leafText = last.replace(PARENTHESES, ' ');
  const abbreviated = new Set<string>();
  for (const found of leafText.matchAll(ABBREVIATION)) for (const word of tokenizeForMatch(found[1] ?? '')) abbreviated.add(word);

  const tokens = tokenizeForMatch(leafText);
  const parentTokens = parents.flatMap((parent) => tokenizeForMatch(parent));
  const demographic = collectDemographic([...tokens, ...parentTokens, ...tokenizeForMatch(inParentheses)]);
  const meaningful = (word: string): boolean => !STOP_WORDS.has(word) && findDemographicMark(word) === undefined;
  const words = tokens.filter(meaningful);
  const head = splitHead(tokens).filter(meaningful);
  const roles = readLabelWordRoles(leafText);
  const kind = selectKindWords(words, head.length > 0 ? head : words, roles, namedByDirectory);
  return {
    words,
    kind,
    dropped: selectDroppedWords(words, kind, roles),
    head: head.length > 0 ? head : words,
    parentWords: parentTokens.filter(meaningful),
    demographic,
    ages: readAges([...tokens, ...parentTokens, ...tokenizeForMatch(inParentheses)]),
    kazakh: tokens.some((token) => KAZAKH_LETTER.test(token)),
    abbreviated,
    asides: tokenizeForMatch(inParentheses).filter(meaningful),
    plain: words.join(' '),
  };
}

/** Words before the first preposition; in Kazakh, the words after `арналған` (`ерлерге арналған футболка`). */
function splitHead(tokens: readonly string[]): string[] {
  const kazakh = tokens.indexOf('арналған');
  if (kazakh >= 0) return tokens.slice(kazakh + 1);
  const first = tokens.findIndex((token) => PREPOSITIONS.has(token));
  return first > 0 ? tokens.slice(0, first) : [...tokens];
}

/**
 * What a directory name says the leaf is. A Kazakh name puts it last, after the words that qualify it
 * (`Ноутбук тұғырлары` are stands, `Сноуборд етіктері` boots): a seller's `Ноутбук` or `Сноуборд`
 * is not held among its words, as it would be if every word were the thing.
 */
function splitNameHead(tokens: readonly string[], language: 'rus' | 'kaz'): string[] {
  const head = splitHead(tokens).filter(isNameWord);
  if (language === 'rus' || tokens.includes('арналған') || head.length < 2) return head;
  return head.slice(-1);
}

/** A word a name is matched by: no stop word, no word saying whom it is for (the leaf's demographic holds those). */
function isNameWord(word: string): boolean {
  return !STOP_WORDS.has(word) && findDemographicMark(word) === undefined;
}

function prepareLeaf(category: Category, index: DirectoryIndex): PreparedLeaf {
  const pathRus = buildCategoryPath(category, index.categoryById);
  const pathKaz = category.path?.kaz ?? '';
  const variants: Variant[] = [];
  const rusWords = tokenizeForMatch(category.name.rus);
  for (const [language, name] of [['rus', category.name.rus], ['kaz', category.name.kaz]] as const) {
    if (name.trim() === '') continue;
    const tokens = language === 'rus' ? rusWords : tokenizeForMatch(name).filter((word) => !isUnlistedSingularOfYaPlural(word, rusWords));
    if (tokens.length === 0) continue;
    variants.push({ words: tokens.filter(isNameWord), head: splitNameHead(tokens, language), full: true, language });
    const parts = splitListName(name);
    // `Средства для плит и духовок`: a list after a preposition names uses, not things (`духовок` is no name of it).
    // `Мази и парафины для лыж`: a part without a purpose of its own has the list's (the ointments are for skis too).
    if (parts.length > 1 && !tokenizeForMatch(parts[0] ?? '').some((token) => PREPOSITIONS.has(token))) {
      const shared = readSharedPurpose(parts, language, tokenizeForMatch) ?? [];
      for (const part of parts) {
        const partTokens = tokenizeForMatch(part);
        const purpose = splitNamePhrase(partTokens, language).purpose.length === 0 ? shared : [];
        variants.push({ words: [...partTokens, ...purpose].filter(isNameWord), head: splitNameHead(partTokens, language), full: false, language });
      }
    }
  }
  const ancestors = [...pathRus.split(' / ').slice(0, -1), ...(pathKaz === '' ? [] : pathKaz.split(' / ').slice(0, -1))];
  const ancestorTokens = ancestors.flatMap((segment) => tokenizeForMatch(segment));
  const nameTokens = [...tokenizeForMatch(category.name.rus), ...tokenizeForMatch(category.name.kaz)];
  const rusSegments = pathRus.split(' / ');
  return {
    category,
    key: String(category.id),
    label: `${pathRus} [${category.id}]${pathKaz === '' ? '' : ` (${pathKaz})`}`,
    variants,
    pathWords: [...new Set([...ancestorTokens, ...nameTokens])].filter((word) => !STOP_WORDS.has(word)),
    rootKey: rusSegments[0] ?? '',
    groupKey: rusSegments.slice(0, -1).join(' / '),
    demographic: collectDemographic([...ancestorTokens, ...nameTokens]),
    nameDemographic: collectDemographic(nameTokens),
    nameAges: readAges(nameTokens),
    labelOrder: 0,
  };
}

/** Numbers the leaves by label as `localeCompare` orders them, equal labels alike (set up once, where each ranking compared labels as text). */
function numberLeavesByLabel(leaves: readonly PreparedLeaf[]): void {
  const sorted = [...leaves].sort((a, b) => a.label.localeCompare(b.label));
  sorted.forEach((leaf, i) => {
    const previous = sorted[i - 1];
    leaf.labelOrder = previous === undefined ? 0 : previous.labelOrder + (previous.label.localeCompare(leaf.label) === 0 ? 0 : 1);
  });
}

/** The names of the levels above a leaf, Russian and Kazakh. */
function listBranchNames(category: Category, index: DirectoryIndex): string[] {
  const names: string[] = [];
  const rus = buildCategoryPath(category, index.categoryById).split(' / ').slice(0, -1);
  const kaz = (category.path?.kaz ?? '').split(' / ').slice(0, -1);
  names.push(...rus, ...kaz.filter((name) => name !== ''));
  return names;
}

/** The gender or age the product names agree on: at least half of them say it, and none says otherwise. */
function readProductDemographic(names: readonly string[]): Demographic {
  const marks = names.slice(0, 50).map((name) => collectDemographic(tokenizeForMatch(name)));
  const said = marks.filter((mark) => !isDemographicEmpty(mark));
  if (said.length === 0 || said.length * 2 < marks.length) return {};
  const genders = new Set(said.map((mark) => mark.gender));
  const kids = new Set(said.map((mark) => mark.kids === true));
  const result: Demographic = {};
  if (genders.size === 1) {
    const [gender] = [...genders];
    if (gender !== undefined) result.gender = gender;
  }
  if (kids.size === 1 && kids.has(true)) result.kids = true;
  return result;
}

function prefixKey(word: string): string {
  return Array.from(word).slice(0, 3).join('');
}

function readOrAdd<K, L, V>(map: Map<K, Map<L, V>>, key: K): Map<L, V> {
  let inner = map.get(key);
  if (inner === undefined) map.set(key, (inner = new Map()));
  return inner;
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (set === undefined) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
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

// A purpose word and an adjective of the leaf made of it (`мусора`, `мусорные`) share this many first letters at least.
const MIN_SHARED_BEGINNING = 5;

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

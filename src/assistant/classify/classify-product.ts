/**
 * Classifies one product into a leaf of the directory: reads the product type of its name (and of
 * the seller's label and group rows), looks up the leaves whose head shares one of its stems, and
 * scores each by how much of what the leaf *is* the type says, how much of the type the leaf holds,
 * whether what the leaf is *for* agrees with the product's purpose, and whether its path agrees
 * with whom the product is for and with the seller's groups. A leaf is never reached through a
 * purpose or composition phrase alone. It is confident only when one leaf fits clearly.
 */
import { findUseWordOfLeafKind } from './find-use-word-of-leaf-kind.js';
import { readModelLineKinds, rewriteWithSynonyms } from '../category-synonyms.js';
import { NOMINATIVE_ADJECTIVE_ENDING } from './nominative-adjective.js';
import { rewriteTypeInDirectoryWords } from './translate-english-type.js';
import { collectDemographic, contradictsDemographic, findDemographicMark, isDemographicEmpty, readAges, saysOtherAge, type Demographic } from '../demographic-words.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import { isCatchAllText } from './catch-all-words.js';
import { askOutsideFileSections, isInFileSections, type FileSections, readBranch, readParentPath, readTopSection } from './file-sections.js';
import { findLeafOfAdjective, NOUN_ADJECTIVE_SUFFIXES, proposeLeafOfAdjective } from './adjective-of-leaf-name.js';
import type { Alternative, Classification, ClassifierIndex, ClassifyInput, ClassifyOptions, Evidence, IndexedLeaf, IndexedName } from './classifier-types.js';
import { carriesDose } from './dose-measures.js';
import { describeMeasureAgainstLeaf, readMeasuresOfGoods } from './measures-of-goods.js';
import { CONTAINER_WORDS, COUNT_WORDS, extractProductType, isColourWord, readPurposePreposition, type ProductType } from './extract-product-type.js';
import { ADJECTIVE_FORM, findUnlistedBrand, readKnownBrands } from './known-brands.js';
import { readHyphenCompoundParts } from './hyphen-compounds.js';
import { isFlavourWord, isNeutralModifier } from './neutral-modifiers.js';
import { describeOtherSystemsNumber, writesOtherSystemsNumber } from './other-systems-number.js';
import { readPathQualifiers, saysPathQualifier, type PathQualifier } from './path-qualifiers.js';
import { isPositionWord } from './position-words.js';
import { readPlacementSpelling } from './placement-words.js';
import { findLatinKindDoubt, readLatinKindWords } from './latin-kind-words.js';
import { findGoodsForPlace } from './place-of-other-goods.js';
import { findOtherGoodsWith } from './composition-of-other-goods.js';
import { findHeldWordGoods } from './held-word-of-other-goods.js';
import { findOtherRecipient } from './recipient-of-goods.js';
import { findRemedyElsewhere } from './remedy-of-other-goods.js';
import { findSameGoodsWord } from './same-goods-word.js';
import { findSectionWord, type SectionWord } from './section-words.js';
import { findUnsaidPurposeTwin, haveSameStems, type UnsaidPurposeTwin } from './unsaid-leaf-purpose.js';
import { isHeadAdjectiveAfterPurpose, splitNamePhrase } from './split-name-phrase.js';
import { GROUP_STEMS } from './group-stems.js';
import { isCyrillicWord } from './is-cyrillic-word.js';
import { readKindLetter, readOtherNounKeys, stemForIndex } from './stem-for-index.js';
import { readChildrenBySize, findChildrenSize } from './children-sizes.js';
import { buildNameKey, buildRankingKey } from './ranking-key.js';
import { readLeavesById } from './read-leaves-by-id.js';
import { askUnexplainedMakerCode } from './maker-codes.js';
import { findUnexplainedMedium, PREPOSITIONAL_ENDING } from './medium-of-goods.js';
import { findOtherMaterial, saysMaterial } from './material-of-leaf.js';
import { describeKindsSortedElsewhere, findKindsOfRussianName, findKindsSortedElsewhere, saysMoreThanType } from './kinds-sorted-elsewhere.js';
import { splitPathLevels } from '../../mapping/normalize-name.js';
import { isExactStemOfDirectory, isStemOfDirectory, isUnknownParticiple } from './unknown-participles.js';
import { findGroupOfOtherSection, findUpperGroupOfOtherBranch, findUpperGroupPurposeOfSibling, readUpperGroup, type UpperGroup } from './group-of-other-section.js';
import { describePurposeAfterQuote } from './purpose-after-quote.js';
import { describeGroupElsewhereDoubt, describeGroupLeafWordsDoubt, describeGroupOfOtherSectionDoubt, describeGroupPurposeDoubt, describeGroupSectionDoubt, describeUpperGroupOfOtherBranchDoubt, describeUpperGroupPurposeDoubt, describeNameAloneDoubt, describeOwnPurposeDoubt, UNSAID_PEOPLE_DOUBT } from './seller-group-doubt-texts.js';

/** The doubt of a leaf the type matches only weakly. */
const WEAK_MATCH = 'the type matches the leaf only weakly';

/** The least score of a confident answer. */
export const CONFIDENT_SCORE = 0.85;
/** How far the best leaf must stand above the next one to be confident. */
export const CONFIDENT_GAP = 0.06;
const MAX_ALTERNATIVES = 5;
const SOURCE_WEIGHT = { name: 1, label: 0.95, group: 0.9 } as const;
const SYNONYM_WEIGHT = 0.97;
// What a leaf the name and the seller's label or group both point at gains over one only the name points at.
const SOURCES_LIFT = 0.03;
// A part of an `и` list the type holds only some of: a little below the leaf's whole name.
const PART_FACTOR = 0.98;
// Below a confident score: a plain leaf is never confidently taken for a product whose purpose its path does not name.
const PLAIN_LEAF_FOR_PURPOSE = 0.84;
// A purpose the section is about (`Миска для собак` under pet goods) is a use of its goods, just sure; a purpose that is
// other goods of the section (`Коляска для кукол`, `Цепь для бензопилы`) is no evidence of the plain leaf: still a question.
const PLAIN_LEAF_FOR_SECTION_PURPOSE = 0.88;
const PLAIN_LEAF_FOR_GOODS_OF_SECTION = 0.845;
// Below a confident score: a word before the leaf's words, a narrower leaf the product does not point at.
const LEADING_WORD_FACTOR = 0.84;
const NARROWER_FACTOR = 0.84;
// The word a vehicle's goods are sold under: the top-level section it opens (`Автотовары`) holds what fits a vehicle.
const VEHICLE_PLACE = 'авто';
// A vehicle maker as `readVehicleModel` reads it in Latin (`Toyota`, `MAN`): one Latin word, no model number.
const LATIN_MAKER = /^[A-Za-z]+$/u;
// Children's goods the product does not say rank below adults' goods of the same name that their own path narrows (by gender).
const KIDS_UNSAID_FACTOR = 0.8;
// `Электрочайники` for a bare `Чайник`: a rival close enough that the plain leaf is not taken for sure.
const COMPOUND_RIVAL_FACTOR = 0.95;
const MIN_COMPOUND_PREFIX = 4;
// The least score of a narrower leaf of another branch that keeps the plain leaf from being sure.
const KIND_ELSEWHERE_MIN = 0.45;

// Below a Russian leaf of the same noun: a leaf the noun meets only through its Kazakh name (`lowerForeignHomonym`).
const FOREIGN_HOMONYM_FACTOR = 0.9;

/** One reading of a product type to score leaves by. */
interface TypeReading {
  source: Evidence['source'];
  phrase: string;
  stems: string[];
  /** Each stem's word (of the type, its purpose and its place) as the seller wrote it (for the evidence). */
  wordOf: Map<string, string>;
  /** Stems that need not be in the leaf (`набор` of `Набор отверток`). */
  optional: Set<string>;
  /** The stem read after `из` (`шерст` of `Шапка из шерсти`): what the goods are made of. */
  madeOf: ReadonlySet<string>;
  purpose: string[];
  /** Stems of the `в …` phrase: they may say a leaf's purpose (`Кофе в зёрнах`), a plain leaf never misses them. */
  form: string[];
  weight: number;
  viaSynonym: boolean;
  /** Words the name cuts short with a dot (`зажиг` of `Свечи зажиг.`), as written: each stands for a word it opens. */
  cut: readonly string[];
}

interface LeafScore {
  leaf: IndexedLeaf;
  score: number;
  full: boolean;
  /** Every word of the type is a word of the leaf (name or path). */
  typeCovered: boolean;
  /** The type names only the end of a compound of the leaf (`тренажер` of `Велотренажеры`). */
  compoundOnly: boolean;
  /** Words of the type the leaf does not explain (`зажигания` of `Свечи зажигания` against decor `Свечи`). */
  unexplained: string[];
  /** The product is said to be for children and the leaf's path does not say so (`Наушники детские` against `Наушники`). */
  kidsUnsaid: boolean;
  /** A word of the leaf's path that narrows its goods and the product does not say (`национальная` of `Национальная одежда / Жилеты`). */
  pathUnsaid?: string;
  reading: TypeReading;
  name: IndexedName;
  sources: Set<Evidence['source']>;
  contradicted: boolean;
  /** The product's purpose words the leaf's name, said for other goods, disagrees with (`собак` of `Шлейка для собак` against `Шлейки для кошек`). */
  otherPurpose: string[] | undefined;
}

/** What one product type (with its label and groups) gave: the leaves ranked, and the readings. */
interface TypeRanking {
  ranked: LeafScore[];
  readings: TypeReading[];
  /** Kinds of the best leaf a name may say (read once per type). */
  narrower: NarrowerCandidate[];
  /**
   * The answers when no name can say a narrower leaf, by what the decision reads of the rest of the name (`buildNameKey` of
   * `readPlainNameFacts`): the recipient and remedy words, a Latin `baby`, a kind of the second leaf said, the vehicle; and by
   * the purpose twin (`describeTwin`) where the decision read it.
   */
  plain: Map<string, Classification | Map<string, Classification>>;
  /** What the name's own readings and the seller's (label, group) made of each leaf they reached, by leaf id (`describeSellerGroupDoubt`). */
  bySource: { name: Map<number, LeafScore>; seller: Map<number, LeafScore> };
  /** The name's own readings (none for a name with no type: `Tefal Classic 24`). */
  nameReadings: TypeReading[];
  /** The stems of the seller's label and groups. */
  contextStems: ReadonlySet<string>;
  /** The words of the seller's label and groups, as `tokenizeForMatch` reads them. */
  contextWords: readonly string[];
  /** The stems of the seller's groups above the one read as the type. */
  sectionStems: ReadonlySet<string>;
  /** The seller's groups above the one read as the type, each as its goods and purpose (`readUpperGroup`). */
  upperGroups: readonly UpperGroup[];
  /** The file's own sections (`ClassifyOptions.sections`), where the caller read them. */
  fileSections: FileSections | undefined;
  /** Whom the name and the seller's words say the goods are for (a children's size too). */
  demographic: Demographic;
  /** Whether the name carries a children's size (`findChildrenSize`). */
  childrenSize: boolean;
  /** The stems a mapping confirmed as never changing a kind (`ClassifyOptions.neutralStems`). */
  neutral: ReadonlySet<string> | undefined;
}

/** A leaf that is a kind of the best one, with the words a name must say to be in it. */
interface NarrowerCandidate {
  item: LeafScore;
  name: IndexedName;
  /** Stems of what it is beyond the best leaf's head. */
  extra: string[];
  /** The initials an abbreviation of `extra` has (`бп` of `быстрого приготовления`). */
  extraInitials: string;
  words: number;
}

const memos = new WeakMap<ClassifierIndex, WeakMap<ClassifyOptions, Map<string, TypeRanking>>>();
const NO_OPTIONS: ClassifyOptions = {};

/**
 * Classifies one product. The leaves are ranked once per product type, label and groups (memoised
 * per index and options); the choice among them reads the rest of the name (a narrower leaf's words,
 * an abbreviation's initials, whom the goods are for), so it is made for each name, or reused only for
 * a name of the same ranking whose every word is the same (`buildNameKey`).
 */
export function classifyProduct(index: ClassifierIndex, input: ClassifyInput, options: ClassifyOptions = NO_OPTIONS): Classification {
  // Excluded words are left out where the words are read, so the name keeps its punctuation (its phrase breaks).
  const label = input.label === undefined ? undefined : dropWords(input.label, options.excludeWords);
  // One splitter of a seller's path for the import, the review and init (`splitPathLevels`): a cell's `/` between words is no level.
  const groups = (typeof input.groupPath === 'string' ? splitPathLevels(input.groupPath) : [...(input.groupPath ?? [])]).map((group) => dropWords(group, options.excludeWords));
  const type = extractProductType(input.name, input.brand, options.excludeWords, readKnownBrands(index, options));
  const latinKinds = readLatinKindWords(index, type.tokens, type.purpose);
  const key = buildRankingKey({ type, label, groups, latinKinds, childrenSize: findChildrenSize(input.name) !== undefined });
  let byOptions = memos.get(index);
  if (byOptions === undefined) memos.set(index, (byOptions = new WeakMap()));
  let memo = byOptions.get(options);
  if (memo === undefined) byOptions.set(options, (memo = new Map()));
  let ranking = memo.get(key);
  if (ranking === undefined) {
    ranking = rankLeaves(index, type, label, groups, options, input.name);
    if (memo.size < 200_000) memo.set(key, ranking);
  }
  const decidedByType = ranking.narrower.length === 0 ? decidePlain(index, ranking, type, latinKinds) : decide(index, ranking, type, latinKinds);
  // Read per name after the memos: a maker code is no part of the type's key. It is a maker's, no doubt, in the section the
  // file's names with it are sure in (`read-maker-code-sections.ts`, the review) and in the file's own sections (`classify.sections`,
  // which the review writes from there): so the review and the import lift the same codes.
  const codeLeaf = type.makerCode === undefined || decidedByType.leafId === undefined ? undefined : readLeavesById(index).get(decidedByType.leafId);
  const decided = codeLeaf === undefined ? decidedByType : askUnexplainedMakerCode(decidedByType, type, (code) => options.neutralStems?.has(stemForIndex(code)) === true || options.makerCodeSections?.get(code) === readTopSection(codeLeaf.path) || (options.sections !== undefined && isInFileSections(options.sections, codeLeaf.path)) || explainsByLeaf(codeLeaf, stemForIndex(code), code));
  // The file's own sections (`classify.sections`): a sure pick outside them is a question (`file-sections.ts`).
  // `Удилище спиннинговое`: a noun no leaf names, with an adjective of a leaf's name, proposes that leaf for the seller to confirm.
  return askOutsideFileSections(askHeldWordNamingLeaf(index, askSectionWordOutsideType(index, proposeLeafOfAdjective(index, decided, type), type)), options.sections);
}

/**
 * `Труба канализационная` under `Трубы и фитинги`, beside `Канализация`: where the only doubt is words the leaf does not
 * explain, one that is the adjective of the one-word name of another leaf of the same branch (its path but the leaf)
 * (`adjective-of-leaf-name.ts`) tells the two apart: the goods may be that leaf's. The pick stays unsure as it was; the word
 * is no harmless word to confirm (sheet Words) and no group's one `yes` takes the proposal. Measured and dropped: a noun that
 * is another leaf's one-word name (`Горелка-паяльник`, `Спальник-одеяло`, `Плащ-дождевик`: a second noun mostly says the
 * kind of the first, 25 of probe 22's 26 such rows were proposed right), a leaf of another section (`Фонарик
 * аккумуляторный` beside car `Аккумуляторы`: what goods work with; the section words' rule reads other sections) or of another
 * branch of the section (`Мармелад фруктовый`, `Вафли шоколадные` beside `Фрукты`, `Шоколад`: a flavour, the generated list's
 * 5 right rows).
 */
function askHeldWordNamingLeaf(index: ClassifierIndex, decided: Classification): Classification {
  if (decided.confident || decided.heldBy === undefined || decided.path === undefined) return decided;
  const branch = readParentPath(decided.path);
  for (const word of decided.heldBy) {
    const leaf = findLeafOfAdjective(index, word)?.leaf;
    if (leaf === undefined || leaf.id === decided.leafId || readParentPath(leaf.path) !== branch) continue;
    const { heldBy: _held, ...asked } = decided;
    return { ...asked, doubt: `the leaf does not explain "${word}", the adjective of another leaf's one-word name (${leaf.path})` };
  }
  return decided;
}

/**
 * A decision with no narrower leaf to say, memoised per ranking and what it reads of the rest of the name (`readPlainNameFacts`).
 * The purpose twin (`findUnsaidTwin`, the dearest of those readings) is asked only where the decision asks it, and whether it
 * does is fixed by the rest of the key: the names of a key share one decision, or one per twin where the decision read it.
 */
function decidePlain(index: ClassifierIndex, ranking: TypeRanking, type: ProductType, latinKinds: readonly string[]): Classification {
  const key = buildNameKey(type, readPlainNameFacts(index, ranking.ranked, type));
  const known = ranking.plain.get(key);
  if (known instanceof Map) {
    const best = ranking.ranked[0];
    const twinKey = describeTwin(best === undefined ? undefined : findUnsaidTwin(index, best, type));
    const decided = known.get(twinKey) ?? decide(index, ranking, type, latinKinds);
    if (known.size < 1_000) known.set(twinKey, decided);
    return decided;
  }
  if (known !== undefined) return known;
  let twinKey: string | undefined;
  const decided = decide(index, ranking, type, latinKinds, (best) => {
    const twin = findUnsaidTwin(index, best, type);
    twinKey = describeTwin(twin);
    return twin;
  });
  if (ranking.plain.size < 1_000) ranking.plain.set(key, twinKey === undefined ? decided : new Map([[twinKey, decided]]));
  return decided;
}

/** A purpose twin as the plain decision's memo tells twins apart (the best leaf is the ranking's: its names are the same). */
function describeTwin(twin: UnsaidPurposeTwin | undefined): string {
  return twin === undefined ? '' : `${twin.twin.id} ${twin.ownPurpose === true ? 'own' : 'none'} ${twin.name}`;
}

/**
 * What a plain decision (no narrower leaf of the best one to say) reads of the rest of the name that only the ranking can answer,
 * as text for the memo's key (`buildNameKey` adds what it reads of the tokens alone: the words after `для` and `от`, the vehicle).
 * In a plain decision the best leaf is the first ranked, so each is read against it: whether the name says a kind of a close
 * second leaf that is the best one (`isBroader`) and whether it says a Latin `baby` and no people (`findBabyLineKind`). With the
 * purpose twin (`decidePlain`), these, not every token, are what names of one ranking may differ in for the decision: sizes,
 * counts and most brand words are read by none of them.
 */
function readPlainNameFacts(index: ClassifierIndex, ranked: readonly LeafScore[], type: ProductType): string[] {
  const [best, second] = ranked;
  if (best === undefined) return [];
  // A name met by a Kazakh name whose Russian name's kinds are sorted elsewhere: whether it says more than its type (`decide`).
  const kazakhKinds = best.name.language === 'kaz' && findKindsOfRussianName(index, best.leaf) !== undefined && saysMoreThanType(type) ? 'more' : '';
  const broader = second !== undefined && isCloseSecond(second, best) && saysKindOf(ranked, second, best, type);
  const baby = !type.tokens.includes(BABY) ? '' : isDemographicEmpty(collectDemographic(type.tokens)) ? 'baby' : 'baby, people';
  return [broader ? 'broader' : '', baby, kazakhKinds];
}

/** Whether a leaf ranked below the best stands close enough to be its rival (within `CONFIDENT_GAP`). */
function isCloseSecond(item: LeafScore, best: LeafScore): boolean {
  return item.score > best.score - CONFIDENT_GAP;
}

/** Whether the name says a kind of `item` that is the `best` leaf (`findNarrowerSaid` over `item`'s narrower leaves). */
function saysKindOf(ranked: readonly LeafScore[], item: LeafScore, best: LeafScore, type: ProductType): boolean {
  return findNarrowerSaid(readNarrowerOf(ranked, item), item, type).some((kind) => kind.leaf === best.leaf);
}

// A ranked leaf belongs to one ranking: the kinds of it are collected once per ranking, not once per name.
const narrowerOf = new WeakMap<LeafScore, NarrowerCandidate[]>();

function readNarrowerOf(ranked: readonly LeafScore[], item: LeafScore): NarrowerCandidate[] {
  let found = narrowerOf.get(item);
  if (found === undefined) narrowerOf.set(item, (found = collectNarrower(ranked, item)));
  return found;
}

/** The best leaf's twin for a purpose the name (its words, purpose and place, and the reading's) does not say. */
function findUnsaidTwin(index: ClassifierIndex, best: LeafScore, type: ProductType): UnsaidPurposeTwin | undefined {
  return findUnsaidPurposeTwin(index, best.leaf, new Set([...[...type.tokens, ...type.purpose, ...type.form].map(stemForIndex), ...best.reading.stems, ...best.reading.purpose, ...best.reading.form]));
}

// The prepositions after which the rest of a name says what the goods are for or where they go.
const PLACE_OR_PURPOSE: ReadonlySet<string> = new Set(['для', 'в', 'во']);
// Words that join the rest of a name, never a section's word.
const JOINING_WORDS: ReadonlySet<string> = new Set(['для', 'в', 'во', 'на', 'с', 'со', 'и', 'из', 'под', 'от']);

/**
 * `Лампа светодиодная Osram автомобильная H4`, `Лампа светодиодная H4 12V для авто` against household LED lamps: a word of the
 * name outside its type (after the brand or a model, in a purpose the type reader did not keep) that another top-level section
 * names its goods by, or whose name it opens (`авто` of `Автотовары`), where that section has goods of the type's nouns
 * (`Автолампы`), keeps a pick from being sure, and a group's `yes` from taking it (the doubt names that section). Read per
 * name, after the ranking's memo: the rest of the name is no part of a type's key. Only a sure pick, or one whose doubt names
 * no other leaf (words the leaf does not explain, a weak match), is read: another doubt already names what the goods may be.
 */
function askSectionWordOutsideType(index: ClassifierIndex, decided: Classification, type: ProductType): Classification {
  const leaf = decided.leafId === undefined ? undefined : readLeavesById(index).get(decided.leafId);
  if (leaf === undefined || !(decided.confident || decided.heldBy !== undefined || decided.doubt === WEAK_MATCH)) return decided;
  const typeWords = new Set(type.words);
  // An adjective, or a word after `для` or `в`: a noun of the rest (`бальзам` of `Средство для мытья посуды Fairy бальзам`)
  // is more often the line's name than other goods.
  const saysUse = (at: number): boolean => ADJECTIVE_FORM.test(type.tokens[at] ?? '') || PLACE_OR_PURPOSE.has(type.tokens[at - 1] ?? '');
  const rest = type.tokens.filter((word, at) => !typeWords.has(word) && !JOINING_WORDS.has(word) && /^\p{L}{4,}$/u.test(word) && saysUse(at) && !explainsByLeaf(leaf, stemForIndex(word), word));
  if (rest.length === 0) return decided;
  const said = new Set(type.words.filter((word) => !ADJECTIVE_FORM.test(word)).map(stemForIndex));
  const nouns = leaf.names.flatMap((name) => name.head.filter((stem) => said.has(stem)));
  const found = findSectionWord(index, rest, leaf, nouns, (word) => findSectionOpenedBy(index, word, readTopSection(leaf.path)));
  if (found === undefined) return decided;
  const { heldBy: _held, ...asked } = decided;
  return { ...asked, confident: false, doubt: describeSectionWord(found) };
}

/** The doubt of a word another top-level section names its goods by; the review reads it by its words (`find-proposal-doubt.ts`). */
function describeSectionWord(found: SectionWord): string {
  return `the leaf does not explain "${found.word}", by which the section ${found.section} names its goods`;
}

/** The leaves the readings may be, read lazily: `readChildrenBySize` walks them only for a name with a children's size and no people. */
function* readCandidateLeaves(index: ClassifierIndex, readings: readonly TypeReading[]): Generator<IndexedLeaf> {
  for (const reading of readings) {
    for (const position of findCandidates(index, reading)) {
      const leaf = index.leaves[position];
      if (leaf !== undefined) yield leaf;
    }
  }
}

function rankLeaves(index: ClassifierIndex, type: ProductType, label: string | undefined, groups: string[], options: ClassifyOptions, name: string): TypeRanking {
  const readings: TypeReading[] = [...readType(index, 'name', type)];
  const meaningfulLabel = label !== undefined && label.trim() !== '' && !isCatchAllText(label) ? label : undefined;
  if (meaningfulLabel !== undefined) readings.push(...readType(index, 'label', extractProductType(meaningfulLabel)));
  const meaningfulGroups = groups.filter((group) => group.trim() !== '' && !isCatchAllText(group));
  const lastGroup = meaningfulGroups[meaningfulGroups.length - 1];
  if (lastGroup !== undefined) readings.push(...readType(index, 'group', extractProductType(lastGroup)));
  const contextTokens = [meaningfulLabel ?? '', ...meaningfulGroups].flatMap((text) => tokenizeForMatch(text));
  const contextStems = new Set(contextTokens.map(stemForIndex));
  // The seller's groups above the one read as the goods' type (`Сад и огород` of `Сад и огород / Ножницы для травы`) say what
  // its goods are for; the last one and the label are readings of their own, which no more explain a plain leaf for the
  // purpose they repeat (`Москитная сетка на голову` under `Москитные сетки на голову`) than the name does.
  const sectionStems = new Set(meaningfulGroups.slice(0, -1).flatMap((group) => tokenizeForMatch(group)).map(stemForIndex));
  // `Платье (110)`: a children's size says children where nothing else says people (`children-sizes.ts`).
  const demographic = readChildrenBySize(name, collectDemographic([...type.tokens, ...contextTokens]), readCandidateLeaves(index, readings));
  const ages = readAges([...type.tokens, ...contextTokens]);

  const scores = new Map<number, LeafScore>();
  const bySource = { name: new Map<number, LeafScore>(), seller: new Map<number, LeafScore>() };
  for (const reading of readings) {
    for (const position of findCandidates(index, reading)) {
      const leaf = index.leaves[position];
      if (leaf === undefined || options.excludeLeafIds?.has(leaf.id) === true) continue;
      const scored = scoreLeaf(index, leaf, reading, { context: contextStems, sections: sectionStems }, { demographic, ages }, options.neutralStems);
      if (scored === undefined) continue;
      const own = reading.source === 'name' ? bySource.name : bySource.seller;
      const ownKnown = own.get(leaf.id);
      if (ownKnown === undefined || scored.score > ownKnown.score) own.set(leaf.id, scored);
      const known = scores.get(leaf.id);
      if (known === undefined || scored.score > known.score) {
        if (known !== undefined) for (const source of known.sources) scored.sources.add(source);
        scores.set(leaf.id, scored);
      } else known.sources.add(reading.source);
    }
  }
  lowerForeignHomonym(scores);
  lowerUnsaidPath(index, scores, demographic, new Set([...type.words, ...type.purpose, ...type.form, ...contextTokens].map(stemForIndex)));
  // `Часы детские`: when a leaf says the same people as the product, one that says nobody is a guess.
  const saidAlike = !isDemographicEmpty(demographic) && [...scores.values()].some((item) => item.score >= 0.8 && !isDemographicEmpty(item.leaf.demographic) && !item.contradicted);
  // A leaf the name and the seller's label or group both point at stands a little above one only the name points at.
  const ranked = [...scores.values()]
    .map((item) => ({ ...item, score: Math.min(1, (item.score + (item.sources.size > 1 ? SOURCES_LIFT : 0)) * (saidAlike && isDemographicEmpty(item.leaf.demographic) ? 0.9 : 1)) }))
    .sort((a, b) => b.score - a.score || Number(b.name.full) - Number(a.name.full) || a.leaf.path.localeCompare(b.leaf.path));
  const nameReadings = readings.filter((reading) => reading.source === 'name');
  return { ranked, readings, narrower: ranked[0] === undefined ? [] : collectNarrower(ranked, ranked[0]), plain: new Map(), bySource, nameReadings, contextStems, contextWords: contextTokens, sectionStems, upperGroups: meaningfulGroups.slice(0, -1).map(readUpperGroup), fileSections: options.sections, demographic, childrenSize: findChildrenSize(name) !== undefined, neutral: options.neutralStems };
}

/**
 * Chooses among a ranking's leaves for one name. `readTwin` finds the best leaf's twin for a purpose the name does not say; it is
 * called only where the decision reads it (`decidePlain` keys its memo by whether it was).
 */
function decide(index: ClassifierIndex, ranking: TypeRanking, type: ProductType, latinKinds: readonly string[], readTwin = (best: LeafScore): UnsaidPurposeTwin | undefined => findUnsaidTwin(index, best, type)): Classification {
  const { ranked, readings, narrower: candidates } = ranking;
  const productType = type.text !== '' ? type.text : (readings[0]?.phrase ?? '');
  const [first] = ranked;
  if (first === undefined) return { leafId: undefined, path: undefined, confidence: 0, confident: false, evidence: [], alternatives: [], productType, doubt: productType === '' ? 'no product type in the name' : 'no leaf is named by the product type' };
  // `Корм для кошек влажный` beside `Влажные корма для кошек`: a kind of the best leaf whose every word the name says is the better leaf.
  const narrower = findNarrowerSaid(candidates, first, type);
  const best = narrower[0] ?? first;
  // `Протеиновый батончик Protein Rex шоколад`: a kind of another top-level section (`Сладости / Шоколадные батончики`) by a
  // word the name says outside its type (a flavour after the brand) is no narrowing of the best leaf (`Спортивное питание /
  // Батончики`) but maybe other goods of its head: the best leaf stays its rival, at the score the kind was given, a tie.
  // One the type itself says (`Мыло кусковое`, `MIDI-клавиатура`) is the kind the seller named.
  // The rest of the name is read for a kind outside the type only where a narrower leaf may be said; a plain decision reads the
  // type's words. Measured so when the plain decision was shared by a whole type; it is now shared only by names of the same
  // words (`buildNameKey`), so reading the rest there too is a rule change to measure, no longer a limit of the memo.
  const perName = candidates.length > 0;
  const rivals = ranked.filter((item) => item !== best && (item !== first || isKindOutsideType(best, first, type, perName)));
  // `Коляска универсальная 2в1` beside plain `Коляски`: the leaf the best is a kind of, by words the name says, is no rival of it
  // (but for a kind of another section the type says more of: `Протеиновый батончик шоколадный`, `isKindOutsideType`).
  const isBroader = (item: LeafScore | undefined): boolean => item !== undefined && isCloseSecond(item, best) && saysKindOf(ranked, item, best, type) && !isKindOutsideType(best, item, type, perName);
  const second = narrower.length > 0 ? (narrower[1] ?? rivals[0]) : isBroader(ranked[1]) ? ranked[2] : ranked[1];
  const gap = best.score - (second?.score ?? 0);
  // `Станки` of tools beside `Станки для бритья` of beauty: a leaf of another branch that is a kind of what the type names
  // (more words, or a purpose where the best leaf and the product say none) makes a bare type a question.
  const root = readTopSection(best.leaf.path);
  // One that explains a purpose or place of the name the best leaf does not (`в авто` of `Автомобильные держатели`) is such a
  // leaf however little of it the type itself says.
  // `Коробка для хранения картонная`: a leaf that drops the purpose the best leaf's name says, as the product does, is other
  // goods of the head (packaging), whatever adjective of the name it explains; a place only it explains still counts.
  const saidPurpose = best.name.purpose.filter((stem) => best.reading.purpose.includes(stem));
  const otherGoods = (item: LeafScore): boolean => saidPurpose.length > 0 && dropsSaidPurpose(item.leaf, item.name, saidPurpose, best.reading) && !explainsFormOnly(best, item);
  const kindElsewhere = ranked.find((item) => item !== best && readTopSection(item.leaf.path) !== root && isKindOf(item, best, type) && !otherGoods(item) && (explainsPlaceOnly(best, item) || (item.score >= KIND_ELSEWHERE_MIN && !saysOwnKind(best, item))));
  // `Держатель для телефона в машину` beside `Автомобильные держатели`: a place the best leaf does not explain, where the
  // directory has kinds of it, may be what one of them is (whatever words it says the place by); with no kind of it
  // (`Видеорегистратор в машину`) the place only says where the goods go.
  // Where the goods go is said in the accusative (`в машину`, `в ванную`, `в салон`); the prepositional says what they come
  // in (`в тубе`, `в зёрнах`), which is no place.
  const [placeWord] = type.form;
  const place = placeWord === undefined || PREPOSITIONAL_ENDING.test(placeWord) || explainsPlace(best.leaf, stemForIndex(placeWord), placeWord) ? undefined : placeWord;
  const placeKind = place === undefined ? undefined : ranked.find((item) => item !== best && isKindOf(item, best, type));
  // `Освежитель воздуха в авто` against household air fresheners: a place that opens the name of another top-level section
  // (`Автотовары`) says the goods are that section's, whether or not a leaf of it is ranked.
  const placeSection = place === undefined ? undefined : findSectionOpenedBy(index, place, root);
  // `Бампер в кроватку` against car bumpers: a place that is goods of another section, which sorts goods made for it too.
  const placeGoods = place === undefined ? undefined : findGoodsForPlace(index, place, best.leaf);
  // `Освежитель воздуха … ABRO` under `АВТО химия`: the seller's group opens another section's name as the name's place does.
  const groupSection = findGroupSectionOpener(index, best, ranking);
  // `Комод с пеленальником` against plain chests: what the goods come with is another section's goods, which has the head too.
  const otherWith = type.with === undefined ? undefined : findOtherGoodsWith(index, type.with, best.leaf, best.name.head, ranked.filter((item) => item !== best).map((item) => item.leaf), (stem, word) => explainsByLeaf(best.leaf, stem, word));
  // `Насос водяной (помпа)`: an aside that is by itself another leaf's one-word name, which the best leaf does not explain.
  const aside = (type.asides ?? []).map((word) => ({ word, leaf: findLeafNamedBy(index, word, best.leaf) })).find((found) => found.leaf !== undefined);
  const rewrittenRival = findRewrittenRival(index, best, type);
  const qualifierLeaf = findQualifierLeaf(index, best);
  // `ГАЗ-53 Подушка`, `Зеркало ЗИЛ-130`: goods that fit a vehicle are the vehicles' section's (`авто` opens its name), whatever
  // leaf of another section their noun names.
  // A Latin car maker beside a children's leaf (`Машинки`, `Конструкторы`, `Электромобили детские`) is a licence: the goods are a
  // model of the vehicle (`Детский электромобиль Toyota Land Cruiser`), no part of it. A Cyrillic model with its number keeps the
  // rule (`УАЗ-452 Ручка` is a door handle, no children's pen).
  const vehicleSection = type.vehicle === undefined || (best.leaf.demographic.kids === true && LATIN_MAKER.test(type.vehicle)) ? undefined : findSectionOpenedBy(index, VEHICLE_PLACE, root);
  // `Удлинитель USB`, `Камера видеонаблюдения IP`: a Latin word the directory names goods by, which the best leaf does not hold.
  // A value of an attribute the directory links to the leaf (`Android` of a smartphone's operating system) says no other kind.
  const ownValues = latinKinds.filter((word) => !isPropertyOfLeaf(index, best.leaf, word));
  const latinKind = ownValues.length === 0 ? undefined : findLatinKindDoubt(index, best.leaf, ownValues, best.reading.stems);
  const babyKind = findBabyLineKind(ranked, best, type);
  const confidence = Math.round(best.score * Math.min(1, 0.7 + 5 * gap) * 1000) / 1000;
  // `Корм для кошек Whiskas` beside dry, wet and veterinary cat food sorted in a branch of their own: the kind is unsaid.
  // `Иттерге арналған жем …` met the plain leaf by its Kazakh name, which no kind has: the kinds are read by its Russian names.
  const sortedKinds = narrower.length > 0 || !saysMoreThanType(type) ? undefined
    : candidates.length === 0 && best.name.language === 'kaz' ? findKindsOfRussianName(index, best.leaf)
    : findKindsSortedElsewhere(best.leaf.path, best.name.purpose, candidates.map(({ item, extra, name }) => ({ leafId: item.leaf.id, path: item.leaf.path, extra, purpose: name.purpose })));
  const earlierDoubt = describeSellerGroupDoubt(index, best, ranking, type) ?? describeEarlierDoubt(index, best, type);
  const laterDoubt =
    best.score < CONFIDENT_SCORE ? WEAK_MATCH
    : gap < CONFIDENT_GAP ? `another leaf fits as well (${second?.leaf.path ?? ''})`
    : narrower.length > 1 ? `more than one narrower leaf fits the name (${narrower.map((item) => item.leaf.path).join('; ')})`
    : kindElsewhere !== undefined ? `a leaf of another branch is a kind of it (${kindElsewhere.leaf.path})`
    : placeKind !== undefined ? `the leaf does not explain "${place ?? ''}", and a kind of it may (${placeKind.leaf.path})`
    : placeSection !== undefined ? `the leaf does not explain "${place ?? ''}", which names the section ${placeSection}`
    : placeGoods !== undefined ? `the leaf does not explain "${place ?? ''}", which names the section ${readTopSection(placeGoods.path)} (goods made for it: ${placeGoods.path})`
    : groupSection !== undefined ? describeGroupSectionDoubt(groupSection.word, groupSection.section)
    : otherWith !== undefined ? `the name also says "${otherWith.word}", the name of ${otherWith.leaf.path}, what the goods come with (beside ${otherWith.rival.path})`
    : aside !== undefined ? `the name also says "${aside.word}", the name of ${aside.leaf?.path ?? ''}`
    : qualifierLeaf !== undefined ? `only the leaf's section explains "${qualifierLeaf.word}", which names ${qualifierLeaf.leaf.path}`
    : vehicleSection !== undefined ? `the name says the vehicle the goods fit (${type.vehicle ?? ''}), which the section ${vehicleSection} holds goods for`
    : babyKind !== undefined ? `the leaf does not explain "baby", and a kind of it may (${babyKind.leaf.path})`
    : latinKind !== undefined ? (latinKind.leaf === undefined ? `the name says "${latinKind.word}", which names goods of other sections than the leaf's` : `the name says "${latinKind.word}", which names ${latinKind.leaf.path}`)
    : rewrittenRival !== undefined ? `a synonym read "${rewrittenRival.word}" as another word, and it is the name of ${rewrittenRival.leaf.path}`
    : sortedKinds !== undefined ? describeKindsSortedElsewhere(sortedKinds)
    : undefined;
  return writeDecision(ranked, best, askSellerQualifier(index, best, ranking, readWordDoubts(index, best, type, earlierDoubt, laterDoubt, readTwin)), confidence, productType);
}

/** The classification of the best leaf with the doubt the decision read (or the kind a held word names, proposed in its place). */
function writeDecision(ranked: readonly LeafScore[], best: LeafScore, decided: { doubt: string | undefined; held: string[] | undefined; heldBy: string[] | undefined }, confidence: number, productType: string): Classification {
  const { doubt, held, heldBy } = decided;
  const evidence: Evidence[] = [
    {
      phrase: best.reading.phrase,
      source: best.reading.source,
      matched: best.name.text,
      via: best.reading.viaSynonym ? 'synonym' : best.name.language === 'kaz' ? 'kazakh name' : 'name',
      leafId: best.leaf.id,
      path: best.leaf.path,
    },
  ];
  // `Стакан одноразовый` held by its adjective beside `Одноразовая посуда`: the leaf the held word names, of goods the best leaf's
  // own words say (`посуда` of its path), is what the name says; it is proposed in its place, never sure.
  const namedKind = held === undefined ? undefined : findHeldWordKind(ranked, best, held);
  if (namedKind !== undefined) return proposeHeldWordKind(namedKind, best, ranked, confidence, evidence, productType);
  const alternatives = ranked.filter((item) => item !== best).slice(0, MAX_ALTERNATIVES).map(toAlternative);
  return { leafId: best.leaf.id, path: best.leaf.path, confidence, confident: doubt === undefined, evidence, alternatives, productType, ...(doubt === undefined ? {} : { doubt }), ...(heldBy === undefined ? {} : { heldBy }) };
}

/**
 * The seller's label or group is evidence of the kind of goods, never of more: it may name the leaf, or stand beside the name's
 * own reading of it, but the pick is sure only where the name and the group together explain the leaf. Where the group named
 * it, the name's own reading of that leaf is doubted as if the name alone had named it (whom the goods are for, a purpose, its
 * words: `Угги черные на пуговице` under `Угги`, `Тройка с курткой` under `Куртки`); a name with no type (`Tefal Classic 24`
 * under `Сковороды`) has nothing to doubt. And a word of the group the leaf does not explain is a qualifier, doubted as the
 * name's own would be (`Брюки` under `Брюки школьные` against plain children's trousers).
 */
function describeSellerGroupDoubt(index: ClassifierIndex, best: LeafScore, ranking: TypeRanking, type: ProductType): string | undefined {
  for (const rule of SELLER_GROUP_DOUBTS) {
    const doubt = rule.describe(index, best, ranking, type);
    if (doubt !== undefined) return doubt;
  }
  return undefined;
}

/** One doubt of a leaf the seller's label or group reached: its name, and what it writes of the best leaf, or undefined. */
interface SellerGroupDoubt {
  name: string;
  describe: (index: ClassifierIndex, best: LeafScore, ranking: TypeRanking, type: ProductType) => string | undefined;
}

/** The seller-group doubts, in the order they are read (`describeSellerGroupDoubt`); their wording is `seller-group-doubt-texts.ts`'s. */
const SELLER_GROUP_DOUBTS: readonly SellerGroupDoubt[] = [
  // `Leggings (5)` under `Лосины` against `Женская одежда / Леггинсы`, `4-8 YAS … SAPKA` under `Кепки` against plain hats: the
  // group says the kind, never whom the goods are for, which the leaf it names says and nobody else does or the name's size
  // says otherwise.
  { name: 'the leaf says whom the goods are for, nobody else does', describe: (_index, best, ranking) => (best.reading.source !== 'name' && isDemographicEmpty(ranking.demographic) && !isDemographicEmpty(best.leaf.demographic) ? UNSAID_PEOPLE_DOUBT : undefined) },
  { name: "the name's size is for children, the group's leaf is not", describe: (_index, best, ranking) => (best.reading.source !== 'name' && ranking.childrenSize && best.leaf.demographic.kids !== true ? "the name is for children, the leaf does not say so (the name's size; the seller's group named the leaf)" : undefined) },
  { name: 'a purpose the group repeating the name does not explain', describe: describeRepeatedPurpose },
  { name: "the name's own doubt of the group's leaf", describe: describeNameAlone },
  { name: "words of the name the group's leaf does not explain", describe: describeGroupLeafWords },
  { name: "a count or container word, the name's only type, the group's leaf does not explain", describe: describeGroupLeafContainer },
  { name: "the name's own purpose, where only the group explains the leaf's", describe: describeOwnPurposeUnderGroup },
  { name: "the seller's group names a leaf of another branch as surely", describe: describeGroupElsewhere },
  { name: "the seller's group names goods of another section only", describe: describeGroupOfOtherSection },
  { name: "the seller's upper group names goods of another branch", describe: describeUpperGroupOfOtherBranch },
  { name: "the seller's upper group says a purpose another leaf of the branch is for", describe: describeUpperGroupPurposeOfSibling },
];

/** `Тумба Фламенко 702` under `Мебель для ванной комнаты / Тумба` against `Тумбы под ТВ` (`findUpperGroupPurposeOfSibling`). */
function describeUpperGroupPurposeOfSibling(index: ClassifierIndex, best: LeafScore, ranking: TypeRanking, type: ProductType): string | undefined {
  const leafPurpose = best.name.purpose;
  if (ranking.upperGroups.length === 0 || leafPurpose.length === 0) return undefined;
  const said = new Set([...type.tokens.map(stemForIndex), ...ranking.contextStems]);
  if (leafPurpose.some((stem) => said.has(stem))) return undefined;
  const stem = findUpperGroupPurposeOfSibling(index, best.leaf, leafPurpose, ranking.upperGroups);
  return stem === undefined ? undefined : describeUpperGroupPurposeDoubt(stem, best.name.text);
}

/**
 * `Удлинитель S1/2F*1/2M-20` under `Фитинги / Удлинитель` (`findUpperGroupOfOtherBranch`): the groups above the type's say the
 * trade. Where the file's own sections are read, only a branch inside them is the file's trade (`Мойки / … / Сифон` of a
 * plumbing shop names no air washer of `Бытовая техника`).
 */
function describeUpperGroupOfOtherBranch(index: ClassifierIndex, best: LeafScore, ranking: TypeRanking): string | undefined {
  const branch = ranking.upperGroups.length === 0 ? undefined : findUpperGroupOfOtherBranch(index, best.leaf, ranking.upperGroups);
  if (branch === undefined || (ranking.fileSections !== undefined && !isInFileSections(ranking.fileSections, branch))) return undefined;
  return describeUpperGroupOfOtherBranchDoubt(branch);
}

/** `Прищепка` under `… / Инструменты` (`group-of-other-section.ts`): read where the name alone reached the leaf. */
function describeGroupOfOtherSection(index: ClassifierIndex, best: LeafScore, ranking: TypeRanking): string | undefined {
  if (best.reading.source !== 'name' || best.sources.size > 1) return undefined;
  const group = ranking.readings.find((reading) => reading.source === 'group');
  const section = group === undefined ? undefined : findGroupOfOtherSection(index, best.leaf, [...group.stems, ...group.purpose]);
  return section === undefined ? undefined : describeGroupOfOtherSectionDoubt(section);
}

/**
 * `Swiss Lake Wall Comfort 7 база C 9 л` under `Интерьерные краски`: the name alone reads a leaf (nail `Базы и топы`) that
 * the seller's label or group does not reach, while the group names a leaf as surely as a name would (`Краски интерьерные`) in
 * another branch: the two readings disagree on what the goods are, and the name's is no sure pick. So in one section too:
 * `Перец Цицак маринованный` under `Соленья Новиков` is pickled peppers, no sure spice `Перец` (a variety's name read as a
 * brand left `маринованный` out of the type). A group that names a leaf of the name's own branch only narrows or widens it
 * (the ranking weighs them).
 */
function describeGroupElsewhere(index: ClassifierIndex, best: LeafScore, ranking: TypeRanking): string | undefined {
  if (best.reading.source !== 'name' || best.sources.size > 1) return undefined;
  let named: LeafScore | undefined;
  for (const item of ranking.bySource.seller.values()) if (item.score >= CONFIDENT_SCORE && (named === undefined || item.score > named.score)) named = item;
  // One branch as the directory means it (`readBranch`): an overflow group (`Освещение: дополнительно`) is its branch's.
  if (named === undefined || readBranch(named.leaf.path) === readBranch(best.leaf.path)) return undefined;
  return readGroupAloneLeaf(index, named.reading.phrase) === named.leaf.id ? describeGroupElsewhereDoubt(named.leaf.path) : undefined;
}

// A file's rows share few groups: each group phrase is read alone once per index, not once per row.
const groupAloneLeaves = new WeakMap<ClassifierIndex, Map<string, number | undefined>>();

/** The leaf the seller's group phrase read alone is a sure pick of, as surely as a name would (`Грунты и шпатлевки` is none of potting soil). */
function readGroupAloneLeaf(index: ClassifierIndex, phrase: string): number | undefined {
  let leaves = groupAloneLeaves.get(index);
  if (leaves === undefined) groupAloneLeaves.set(index, (leaves = new Map()));
  if (!leaves.has(phrase)) {
    const alone = classifyProduct(index, { name: phrase });
    leaves.set(phrase, alone.confident ? alone.leafId : undefined);
  }
  return leaves.get(phrase);
}

/**
 * `Освежитель воздуха "Органик" … ABRO` under `АВТО химия и АВТО товары`: a word of the seller's label or groups that is the
 * combining form opening another top-level section's name (`авто` of `Автотовары`), and that the leaf does not explain, says the
 * goods may be that section's, whatever leaf the name reads as sure (household air fresheners): the group's counterpart of the
 * name's own place (`Освежитель воздуха в авто`, `findSectionOpenedBy`). A whole word of a section's name (`химия`, `товары`,
 * `питания`, `инструменты`) opens none: sections and the seller's groups share such words; nor does a form that opens a name of the
 * leaf's own section too (`быт.` of `Бытовая техника` and `Бытовая химия`). Read where the pick would be sure otherwise, as the
 * name's place is: a weak or doubted reading keeps its own doubt.
 */
function findGroupSectionOpener(index: ClassifierIndex, best: LeafScore, ranking: TypeRanking): { word: string; section: string } | undefined {
  const root = readTopSection(best.leaf.path);
  for (const word of new Set(ranking.contextWords)) {
    const sections = findSectionsOpenedByForm(index, word);
    const [section] = sections;
    if (section === undefined || sections.includes(root) || explainsByLeaf(best.leaf, stemForIndex(word), word)) continue;
    return { word, section };
  }
  return undefined;
}

// A combining form is shorter than the section's word by a whole stem at least (`авто` of `автотовары`, `канц` of `канцелярские`).
const COMBINING_FORM_REST = 3;

/** The top-level sections a word opens the name of as a combining form (`авто` → `Автотовары`); none for a section's whole word. */
function findSectionsOpenedByForm(index: ClassifierIndex, word: string): string[] {
  if (word.length < MIN_PLACE_OPENER || !isCyrillicWord(word)) return [];
  const found = new Set<string>();
  for (const [each, sections] of readSectionWords(index)) if (each.length - word.length >= COMBINING_FORM_REST && opensWord(word, each)) for (const section of sections) found.add(section);
  return [...found];
}

/**
 * `Набор 3 шт`, `Комплект` under `Смартфоны`: a name whose only type words count or hold the goods says a type (a set of something),
 * not none as `Tefal Classic 24` does, and the group must explain it: its words or the leaf's (`Набор` under `Наборы кастрюль`).
 */
function describeGroupLeafContainer(_index: ClassifierIndex, best: LeafScore, ranking: TypeRanking, type: ProductType): string | undefined {
  if (best.reading.source === 'name' || type.words.length === 0 || !type.words.every(isCountOrContainerWord)) return undefined;
  const words = type.words.filter((word) => !ranking.contextStems.has(stemForIndex(word)) && !explainsByLeaf(best.leaf, stemForIndex(word), word));
  return words.length > 0 ? describeGroupLeafWordsDoubt(words) : undefined;
}

const FOR_PREPOSITION = 'для';

/** Whether a word counts the goods or names what holds them (`шт`, `набор`, `комплект`), the general classes of `extract-product-type.ts`. */
function isCountOrContainerWord(word: string): boolean {
  return COUNT_WORDS.has(word) || CONTAINER_WORDS.has(word);
}

/**
 * `Чехол для iPhone 13`, `Чехол для паспорта` under `Женская одежда` against `Чехлы для одежды`: the name says what its goods are
 * for, and the leaf's purpose is one only the seller's group's kind says; the group says what the seller sells, the name what
 * this is for. A group's own purpose (`Аксессуары для телефонов`) says what the goods are for and may explain the name's.
 */
function describeOwnPurposeUnderGroup(_index: ClassifierIndex, best: LeafScore, ranking: TypeRanking, type: ProductType): string | undefined {
  const { reading, name } = best;
  // Only a `для` phrase says what the goods are for as the leaf's does; `по бетону` of `Бур` says what they work on.
  if (reading.source !== 'name' || name.purpose.length === 0 || readPurposePreposition(type) !== FOR_PREPOSITION) return undefined;
  const said = new Set([...reading.stems, ...reading.purpose]);
  if (name.purpose.some((stem) => said.has(stem)) || !name.purpose.some((stem) => ranking.contextStems.has(stem))) return undefined;
  // A group that says a purpose itself (`Аксессуары для телефонов`), or a section above the last group, says what the goods are
  // for as the name does (`для iPhone` of phones); a last group's kind (`Женская одежда`) says what the seller sells.
  const groupPurpose = new Set([...ranking.sectionStems, ...ranking.readings.filter((item) => item.source !== 'name').flatMap((item) => item.purpose)]);
  if (name.purpose.some((stem) => groupPurpose.has(stem))) return undefined;
  // A group that says the name's purpose too (`Пистолеты для герметика и монтажной пены`) holds both: it agrees with the name.
  return reading.purpose.some((stem) => ranking.contextStems.has(stem)) ? undefined : describeOwnPurposeDoubt(type.purpose);
}

/**
 * `Москитная сетка на голову` under the same words: the name's own reading, weak for a purpose the plain leaf does not explain,
 * is no surer for a group that repeats it (the two sources' lift, `rankLeaves`); only a group above the last says a purpose.
 */
function describeRepeatedPurpose(_index: ClassifierIndex, best: LeafScore, ranking: TypeRanking, type: ProductType): string | undefined {
  if (best.reading.source !== 'name' || best.sources.size <= 1 || best.score - SOURCES_LIFT >= CONFIDENT_SCORE) return undefined;
  const purpose = readWordsUnexplained(best, type).slice(best.unexplained.length).filter(({ stem }) => !ranking.sectionStems.has(stem));
  return purpose.length > 0 ? describeGroupPurposeDoubt(purpose.map(({ word }) => word)) : undefined;
}

/**
 * Where the group named the leaf, the name's own reading of it is doubted as if the name alone had named it. What the leaf's
 * name says beyond the name's type (`быстрого приготовления` of `Лапша б/п`) the group may say: only what the name says is read.
 */
function describeNameAlone(index: ClassifierIndex, best: LeafScore, ranking: TypeRanking, type: ProductType): string | undefined {
  const byName = best.reading.source !== 'name' && ranking.nameReadings.length > 0 ? ranking.bySource.name.get(best.leaf.id) : undefined;
  const nameDoubt = byName === undefined ? undefined : describeEarlierDoubt(index, { ...byName, full: true, compoundOnly: false }, type);
  return nameDoubt === undefined ? undefined : describeNameAloneDoubt(nameDoubt);
}

/**
 * A name whose reading reached no leaf the group names: its noun (`Двойка` under `Спортивки`, `Попона` under `Комбинезон`) and
 * a word the directory knows say other goods than the group's; a word of another script or one the directory cannot read beside
 * its noun (`Jeggings`, `коробчатый`) is what the group is there to explain. A purpose of the name is read where it left the
 * name's own reading of the leaf weak (`на пуговице` of `Угги`), as it would the name alone.
 */
function describeGroupLeafWords(index: ClassifierIndex, best: LeafScore, ranking: TypeRanking, type: ProductType): string | undefined {
  if (best.reading.source === 'name' || ranking.nameReadings.length === 0) return undefined;
  const byName = ranking.bySource.name.get(best.leaf.id);
  const noun = type.words.find((word) => !ADJECTIVE_FORM.test(word));
  const words = byName !== undefined
    ? [...byName.unexplained, ...(byName.score < CONFIDENT_SCORE ? readWordsUnexplained(byName, type).slice(byName.unexplained.length).filter(({ stem }) => !ranking.contextStems.has(stem)).map(({ word }) => word) : [])]
    : findFewestUnexplained(index, best.leaf, ranking.nameReadings, ranking.neutral).filter((word) => isCyrillicWord(word) && (word === noun || isExactStemOfDirectory(index, stemForIndex(word))));
  return words.length > 0 ? describeGroupLeafWordsDoubt(words) : undefined;
}

/**
 * The words of the seller's label or group, read as a type that names the best leaf, which the leaf does not explain, where
 * nothing else doubts it: a qualifier the group says is doubted as the name's own (`Платья нарядные`: `нарядные`, which the
 * seller may confirm harmless once for the file, `heldBy`), and one another leaf of the leaf's own branch explains names that
 * leaf, no word to confirm (`школьные` of `Брюки школьные` beside `Детская одежда / Школьная форма`).
 */
function askSellerQualifier(index: ClassifierIndex, best: LeafScore, ranking: TypeRanking, decided: { doubt: string | undefined; held: string[] | undefined; heldBy: string[] | undefined }): typeof decided {
  const seller = ranking.bySource.seller.get(best.leaf.id);
  if (decided.doubt !== undefined || seller === undefined) return decided;
  // A synonym's reading of the group (`Спортивки` → `спортивные брюки`) leaves its own words: the reading that leaves the fewest.
  const words = findFewestUnexplained(index, best.leaf, ranking.readings.filter((reading) => reading.source === seller.reading.source), ranking.neutral);
  if (words.length === 0) return decided;
  const qualifier = findBranchQualifier(index, best.leaf, words);
  // Read by the review as a word another leaf says (`find-proposal-doubt.ts`): never a line of a group's `yes`.
  if (qualifier !== undefined) return { doubt: `the leaf does not explain "${qualifier.word}", which a leaf of the same goods says (${qualifier.leaf.path}; the seller's group "${seller.reading.phrase}")`, held: undefined, heldBy: undefined };
  return { doubt: `the leaf does not explain ${words.map((word) => `"${word}"`).join(', ')} of "${seller.reading.phrase}"`, held: words, heldBy: words };
}

const branchLeaves = new WeakMap<ClassifierIndex, Map<string, IndexedLeaf[]>>();

/** The leaves of one branch (their parent path), read once per index. */
function readLeavesOfBranch(index: ClassifierIndex, branch: string): readonly IndexedLeaf[] {
  let byBranch = branchLeaves.get(index);
  if (byBranch === undefined) {
    byBranch = new Map();
    for (const leaf of index.leaves) {
      const parent = readParentPath(leaf.path);
      const leaves = byBranch.get(parent);
      if (leaves === undefined) byBranch.set(parent, [leaf]);
      else leaves.push(leaf);
    }
    branchLeaves.set(index, byBranch);
  }
  return byBranch.get(branch) ?? [];
}

/**
 * `школьные` of a group `Брюки школьные` against `Детская одежда / Брюки и джинсы`, beside `Детская одежда / Школьная форма`: an
 * adjective the leaf does not explain that another leaf of its own branch does says which of the two the goods are. One no
 * leaf of the branch explains (`нарядные` of `Платья нарядные`) sorts the seller's shelves, it narrows no leaf of the directory.
 */
function findBranchQualifier(index: ClassifierIndex, leaf: IndexedLeaf, words: readonly string[]): { word: string; leaf: IndexedLeaf } | undefined {
  const adjectives = words.filter((word) => ADJECTIVE_FORM.test(word));
  if (adjectives.length === 0) return undefined;
  for (const other of readLeavesOfBranch(index, readParentPath(leaf.path))) {
    if (other === leaf) continue;
    const word = adjectives.find((adjective) => explainsByLeaf(other, stemForIndex(adjective), adjective));
    if (word !== undefined) return { word, leaf: other };
  }
  return undefined;
}

/**
 * What the name writes beside a bare one-word type that may say other goods than the leaf's: a number or code of one part of a
 * system (`other-systems-number.ts`; the vehicle rules read a named machine's parts), a purpose after a quoted name
 * (`purpose-after-quote.ts`).
 */
function describeWordsBesideBareType(index: ClassifierIndex, best: LeafScore, type: ProductType): string | undefined {
  const outsideVehicles = (): boolean => findSectionOpenedBy(index, VEHICLE_PLACE, readTopSection(best.leaf.path)) !== undefined;
  const number = type.vehicle === undefined && writesOtherSystemsNumber(type) && isBareInKind(best, type) ? describeOtherSystemsNumber(index, best.leaf, best.name, type, outsideVehicles) : undefined;
  if (number !== undefined || !isBareType(best)) return number;
  return describePurposeAfterQuote(index, best.leaf, type.purposeAfterQuote);
}

/** The doubt read before those of the ranking: what the type, the leaf or the use the name says hold against the best leaf, if anything. */
function describeEarlierDoubt(index: ClassifierIndex, best: LeafScore, type: ProductType): string | undefined {
  return isCatchAllText(best.reading.phrase) ? 'the type names no kind of goods'
    : best.leaf.catchAll ? 'the leaf is a catch-all'
    : !best.full ? `the type names only part of "${best.name.text}"`
    : best.compoundOnly ? `the type names only the end of "${best.name.text}"`
    : best.kidsUnsaid ? 'the name is for children, the leaf does not say so'
    : best.pathUnsaid !== undefined ? `the leaf's path says "${best.pathUnsaid}", the name does not`
    : best.contradicted ? 'the name says the product is for other people than the leaf'
    : isBareType(best) && carriesDose(type.tokens) ? `a dose says a medicine or supplement, which the one word "${best.name.text}" does not`
    : describeWordsBesideBareType(index, best, type) ??
      describeMeasureAgainstLeaf(readMeasuresOfGoods(type.tokens), best.leaf.path) ?? describeMedium(best, type) ?? describeOtherMaterial(best, type) ?? describePreparedWith(index, best, type) ?? describeOtherUse(index, best, type);
}

/**
 * `Картофель запеченный с грибами` against fresh potatoes: a participle of what was done to the goods (one the directory never
 * uses, `unknown-participles.ts`) with what they come with (`с …`) says a prepared product, a dish; either alone does not
 * (`Молоко пастеризованное`, `Чай с бергамотом`).
 */
function describePreparedWith(index: ClassifierIndex, best: LeafScore, type: ProductType): string | undefined {
  if (type.with === undefined) return undefined;
  const done = type.words.find((word) => isUnknownParticiple(index, word) && !explainsByLeaf(best.leaf, stemForIndex(word), word));
  return done === undefined ? undefined : `the name says the goods are "${done}" and come with "${type.with.join(' ')}": a prepared product`;
}

/** `Ключница металлическая` against `Кожгалантерея / Ключницы`: a material the name says against the one the leaf's path says. */
function describeOtherMaterial(best: LeafScore, type: ProductType): string | undefined {
  const word = findOtherMaterial(best.leaf, [...type.words, ...(type.madeOf ?? [])]);
  return word === undefined ? undefined : `the name says "${word}", another material than the leaf's path says`;
}

/** `Говядина в соусе` against raw beef: what the name says the goods come in, which the leaf does not explain (`medium-of-goods.ts`). */
function describeMedium(best: LeafScore, type: ProductType): string | undefined {
  const medium = findUnexplainedMedium(type.form, (stem, word) => explainsPlace(best.leaf, stem, word));
  return medium === undefined ? undefined : `the name says the goods come "${medium}", which the leaf does not explain`;
}

/**
 * The doubt of the best leaf, given the earlier one and that of the ranking (`laterDoubt`): the words of the type it does not explain, read for
 * what else they name, come between them; with the words held (unexplained, nothing else against the leaf) and those a seller
 * may confirm harmless (`heldBy`).
 */
function readWordDoubts(index: ClassifierIndex, best: LeafScore, type: ProductType, earlierDoubt: string | undefined, laterDoubt: string | undefined, readTwin: (best: LeafScore) => UnsaidPurposeTwin | undefined): { doubt: string | undefined; held: string[] | undefined; heldBy: string[] | undefined } {
  const unexplainedDoubt = best.unexplained.length > 0 ? `the leaf does not explain ${best.unexplained.map((word) => `"${word}"`).join(', ')} of "${best.reading.phrase}"` : undefined;
  const held = earlierDoubt === undefined && laterDoubt === undefined && best.unexplained.length > 0 ? best.unexplained : undefined;
  const heldGoods = held === undefined ? undefined : findHeldWordGoods(index, held, best.leaf);
  const heldGoodsDoubt = heldGoods === undefined ? undefined : `the leaf does not explain "${heldGoods.word}", which another section's kind of the goods says (${heldGoods.leaf.path})`;
  // `Лампа светодиодная автомобильная` against household LED lamps: an unexplained word another section names its goods by.
  const sectionWord = earlierDoubt === undefined && heldGoods === undefined ? findSectionWord(index, best.unexplained, best.leaf, readNounsSaid(best)) : undefined;
  const sectionWordDoubt = sectionWord === undefined ? undefined : describeSectionWord(sectionWord);
  // `Әйелдер джинсысы скинни` against `Джинсы для беременных`: a purpose the name of the leaf says and the product does not,
  // beside a twin without it, is what tells them apart; read where the leaf is doubted anyway, it keeps a group from taking it.
  // The purpose may be said in the reading too (`Gaming Mouse Pad` read as `коврик для мыши`).
  const unsaid = earlierDoubt === undefined && sectionWordDoubt === undefined && (unexplainedDoubt !== undefined || laterDoubt !== undefined) ? readTwin(best) : undefined;
  const unsaidDoubt = unsaid === undefined ? undefined : `the leaf "${unsaid.name}" is for what the name does not say (${unsaid.ownPurpose === true ? 'a twin for another purpose' : 'a twin without it'}: ${unsaid.twin.path})`;
  // `Точилка для ножей` against stationery `Точилки`, beside `Ножеточки`: a word of the type (or of its purpose) the leaf does not
  // explain that another leaf of the same goods does names that leaf; read where the leaf is doubted anyway (a word it does not
  // explain, or a weak match), so no sure pick changes.
  // A purpose word the leaf does not explain opens the reading by itself (`Средство для стирки черного` beside `Средства для
  // чёрного белья`; `Антижир для духовок` read as `средства для кухни`, beside `Средства для плит и духовок`).
  const weak = laterDoubt !== undefined && best.score < CONFIDENT_SCORE;
  // Read for a purpose word alone, a leaf of the same goods that drops the purpose the best leaf and the name itself say is other
  // goods of the head, no narrower answer (`Коробка для хранения картонная` beside packaging `Коробки картонные`).
  const unexplained = readWordsUnexplained(best, type);
  const purposeUnexplained = unexplained.length > best.unexplained.length;
  const found = earlierDoubt === undefined && heldGoods === undefined && sectionWord === undefined && unsaid === undefined && (unexplainedDoubt !== undefined || weak || purposeUnexplained) ? findSameGoodsWord(index, best.leaf, readNounsSaid(best), unexplained, best.reading.stems.map((stem) => ({ stem, word: best.reading.wordOf.get(stem) ?? stem })), explainsByWords) : undefined;
  const saidPurpose = best.name.purpose.filter((stem) => type.purpose.some((word) => stemForIndex(word) === stem));
  const sameGoods = found === undefined || unexplainedDoubt !== undefined || weak || !found.leaf.names.every((name) => dropsSaidPurpose(found.leaf, name, saidPurpose, best.reading)) ? found : undefined;
  const sameGoodsDoubt = sameGoods === undefined ? undefined : `the leaf does not explain "${sameGoods.word}", which a leaf of the same goods says (${sameGoods.leaf.path})`;
  const doubt = heldGoodsDoubt ?? earlierDoubt ?? sectionWordDoubt ?? unsaidDoubt ?? sameGoodsDoubt ?? unexplainedDoubt ?? laterDoubt;
  // The words a seller may confirm harmless (`classify.neutralWords`): only where nothing else keeps the leaf from being sure,
  // nor says the material or use of the goods as another section sorts them (`одноразовые` of `Тарелки`: `findHeldWordGoods`),
  // nor is a word another section names its goods by (`findSectionWord`).
  const heldBy = heldGoods === undefined && sectionWord === undefined && unsaid === undefined && sameGoods === undefined ? held : undefined;
  return { doubt, held, heldBy };
}

/**
 * What the goods are for or against, which the best leaf is not: the leaf's own name is for other goods (`Шлейки для кошек`
 * for `Шлейка для собак`, `Насосы для мячей` for `Насос для шаров`), the name says a recipient whose goods the directory sorts
 * elsewhere (`recipient-of-goods.ts`), or a pest a leaf of another branch is named against (`remedy-of-other-goods.ts`).
 */
function describeOtherUse(index: ClassifierIndex, best: LeafScore, type: ProductType): string | undefined {
  if (best.otherPurpose !== undefined) return `the leaf "${best.name.text}" is for other goods than the name says (${best.otherPurpose.map((word) => `"${word}"`).join(', ')})`;
  // `Шампунь для сухих волос` against `Сухие шампуни`: the hair is dry, not the shampoo (one reader with the label matcher).
  const useWord = findUseWordOfLeafKind(best.leaf, type);
  if (useWord !== undefined) return `the name says "${useWord}" of what the goods are for, the leaf "${best.name.text}" says it of the goods`;
  const explains = (stem: string, word: string): boolean => explainsByLeaf(best.leaf, stem, word);
  const recipient = findOtherRecipient(index, GROUP_STEMS, type.tokens, best.leaf, explains);
  if (recipient !== undefined) return `the name says the goods are for "${recipient.word}" (${recipient.level}), the leaf is not`;
  const remedy = findRemedyElsewhere(index, type.tokens, best.leaf, explains);
  return remedy === undefined ? undefined : `the name says the goods act against "${remedy.word}", which ${remedy.leaf.path} is for`;
}

/**
 * A children's leaf of the best leaf's head noun, ranked, where the name says a Latin `baby` and no who-for word of its own
 * (`Горшок Happy Baby` beside `Детские товары / Горшки`): a brand's or a line's `baby` may be for babies, so the plain leaf is a
 * question. It is never read as whom the goods are for: in clothing, perfume and cosmetics it is a style or a line (`Платье
 * Baby Doll`, `Джинсы женские Baby Blue`), so it selects no leaf and yields to the name's own word (`женская`).
 */
function findBabyLineKind(ranked: readonly LeafScore[], best: LeafScore, type: ProductType): LeafScore | undefined {
  if (!type.tokens.includes(BABY) || best.leaf.demographic.kids === true || !isDemographicEmpty(collectDemographic(type.tokens))) return undefined;
  return ranked.find((item) => item !== best && item.leaf.demographic.kids === true && item.name.head.some((stem) => best.name.head.includes(stem)));
}

const BABY = 'baby';

/**
 * The ranked leaf one of whose names is a held word of the type (`одноразов`) and the best leaf's own goods: its one-noun name
 * (`Стаканы`) or, for such a leaf, its parent level's noun (`посуда` of `Посуда для сервировки / Стаканы`), and that serves the
 * product's purpose: the kind of the best leaf's goods the held word says.
 */
function findHeldWordKind(ranked: readonly LeafScore[], best: LeafScore, held: readonly string[]): LeafScore | undefined {
  const heldStems = held.map(stemForIndex);
  const goods = readOwnGoodsNouns(best);
  // `Пеленки впитывающие для собак`: a leaf that misses the product's purpose (`Впитывающие пелёнки` of hygiene) is other goods.
  const servesPurpose = (item: LeafScore): boolean => best.reading.purpose.every((stem) => explainsByLeaf(item.leaf, stem, stem));
  const namesKind = (name: IndexedName): boolean => {
    const rest = name.head.filter((stem) => !heldStems.includes(stem));
    return rest.length === 1 && rest.length < name.head.length && goods.has(rest[0] ?? '');
  };
  return ranked.find((item) => item !== best && servesPurpose(item) && item.leaf.names.some(namesKind));
}

/**
 * The nouns that name the best leaf's own goods: its name where that is one noun (`Стаканы`), and then its parent level's noun
 * where that level is one noun, alone or with its purpose (`Посуда для сервировки`, `Напитки`). A leaf whose name carries its
 * own qualifier (`Вода минеральная`, `Рабочие костюмы`) is a kind already; a level that qualifies or lists goods
 * (`Спортивная одежда`, `Сумки и рюкзаки`, `Детские товары`) sorts the directory and names no kind of them.
 */
function readOwnGoodsNouns(best: LeafScore): Set<string> {
  const nouns = new Set<string>();
  if (best.name.head.length !== 1) return nouns;
  nouns.add(best.name.head[0] ?? '');
  const levels = best.leaf.path.split(' / ');
  const parent = tokenizeForMatch(levels[levels.length - 2] ?? '');
  const [noun, next] = parent;
  if (noun !== undefined && !ADJECTIVE_FORM.test(noun) && (next === undefined || next === 'для')) nouns.add(stemForIndex(noun));
  return nouns;
}

/** The stems of the leaf's name the type says that are nouns as the type writes them (`ламп` of `Лампа светодиодная`). */
function readNounsSaid(item: LeafScore): string[] {
  return item.name.head.filter((stem) => item.reading.stems.includes(stem) && !ADJECTIVE_FORM.test(item.reading.wordOf.get(stem) ?? stem));
}

/**
 * The words of the type the best leaf does not explain (`unexplained`), and the words of its purpose that neither the name of
 * the leaf nor anything else of it says (`ножей` of `Точилка для ножей` against plain `Точилки`), each with its stem: the purpose
 * of the reading, and that of the name where the rewrite of a synonym dropped it for its own (`духовок` of `Антижир для духовок`,
 * read as `средства для кухни`).
 */
function readWordsUnexplained(item: LeafScore, type: ProductType): { stem: string; word: string }[] {
  const written = new Map(type.purpose.map((word): [string, string] => [stemForIndex(word), word]));
  const purpose = [...new Set([...item.reading.purpose, ...(item.reading.viaSynonym ? written.keys() : [])])].filter((stem) => stem.length > 1);
  const unsaid = purpose.filter((stem) => !item.name.purpose.includes(stem) && !explainsByLeaf(item.leaf, stem, item.reading.wordOf.get(stem) ?? written.get(stem) ?? stem));
  return [...item.unexplained.map((word) => ({ stem: stemForIndex(word), word })), ...unsaid.map((stem) => ({ stem, word: item.reading.wordOf.get(stem) ?? written.get(stem) ?? stem }))];
}

/** A ranked leaf as a classification's alternative. */
function toAlternative(item: LeafScore): Alternative {
  return { leafId: item.leaf.id, path: item.leaf.path, score: Math.round(item.score * 1000) / 1000 };
}

/** The classification that proposes the held word's kind (`findHeldWordKind`) over the best leaf, open. */
function proposeHeldWordKind(kind: LeafScore, best: LeafScore, ranked: readonly LeafScore[], confidence: number, evidence: Evidence[], productType: string): Classification {
  const alternatives = [best, ...ranked.filter((item) => item !== best && item !== kind)].slice(0, MAX_ALTERNATIVES).map(toAlternative);
  const doubt = `another leaf fits as well (${best.leaf.path}), but for words it does not explain, which name this one`;
  return { leafId: kind.leaf.id, path: kind.leaf.path, confidence, confident: false, evidence: evidence.map((item) => ({ ...item, leafId: kind.leaf.id, path: kind.leaf.path })), alternatives, productType, doubt };
}

/**
 * Lowers, as a leaf whose own name says whom it is for, a leaf whose path narrows its goods in a way the product does not
 * say (`Детская обувь / Резиновые сапоги` for `Сапоги резиновые`, `Национальная одежда / Жилеты` for `Жилет пуховый`) where
 * another leaf of the product's head noun is not of that kind: children's or national goods are never the default.
 */
function lowerUnsaidPath(index: ClassifierIndex, scores: Map<number, LeafScore>, demographic: Demographic, said: ReadonlySet<string>): void {
  const items = [...scores.values()];
  for (const item of items) {
    if (item.contradicted) continue;
    const unsaid = readPathQualifiers(item.leaf).filter((qualifier) => !saysPathQualifier(qualifier, demographic, said));
    if (unsaid.length === 0) continue;
    // Children's goods are never the default: any other leaf of the head noun stands against them. Whom else the goods are
    // for narrows only where a leaf of the same name lacks it (`Жилеты` beside `Жилеты женские`), an adjective only where
    // one of its own section does (`Национальная одежда / Жилеты` beside `Женская одежда / Жилеты`): elsewhere it sorts
    // the directory (`Бумажная продукция / Влажные салфетки` beside `Влажные салфетки детские`), it narrows no kind.
    const nouns = item.name.head.filter((stem) => item.reading.stems.includes(stem) && !ADJECTIVE_FORM.test(item.reading.wordOf.get(stem) ?? stem));
    const sameName = (name: IndexedName): boolean => name.language === item.name.language && haveSameStems(name.head, item.name.head) && haveSameStems(name.purpose, item.name.purpose);
    // A leaf that misses the product's purpose is no other place for it (`Картины и постеры` for `Картина по номерам`).
    const servesPurpose = (other: LeafScore): boolean => item.reading.purpose.every((stem) => explainsByLeaf(other.leaf, stem, stem));
    const sameKind = (qualifier: PathQualifier, other: LeafScore): boolean =>
      // A kind the name does not say (`Инвалидные коляски` for a plain `Коляска`) is no default against children's goods.
      qualifier.mark?.kids === true ? nouns.length > 0 && other.full && other.leaf.names.some((name) => nouns.every((stem) => name.head.includes(stem)))
      : other.leaf.names.some(sameName) && (qualifier.mark !== undefined || readTopSection(other.leaf.path) === readTopSection(item.leaf.path));
    // `Жилет женский` against `Национальная одежда / Жилеты` where the section has women's goods: the product said whom it is
    // for and the leaf answers by another qualifier it does not say, rival or none.
    const answeredOtherwise = (qualifier: PathQualifier): boolean => qualifier.mark === undefined && demographic.gender !== undefined && item.leaf.demographic.gender === undefined && sectionSaysGender(index, item.leaf, demographic.gender);
    const narrows = unsaid.find((qualifier) => answeredOtherwise(qualifier) || items.some((other) => other !== item && sameKind(qualifier, other) && servesPurpose(other) && !saysPathQualifier(qualifier, other.leaf.demographic, readLeafWords(other.leaf))));
    if (narrows === undefined) continue;
    scores.set(item.leaf.id, { ...item, score: item.score * (narrows.mark?.kids === true ? KIDS_UNSAID_FACTOR : NARROWER_FACTOR), pathUnsaid: narrows.word });
  }
}

/**
 * Lowers a leaf the type's head noun meets only through the leaf's Kazakh name (`Капа боксёрская` against `Бокс қаптары`,
 * boxing bags, whose Russian name `Боксёрские груши` only explains the adjective) where another leaf's Russian name is that
 * noun (`Капы`): a word of one language that sounds like a word of the other is no evidence against the leaf named by it.
 */
function lowerForeignHomonym(scores: Map<number, LeafScore>): void {
  const items = [...scores.values()];
  for (const item of items) {
    if (item.name.language !== 'kaz' || item.contradicted) continue;
    const nouns = item.name.head.filter((stem) => item.reading.stems.includes(stem) && !ADJECTIVE_FORM.test(item.reading.wordOf.get(stem) ?? stem));
    const saysNoun = (name: IndexedName): boolean => name.language === 'rus' && nouns.some((stem) => name.head.includes(stem));
    if (nouns.length === 0 || item.leaf.names.some(saysNoun)) continue;
    if (!items.some((other) => other !== item && other.leaf.names.some(saysNoun))) continue;
    scores.set(item.leaf.id, { ...item, score: item.score * FOREIGN_HOMONYM_FACTOR });
  }
}

const gendersOfSection = new WeakMap<ClassifierIndex, Map<string, Set<string>>>();

/** Whether a leaf of the leaf's own section has a path or name saying the gender (`Одежда / Женская одежда`), read once per index. */
function sectionSaysGender(index: ClassifierIndex, leaf: IndexedLeaf, gender: 'female' | 'male'): boolean {
  let genders = gendersOfSection.get(index);
  if (genders === undefined) {
    genders = new Map();
    for (const other of index.leaves) if (other.demographic.gender !== undefined) genders.set(readTopSection(other.path), (genders.get(readTopSection(other.path)) ?? new Set<string>()).add(other.demographic.gender));
    gendersOfSection.set(index, genders);
  }
  return genders.get(readTopSection(leaf.path))?.has(gender) === true;
}

/**
 * Whether the type is only the one word a leaf is named by (`Свечи`, `Цинк`): the bare noun of a homonym, whose other
 * senses the directory may not have. A name of two words or more (`Витамин D`) names its goods itself.
 */
function isBareType(best: LeafScore): boolean {
  return isBareName(best.name, best.reading);
}

/**
 * `Труба пластиковая` of `Трубы и фитинги`: a leaf of a one-word name the type says with nothing more than words that never make
 * the head noun another kind (a material, a colour, `neutral-modifiers.ts`): one word of goods, as a bare type is.
 */
function isBareInKind(best: LeafScore, type: ProductType): boolean {
  if (isBareType(best)) return true;
  const { head, purpose } = best.name;
  return head.length === 1 && purpose.length === 0 && type.purpose.length === 0 && type.words.every((word) => {
    const stem = stemForIndex(word);
    return head.includes(stem) || isNeutralModifier(stem, word, false);
  });
}

function isBareName(name: IndexedName, reading: TypeReading): boolean {
  return name.head.length === 1 && name.purpose.length === 0 && reading.stems.every((stem) => name.head.includes(stem) || reading.optional.has(stem));
}

/**
 * `Свечи NGK` against a directory whose only `Свечи` are decor candles and whose brands do not hold `NGK`: a label whose
 * type is one leaf's one-word name (`isBareType`), followed by a word the directory does not understand — no brand it
 * lists (`findUnlistedBrand`), no word of its names, paths or synonyms (`Кабели USB`) and no value of an attribute it
 * links to the leaf (`Планшеты Android`: `Операционная система`). A bare noun may name goods the directory lacks (spark
 * plugs), and such a word may be what tells: the leaf is a question naming it. A brand the directory lists (`Смартфоны
 * Samsung`) groups goods the service sells by their maker and changes nothing. Labels only: product names carry brands
 * the service does not list all the time (local makers), and most of them are of goods the directory has.
 */
export function findUnlistedBrandOfBareType(index: ClassifierIndex, leaf: IndexedLeaf, type: ProductType): string | undefined {
  const unlisted = findUnlistedBrand(index, type.brand);
  if (unlisted === undefined || isExactStemOfDirectory(index, stemForIndex(unlisted)) || isPropertyOfLeaf(index, leaf, unlisted)) return undefined;
  const readings = readType(index, 'label', type);
  const bare = leaf.names.find((name) => readings.some((reading) => isBareName(name, reading)));
  return bare === undefined ? undefined : describeUnlistedBrand(unlisted, bare.text);
}

const propertyLeaves = new WeakMap<ClassifierIndex, Map<string, Set<number>>>();

/** Whether a word is a value of a dictionary attribute the directory links to the leaf (`android` of `Операционная система` for tablets). */
function isPropertyOfLeaf(index: ClassifierIndex, leaf: IndexedLeaf, word: string): boolean {
  let leaves = propertyLeaves.get(index);
  if (leaves === undefined) {
    leaves = new Map();
    for (const { words, leafIds } of index.propertyWords) for (const value of words) for (const id of leafIds) leaves.set(value, (leaves.get(value) ?? new Set<number>()).add(id));
    propertyLeaves.set(index, leaves);
  }
  return leaves.get(word)?.has(leaf.id) === true;
}

function describeUnlistedBrand(brand: string, bare: string): string {
  return `"${brand}" is no brand of the directory, and the one word "${bare}" may name goods the directory lacks`;
}

/**
 * Leaves that are a kind of the best one (a name of theirs holds the best name's head and more
 * words, or the same head for a purpose the best leaf does not name), read once per type.
 */
function collectNarrower(ranked: readonly LeafScore[], best: LeafScore): NarrowerCandidate[] {
  const found: NarrowerCandidate[] = [];
  for (const item of ranked) {
    // `Носки мужские … спортивные`: a narrower leaf that says nobody does not take a product the best leaf says whom it is for.
    if (item === best || item.contradicted || (!isDemographicEmpty(best.leaf.demographic) && isDemographicEmpty(item.leaf.demographic))) continue;
    for (const name of item.leaf.names) {
      // `Свечи для торта` beside `Свечи`: the same thing for a purpose is a kind of it too.
      const morePurpose = name.head.length === best.name.head.length && name.purpose.length > 0 && best.name.purpose.length === 0;
      if ((name.head.length <= best.name.head.length && !morePurpose) || !best.name.head.every((stem) => name.head.includes(stem))) continue;
      // `Впитывающие пелёнки` of hygiene is no kind of `Пелёнки для собак`: a kind keeps the best leaf's purpose, in its name or
      // path, where that purpose sorts the directory (`Товары для собак`); one only of the name (`Бутылки для воды`) may go unsaid.
      if (!best.name.purpose.every((stem) => !best.leaf.ancestorStems.includes(stem) || name.purpose.includes(stem) || explainsByLeaf(item.leaf, stem, stem))) continue;
      const extra = name.head.filter((stem) => !best.name.head.includes(stem));
      found.push({ item, name, extra, extraInitials: extra.map((stem) => stem.slice(0, 1)).join(''), words: name.head.length + name.purpose.length });
    }
  }
  return found;
}

/**
 * The kinds of the best leaf whose every further word the product's name says, as a word (`влажный`
 * of `Корм для кошек влажный`) or as the initials of an abbreviation (`б/п` for `быстрого
 * приготовления`): each scored as the best leaf with the whole type held, the most words first.
 */
function findNarrowerSaid(candidates: readonly NarrowerCandidate[], best: LeafScore, type: ProductType): LeafScore[] {
  // With no kinds to say, nothing of the name is read (a plain decision asks first).
  if (candidates.length === 0) return [];
  // A model line says its kind (`AirPods`: `беспроводные наушники`), as the kind's own adjective would; one the goods are
  // for says nothing of theirs (`Зарядное устройство для AirPods` is no wireless charger).
  const modelKinds = readModelLineKinds(type.tokens.filter((word) => !type.purpose.includes(word)));
  const said = new Set([...type.tokens, ...modelKinds].map(stemForIndex));
  const initials = readInitials(type.tokens);
  const found: { item: LeafScore; words: number }[] = [];
  const taken = new Set<LeafScore>();
  // `Коробка для хранения картонная` beside `Коробки для хранения`: a purpose the product says and the best leaf's name
  // holds is what the goods are for; a leaf of it that only explains another word (`Коробки картонные` of packaging) and not
  // that purpose is no kind of the best leaf but other goods of the same head.
  const saidPurpose = best.name.purpose.filter((stem) => best.reading.purpose.includes(stem));
  for (const { item, name, extra, extraInitials, words } of candidates) {
    if (taken.has(item) || dropsSaidPurpose(item.leaf, name, saidPurpose, best.reading)) continue;
    const extraSaid = extra.every((stem) => said.has(stem)) || initials.has(extraInitials);
    if (!extraSaid || !name.purpose.every((stem) => said.has(stem))) continue;
    taken.add(item);
    found.push({ item: { ...item, score: best.score, full: true, typeCovered: true, compoundOnly: false, name, otherPurpose: undefined }, words });
  }
  const most = Math.max(0, ...found.map((entry) => entry.words));
  return found.filter((entry) => entry.words === most).map((entry) => entry.item);
}

/**
 * Whether the narrower leaf chosen (`kind`) is of another top-level section than the leaf it narrows (`first`), a word it adds
 * is said only by the rest of the name, not the product type, and the type says a word the kind's name does not hold
 * (`протеиновый`): the type is more than the bare head the kind narrows. A bare type (`Мыло Palmolive кусковое`) is the kind.
 */
function isKindOutsideType(kind: LeafScore, first: LeafScore, type: ProductType, perName: boolean): boolean {
  if (readTopSection(kind.leaf.path) === readTopSection(first.leaf.path)) return false;
  const typeStems = new Set(type.words.map(stemForIndex));
  const own = new Set([...first.name.head, ...first.name.purpose]);
  const kindStems = new Set([...kind.name.head, ...kind.name.purpose]);
  if ([...kindStems].some((stem) => !own.has(stem) && !typeStems.has(stem)) && [...typeStems].some((stem) => !kindStems.has(stem))) return true;
  // `Протеиновый батончик шоколадный`: a word of the type the kind does not explain (`протеиновый`) may make the goods the
  // broader leaf's: a tie. In the rest of the name (`Батончик Bombbar протеиновый шоколад`) only a word the broader leaf explains
  // and the kind does not: the rest holds flavours, colours and notes neither leaf explains.
  const typeWords = new Set(type.words);
  const words = perName ? type.tokens.filter((word) => typeWords.has(word) || CYRILLIC_WORD.test(word)) : type.words;
  return words.some((word) => explainsOtherOnly(first.leaf, kind.leaf, stemForIndex(word), word));
}

const CYRILLIC_WORD = /^\p{Script=Cyrillic}{4,}$/u;

/** Whether `leaf` explains a word (its stem, as written) that `other` does not. */
function explainsOtherOnly(leaf: IndexedLeaf, other: IndexedLeaf, stem: string, word: string): boolean {
  return explainsByLeaf(leaf, stem, word) && !explainsByLeaf(other, stem, word);
}

/** Whether a narrower leaf neither names nor explains a purpose the product says (`хранения`), which the best leaf's name holds. */
function dropsSaidPurpose(leaf: IndexedLeaf, name: IndexedName, saidPurpose: readonly string[], reading: TypeReading): boolean {
  return saidPurpose.some((stem) => !name.purpose.includes(stem) && !explainsByLeaf(leaf, stem, reading.wordOf.get(stem) ?? stem));
}

/** Runs of one-letter words of a name (`б п` of `б/п`), joined: what an abbreviation's initials can be. */
function readInitials(tokens: readonly string[]): Set<string> {
  const runs = new Set<string>();
  let run = '';
  for (const token of [...tokens, '']) {
    if (Array.from(token).length === 1 && /\p{L}/u.test(token)) run += token;
    else {
      if (run.length >= 2) runs.add(run);
      run = '';
    }
  }
  return runs;
}

/**
 * Whether the product says which of the two it is: a word of its type beyond the best leaf's head, or
 * of its purpose, that the best leaf explains and the other does not (`Кондиционер для волос` under
 * `Уход за волосами`, not `Мобильные кондиционеры`; `Свеча декоративная` under `Интерьер и декор`,
 * not `Свечи зажигания`), and no purpose or place of it only the other explains. A bare type says nothing of the kind,
 * and stays a question.
 */
function saysOwnKind(best: LeafScore, other: LeafScore): boolean {
  if (explainsPlaceOnly(best, other)) return false;
  const said = [...best.reading.stems.filter((stem) => !best.name.head.includes(stem) && !best.reading.optional.has(stem)), ...best.reading.purpose];
  return said.some((stem) => {
    const word = best.reading.wordOf.get(stem) ?? stem;
    return explainsByLeaf(best.leaf, stem, word) && !explainsByLeaf(other.leaf, stem, word);
  });
}

/** Whether the other leaf explains a word of the product's purpose or place that the best leaf does not (`авто` of `Держатель для телефона в авто`). */
function explainsPlaceOnly(best: LeafScore, other: LeafScore): boolean {
  return [...best.reading.purpose, ...best.reading.form].some((stem) => {
    const word = best.reading.wordOf.get(stem) ?? stem;
    return explainsPlace(other.leaf, stem, word) && !explainsPlace(best.leaf, stem, word);
  });
}

/** Whether the other leaf explains a word of the product's place (`в авто`) that the best leaf does not. */
function explainsFormOnly(best: LeafScore, other: LeafScore): boolean {
  return best.reading.form.some((stem) => {
    const word = best.reading.wordOf.get(stem) ?? stem;
    return explainsPlace(other.leaf, stem, word) && !explainsPlace(best.leaf, stem, word);
  });
}

/** Whether a leaf explains a word of a purpose or place: as a word of the type, or as the start of a word of it (`авто` of `Автомобильные`). */
function explainsPlace(leaf: IndexedLeaf, stem: string, word: string): boolean {
  return explainsByLeaf(leaf, stem, word) || (word.length >= MIN_PLACE_OPENER && [...readLeafWords(leaf)].some((known) => opensWord(word, known)));
}

// A shorter word opens too many (`дом` of `домашние`).
const MIN_PLACE_OPENER = 4;
const sectionWords = new WeakMap<ClassifierIndex, Map<string, string[]>>();

/** Each word of the top-level sections' names (two letters or more) → the sections it names, in the leaves' order; read once per index. */
function readSectionWords(index: ClassifierIndex): Map<string, string[]> {
  let words = sectionWords.get(index);
  if (words === undefined) {
    words = new Map();
    for (const section of new Set(index.leaves.map((leaf) => readTopSection(leaf.path)))) {
      for (const word of tokenizeForMatch(section)) if (word.length > 1) words.set(word, [...new Set([...(words.get(word) ?? []), section])]);
    }
    sectionWords.set(index, words);
  }
  return words;
}

/** A leaf other than `best` named by the one word alone (`Помпы` for `помпа`), when `best` does not explain the word. */
function findLeafNamedBy(index: ClassifierIndex, word: string, best: IndexedLeaf): IndexedLeaf | undefined {
  const stem = stemForIndex(word);
  if (explainsByLeaf(best, stem, word) || !Object.hasOwn(index.byHeadStem, stem)) return undefined;
  const position = (index.byHeadStem[stem] ?? []).find((at) => index.leaves[at]?.id !== best.id && index.leaves[at]?.names.some((name) => name.head.length === 1 && name.head[0] === stem && name.purpose.length === 0) === true);
  return position === undefined ? undefined : index.leaves[position];
}

/**
 * `Маркер-текстовыделитель` read through `текстовыделители → маркеры`: in a type of two nouns or more, a word the synonym
 * rewrote on its own that is, as written, a leaf's own one-word name (`Текстовыделители`) makes that leaf a rival of the
 * rewrite's: the name is a question, never a confident pick either way.
 */
function findRewrittenRival(index: ClassifierIndex, best: LeafScore, type: ProductType): { word: string; leaf: IndexedLeaf } | undefined {
  if (!best.reading.viaSynonym || type.words.length < 2) return undefined;
  for (const word of type.words) {
    // A synonym of the whole compound (`клей-карандаш → клей канцелярский`, `дюбель-гвоздь`) names the compound, not the word.
    if (best.reading.stems.includes(stemForIndex(word)) || rewriteWithSynonyms(word)?.exact !== true) continue;
    const leaf = findLeafNamedBy(index, word, best.leaf);
    if (leaf !== undefined) return { word, leaf };
  }
  return undefined;
}

/** The top-level section other than `own` a word of whose name the place is or opens (`авто` of `Автотовары`), read once per index. */
function findSectionOpenedBy(index: ClassifierIndex, place: string, own: string): string | undefined {
  // The first section (in the leaves' order) a word names is the one it stands for here, as it always was.
  for (const [word, [section]] of readSectionWords(index)) if (section !== undefined && section !== own && (word === place || (place.length >= MIN_PLACE_OPENER && opensWord(place, word)))) return section;
  return undefined;
}

/** Whether a leaf is a kind of what the best leaf names: one of its names holds the best name's head and more, or a purpose the best and the product say none of. */
function isKindOf(item: LeafScore, best: LeafScore, type: ProductType): boolean {
  return item.leaf.names.some(
    (name) =>
      best.name.head.every((stem) => name.head.includes(stem)) &&
      (name.head.length > best.name.head.length || (name.purpose.length > 0 && best.name.purpose.length === 0 && type.purpose.length === 0)),
  );
}

function readType(index: ClassifierIndex, source: Evidence['source'], read: ProductType): TypeReading[] {
  if (read.words.length === 0) return [];
  const type = readHeadAdjectivesAfterPurpose(index, read);
  const stemsOf = (words: readonly string[]): string[] => [...new Set(words.filter((word) => word.length > 1 && findDemographicMark(word) === undefined).map(stemForIndex))];
  const keyOf = (word: string): string => readLookupKey(index, word);
  // `Ланчбокс` for `Ланч-боксы`: a word no leaf's head has may join the parts of a hyphenated name.
  const partsOf = (word: string): string[] => (Object.hasOwn(index.byHeadStem, keyOf(word)) ? undefined : readHyphenCompoundParts(index, word)) ?? [keyOf(word)];
  const stems = [...new Set(type.words.filter((word) => word.length > 1 && findDemographicMark(word) === undefined).flatMap(partsOf))];
  // A letter after the head tells leaves apart where the directory names a kind of that head by it (`Витамин D3` → `Витамин D`);
  // elsewhere it is a size or a code (`Бумага А4`), no word of the type.
  const letters = [...type.words.slice(1), ...(type.codes ?? [])].map(readKindLetter).filter((letter): letter is string => letter !== undefined && isKindLetter(index, stems, letter));
  // `Кофейный напиток 3 в 1`: a digit the name says is a word of the type where a leaf of its head has it (`Кофейные напитки 3 в 1`).
  const digits = type.tokens.filter((word) => /^\d$/u.test(word) && isKindLetter(index, stems, word));
  stems.push(...letters, ...new Set(digits));
  if (stems.length === 0) return [];
  const optional = new Set(type.words.filter((word) => CONTAINER_WORDS.has(word)).map(stemForIndex));
  const madeOf = new Set((type.madeOf ?? []).map(stemForIndex));
  const wordsOf = (words: readonly string[]): Map<string, string> => new Map(words.map((word) => [stemForIndex(word), word]));
  // The purpose's and place's words too, as written (a head word of the same stem wins).
  const readings: TypeReading[] = [{ source, phrase: type.text, stems, wordOf: new Map([...wordsOf([...type.purpose, ...type.form]), ...type.words.flatMap((word) => partsOf(word).map((stem): [string, string] => [stem, word]))]), optional, madeOf, purpose: stemsOf(type.purpose), form: stemsOf(type.form), weight: SOURCE_WEIGHT[source], viaSynonym: false, cut: type.cut ?? [] }];
  // `car phone holder` → `держатель автомобильный для телефон`: an English type is read in the directory's words (`translate-english-type.ts`).
  const rewritten = rewriteTypeInDirectoryWords(type.text, type.words, rewriteWithSynonyms);
  // `Ополаскиватель для белья` → `кондиционеры для белья`: a synonym may take the purpose too, which then is the rewrite's own.
  // Not where a leaf is named by the seller's own words (`Таблетки для посудомоечных машин`): a synonym names a kind of it at best.
  const withPurpose = type.purpose.length === 0 || isNamedByOwnWords(index, stems, stemsOf(type.purpose)) ? undefined : rewritePurposeWithSynonyms(type, rewritten?.text ?? type.text);
  const purposeTaken = withPurpose !== undefined;
  const reading = withPurpose ?? rewritten;
  if (reading !== undefined && reading.exact) {
    // `Гигиеническая помада` → `бальзамы для губ`: a rewrite says what the goods are and, after its preposition, what for.
    const { head, purpose } = splitNamePhrase(tokenizeForMatch(reading.text), 'rus');
    readings.push({ source, phrase: type.text, stems: stemsOf(head), wordOf: wordsOf(head), optional, madeOf, purpose: stemsOf(purposeTaken ? purpose : [...purpose, ...type.purpose]), form: stemsOf(type.form), weight: SOURCE_WEIGHT[source] * SYNONYM_WEIGHT, viaSynonym: true, cut: [] });
  }
  return readings;
}

/**
 * `Спрей для тела парфюмированный`, `Маска для лица тканевая`: an adjective in the nominative after the purpose that agrees with
 * the head noun is the head's, not the purpose's (`Скобы для степлера офисные`), as the index reads the directory's own names
 * (`splitNamePhrase`), where a leaf's name has it so with the head (`Парфюмированные спреи для тела`, `Тканевые маски`): an
 * adjective no leaf names the head's goods by (`увлажняющая`, `питательный`; `надувная` of a pillow, whose leaf `Надувные круги`
 * is other goods) stays a word of the purpose, which a plain leaf may leave unexplained; so does a material (`Коробка для хранения
 * картонная` is a storage box, not packaging `Коробки картонные`: `findNarrowerSaid` weighs what the goods are for first). The type's text,
 * which keys the seller's answers, stays as written. A colour stays where it is (the purpose reader's and the type reader's own
 * rules place it).
 */
function readHeadAdjectivesAfterPurpose(index: ClassifierIndex, type: ProductType): ProductType {
  const head = type.words.find((word) => !ADJECTIVE_FORM.test(word)) ?? type.words[0] ?? '';
  const headStem = stemForIndex(head);
  const namesWithHead = (word: string): boolean => (index.byHeadStem[stemForIndex(word)] ?? []).some((at) => index.leaves[at]?.names.some((name) => name.head.includes(headStem) && name.head.includes(stemForIndex(word))) === true);
  const moved = type.purpose.filter((word, at) => at > 0 && isHeadAdjectiveAfterPurpose(word, head) && !isColourWord(word) && !saysMaterial(word) && namesWithHead(word));
  if (moved.length === 0) return type;
  return { ...type, words: [...type.words, ...moved], purpose: type.purpose.filter((word) => !moved.includes(word)) };
}

/**
 * The key a word of the type looks leaves up by: its own (`stemForIndex`), or, where no leaf's head or compound has that
 * key, another key of the same noun that one has (`readOtherNounKeys`: `крыло` → the `крыль` of `Крылья`).
 */
function readLookupKey(index: ClassifierIndex, word: string): string {
  const own = stemForIndex(word);
  if (Object.hasOwn(index.byHeadStem, own) || Object.hasOwn(index.byCompoundEnd, own)) return own;
  return readOtherNounKeys(word).find((key) => Object.hasOwn(index.byHeadStem, key)) ?? own;
}

/**
 * The type with its purpose in the words of the directory, where a synonym takes the purpose too; undefined where none does. Read
 * with the preposition of the name first (`Раскраска по номерам`, `Пластины от комаров`), then with `для`, which most synonyms are
 * written with (`Кронштейн под телевизор` → `кронштейны для телевизора`).
 */
function rewritePurposeWithSynonyms(type: ProductType, rewrittenText: string): ReturnType<typeof rewriteWithSynonyms> {
  const said = readPurposePreposition(type);
  for (const preposition of new Set([...(said === undefined ? [] : [said]), 'для'])) {
    const purpose = `${preposition} ${type.purpose.join(' ')}`;
    const found = rewriteWithSynonyms(`${type.text} ${purpose}`);
    if (found !== undefined && found.exact && found.text !== `${rewrittenText} ${purpose}`) return found;
  }
  return undefined;
}

/** Whether a leaf has a name whose head holds every stem of the type and whose purpose holds every stem of the product's. */
function isNamedByOwnWords(index: ClassifierIndex, stems: readonly string[], purpose: readonly string[]): boolean {
  const [first] = stems;
  if (first === undefined || !Object.hasOwn(index.byHeadStem, first)) return false;
  return (index.byHeadStem[first] ?? []).some((position) => index.leaves[position]?.names.some((name) => stems.every((stem) => name.head.includes(stem)) && purpose.every((stem) => name.purpose.includes(stem))) === true);
}

/** Whether a leaf's name has the letter beside a head stem of the type (`Витамин D` for `витамин` and `d`). */
function isKindLetter(index: ClassifierIndex, stems: readonly string[], letter: string): boolean {
  if (!Object.hasOwn(index.byHeadStem, letter)) return false;
  const named = new Set(index.byHeadStem[letter]);
  return stems.some((stem) => Object.hasOwn(index.byHeadStem, stem) && (index.byHeadStem[stem] ?? []).some((position) => named.has(position)));
}

function findCandidates(index: ClassifierIndex, reading: TypeReading): Set<number> {
  const found = new Set<number>();
  // Own keys only: a seller's `constructor` is no key of the index.
  for (const stem of reading.stems) {
    if (Object.hasOwn(index.byHeadStem, stem)) for (const position of index.byHeadStem[stem] ?? []) found.add(position);
    if (Object.hasOwn(index.byCompoundEnd, stem)) for (const position of index.byCompoundEnd[stem] ?? []) found.add(position);
  }
  // `Свечи зажиг.`: a cut word meets the leaves whose head has a word it opens.
  if (reading.cut.length > 0) for (const [stem, positions] of readHeadStemEntries(index)) if (reading.cut.some((word) => opensWord(word, stem))) for (const position of positions) found.add(position);
  return found;
}

const headStemEntries = new WeakMap<ClassifierIndex, [string, number[]][]>();

/** The index's head stems and their leaves, listed once per index (a type with a cut word walks them all). */
function readHeadStemEntries(index: ClassifierIndex): [string, number[]][] {
  let entries = headStemEntries.get(index);
  if (entries === undefined) headStemEntries.set(index, (entries = Object.entries(index.byHeadStem)));
  return entries;
}

/** Whether a word cut short (`зажиг`) opens a longer stem of the directory (`зажиган`). */
function opensWord(cut: string, stem: string): boolean {
  return stem.length > cut.length && stem.startsWith(cut);
}

/**
 * How well one leaf fits one reading: the share of the leaf's head the type holds (its best name),
 * lightly lowered for type words the leaf does not hold; a leaf whose purpose the product does not
 * say, or whose path says other people, lower still.
 */
function scoreLeaf(index: ClassifierIndex, leaf: IndexedLeaf, reading: TypeReading, { context, sections }: SellerWords, { demographic, ages }: SaidPeople, neutral: ReadonlySet<string> | undefined): LeafScore | undefined {
  const typeStems = new Set(reading.stems);
  const purposeStems = new Set(reading.purpose);
  let best: { score: number; full: boolean; name: IndexedName; typeCovered: boolean; compoundOnly: boolean; otherObject: boolean } | undefined;
  for (const name of leaf.names) {
    let compoundOnly = false;
    const holds = (stem: string): boolean => {
      if (typeStems.has(stem)) return true;
      const reading_ = readCompound(stem, reading.stems);
      // A cut opens a compound only where the type says its start too, as a whole word must (`кофе` is no `кофеварк`).
      if (reading_ !== 'plain' && reading.cut.some((word) => opensWord(word, stem))) return true;
      if (reading_ === 'plain') compoundOnly = true;
      return reading_ !== undefined;
    };
    const held = name.head.filter(holds).length;
    if (held === 0) continue;
    const headCover = held / name.head.length;
    // A word before the leaf's words makes another thing (`Швейная машинка` is no toy `Машинка`, `Роликовые коньки` no `Коньки`),
    // unless the leaf itself explains it (`Автомобильный аккумулятор` under `Автотовары`); words after them only qualify it.
    const firstHeld = reading.stems.findIndex((stem) => name.head.some((head) => head === stem || head.endsWith(stem) || opensWord(reading.wordOf.get(stem) ?? stem, head)));
    const leading = reading.stems.slice(0, firstHeld).some((stem) => !reading.optional.has(stem) && !name.purpose.includes(stem) && !explainsByLeaf(leaf, stem, reading.wordOf.get(stem) ?? stem));
    const leafWords = new Set([...name.head, ...name.purpose, ...leaf.ancestorStems]);
    const needed = reading.stems.filter((stem) => !reading.optional.has(stem) || name.head.includes(stem));
    // A word held in a compound of the leaf counts (`чайник` and `электрический` in `электрочайник`).
    const inCompound = (stem: string): boolean => stem.length >= 5 && name.head.some((head) => head !== stem && (head.endsWith(stem) || head.startsWith(stem.slice(0, 5))));
    const opensLeafWord = (stem: string): boolean => reading.cut.includes(reading.wordOf.get(stem) ?? stem) && [...leafWords].some((known) => opensWord(reading.wordOf.get(stem) ?? stem, known));
    // A word the leaf explains (`душевая` of `Лейки для душа`, `передний` of a car part) is a word of it, as the confident check reads it.
    const typeCover = needed.length === 0 ? 1 : needed.filter((stem) => leafWords.has(stem) || inCompound(stem) || opensLeafWord(stem) || explainsByLeaf(leaf, stem, reading.wordOf.get(stem) ?? stem) || isPositionOfLeafSection(index, leaf, reading.wordOf.get(stem) ?? stem)).length / needed.length;
    let purposeFactor = 1;
    let otherObject = false;
    if (name.purpose.length > 0) {
      // `душевая` says `для душа`: an adjective made of the purpose's noun says it too.
      const saidStems = name.purpose.filter((stem) => purposeStems.has(stem) || reading.form.includes(stem) || typeStems.has(stem) || context.has(stem) || (stem.length >= 3 && reading.stems.some((word) => word.startsWith(stem))));
      // `для чистки труб` against `для чистки украшений`: a purpose whose object differs disagrees, however many of its other words agree.
      otherObject = saidStems.length < name.purpose.length && reading.purpose.some((stem) => !name.purpose.includes(stem));
      purposeFactor = otherObject ? 0.8 : 0.8 + (0.2 * saidStems.length) / name.purpose.length;
      // A Kazakh name puts what qualifies the goods first (`Жұмыс аяқ киімі`), read as its purpose: a word of it the product
      // does not say is a kind the product is not known to be (`Аяқ киім ерлер` is no work shoe).
      if (name.language === 'kaz' && saidStems.length < name.purpose.length) purposeFactor = Math.min(purposeFactor, PLAIN_LEAF_FOR_PURPOSE);
    } else if (purposeStems.size > 0) {
      // A plain leaf for a product said to be for something: right when the leaf's path is about that (`Шампунь для волос` under
      // `Уход за волосами`), else only a proposal (`Кабель для микрофона` is no electrical `Кабель`), below a leaf named for it.
      // A purpose the leaf's own section names, and no other section only, may be a use of its goods (`Лезвия для бритвы`), or
      // another thing of the section (`Коляска для кукол`): the best guess, never sure, below a leaf of the same head named for it.
      purposeFactor =
        reading.purpose.some((stem) => leaf.ancestorStems.includes(stem) || sections.has(stem)) ? 0.95
        : isPurposeOfSection(index, leaf, reading.purpose) ? (isGoodsOfSection(index, leaf, reading.purpose) ? PLAIN_LEAF_FOR_GOODS_OF_SECTION : PLAIN_LEAF_FOR_SECTION_PURPOSE)
        : PLAIN_LEAF_FOR_PURPOSE;
    }
    const pathSupport = leaf.ancestorStems.some((stem) => context.has(stem)) ? 0.02 : 0;
    // A part of an `и` list names goods by itself (`Аккумуляторы ААА` of `Аккумуляторы АА и ААА`): met whole, it is met as a plain leaf is.
    const score = headCover * (0.85 + 0.15 * typeCover) * purposeFactor * (name.full || headCover === 1 ? 1 : PART_FACTOR) * (leading ? LEADING_WORD_FACTOR : 1) * (compoundOnly ? COMPOUND_RIVAL_FACTOR : 1) + pathSupport;
    if (best === undefined || score > best.score) best = { score, full: headCover === 1, name, typeCovered: typeCover === 1, compoundOnly, otherObject };
  }
  if (best === undefined) return undefined;
  const unexplained = findUnexplained(index, leaf, reading, neutral);
  // `Книга для подростков` is no `Книги для малышей`: an age the leaf's own name says against another the product says.
  const contradicted = contradictsDemographic(demographic, leaf.demographic) || saysOtherAge(ages, readLeafAges(leaf));
  // `Косметика` is not `Детская косметика`: a leaf whose own name says whom it is for, when the product does not say it.
  const narrower = !isDemographicEmpty(leaf.nameDemographic) && isDemographicEmpty(demographic);
  const score = Math.min(1, best.score * reading.weight * (contradicted ? 0.6 : 1) * (narrower ? NARROWER_FACTOR : 1));
  const kidsUnsaid = demographic.kids === true && leaf.demographic.kids !== true;
  // A word cut short (`кош` of `д/кош`) that opens a word of the leaf's purpose says it, as far as the doubt goes.
  const otherWords = best.otherObject ? reading.purpose.filter((stem) => !best.name.purpose.some((own) => own === stem || own.startsWith(stem))).map((stem) => reading.wordOf.get(stem) ?? stem) : [];
  const otherPurpose = otherWords.length > 0 ? otherWords : undefined;
  return { leaf, score, kidsUnsaid, full: best.full, typeCovered: best.typeCovered, compoundOnly: best.compoundOnly, unexplained, reading, name: best.name, sources: new Set([reading.source]), contradicted, otherPurpose };
}

/**
 * The words of a type (a product's or a seller label's) that the leaf does not explain, by the
 * check a confident classification passes (`findUnexplained`); a type read through a synonym is
 * explained when either reading is. The label matcher vetoes its confident picks with it;
 * `neutral` holds the stems a mapping confirmed as never changing a kind (`classify.neutralWords`).
 */
export function findUnexplainedWords(index: ClassifierIndex, leaf: IndexedLeaf, type: ProductType, neutral?: ReadonlySet<string>): string[] {
  return findFewestUnexplained(index, leaf, readType(index, 'label', type), neutral);
}

/** The words the leaf does not explain (`findUnexplained`) of the reading that leaves the fewest. */
function findFewestUnexplained(index: ClassifierIndex, leaf: IndexedLeaf, readings: readonly TypeReading[], neutral?: ReadonlySet<string>): string[] {
  let fewest: string[] | undefined;
  for (const reading of readings) {
    const unexplained = findUnexplained(index, leaf, reading, neutral);
    if (fewest === undefined || unexplained.length < fewest.length) fewest = unexplained;
  }
  return fewest ?? [];
}

/**
 * The words of the type that neither the leaf (any of its names, in either language, and its path)
 * nor the class of words that never change a kind explains: a genitive (`зажигания`), an adjective
 * (`дверные`, `строительный`) or an abbreviation (`ГРМ`) beside the head noun may make it another
 * thing the directory has no leaf for, so the leaf is then a question, not an answer. A participle
 * no word of the directory shares a root with (`пастеризованное`) is explained (`unknown-participles.ts`).
 */
function findUnexplained(index: ClassifierIndex, leaf: IndexedLeaf, reading: TypeReading, neutral: ReadonlySet<string> | undefined): string[] {
  return reading.stems
    .filter((stem) => (GROUP_STEMS.has(stem) ? !leaf.names.some((name) => name.head.includes(stem)) : isUnexplainedWord(index, leaf, reading, neutral, stem)))
    .map((stem) => reading.wordOf.get(stem) ?? stem);
}

/** Whether neither the leaf nor the words that never change a kind explain one stem of the type. */
function isUnexplainedWord(index: ClassifierIndex, leaf: IndexedLeaf, reading: TypeReading, neutral: ReadonlySet<string> | undefined, stem: string): boolean {
  return (
    !reading.optional.has(stem) &&
    !isNeutralModifier(stem, reading.wordOf.get(stem) ?? stem, reading.madeOf.has(stem)) && !(isFlavourWord(stem) && !isStemOfDirectory(index, stem)) && neutral?.has(stem) !== true && !isColourWord(reading.wordOf.get(stem) ?? '') && !isPositionOfLeafSection(index, leaf, reading.wordOf.get(stem) ?? stem) && !explainsByLeaf(leaf, stem, reading.wordOf.get(stem) ?? stem) && !opensWordOfLeaf(leaf, reading, stem) && !isUnknownParticiple(index, reading.wordOf.get(stem) ?? stem)
  );
}

/** Whether a word the name cuts short opens a word of the leaf's names or path (`зажиг.` of `Свечи зажигания`). */
function opensWordOfLeaf(leaf: IndexedLeaf, reading: TypeReading, stem: string): boolean {
  const word = reading.wordOf.get(stem) ?? stem;
  return reading.cut.includes(word) && [...readLeafWords(leaf)].some((known) => opensWord(word, known));
}

/**
 * Whether the leaf itself explains a word of a type (its stem, and the word as written): a word of
 * any of its names or of its path, a word held in a compound of its name (`электрический` of
 * `Электрочайники`), an adjective made of a word of its path or name (`садовые` of `Сад`), or an
 * adjective whose first letters open a long word of them (`автомобильный` of `Автотовары`).
 */
function explainsByLeaf(leaf: IndexedLeaf, stem: string, word: string): boolean {
  // Asked for many leaves of every name: the head stems are listed only when the leaf's words do not hold the stem itself.
  const words = readLeafWords(leaf);
  return words.has(stem) || explainsByWords(words, listHeadStems(leaf), stem, word);
}

/** The head stems of every name of a leaf, in order (a loop: `flatMap` is slow in V8, and this runs per name). */
function listHeadStems(leaf: IndexedLeaf): string[] {
  const heads: string[] = [];
  for (const name of leaf.names) for (const stem of name.head) heads.push(stem);
  return heads;
}

/** `explainsByLeaf` against given stems of a leaf (`words`) and its names' head stems. */
function explainsByWords(words: ReadonlySet<string>, heads: readonly string[], stem: string, word: string): boolean {
  if (words.has(stem)) return true;
  if (stem.length >= 4 && heads.some((head) => head !== stem && (head.endsWith(stem) || head.startsWith(stem.slice(0, Math.min(5, stem.length)))))) return true;
  // `куриные` of `Курица`, `молочный` of `Молоко`: an adjective of the leaf's own noun, its last consonant changed.
  if (NOMINATIVE_ADJECTIVE_ENDING.test(word) && heads.some((head) => head.length >= ALTERNATION_NOUN && stem.length >= head.length && stem.startsWith(head.slice(0, -1)))) return true;
  for (const known of words) {
    // A shorter known stem is read on only by an adjective's suffix (`сад` → `садов`, `лес` → `лесн`).
    if (stem.length > known.length && stem.startsWith(known) && (known.length >= 4 || NOUN_ADJECTIVE_SUFFIXES.some((suffix) => stem.startsWith(suffix, known.length)))) return true;
    if (known.length >= COMPOUND_WORD && NOMINATIVE_ADJECTIVE_ENDING.test(word) && known.slice(0, COMPOUND_START) === word.slice(0, COMPOUND_START) && !isOtherPlacement(word, known)) return true;
  }
  return false;
}

/**
 * Whether a word of the type (`настенные`) and a leaf's stem (`настольн`) are two different words of where goods stand or
 * are fixed: their first letters meet, yet a wall clock is no table clock. The stem is read as the adjective it is a stem of.
 */
function isOtherPlacement(word: string, known: string): boolean {
  const placement = readPlacementSpelling(word);
  if (placement === undefined) return false;
  const other = readPlacementSpelling(`${known}ые`);
  return other !== undefined && other !== placement;
}

/**
 * `Стол садовый` against `Дом и сад / Мебель / Столы`: an adjective of the type that the best leaf explains only by its
 * top-level section's name (`садовый` of `Дом и сад`), while another leaf's own name says it beside a word of the best leaf's
 * branch or names (`Садовая мебель`, beside `Мебель`), may be what makes the goods that leaf's: the plain leaf is no answer.
 */
function findQualifierLeaf(index: ClassifierIndex, best: LeafScore): { word: string; leaf: IndexedLeaf } | undefined {
  // It reads only the leaf and the type's reading, which every name of a type shares: the whole directory is walked once per pair,
  // not once per name (`decide` runs per name where a narrower leaf may be said).
  let byLeaf = qualifierLeaves.get(best.reading);
  if (byLeaf === undefined) qualifierLeaves.set(best.reading, (byLeaf = new Map()));
  if (!byLeaf.has(best.leaf)) byLeaf.set(best.leaf, readQualifierLeaf(index, best.leaf, best.reading));
  return byLeaf.get(best.leaf);
}

const qualifierLeaves = new WeakMap<TypeReading, Map<IndexedLeaf, { word: string; leaf: IndexedLeaf } | undefined>>();

function readQualifierLeaf(index: ClassifierIndex, best: IndexedLeaf, reading: TypeReading): { word: string; leaf: IndexedLeaf } | undefined {
  const levels = best.path.split(' / ');
  const own = new Set([...tokenizeForMatch(levels.slice(1, -1).join(' ')).map(stemForIndex), ...best.names.flatMap((name) => [...name.head, ...name.purpose])]);
  const heads = best.names.flatMap((name) => name.head);
  for (const stem of reading.stems) {
    const word = reading.wordOf.get(stem) ?? stem;
    if (!NOMINATIVE_ADJECTIVE_ENDING.test(word) || explainsByWords(own, heads, stem, word) || !explainsByLeaf(best, stem, word)) continue;
    const leaf = index.leaves.find((other) => other !== best && namesQualifiedKind(other, stem, word, own));
    if (leaf !== undefined) return { word, leaf };
  }
  return undefined;
}

/** Whether a leaf's own names say the adjective (`садовая` of `Садовая мебель`) and a stem of `kind` (`мебел`). */
function namesQualifiedKind(leaf: IndexedLeaf, stem: string, word: string, kind: ReadonlySet<string>): boolean {
  const heads = listHeadStems(leaf);
  return heads.some((head) => kind.has(head)) && explainsByWords(new Set(leaf.names.flatMap((name) => [...name.head, ...name.purpose])), heads, stem, word);
}

/** The stems of the seller's label and groups (`context`), and of the groups above the one read as the type (`sections`). */
interface SellerWords {
  context: ReadonlySet<string>;
  sections: ReadonlySet<string>;
}

/** Whom a product is for: its class of people and the ages it names. */
interface SaidPeople {
  demographic: Demographic;
  ages: ReadonlySet<string>;
}

const leafAges = new WeakMap<IndexedLeaf, Set<string>>();

/** The ages a leaf's own names (either language) say, read once per leaf. */
function readLeafAges(leaf: IndexedLeaf): Set<string> {
  let ages = leafAges.get(leaf);
  if (ages === undefined) leafAges.set(leaf, (ages = readAges(leaf.names.flatMap((name) => tokenizeForMatch(name.text)))));
  return ages;
}

const leafWords = new WeakMap<IndexedLeaf, Set<string>>();

/** The stems of a leaf's names (both languages, what it is and what for) and of its path. */
function readLeafWords(leaf: IndexedLeaf): Set<string> {
  let words = leafWords.get(leaf);
  if (words === undefined) {
    words = new Set(leaf.ancestorStems);
    for (const name of leaf.names) for (const stem of [...name.head, ...name.purpose]) words.add(stem);
    leafWords.set(leaf, words);
  }
  return words;
}

// A compound of the leaf's words (a stem this long) opens with an adjective's first letters (`авто` of `автотовар`).
const COMPOUND_WORD = 7;
const COMPOUND_START = 4;
// A noun stem this long keeps its root when an adjective changes its last consonant (`куриц` → `курин`).
const ALTERNATION_NOUN = 5;

/**
 * How a leaf's compound head stem (`электрочайник`) holds the type: `supported` when the type ends it
 * with one word and starts it with another (`чайник электрический`), `plain` when only its end is
 * said (a rival of the plain leaf), `undefined` when not at all.
 */
function readCompound(head: string, stems: readonly string[]): 'supported' | 'plain' | undefined {
  const end = stems.find((stem) => stem.length >= 5 && head.length - stem.length >= 3 && head.endsWith(stem));
  if (end === undefined) return undefined;
  const start = head.slice(0, head.length - end.length);
  const prefix = start.slice(0, Math.min(start.length, MIN_COMPOUND_PREFIX + 2));
  const supported = stems.some((stem) => stem !== end && (stem.startsWith(prefix) || (prefix.length >= MIN_COMPOUND_PREFIX && stem.startsWith(prefix.slice(0, MIN_COMPOUND_PREFIX + 1)))));
  return supported ? 'supported' : 'plain';
}

const branchesOfStem = new WeakMap<ClassifierIndex, Map<string, Set<string>>>();

/** The branches (a leaf's path without the leaf) whose leaves are a stem (what a name, in either language, says the leaf is) or have it in their path, per index. */
function readBranchesOfStem(index: ClassifierIndex): Map<string, Set<string>> {
  let branches = branchesOfStem.get(index);
  if (branches === undefined) {
    branches = new Map();
    for (const leaf of index.leaves) {
      const branch = readParentPath(leaf.path);
      for (const stem of [...leaf.ancestorStems, ...leaf.names.flatMap((name) => name.head)]) {
        const known = branches.get(stem) ?? new Set<string>();
        known.add(branch);
        branches.set(stem, known);
      }
    }
    branchesOfStem.set(index, branches);
  }
  return branches;
}

/**
 * Whether the leaf's own branch has goods or a level named by one of the purpose's words and no word of it is so named only
 * in other branches: a use of the branch's goods (`Зарядка для телефона` under `Смартфоны и гаджеты`), not goods of another
 * kind (`Кабель для микрофона` under `Электрика`, where only `Электроника` names microphones), nor those of a sibling branch
 * (`Пудра для волос` is no `Макияж / Пудра` where `Уход за волосами` is another branch of its section). A word only other
 * leaves are *for* (`Средства от блох`) names no goods: `Ошейник от блох` stays a question.
 */
function isPurposeOfSection(index: ClassifierIndex, leaf: IndexedLeaf, purpose: readonly string[]): boolean {
  const branches = readBranchesOfStem(index);
  const branch = readParentPath(leaf.path);
  const named = purpose.map((stem) => branches.get(stem));
  return named.some((known) => known?.has(branch) === true) && named.every((known) => known === undefined || known.has(branch));
}

const headsOfSection = new WeakMap<ClassifierIndex, Map<string, Set<string>>>();

/**
 * Whether a word of the purpose is what another leaf of the leaf's own section *is* (`кукол` of `Куклы`, `бензопил` of
 * `Бензопилы`) and no word of the leaf itself: goods of their own, which the product may be made for or may be a kind of.
 */
export function isGoodsOfSection(index: ClassifierIndex, leaf: IndexedLeaf, purpose: readonly string[]): boolean {
  let heads = headsOfSection.get(index);
  if (heads === undefined) {
    heads = new Map();
    for (const other of index.leaves) for (const stem of other.names.flatMap((name) => name.head)) heads.set(stem, (heads.get(stem) ?? new Set<string>()).add(readTopSection(other.path)));
    headsOfSection.set(index, heads);
  }
  const root = readTopSection(leaf.path);
  const own = readLeafWords(leaf);
  return purpose.some((stem) => !own.has(stem) && heads.get(stem)?.has(root) === true);
}

/**
 * Whether a word (normalised) is one the leaf's own top-level section sorts its goods by: a word of one of its
 * branches or of several of its leaves (`игровые` under `Электроника`: `Игровые аксессуары`, or `Игровые консоли`
 * and `Игровые кресла`), not one of other goods (`ректальные` of medicines is no word of the decor candles'
 * section) nor one a single leaf of it says (`сухое` of `Молоко сухое`: only `Сухие завтраки детские` has it).
 */
export function isWordOfLeafSection(index: ClassifierIndex, leaf: IndexedLeaf, word: string): boolean {
  return (readSectionWordCounts(index).get(stemForIndex(word))?.get(readTopSection(leaf.path)) ?? 0) >= SECTION_WORD_LEAVES;
}

// A word of this many leaves of a section (a branch counts as many) is one the section sorts its goods by.
const SECTION_WORD_LEAVES = 2;
const sectionWordCounts = new WeakMap<ClassifierIndex, Map<string, Map<string, number>>>();

/** Stem → top-level section → how many of its leaves name the stem (a branch's stem counts as many), per index. */
function readSectionWordCounts(index: ClassifierIndex): Map<string, Map<string, number>> {
  let counts = sectionWordCounts.get(index);
  if (counts === undefined) {
    counts = new Map();
    for (const leaf of index.leaves) {
      const root = readTopSection(leaf.path);
      const add = (stem: string, by: number): void => {
        const known = counts?.get(stem) ?? new Map<string, number>();
        known.set(root, (known.get(root) ?? 0) + by);
        counts?.set(stem, known);
      };
      for (const stem of new Set(leaf.names.flatMap((name) => name.head))) add(stem, 1);
      for (const stem of new Set(leaf.ancestorStems)) add(stem, SECTION_WORD_LEAVES);
    }
    sectionWordCounts.set(index, counts);
  }
  return counts;
}

/**
 * Whether a word says where on a whole a part sits (`передний`, `лев.`: `isPositionWord`) and the leaf's top-level section
 * sorts goods by position itself (`ClassifierIndex.positionSections`: its leaves' names say two positions at least,
 * `Автотовары`: `Задние фонари`, `Зеркала боковые`). Elsewhere (`Зеркало наружное правое` against the hall's `Зеркала`,
 * `Штаны нижние` beside `Одежда`'s `Нижнее бельё`) the word may make the goods another thing.
 */
function isPositionOfLeafSection(index: ClassifierIndex, leaf: IndexedLeaf, word: string): boolean {
  return isPositionWord(word) && index.positionSections.includes(readTopSection(leaf.path));
}

function dropWords(text: string, words: ReadonlySet<string> | undefined): string {
  if (words === undefined || words.size === 0) return text;
  return tokenizeForMatch(text)
    .filter((word) => !words.has(word))
    .join(' ');
}

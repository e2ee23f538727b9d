/**
 * A seller's category label read together with the product names of its rows, through the product
 * classifier (`classify/`): the label alone may be unsure (`Мобильные телефоны`, `Плантешы`) or
 * confidently wrong (a shared word stem, a technical suffix, a catch-all word), the names say what
 * the goods are. So:
 * - a label holding a catch-all word (`Прочее`, `Разное`, `Другие аксессуары`) is never matched confidently;
 * - a confident match that most classified names put in another branch becomes a question, and so does one whose names
 *   (half or more) have the shape of another thing (`OTHER_THING_SIGNS`: `Свеча зажигания`, `Рычаг подвески`,
 *   `Амбушюры для наушников`, `Витамины для собак`);
 * - a question is answered with the leaf most names agree on when it is the label's clear first
 *   candidate, or its first candidate standing above every other on a strong label asked only for
 *   its rivals, or any candidate a weak label reads about alike with its first, or, when three names
 *   or more agree, any of its candidates; a clear first candidate
 *   the label was strong enough for, asked only because a word of the label is one the leaf does not
 *   explain, is answered so too only when the leaf's own section sorts its goods by that word
 *   (`игровые` of `Мониторы игровые`) or when the leaf explains no word of the label (`Noutbuki`):
 *   names that leave a qualifier out say nothing of it (`Свечи ректальные`).
 * Names are classified alone (without the label), so they are evidence of their own; a name doubted only for leaving unsaid
 * the kind its plain leaf's goods are sorted by is sure of the plain leaf under a label that says no kind either.
 */
import type { Category } from '../domain/index.js';
import { buildCategoryPath, type DirectoryIndex } from '../mapping/directory-index.js';
import { buildAddedCategoryCandidate } from './build-match-candidates.js';
import { containsCatchAllWord } from './classify/catch-all-words.js';
import { collectDemographic, findDemographicMark, isDemographicEmpty } from './demographic-words.js';
import { tokenizeForMatch } from './normalize-for-match.js';
import type { Classification, ClassifierIndex, IndexedLeaf } from './classify/classifier-types.js';
import { readTopSection } from './classify/file-sections.js';
import { findUnexplainedWords, isWordOfLeafSection } from './classify/classify-product.js';
import { carriesDose } from './classify/dose-measures.js';
import { extractProductType } from './classify/extract-product-type.js';
import { ADJECTIVE_FORM } from './classify/known-brands.js';
import { createBrandSoundIndex, type BrandSoundIndex } from './match-brand-by-sound.js';
import { findUnheldGroupWords } from './read-group-words.js';
import { getClassifierIndex } from './classify/load-classifier-index.js';
import { stemForIndex } from './classify/stem-for-index.js';
import { createListLabelReader } from './category-label/create-list-label-reader.js';
import { readLabelHead } from './category-label/label-text.js';
import { acceptUnsaidKindNames } from './category-label/read-unsaid-kind-names.js';
import { isDepartmentLabel } from './read-department-label.js';
import { ADJECTIVE } from './read-label-kinds.js';
import { isRelatedWord, MIN_SHARED_BEGINNING } from './read-word-forms.js';
import { findOtherSectionPurposes } from './category-label/find-other-section-purposes.js';
import { findUseWordOfLeafKind } from './classify/find-use-word-of-leaf-kind.js';
import { CATEGORY_THRESHOLDS, type CategoryContext, type CategoryMatcher } from './match-category.js';
import type { ValueMatch } from './match-value.js';
import type { ScoredCandidate } from './score-candidates.js';

// At most this many names of a label are classified; a leaf is the names' when this share of them is confidently in it.
const MAX_NAMES = 30;
const AGREEING_SHARE = 0.6;
// The score a question's candidate gets when the names confirm it.
const CONFIRMED_SCORE = 0.9;
// Names enough to choose among the label's candidates; fewer confirm only a first candidate this far above the second.
const MANY_NAMES = 3;
const CLEAR_FIRST_GAP = 0.02;
// A classification this sure names the leaf with every word of the type (the classifier scores a type word the leaf lacks below it).
const WHOLE_TYPE_CONFIDENCE = 0.95;

/**
 * Wraps a category label matcher with the evidence of the product names, each read by `classifyName` (the directory
 * matchers' reading, kept for the run: a TODO is matched again with the seller's other categories, and the file's
 * sections read the same names).
 */
export function confirmCategoryByProducts(matcher: CategoryMatcher, index: DirectoryIndex, classifyName: (name: string) => Classification): CategoryMatcher {
  let leafById: Map<number, IndexedLeaf> | undefined;
  let classifier: ReturnType<typeof getClassifierIndex> | undefined;
  let brandSounds: BrandSoundIndex | undefined;
  const listLabel = createListLabelReader(index);
  return {
    match(text: string, context: CategoryContext = {}): ValueMatch<Category> {
      const match = matcher.match(text, context);
      if (containsCatchAllWord(text)) return asQuestion(match);
      const names = (context.productNames ?? []).slice(0, MAX_NAMES);
      if (names.length === 0) return match;
      classifier ??= getClassifierIndex(index.directories, index);
      const results = names.map((name) => classifyName(name));
      // `Свечи` read as decor candles, its rows `Свечи Виферон 150000 МЕ №10`: the label names one sense, its goods hold doses.
      if (match.status !== 'todo' && match.best !== undefined && isDosedInLeaf(Number(match.best.key), names, results)) return asQuestion(match);
      if (match.status !== 'todo' && match.best !== undefined) {
        leafById ??= new Map(classifier.leaves.map((candidate) => [candidate.id, candidate]));
        const leaf = leafById.get(Number(match.best.key));
        const isBrand = (word: string): boolean => (brandSounds ??= createBrandSoundIndex(index.directories.brands)).find(word).brands.length > 0;
        const other = leaf === undefined ? undefined : findOtherThingWord(classifier, leaf, names, { isBrand, label: text });
        if (other !== undefined) return { ...asQuestion(match), doubt: `the product names say "${other}", which makes them another thing than the leaf's goods` };
      }
      // A question's names doubted only for a kind they leave unsaid are sure of the plain leaf where the label says no kind either.
      const agreed = findAgreedLeaf(match.status === 'todo' ? acceptUnsaidKindNames(match, results) : results);
      if (agreed === undefined) return match;
      const key = String(agreed.leafId);
      if (match.status !== 'todo') {
        // Names in another branch than the label's leaf say the label was misread (a shared stem, a technical suffix);
        // a leaf of the same branch is a narrower word for the same goods (`Шапки вязаные` under `Шапки`'s branch).
        const chosen = match.best === undefined ? undefined : index.categoryById.get(Number(match.best.key));
        const elsewhere = chosen !== undefined && rootOf(chosen, index) !== rootOf(index.categoryById.get(agreed.leafId), index);
        return elsewhere ? withCandidate(asQuestion(match), agreed.leafId, index) : match;
      }
      // A label naming a group of goods (`Молочная продукция`, `Сүт өнімдері`) is a section: names all of one leaf of it
      // (`Сүт Адал 1л`) say what this file holds today, not what the seller's section is.
      leafById ??= new Map(classifier.leaves.map((candidate) => [candidate.id, candidate]));
      const agreedLeaf = leafById.get(agreed.leafId);
      const labelType = extractProductType(readLabelHead(text));
      // A department is so only where the label names no leaf well by itself (`ТВ` is `Телевизоры`, beside `ТВ, аудио и видео`).
      const weak = (match.candidates[0]?.score ?? 0) < CATEGORY_THRESHOLDS.minScore;
      if (agreedLeaf !== undefined && (findUnheldGroupWords(labelType.words, agreedLeaf).length > 0 || (weak && isDepartmentLabel(classifier, labelType.words, agreedLeaf)))) return withCandidate(match, agreed.leafId, index);
      // `Шампуни для сухих волос` whose rows the classifier reads as `Сухие шампуни`: the label says `сухих` of the hair.
      if (agreedLeaf !== undefined && findUseWordOfLeafKind(agreedLeaf, labelType) !== undefined) return withCandidate(match, agreed.leafId, index);
      // `Комбинезоны для собак` whose row says `Комбинезон на девочку`: the names' leaf whose path says whom it is for
      // (`Детская одежда`), and a label saying it is for what only another section names, contradict each other.
      if (agreedLeaf !== undefined && !isDemographicEmpty(agreedLeaf.demographic) && findOtherSectionPurposes(classifier, agreedLeaf, labelType.purpose).length > 0) return match;
      const at = match.candidates.findIndex((candidate) => candidate.key === key);
      const confirmed = match.candidates[at];
      if (confirmed === undefined) return withCandidate(match, agreed.leafId, index);
      // A few names choose only the label's own clear first candidate when the label was a question for being weak
      // (a typo, a synonym); between leaves the label names alike (`Велосипеды`: mountain or children's; one leaf
      // in two branches) only many names agreeing may choose.
      const second = match.candidates[1];
      // A word the leaf does not explain (`heldBy`) raises the question of a strong label. Names the leaf explains whole leave
      // that word out, so they say nothing of it, however many: `Свечи Виферон` confirm no decor candle for `Свечи ректальные`.
      // Only a word the leaf's own section names (`игровые` of `Мониторы игровые`: Электроника has `Игровые аксессуары`)
      // qualifies goods of the section, and names of the leaf's type lift the question then; so they do where no word of the
      // label is explained (`Noutbuki`, read as the leaf by its letters): then the names alone say what the goods are.
      if (match.heldBy !== undefined && !isWholeLabel(text, match.heldBy)) {
        leafById ??= new Map(classifier.leaves.map((candidate) => [candidate.id, candidate]));
        const leaf = leafById.get(agreed.leafId);
        if (leaf === undefined || !match.heldBy.every((word) => isWordOfLeafSection(classifier as NonNullable<typeof classifier>, leaf, word))) return match;
      }
      // `Бумажные гирлянды` whose rows read `Гирлянда Happy Birthday 2 м` as lights: a qualifier of the label the leaf does not
      // explain, which the names leave out, may make the label's goods another kind (paper party garlands); names that leave
      // it out say nothing of it, however many.
      if (agreedLeaf !== undefined && findUnsaidQualifiers(classifier, agreedLeaf, labelType, names).length > 0) return match;
      const clearFirst = at === 0 && (confirmed.score < CATEGORY_THRESHOLDS.minScore || match.heldBy !== undefined) && (second === undefined || confirmed.score - second.score >= CLEAR_FIRST_GAP);
      // A strong label asked only for its rivals (narrower leaves holding its words among more: `Телевизоры` beside
      // `ТВ-приставки` for `ТВ`) is its own first candidate when its names are confidently there with their whole type: they do
      // not say the narrower kind, which the classifier would have taken. Rivals scored alike (`Велосипеды` beside `Детские
      // велосипеды`, a list label's two leaves) stay for many names to choose, except a leaf whose own name says whom it is
      // for, filed in another branch (`Детская комната / Детские комоды` for `Комод`): the names would say that too.
      const firstAboveRivals =
        at === 0 &&
        match.doubt === undefined &&
        confirmed.score >= CATEGORY_THRESHOLDS.minScore &&
        match.candidates.slice(1).every((other) => other.score < confirmed.score || isNarrowerForSomeoneElsewhere(other.entry, confirmed.entry));
      // And only names whose type the leaf holds whole (`Свеча ароматическая` is a candle, and maybe a home scent too).
      // A weak label (no candidate strong enough) that reads several leaves about alike (within the confident gap of its first,
      // `Регистратор автомобильный`: office registrars and dash cams) says too little to choose: its names do, among those.
      const top = match.candidates[0];
      const weakAlike = top !== undefined && top.score < CATEGORY_THRESHOLDS.minScore && match.heldBy === undefined && match.doubt === undefined && confirmed.score > top.score - CATEGORY_THRESHOLDS.minGap;
      if (agreed.count < MANY_NAMES && !((clearFirst || firstAboveRivals || weakAlike) && agreed.whole)) return match;
      // A label listing kinds names every one: names of one kind do not make it that kind's leaf where another leaf names
      // another kind (`Пятновыводители и отбеливатели`: the choice is the seller's, between the two), nor ever for a slash read
      // as a list (`Автохимия/масла`). A list whose other kinds no leaf names keeps its names' answer (`Защитные стекла и
      // пленки` of screen protectors, where the directory has no films).
      if (listLabel.countUnheldKinds(text, confirmed.entry) > 0) {
        const rivals = listLabel.findListRivals(text, confirmed.entry);
        if (rivals.length > 0) return rivals.reduce((question, rival) => withCandidate(question, rival.id, index), match);
        if (listLabel.readSlashList(text) !== text) return match;
      }
      const best: ScoredCandidate<Category> = { ...confirmed, score: Math.max(confirmed.score, CONFIRMED_SCORE), exact: false };
      return { text: match.text, status: 'confident', best, candidates: [best, ...match.candidates.filter((candidate) => candidate.key !== key)] };
    },
  };
}

/**
 * Whether most names are read as the label's own leaf without certainty and carry a dose (`150000 МЕ`, `100 мг`): a
 * medicine or supplement, which the classifier never takes for a leaf named by one bare word; the label is then no
 * proof either (`Свечи` with `Свечи Виферон …` are suppositories where the directory names only decor candles).
 */
function isDosedInLeaf(leafId: number, names: readonly string[], results: readonly Classification[]): boolean {
  const dosed = names.filter((name, at) => results[at]?.leafId === leafId && results[at]?.confident === false && carriesDose(tokenizeForMatch(name))).length;
  return dosed > 0 && dosed >= Math.ceil(AGREEING_SHARE * names.length);
}

/**
 * A word that most names (half or more) say beside the leaf's goods and that makes them another thing, by one of the signs
 * below; the first such word, if any. Only the type's words the leaf does not explain can (`findUnexplainedWords`), so a
 * qualifier the leaf names (`Свечи ароматические`) or one of the class that never changes a kind stays harmless.
 */
function findOtherThingWord(classifier: ClassifierIndex, leaf: IndexedLeaf, names: readonly string[], about: { isBrand: (word: string) => boolean; label: string }): string | undefined {
  const leafHeads = new Set(leaf.names.flatMap((name) => name.head));
  const leafCounted = PLURAL_NOUN.test(tokenizeForMatch(leaf.names.find((name) => name.language === 'rus')?.text ?? '')[0] ?? '');
  const labelWords = tokenizeForMatch(about.label);
  const labelStems = new Set(labelWords.map(stemForIndex));
  const section = readTopSection(leaf.path);
  const recipients = readRecipientSections(classifier);
  const isOtherSectionsRecipient = (stem: string): boolean => {
    const sections = recipients.get(stem);
    return sections !== undefined && !sections.has(section) && !labelStems.has(stem);
  };
  const words = names.map((name) => {
    const type = extractProductType(name);
    const unexplained = findUnexplainedWords(classifier, leaf, type);
    const whomForSaid = !isDemographicEmpty(collectDemographic([...labelWords, ...type.tokens]));
    const read: NameReading = { words: type.words, purpose: type.purpose, leafHeads, leafCounted, unexplained, name: name.toLowerCase(), isBrand: about.isBrand, whomForSaid, isOtherSectionsRecipient };
    for (const sign of OTHER_THING_SIGNS) {
      const word = sign(read);
      if (word !== undefined) return word;
    }
    return undefined;
  });
  const found = words.filter((word) => word !== undefined);
  return found.length > 0 && found.length >= Math.ceil(names.length / 2) ? found[0] : undefined;
}

// The genitive of a verbal or an abstract noun (`зажигания` of `зажигание`, `питания`, `безопасности`): what an action or
// a quality serves. Other genitives are no sign: a plural's ending is also a loanword's nominative (`спрей`, `клей`).
const VERBAL_NOUN_GENITIVE = /(?:[нт]ия|ости)$/u;

// A plural noun's ending, not an adjective's (`пылесосы`, `подвески`; not `питьевая`).
const PLURAL_NOUN = /[ыи]$/u;

// The endings of a noun's genitive singular (`подвески`, `двигателя`, `пылесоса`).
const SINGULAR_GENITIVE = /[аяыи]$/u;

/** A name read against the label's leaf: its type's words (normalised), those the leaf does not explain, the name in lower case. */
interface NameReading {
  words: readonly string[];
  /** The words of the name's purpose (`наушников` of `для наушников`). */
  purpose: readonly string[];
  /** The stems of what the leaf is (its names' heads). */
  leafHeads: ReadonlySet<string>;
  /** Whether the leaf's Russian name opens with a plural noun (`Пылесосы`): goods counted, not a mass (`Мыло`). */
  leafCounted: boolean;
  unexplained: readonly string[];
  name: string;
  /** Whether a word sounds like a brand of the directory (`Барби`, `Тефаль`). */
  isBrand: (word: string) => boolean;
  /** Whether the label or the name says whom the goods are for (`мужские`, `детский`). */
  whomForSaid: boolean;
  /** Whether a stem is only what goods of other sections than the leaf's are for (`собак` of `Корм для собак`), never goods. */
  isOtherSectionsRecipient: (stem: string) => boolean;
}

/** A sign in a name that it is another thing than the leaf's goods: the word that says so. */
type OtherThingSign = (read: NameReading) => string | undefined;

const OTHER_THING_SIGNS: readonly OtherThingSign[] = [
  // `Амбушюры для наушников`, `Кронштейн для телевизора`: a head the leaf does not explain, made for what the leaf is: an
  // accessory of the leaf's goods, never the goods (the classifier never takes a leaf named only in a purpose either).
  function isMadeForTheGoods({ words, unexplained, purpose, leafHeads }) {
    const [head] = words;
    return head !== undefined && unexplained.includes(head) && purpose.some((word) => leafHeads.has(stemForIndex(word))) ? head : undefined;
  },
  // `Витамины для собак` against human vitamins: a purpose the directory names only as what goods of other sections are
  // for, never as goods, is whom these goods are for, where neither label nor name says whom else (`Кроссовки мужские для
  // бега` are men's, whatever `Колёса для бега для грызунов` are for).
  function isForOtherSectionsRecipient({ purpose, whomForSaid, isOtherSectionsRecipient }) {
    return whomForSaid ? undefined : purpose.find((word) => findDemographicMark(word) === undefined && isOtherSectionsRecipient(stemForIndex(word)));
  },
  // `Свеча зажигания`, `Адаптер питания`: a verbal noun in the genitive after the leaf's noun says what the goods serve,
  // a thing of their own (a spark plug, a power supply) where the leaf does not name it; an adjective only qualifies them.
  function saysWhatItServes({ words, unexplained }) {
    const [head, ...rest] = words;
    if (head === undefined || unexplained.includes(head)) return undefined;
    return rest.find((word) => unexplained.includes(word) && VERBAL_NOUN_GENITIVE.test(word));
  },
  // `Рычаг подвески`: a noun the leaf does not explain heads the type and the leaf's own word follows it in the genitive
  // singular: a part or tool of the leaf's goods (a suspension arm), not the goods. A genitive plural is what a pack or a
  // collection holds (`Сборник сказок`, `Палетка теней`), a hyphen joins one compound (`Гель-лак`), and a brand written
  // first names the maker (`Барби кукла`, `Тефаль сковорода`). A part is of goods the directory counts (a plural name,
  // `Пылесосы`): of a mass good (`Мыло`, `Шоколад`) such a head is a measure of the good itself (`Кусок мыла`).
  function saysPartOfGoods({ words, unexplained, name, isBrand, leafCounted }) {
    const [head, next] = words;
    if (!leafCounted || head === undefined || next === undefined || !unexplained.includes(head) || unexplained.includes(next)) return undefined;
    if (ADJECTIVE_FORM.test(head) || ADJECTIVE_FORM.test(next) || !SINGULAR_GENITIVE.test(next) || name.includes(`${head}-${next}`)) return undefined;
    return isBrand(head) ? undefined : head;
  },
];

const recipientSections = new WeakMap<ClassifierIndex, Map<string, Set<string>>>();

/**
 * Per stem, the top-level sections whose leaves are for it (`собак` of `Корм для собак`: `Зоотовары`), of the stems no
 * leaf is and no level of a path names; read once per index.
 */
function readRecipientSections(classifier: ClassifierIndex): Map<string, Set<string>> {
  let found = recipientSections.get(classifier);
  if (found !== undefined) return found;
  found = new Map();
  const goods = new Set(classifier.leaves.flatMap((leaf) => [...leaf.ancestorStems, ...leaf.names.flatMap((name) => name.head)]));
  for (const leaf of classifier.leaves) {
    for (const stem of leaf.names.flatMap((name) => name.purpose)) {
      if (goods.has(stem)) continue;
      found.set(stem, (found.get(stem) ?? new Set<string>()).add(readTopSection(leaf.path)));
    }
  }
  recipientSections.set(classifier, found);
  return found;
}

/** The leaf most names are confidently in, if enough of them agree, and how many do. */
function findAgreedLeaf(results: readonly Classification[]): { leafId: number; count: number; whole: boolean } | undefined {
  const counts = new Map<number, number>();
  for (const result of results) if (result.confident && result.leafId !== undefined) counts.set(result.leafId, (counts.get(result.leafId) ?? 0) + 1);
  const [top] = [...counts].sort((a, b) => b[1] - a[1]);
  if (top === undefined || top[1] < Math.ceil(AGREEING_SHARE * results.length)) return undefined;
  const whole = results.every((result) => result.leafId !== top[0] || result.confidence >= WHOLE_TYPE_CONFIDENCE);
  return { leafId: top[0], count: top[1], whole };
}


/** The adjectives of a label's type the leaf does not explain by any word of its names or path, and no product name says, that sort other goods. */
function findUnsaidQualifiers(classifier: ClassifierIndex, leaf: IndexedLeaf, type: ReturnType<typeof extractProductType>, names: readonly string[]): string[] {
  // Only a qualifier that names a branch of another section (`бумажные`: `Бумажная продукция`) and none of the leaf's own;
  // one only leaves' names hold (`казахские` of `Казахские народные сказки`) leaves the goods the leaf's kind.
  const section = readTopSection(leaf.path);
  const sortsOtherGoods = (word: string): boolean => {
    const stem = stemForIndex(word);
    const sections = new Set(classifier.leaves.filter((other) => other.ancestorStems.includes(stem)).map((other) => readTopSection(other.path)));
    return sections.size > 0 && !sections.has(section);
  };
  const unexplained = findUnexplainedWords(classifier, leaf, type).filter((word) => ADJECTIVE.test(word) && findDemographicMark(word) === undefined && sortsOtherGoods(word));
  if (unexplained.length === 0) return [];
  const leafWords = [leaf.path, leaf.pathKaz, ...leaf.names.map((name) => name.text)].flatMap((text) => tokenizeForMatch(text));
  const nameWords = names.flatMap((name) => tokenizeForMatch(name));
  const said = (word: string, words: readonly string[]): boolean => words.some((other) => other === word || isRelatedWord(word, other, MIN_SHARED_BEGINNING));
  return unexplained.filter((word) => !said(word, leafWords) && !said(word, nameWords));
}

/** Whether the words a label's leaf does not explain are every word of the label's type (no qualifier beside an explained head). */
function isWholeLabel(text: string, heldBy: readonly string[]): boolean {
  const words = extractProductType(readLabelHead(text)).words;
  return words.length > 0 && words.every((word) => heldBy.includes(word));
}

/** Whether a leaf's own name says whom it is for (`Детские комоды`) where the other's does not, under another parent. */
function isNarrowerForSomeoneElsewhere(leaf: Category, other: Category): boolean {
  const says = (category: Category): boolean => !isDemographicEmpty(collectDemographic(tokenizeForMatch(category.name.rus)));
  return leaf.parentId !== other.parentId && says(leaf) && !says(other);
}

function rootOf(category: Category | undefined, index: DirectoryIndex): string {
  return category === undefined ? '' : readTopSection(buildCategoryPath(category, index.categoryById));
}

function asQuestion(match: ValueMatch<Category>): ValueMatch<Category> {
  if (match.status === 'todo') return match;
  const { best: _best, ...rest } = match;
  return { ...rest, status: 'todo' };
}

/** A question with the names' leaf among its candidates (second, after the label's own best). */
function withCandidate(match: ValueMatch<Category>, leafId: number, index: DirectoryIndex): ValueMatch<Category> {
  if (match.candidates.some((candidate) => candidate.key === String(leafId))) return match;
  const category = index.categoryById.get(leafId);
  if (category === undefined) return match;
  const candidate = buildAddedCategoryCandidate(category, index, 0.5);
  const [first, ...others] = match.candidates;
  return { ...match, candidates: first === undefined ? [candidate] : [first, candidate, ...others] };
}

import type { Category } from '../../domain/index.js';
import { isPlacementWord } from '../classify/placement-words.js';
import { ADJECTIVE } from '../read-label-kinds.js';
import { collectDemographic, isDemographicEmpty } from '../demographic-words.js';
import { type MatchThresholds, TODO_CANDIDATES, type ValueMatch } from '../match-value.js';
import { isRelatedWord, sharesStem } from '../read-word-forms.js';
import type { ScoredCandidate } from '../score-candidates.js';
import { BRANCH_DOUBT, BRANCH_LEAF_SCORE, type BranchNames, BRANCH_PART_DOUBT, isBranchName, namesBranchPartElsewhere } from './branch-names.js';
import { MIN_NARROWING_PREFIX, NAME_WITH_DEMOGRAPHIC, SHARED_BAND } from './label-scores.js';
import { STOP_WORDS } from './label-text.js';
import { isKindElsewhereOfGoodsUnder, isNarrowerApart, isPlainName, isPointedAtByFile, type NarrowingContext, type ProductReading } from './narrower-leaves.js';
import type { ParsedLabel } from './parse-label.js';
import type { PreparedLeaf } from './prepare-leaf.js';
import type { Scored } from './rank-leaves.js';
import { isLeafOfRoom, isRoomAdjective, isRoomWord, isWordOfRoom } from './room-words.js';
import { ranksKind } from './read-unsaid-kind-names.js';

/** The most rivals a TODO lists when several leaves share a name. */
const MAX_SHARED_CANDIDATES = 12;

/**
 * Decides a label from its ranked leaves: the first is the match when it is sure, named by the label itself, and no leaf
 * is its rival within the gap; else a question listing the candidates (every leaf sharing the name, each held down for a
 * label naming a branch).
 */
export function decide(
  text: string,
  label: ParsedLabel,
  scored: Scored[],
  branchNames: BranchNames,
  thresholds: MatchThresholds,
  similarity: (a: string, b: string) => number,
  narrowing: NarrowingContext,
  placementSections: () => ReadonlySet<string>,
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
  // So does it beat a leaf only the general matcher reads near, letter by letter (`Проектор` is `Проекторы`, not `Прожекторы`).
  // A partial leaf as near as the first stays its rival: only the tie's order put the other first (`Кабели Samsung`: the
  // electricians' `Кабель` and `Кабели и переходники`, 0.95 each once the brand lowers the list leaf).
  const whole = first.joined || isPlainName(first);
  const near = scored.filter((item) => item !== first && item.score > first.score - thresholds.minGap && !(first.formExact && (item.typo || item.fuzzy)) && !(whole && item.partial && item.score < first.score) && !isUnplacedRival(label, first, item, placementSections));
  // `Пылесосы` is the leaf `Пылесосы`, not `Роботы-пылесосы` nor `Автомобильные пылесосы`: a narrower leaf is no rival of the plain one, unless the file points at it.
  // Nor is a children's kind of a leaf that is not children's (`Юбки для девочек` of `Юбки`, `isChildrensKindOfAdultLeaf`), of any first leaf.
  // Nor, under a room of the seller's path that the first leaf is filed by (`Кухня / Ножи`: `Посуда и кухня / Ножи кухонные`), is a
  // leaf filed by no such room (`Ножи строительные`), unless the file points at it: the seller sorted the goods by the room (`isOfLabelRoom`).
  const ofRoom = isOfLabelRoom(label, first) && !rowsSayOtherKind(first, narrowing);
  const isOtherRoomApart = (item: Scored): boolean => ofRoom && !isOfLabelRoom(label, item) && !isPointedAtByFile(first, item, narrowing);
  const plainRivals = (isPlainName(first) ? near.filter((item) => !isNarrowerApart(first, item, narrowing)) : near).filter((item) => !isChildrensKindOfAdultLeaf(first, item, scored, narrowing) && !isOtherThingOfNoun(first, item) && !isOtherRoomApart(item));
  // A leaf named by words of the label whose path says the rest (`Уход за лицом: … / Тканевые маски` for `Маски для лица
  // тканевые`) names the label whole: a first candidate that leaves a word of the label unexplained never stands against it.
  const namedWholly = first.partial ? scored.filter((item) => item !== first && isLabelNamedWhole(label, item.leaf, similarity)) : [];
  const [namedWhole] = namedWholly;
  const rivals = namedWhole === undefined || plainRivals.includes(namedWhole) ? plainRivals : [...plainRivals, namedWhole];
  // Several leaves within a hair of the best: the name is shared, and every one of them is listed.
  const shared = scored.filter((item) => item.score >= first.score - SHARED_BAND && item.score >= thresholds.minScore - 0.1);
  const candidates = (shared.length > TODO_CANDIDATES ? shared.slice(0, MAX_SHARED_CANDIDATES) : scored.slice(0, TODO_CANDIDATES)).map(toCandidate);
  // And where that leaf is the only one naming the label whole, with no other rival of the first, it is the label's goods (`Маски
  // для лица тканевые` is `Уход за лицом: дополнительно / Тканевые маски`): the seller said its every word, the first leaf's
  // name only part of them.
  if (namedWhole !== undefined && namedWholly.length === 1 && isSoleWholeName(namedWhole, plainRivals) && isLabelNamedWhole(label, namedWhole.leaf, similarity, true)) {
    return { text, status: 'confident', best: toCandidate(namedWhole), candidates: [namedWhole, ...scored.filter((item) => item !== namedWhole)].slice(0, TODO_CANDIDATES).map(toCandidate) };
  }
  // `Парфюмерия женская` names the branch `Парфюмерия`, and its leaf `Женская парфюмерия` is exactly that branch's name
  // with whom the label says it is for: that leaf, not the branch. A bare `Парфюмерия` stays a question.
  const leafOfBranchFor = first.exact && !isDemographicEmpty(label.demographic) && !isDemographicEmpty(first.leaf.nameDemographic);
  // Asked last, of a label that would be matched otherwise: it compares the label with every branch name.
  const namesBranch = (): boolean => label.words.length === 0 || (!leafOfBranchFor && isBranchName(label, branchNames, similarity));
  // A leaf holding the label's words among more is a narrower kind the label never said (`Ключи` → `Гаечные ключи`,
  // `Посуда` → `Походная посуда`, `Мыши` → `Компьютерные мыши` for cat toys): never a pick by containment alone, even
  // when it is the only such leaf. It stays the question's first candidate.
  // Unless the seller's own words say the rest of its name: `Роутеры` whose rows are all `Роутер Wi-Fi …` are `Wi-Fi роутеры`.
  const contained = first.contained && (first.compound || !(saysRestOfName(first.leaf, label, narrowing.sayings, similarity) || (saysRestByRoom(first.leaf, label, similarity) && !rowsSayOtherKind(first, narrowing))));
  if (!first.narrower && !first.kidsUnsaid && !contained && first.score >= thresholds.minScore && rivals.length === 0 && !namesBranch()) {
    // `Головные уборы` (and `Кепки`, a kind of them) beside the branch `Головные уборы и текстиль`, which files hats by kind.
    if (!leafOfBranchFor && namesBranchPartElsewhere(label, first.leaf, branchNames, similarity)) return { text, status: 'todo', candidates, doubt: BRANCH_PART_DOUBT };
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
  // `Шлемы`, first `Велосипеды и самокаты / Шлемы и защита`: helmets of other sports are kinds of the label's goods as much.
  if (isPlainName(first) && rivals.some((item) => isKindElsewhereOfGoodsUnder(first, item, narrowing))) return { text, status: 'todo', candidates, doubt: OTHER_GOODS_KIND_DOUBT };
  return { text, status: 'todo', candidates };
}

/** The doubt of a bare label whose first leaf is another goods' kind of it (`isKindElsewhereOfGoodsUnder`). */
export const OTHER_GOODS_KIND_DOUBT = "this leaf is its group's goods' kind of the label's goods, and other groups hold other kinds of them";

/**
 * A leaf whose own name says it is children's (`Юбки для девочек`, `Детские детективы`), where neither the label nor any of its rows says children (`narrower`, `NarrowingContext.words`), is a narrower kind, no rival, of a first leaf
 * whose name says nobody and whose path is not children's, when
 * - the first leaf's path files it for adults of one sex (`Женская одежда / Юбки`): a bare noun of goods the directory
 *   sorts by adults' sex names the adults' kind; or
 * - the children's leaf stands in a children's department (`Детские товары`, `Одежда для девочек`, `Детские книги`): the
 *   directory keeps children's goods apart, and sellers say `детские` of them;
 * and the rows, when there are some, confirm the first leaf (`areRowsOfAdultLeaf`).
 * A children's leaf among the plain leaf's own kinds stays its rival (`Велосипеды и самокаты / Детские велосипеды` beside
 * `Велосипеды`: the file must say which), and so do leaves of the two sexes (`Шорты`) and other people's (`Подгузники для
 * взрослых`, no children's leaf).
 */
function isChildrensKindOfAdultLeaf(first: Scored, item: Scored, scored: readonly Scored[], narrowing: NarrowingContext): boolean {
  if (!item.narrower || item.leaf.nameDemographic.kids !== true || first.leaf.demographic.kids === true || !isDemographicEmpty(first.leaf.nameDemographic)) return false;
  // One row saying children (`Комод детский с пеленальным столиком`) points at the children's leaf, as a narrower leaf's word does.
  if (collectDemographic(narrowing.words).kids === true) return false;
  if (first.leaf.demographic.gender === undefined && item.leaf.pathDemographic.kids !== true) return false;
  return areRowsOfAdultLeaf(first, scored, narrowing);
}

/**
 * Whether the rows, when a label has some, confirm a leaf that is not children's: the classifier, reading each alone, puts
 * every one in that leaf, sure or doubting only a kind that neither the name nor the label says (`acceptUnsaidKindNames`).
 * Children's goods are named by more than `детский` (`рост 128`, `6+`, `игровая`, `Pampers`): a row that says no one is no
 * evidence for adults, and one the classifier doubts otherwise or files elsewhere keeps the children's leaf a rival.
 * Without rows the directory's filing stands alone.
 */
function areRowsOfAdultLeaf(first: Scored, scored: readonly Scored[], narrowing: NarrowingContext): boolean {
  const ranked = (): { path: string; score: number }[] => scored.map((item) => ({ path: item.leaf.category.path?.rus ?? '', score: item.score }));
  const isSureOf = (reading: ProductReading): boolean =>
    reading.leaf?.key === first.leaf.key && (reading.sure || (reading.unsaidKinds !== undefined && !ranksKind(reading.unsaidKinds, ranked(), first.score)));
  return narrowing.productReadings().every(isSureOf);
}

/**
 * `Кондиционер настенный`: a word of where goods are mounted says a thing of a room, so a rival of a top-level section that
 * sorts none of its goods so (the hair conditioners of `Красота и здоровье`) is none of a first leaf whose section does (the
 * air conditioners of `Бытовая техника`, beside `Напольные весы`). Whether the word qualifies the first leaf's goods is still
 * the veto's to judge (`isClassWordOfLeafGoods`).
 */
function isUnplacedRival(label: ParsedLabel, first: Scored, item: Scored, placementSections: () => ReadonlySet<string>): boolean {
  if (!label.words.some(isPlacementWord)) return false;
  const sections = placementSections();
  return sections.has(first.leaf.rootKey) && !sections.has(item.leaf.rootKey);
}

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

/**
 * Whether every word of a whole name of the leaf is a word of the label, and every word of the label is in that name or the
 * leaf's path: for a rival, a path word of the same beginning; for a match, one of the same stem only (`strict`: `лицом` of
 * `Уход за лицом` for `лица`, `sharesStem`).
 */
function isLabelNamedWhole(label: ParsedLabel, leaf: PreparedLeaf, similarity: (a: string, b: string) => number, strict = false): boolean {
  const near = (word: string, words: readonly string[]): boolean => words.some((other) => similarity(word, other) >= 0.9);
  const samePathWord = (word: string, other: string): boolean => (strict ? sharesStem(word, other) : isRelatedWord(word, other, 3));
  const inPath = (word: string): boolean => near(word, leaf.pathWords) || leaf.pathWords.some((other) => samePathWord(word, other));
  return leaf.variants.some(
    (variant) =>
      variant.full &&
      variant.words.length > 0 &&
      variant.words.every((word) => near(word, label.words)) &&
      label.words.every((word) => near(word, variant.words) || inPath(word)),
  );
}

/**
 * Whether the one leaf naming a label whole may be its match over a first leaf that names only part of it: no guess by whom
 * the goods are for (`narrower`, `kidsUnsaid`, `contradicted`), and no other leaf within the gap of the first.
 */
function isSoleWholeName(namedWhole: Scored, plainRivals: readonly Scored[]): boolean {
  return !namedWhole.narrower && !namedWhole.kidsUnsaid && !namedWhole.contradicted && plainRivals.every((item) => item === namedWhole);
}

/**
 * `Бачки унитаза` beside `Унитазы` for `Унитаз`: a leaf holding the label's words among more, whose Kazakh name (which puts
 * what a thing is last) says the plain first leaf's noun only before its own last word (`Унитаз бактары`, cisterns of a toilet,
 * beside `Унитаздар`; `Шана-арбалар`, sled strollers, beside `Шаналар`), is another thing that noun qualifies, no rival of the
 * plain leaf. One whose Kazakh name ends in the plain leaf's noun (`Құрал аккумуляторлары`) or does not say it at all
 * (`Кіріктірілген ыдыс жуғыштар`, built-in dishwashers) stays a rival.
 */
function isOtherThingOfNoun(first: Scored, item: Scored): boolean {
  if (!isPlainName(first) || !item.contained || item.nameExact) return false;
  const nouns = first.leaf.variants.filter((variant) => variant.language === 'kaz').flatMap((variant) => variant.words.slice(-1));
  const isNoun = (word: string): boolean => nouns.some((noun) => noun === word || isRelatedWord(word, noun, MIN_NARROWING_PREFIX));
  const names = item.leaf.variants.filter((variant) => variant.language === 'kaz' && variant.full && variant.words.length > 1);
  return names.length > 0 && names.every((name) => !isNoun(name.words[name.words.length - 1] ?? '') && name.words.slice(0, -1).some(isNoun));
}

/** Whether a leaf is filed by a room the label's upper levels name (`Кухня / Ножи`, `isLeafOfRoom`). */
function isOfLabelRoom(label: ParsedLabel, item: Scored): boolean {
  return label.parentWords.some((word) => isRoomWord(word) && isLeafOfRoomOnce(item.leaf, word));
}

// Per leaf and room word: a leaf's path is read once however many labels name the room.
const leafRooms = new WeakMap<PreparedLeaf, Map<string, boolean>>();
function isLeafOfRoomOnce(leaf: PreparedLeaf, room: string): boolean {
  let rooms = leafRooms.get(leaf);
  if (rooms === undefined) leafRooms.set(leaf, (rooms = new Map()));
  let of = rooms.get(room);
  if (of === undefined) rooms.set(room, (of = isLeafOfRoom(leaf.category.path?.rus ?? '', room)));
  return of;
}

/**
 * Whether the rest of a longer leaf's name is the adjective of a room the label's upper levels name (`Кухня / Весы`: `Кухонные
 * весы`): the seller's path says it, as a product name would.
 */
function saysRestByRoom(leaf: PreparedLeaf, label: ParsedLabel, similarity: (a: string, b: string) => number): boolean {
  const rooms = label.parentWords.filter(isRoomWord);
  if (rooms.length === 0) return false;
  return leaf.variants.some((variant) => {
    if (!variant.full || variant.language !== 'rus') return false;
    const rest = variant.words.filter((word) => !STOP_WORDS.has(word) && !label.words.some((own) => similarity(own, word) >= 0.9));
    return rest.length > 0 && rest.every((word) => ADJECTIVE.test(word) && rooms.some((room) => isWordOfRoom(word, room)));
  });
}

/**
 * Whether the rows say goods of another kind than the first leaf's, whatever the room says: an adjective or a use (`для …`) that
 * neither the first leaf's path nor a room explains (`Фартук строительный`, `Нож охотничий`, `Нож для рыбалки и охоты`), or a
 * row the product classifier reads as another leaf or as none (`Мультитул Leatherman`). Then the room picks nothing.
 */
function rowsSayOtherKind(first: Scored, narrowing: NarrowingContext): boolean {
  const unexplained = (word: string): boolean => !isRoomWord(word) && !isRoomAdjective(word) && !first.leaf.pathWords.some((own) => isRelatedWord(word, own, MIN_NARROWING_PREFIX));
  const uses = narrowing.sayings.flatMap((words) => words.filter((_, i) => words[i - 1] === 'для'));
  if (narrowing.words.some((word) => ADJECTIVE.test(word) && unexplained(word)) || uses.some(unexplained)) return true;
  return narrowing.productReadings().some((reading) => reading.leaf?.category.id !== first.leaf.category.id);
}

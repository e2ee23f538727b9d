/**
 * Groups the rows of a seller file by product type for the review workbook (pure): per type, the
 * rows it covers, three example names, how many of its rows the classifier already places without
 * asking, and the leaf it proposes with its alternatives and evidence. A type the seller already
 * answered (a `categories:` key found in the name, as `lookup: category` finds it) or whose
 * products the seller already sells on the marketplace (`examples`) is settled by that, not asked.
 * A type its names write otherwise of another type of the file (`свеча аромат.` of `свеча
 * ароматическая`, `автомобильный аккумулятор` of `аккумулятор автомобильный`: as an answer finds
 * it) is asked with that type, the one of more rows, so that one answer settles both. A type whose
 * every word counts, packs or codes the goods (`шт` of `1 шт Реле поворотов Stels`, a bare `набор`)
 * names no kind: its rows are untyped, never a question, so no answer gathers unrelated goods.
 */
import type { Classification, ClassifierIndex, ClassifyOptions } from '../classify/classifier-types.js';
import { classifyProduct } from '../classify/classify-product.js';
import { readKnownBrands } from '../classify/known-brands.js';
import { stemForIndex } from '../classify/stem-for-index.js';
import { UNIT_TOKENS } from '../normalize-for-match.js';
import { CONTAINER_WORDS, COUNT_WORDS, extractProductType } from '../classify/extract-product-type.js';
import { findTypesWrittenOtherwise, indexAnsweredTypes } from './classify-with-answers.js';
import { readProductTypeParts, type ProductTypeParts } from './read-product-type-key.js';
import { decideRowCategory, type GroupAnswerLeaf, type RowAnswers } from './decide-row-category.js';

/** A leaf the seller's own answers or products give a type. */
export interface KnownLeaf {
  leafId: number;
  /** Where it comes from, for the workbook: `your answer`, `12 of your products on the marketplace`. */
  source: string;
}

/** One product type of the file. */
export interface ProductTypeGroup {
  /** The key answers are given under (`шампунь для собак`). */
  type: string;
  /** Data rows of this type. */
  rows: number;
  /** Rows the classifier places confidently (in the proposed leaf or another). */
  placedRows: number;
  /** Up to three names, as written. */
  examples: string[];
  /** The classification of the type's commonest proposal (of its first name with that leaf). */
  classification: Classification;
  /** The leaf the seller's answers or products already give it. */
  known?: KnownLeaf;
  /** Row numbers (sheet rows) of the type, for the first few only. */
  firstRows: number[];
  /** Serials (1 = first row read) of the type's rows the classifier does not place: what an answer settles. */
  openRows: number[];
  /** Serials of the rows it places, by the leaf path placed in: the file's sections are applied to them (`ask-groups-outside-file-sections.ts`). */
  placedByPath: Map<string | undefined, number[]>;
}

/** A word the classifier could not place: the only doubt of the rows it holds back. */
export interface UnplacedWord {
  /** As first written in a product type (`пастеризованное`). */
  word: string;
  /** Serials of the rows it alone holds back: confirmed neutral, their proposed leaf is taken. */
  rows: number[];
  /** Rows it holds back with other such words. */
  withOthers: number;
  /** Product types it stands in (the most rows first, a few). */
  types: string[];
  /** Up to three `name → proposed leaf id` of the rows it holds back. */
  examples: { name: string; leafId: number }[];
}

/** What `collectProductTypes` needs. */
export interface CollectProductTypesOptions {
  classifier: ClassifierIndex;
  classifyOptions?: ClassifyOptions;
  /** A type already answered by the seller (a `categories:` key in the name), or undefined. */
  findAnswer?: (name: string) => KnownLeaf | undefined;
  /** Product type → leaf, from the seller's products on the marketplace. */
  examples?: ReadonlyMap<string, KnownLeaf>;
  /** The seller's answers of a group's text (`indexGroupAnswerLeaves`): one answers a row the classifier leaves unsure, where it fits (`decideRowCategory`). */
  groupAnswers?: ReadonlyMap<string, GroupAnswerLeaf>;
}

/** Accumulates rows; `finish` gives the groups, the most rows first. */
export interface ProductTypeCollector {
  /** Adds a row: its name, sheet row and groups (`lookup: category`'s `groups:`, top level first), which the name is classified with. */
  add(name: string, row: number, groups?: readonly string[]): void;
  finish(): { groups: ProductTypeGroup[]; words: UnplacedWord[]; rows: number; answeredRows: number; untypedRows: number };
}

/** A type as its rows are read: the group's fields but its classification, and the votes that choose it. */
interface Accumulator extends Omit<ProductTypeGroup, 'classification'> {
  votes: Map<number, { count: number; classification: Classification }>;
  /** Of rows the classifier proposes no leaf for: the leaf path it proposes for the rest of the name after the type, by rows. */
  restVotes: Map<string, number>;
  /** How many of its unplaced rows had their rest read (at most `REST_SAMPLE`). */
  restSampled: number;
  /** Of rows the classifier does not place: the leaf path it proposes for the rest of the name, where the rest opens with goods of its own other than the name reads as, by rows. */
  restGoods: Map<string, number>;
  /** How many of its rows the classifier does not place had their rest read for `restGoods` (at most `REST_SAMPLE`). */
  goodsSampled: number;
  unplaced?: Classification;
  /** How every name of the type writes it, as an answer finds it; undefined when its names write it in more than one way (cut or not). */
  parts: ProductTypeParts | undefined;
}

const EXAMPLES = 3;

/** Whether a type's parts name no kind: no purpose, and every head word a count, a unit, a pack or a code (a digit, one letter). */
function namesNoKind(parts: ProductTypeParts): boolean {
  return parts.tail.length === 0 && parts.head.every((word) => /\p{N}/u.test(word) || Array.from(word).length === 1 || UNIT_TOKENS.has(word) || COUNT_WORDS.has(word) || CONTAINER_WORDS.has(word));
}

/** Creates the collector; see the file comment. */
export function createProductTypeCollector(options: CollectProductTypesOptions): ProductTypeCollector {
  const groups = new Map<string, Accumulator>();
  // How each name's rest after its type reads, by the rest: one classification per distinct rest.
  const restReadings = new Map<string, RestReading>();
  const words = new Map<string, UnplacedWord & { typeRows: Map<string, number> }>();
  let rows = 0;
  let answeredRows = 0;
  let untypedRows = 0;
  const knownBrands = readKnownBrands(options.classifier, options.classifyOptions);
  // The seller's type answer as `findAnswer` reads it (a twin leaf's word already kept off); the review counts a pick over it as answered too.
  const findType = options.findAnswer === undefined ? undefined : (name: string) => {
    const known = options.findAnswer?.(name);
    return known === undefined ? undefined : { type: name, answer: known, leaves: [] };
  };
  const rowAnswers: RowAnswers<KnownLeaf> = { classifier: options.classifier, pickOverAnswer: false, ...(options.classifyOptions === undefined ? {} : { options: options.classifyOptions }), ...(findType === undefined ? {} : { findType }), ...(options.groupAnswers === undefined ? {} : { groups: options.groupAnswers }) };
  return {
    add(name, row, rowGroups) {
      rows += 1;
      const text = name.trim();
      if (text === '') return;
      // As `lookup: category` decides the row: a type answer, else the name with its groups, else a group answer that fits.
      const decision = decideRowCategory(rowAnswers, text, rowGroups ?? []);
      if (decision.by !== 'classifier') {
        answeredRows += 1;
        return;
      }
      const parts = readProductTypeParts(text, undefined, knownBrands);
      const type = parts.key;
      if (type === '' || namesNoKind(parts)) {
        untypedRows += 1;
        return;
      }
      let group = groups.get(type);
      if (group === undefined) {
        group = { type, rows: 0, placedRows: 0, examples: [], firstRows: [], openRows: [], placedByPath: new Map(), votes: new Map(), restVotes: new Map(), restSampled: 0, restGoods: new Map(), goodsSampled: 0, parts };
        const known = options.examples?.get(type);
        if (known !== undefined) group.known = known;
        groups.set(type, group);
      }
      if (group.parts !== undefined && group.parts.cut.join(' ') !== parts.cut.join(' ')) group.parts = undefined;
      group.rows += 1;
      if (group.examples.length < EXAMPLES && !group.examples.includes(text)) group.examples.push(text);
      if (group.firstRows.length < EXAMPLES) group.firstRows.push(row);
      const classification = decision.result;
      if (classification.confident) {
        group.placedRows += 1;
        addPlaced(group.placedByPath, classification.path, [rows]);
      } else {
        group.openRows.push(rows);
        if (group.goodsSampled < REST_SAMPLE) {
          group.goodsSampled += 1;
          noteRestGoods(group, readRest(readNameRest(text, parts, knownBrands), options, restReadings), classification.path);
        }
      }
      if (classification.heldBy !== undefined && classification.leafId !== undefined) noteHeldBy(words, classification.heldBy, { serial: rows, type, name: text, leafId: classification.leafId });
      if (classification.leafId === undefined) {
        group.unplaced ??= classification;
        if (group.restSampled < REST_SAMPLE) {
          group.restSampled += 1;
          noteRestVote(group, readRest(readNameRest(text, parts, knownBrands), options, restReadings));
        }
        return;
      }
      const vote = group.votes.get(classification.leafId);
      if (vote === undefined) group.votes.set(classification.leafId, { count: 1, classification });
      else vote.count += 1;
    },
    finish() {
      const merged = mergeTypesWrittenOtherwise([...groups.values()]);
      const mixed = merged.filter(namesUnlikeGoods);
      untypedRows += mixed.reduce((sum, group) => sum + group.rows, 0);
      const result = merged.filter((group) => !mixed.includes(group)).map((group): ProductTypeGroup => {
        const best = [...group.votes.values()].sort((a, b) => b.count - a.count)[0];
        const classification = best?.classification ?? group.unplaced ?? emptyClassification(group.type);
        const out: ProductTypeGroup = { type: group.type, rows: group.rows, placedRows: group.placedRows, examples: group.examples, classification, firstRows: group.firstRows, openRows: group.openRows, placedByPath: group.placedByPath };
        if (group.known !== undefined) out.known = group.known;
        return out;
      });
      result.sort((a, b) => b.rows - a.rows || a.type.localeCompare(b.type));
      const unplaced = [...words.values()].map(({ typeRows, ...word }): UnplacedWord => ({ ...word, types: [...typeRows.entries()].sort((a, b) => b[1] - a[1]).slice(0, EXAMPLES).map(([type]) => type) }));
      unplaced.sort((a, b) => b.rows.length - a.rows.length || a.word.localeCompare(b.word));
      return { groups: result, words: unplaced, rows, answeredRows, untypedRows };
    },
  };
}

// A type is of unlike goods when the classifier proposes, for at least this many of its rows, leaves of at least this many
// categories (a leaf's path without the leaf), none of which holds half of the proposals.
const MIXED_MIN_ROWS = 4;
const MIXED_MIN_CATEGORIES = 3;

/**
 * Whether a type's names are unlike goods the key only happens to share (`новинка` of `Новинка 2024 Полотенце махровое` and
 * `Новинка 2024 Прожектор`): the classifier's proposals for its rows, or where it proposes none, for the rest of each name after
 * the type, spread over leaves of several categories, none holding half. So too when the key is a word set before goods that
 * the rest of each name names itself (`Витрина Телевизор TCL`, `Витрина Тоңазытқыш ATLANT`: a shop's note): the classifier
 * proposes the key's own leaf for them, but the rests of the rows it does not place open with other goods it proposes leaves
 * of several categories for, none holding half. One answer would carry one leaf to all of them, so the type is no question (a type
 * the seller's own products already give a leaf stays settled by them).
 */
function namesUnlikeGoods(group: Accumulator): boolean {
  if (group.known !== undefined) return false;
  const proposals = new Map<string, number>();
  for (const vote of group.votes.values()) noteCategory(proposals, vote.classification.path, vote.count);
  for (const [path, count] of group.restVotes) noteCategory(proposals, path, count);
  const goods = new Map<string, number>();
  for (const [path, count] of group.restGoods) noteCategory(goods, path, count);
  return spreadsOverCategories(proposals) || spreadsOverCategories(goods);
}

/** Adds rows placed in a leaf path to its category (the path without the leaf). */
function noteCategory(byCategory: Map<string, number>, path: string | undefined, count: number): void {
  const category = path?.split(' / ').slice(0, -1).join(' / ') ?? '';
  byCategory.set(category, (byCategory.get(category) ?? 0) + count);
}

/** Whether rows by category are enough rows over enough categories, none holding half (see `MIXED_MIN_ROWS`). */
function spreadsOverCategories(byCategory: ReadonlyMap<string, number>): boolean {
  const proposed = [...byCategory.values()].reduce((sum, count) => sum + count, 0);
  const commonest = Math.max(0, ...byCategory.values());
  return proposed >= MIXED_MIN_ROWS && byCategory.size >= MIXED_MIN_CATEGORIES && commonest * 2 < proposed;
}

/** The words of a name after its type's head (`полотенце махровое 70 х 140` of `Новинка 2024 Полотенце махровое 70х140`), normalised; `''` when none. */
function readNameRest(text: string, parts: ProductTypeParts, knownBrands: ReturnType<typeof readKnownBrands>): string {
  const { tokens } = extractProductType(text, undefined, undefined, knownBrands);
  const at = tokens.findIndex((_, i) => parts.head.every((word, j) => tokens[i + j] === word));
  return at < 0 ? '' : tokens.slice(at + parts.head.length).join(' ');
}

// The unplaced rows of a type whose rests are read: enough to see goods spread over several categories, and a file's cost bounded
// by its types, not its rows (reading every rest of 100,000 rows cost `mapping review` ~2.5 s).
const REST_SAMPLE = 24;

/** How a name's rest reads: the leaf path the classifier proposes for it, and whether it opens with goods of its own. */
interface RestReading {
  path: string | undefined;
  goods: boolean;
}

/** Reads a name's rest (each distinct rest classified once per file); `''` reads as nothing. */
function readRest(rest: string, options: CollectProductTypesOptions, readings: Map<string, RestReading>): RestReading {
  if (rest === '') return { path: undefined, goods: false };
  let reading = readings.get(rest);
  if (reading === undefined) {
    const classification = classifyProduct(options.classifier, { name: rest }, options.classifyOptions);
    // Goods of its own: the rest's first word starts a product type the classifier proposes a leaf for (`телевизор tcl 43`), not a
    // phrase after the type (`под телевизор`, `с бачком`) nor a brand or model (`thermex 100 л`).
    const head = readProductTypeParts(rest, undefined, readKnownBrands(options.classifier, options.classifyOptions)).head;
    const goods = classification.path !== undefined && head.length > 0 && head[0] === rest.split(' ')[0];
    readings.set(rest, (reading = { path: classification.path, goods }));
  }
  return reading;
}

/** Notes the leaf path the classifier proposes for a name's rest, when it proposes one. */
function noteRestVote(group: Accumulator, rest: RestReading): void {
  if (rest.path !== undefined) group.restVotes.set(rest.path, (group.restVotes.get(rest.path) ?? 0) + 1);
}

/** Notes the leaf path of a name's rest that opens with goods of its own (see `RestReading`) other than the whole name reads as (`rowPath`). */
function noteRestGoods(group: Accumulator, rest: RestReading, rowPath: string | undefined): void {
  if (rest.goods && rest.path !== undefined && rest.path !== rowPath) group.restGoods.set(rest.path, (group.restGoods.get(rest.path) ?? 0) + 1);
}

/** Folds each type into the one other type of more rows its names write otherwise (see the file comment). */
function mergeTypesWrittenOtherwise(list: readonly Accumulator[]): Accumulator[] {
  const byRows = [...list].sort((a, b) => b.rows - a.rows || a.type.localeCompare(b.type));
  const rank = new Map(byRows.map((group, i) => [group, i]));
  const index = indexAnsweredTypes(byRows.map((group) => [group.type, group] as const));
  const into = new Map<Accumulator, Accumulator>();
  const rootOf = (group: Accumulator): Accumulator => {
    let root = group;
    for (let next = into.get(root); next !== undefined; next = into.get(root)) root = next;
    return root;
  };
  // Whole words first, the most rows first: a cut type met by two types already folded into one (`свеча аромат.` of `свеча ароматическая` and `свечи ароматические`) meets one.
  const cutLast = [...byRows.filter((group) => group.parts?.cut.length === 0), ...byRows.filter((group) => group.parts !== undefined && group.parts.cut.length > 0)];
  for (const group of cutLast) {
    if (group.parts === undefined || group.known !== undefined) continue;
    const others = new Set(findTypesWrittenOtherwise(index, group.parts).map((found) => rootOf(found.answer)));
    others.delete(group);
    const [target] = others;
    // Two other types it could be: an answer would take neither, so it is asked alone.
    if (others.size !== 1 || target === undefined || target.known !== undefined || (rank.get(target) ?? 0) > (rank.get(group) ?? 0)) continue;
    into.set(group, target);
  }
  const folded = new Map<Accumulator, string[]>();
  for (const group of byRows) {
    if (!into.has(group)) continue;
    const root = rootOf(group);
    root.rows += group.rows;
    root.placedRows += group.placedRows;
    root.openRows.push(...group.openRows);
    for (const [path, serials] of group.placedByPath) addPlaced(root.placedByPath, path, serials);
    root.firstRows = root.firstRows.concat(group.firstRows).slice(0, EXAMPLES);
    for (const [path, count] of group.restVotes) root.restVotes.set(path, (root.restVotes.get(path) ?? 0) + count);
    for (const [path, count] of group.restGoods) root.restGoods.set(path, (root.restGoods.get(path) ?? 0) + count);
    for (const [leafId, vote] of group.votes) {
      const mine = root.votes.get(leafId);
      if (mine === undefined) root.votes.set(leafId, { ...vote });
      else mine.count += vote.count;
    }
    if (root.unplaced === undefined && group.unplaced !== undefined) root.unplaced = group.unplaced;
    folded.set(root, [...(folded.get(root) ?? []), ...group.examples.slice(0, 1)]);
  }
  // The seller sees how the folded types are written: a name of each after the type's own first, while there is room.
  for (const [root, names] of folded) root.examples = [...new Set([...root.examples.slice(0, 1), ...names, ...root.examples.slice(1)])].slice(0, EXAMPLES);
  return byRows.filter((group) => !into.has(group));
}

function addPlaced(placedByPath: Map<string | undefined, number[]>, path: string | undefined, serials: readonly number[]): void {
  const list = placedByPath.get(path);
  if (list === undefined) placedByPath.set(path, [...serials]);
  else list.push(...serials);
}

/** Notes a row the given words hold back, under each word's stem (one question per word, whatever its ending). */
function noteHeldBy(words: Map<string, UnplacedWord & { typeRows: Map<string, number> }>, heldBy: readonly string[], row: { serial: number; type: string; name: string; leafId: number }): void {
  for (const word of heldBy) {
    const stem = stemForIndex(word);
    let entry = words.get(stem);
    if (entry === undefined) words.set(stem, (entry = { word, rows: [], withOthers: 0, types: [], examples: [], typeRows: new Map() }));
    if (heldBy.length === 1) {
      entry.rows.push(row.serial);
      if (entry.examples.length < EXAMPLES && !entry.examples.some((example) => example.name === row.name)) entry.examples.push({ name: row.name, leafId: row.leafId });
    } else entry.withOthers += 1;
    entry.typeRows.set(row.type, (entry.typeRows.get(row.type) ?? 0) + 1);
  }
}

function emptyClassification(type: string): Classification {
  return { leafId: undefined, path: undefined, confidence: 0, confident: false, evidence: [], alternatives: [], productType: type, doubt: 'no leaf shares a word with it' };
}

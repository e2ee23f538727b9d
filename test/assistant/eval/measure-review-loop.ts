/**
 * The review loop of issue 33 on the generated price list, measured: `mapping review` writes the
 * workbook; a seller answers its first questions by ask order (over sheets `Review` and `Words`, at
 * most 50 questions, or at most 50 filled cells: a group's answer and each `no` on its types' rows
 * are a cell each, and the seller stops before a question whose cells would pass the budget): a type with the right leaf of the products it shows (from the generator's truth; a row
 * whose products have no leaf stays empty, as a seller leaves it), a group of types proposed one
 * leaf (or of a section's leaves, each type its own) `yes` when the proposed leaves are right for most of its rows,
 * else the leaf most of them belong to, leaving out each type whose products belong to another (one answer), a question by head word
 * (which proposes no leaf) the leaf most of its types' rows belong in, `no` on the row of each type whose products belong elsewhere
 * (the careless seller's `yes` there takes nothing), a word `yes` only when
 * every row it holds back has its true leaf proposed; `mapping review --apply` writes the answers into the mapping; then every row
 * is mapped as `validate` maps it (the row mapper, against the sandbox's directories) and its
 * category is compared with the truth.
 */
import ExcelJS from 'exceljs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadServiceDirectories } from '../../../src/assistant/load-service-directories.js';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';
import { brandColumnNumber, GROUP_CELL, REVIEW_SHEETS, reviewColumnNumber, wordColumnNumber } from '../../../src/assistant/review/review-workbook-layout.js';
import { readAnsweredTypes, runMappingReview, runMappingReviewApply, type MappingReviewApplyResult, type MappingReviewResult } from '../../../src/assistant/review/run-mapping-review.js';
import { classifyWithAnswers } from './classify-with-answers.js';
import { getClassifierIndex } from '../../../src/assistant/classify/load-classifier-index.js';
import { readKnownBrands } from '../../../src/assistant/classify/known-brands.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import type { Classification, ClassifyOptions } from '../../../src/assistant/classify/classifier-types.js';
import { stemForIndex } from '../../../src/assistant/classify/stem-for-index.js';
import { readClassifyExclusions } from '../../../src/stages/derive/lookup-category.js';
import { createNodeDeps } from '../../../src/core/deps.js';
import { buildReadOptions } from '../../../src/mapping/build-read-options.js';
import { buildCategoryPath, createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { loadMapping } from '../../../src/mapping/load-mapping.js';
import { formatPickedEntry } from '../../../src/mapping/mapping-workbook-layout.js';
import { createReferenceData } from '../../../src/sandbox/reference-data.js';
import { resolveSettings } from '../../../src/settings/resolve-settings.js';
import { openSource } from '../../../src/sources/open-source.js';
import { createRowMapper } from '../../../src/stages/create-row-mapper.js';
import { generatePriceList, GROUP_HEADER, writePriceListCsv, type PriceList } from './generate-price-list.js';
import { indexGroupAnswerLeaves } from '../../../src/assistant/review/read-answer-leaves.js';
import { readGroupLevels } from '../../../src/assistant/review/find-group-answer.js';

/** The mapping the loop starts from: the category is what `lookup: category` reads in the name. */
export const REVIEW_LOOP_MAPPING = `columns:
  productKey: Артикул
  name: {rus: Наименование}
  price: Цена
  barcode: Штрихкод
  photos: Фото
  category: Категория
derive:
  - name: Категория
    from: Наименование
    steps:
      - lookup: category
    onFail: skip
defaults:
  shopId: 1
  vat: 12
  isLocalMade: false
  brand: 1000
validation:
  requireDescription: false
`;

/** The loop's mapping for a list with the seller's groups (`GROUP_HEADER`): the lookup reads them beside the name. */
export const REVIEW_LOOP_MAPPING_WITH_GROUPS = REVIEW_LOOP_MAPPING.replace('      - lookup: category\n', `      - lookup: category\n        groups: [${GROUP_HEADER}]\n`);

/** Figures of one pass (before answers, or after). */
export interface LoopFigures {
  rows: number;
  /** Rows some leaf fits. */
  takeable: number;
  /** Takeable rows mapped to their right leaf. */
  right: number;
  /** Rows mapped without an error, with a category. */
  accepted: number;
  /** Accepted rows in a wrong leaf (or in any leaf when none fits). */
  acceptedWrong: number;
  /** A few wrong rows: name, leaf given, right leaf. */
  wrongExamples: string[];
}

/** What the loop measured. */
export interface ReviewLoopFigures {
  review: MappingReviewResult;
  answers: number;
  /** Answer cells the seller filled: one per answered question, and one per type left out of a group (`no`). */
  cells: number;
  /** What bounded the answers: 50 questions, or 50 filled cells. */
  budget: ReviewLoopBudget;
  /** Of the answers, yes/no answers to words of sheet `Words`. */
  wordAnswers: number;
  /** Answers a seller leaves empty (no leaf fits the products shown). */
  leftEmpty: number;
  /** Of the answers, answers to a group of types proposed one leaf (each one answer, with the types it leaves out). */
  groupAnswers: number;
  /** Types the seller left out of their group's answer. */
  leftOut: number;
  /** What `mapping review --apply` read and wrote: its counts read the workbook the seller filled, not this tally. */
  applied: MappingReviewApplyResult;
  /** Per group answered, how many types it lists (what the seller reads for that one answer). */
  groupSizes: number[];
  /** Groups answered with another leaf than the proposed one: `first type (proposed id → answered id)`. */
  groupsOtherLeaf: string[];
  before: LoopFigures;
  after: LoopFigures;
  /** After the answers, read as `classifyWithAnswers` reads them: the answer of a name's own product type, else the classifier's confident leaf. */
  afterByType: LoopFigures;
  /** Every row after the answers, as `classifyWithAnswers` reads it, for diagnostics. */
  afterRows: LoopRow[];
  /** The answers the mapping holds after `--apply`: answer key → leaf id. */
  answered: ReadonlyMap<string, number>;
  /** What became of each type on sheet `Review` (by its text there), for diagnostics. */
  typeFates: ReadonlyMap<string, TypeFate>;
  /** Per question in ask order, the cells the seller's answer fills and the rows of the lines they answer, for diagnostics. */
  questionCosts: QuestionCost[];
}

/** What one question cost the seller (or would have, past the budget), and what its cells answer. */
export interface QuestionCost {
  order: number;
  kind: 'type' | 'group' | 'word';
  /** Whether the seller answered it within the budget. */
  reached: boolean;
  /** Cells its answer fills: on the group's row, on its doubted lines (`own answer`), `no`s leaving lines out. */
  cells: number;
  /** Rows of the lines its cells answer (for a word, the rows it holds back). */
  rows: number;
  /** Its lines answered on their own rows (`own answer`): why each is doubted, its rows, whether the proposal was wrong (by the truth), whether the seller filled its cell. */
  ownLines: { doubt: string; rows: number; proposalWrong: boolean; filled: boolean }[];
  /** `no`s the answer writes. */
  noCells: number;
  /** A question by head word (`group N, by word`): it proposes no leaf. */
  byWord?: boolean;
}

/** What the seller did with a type of sheet `Review`: answered (alone or by its group), left out of its group (`no`), left empty, or not reached within the budget. */
export interface TypeFate {
  fate: 'answered' | 'leftOut' | 'leftEmpty' | 'notReached';
  /** The ask order of its question. */
  order: number;
  /** Whether it was asked in a group. */
  inGroup: boolean;
}

/** One row as the loop saw it after the answers. */
export interface LoopRow {
  name: string;
  /** The row's product type (the review's key). */
  type: string;
  truth: number | null;
  leaf: number | null;
  accepted: boolean;
  /** The classifier's reading of the row alone (no answers). */
  classification: Classification;
}

/** How much the seller answers: at most `limit` questions (a question left empty counts), or at most `limit` filled cells. */
export interface ReviewLoopBudget {
  unit: 'questions' | 'cells';
  limit: number;
}

/**
 * How the seller reads a group's question: `careful` reads every line and excepts each type its products do not fit;
 * `careless` answers `yes` on each group's row without excepting anything (what one `yes` risks when a line is missed).
 */
export type ReviewLoopSeller = 'careful' | 'careless';

/**
 * Runs the loop in a temporary directory; by default a careful seller answers 50 questions about the generated list, or
 * about `list` (a price list written elsewhere, e.g. a trade the generator does not know, with its truth by row).
 */
export async function measureReviewLoop(options: { rows?: number; seed?: number; budget?: ReviewLoopBudget; seller?: ReviewLoopSeller; list?: Pick<PriceList, 'rows'> | undefined } = {}): Promise<ReviewLoopFigures> {
  const budget = options.budget ?? { unit: 'questions', limit: 50 };
  const seller = options.seller ?? 'careful';
  const dir = await mkdtemp(join(tmpdir(), 'review-loop-'));
  try {
    const list = options.list ?? generatePriceList({ rows: options.rows ?? 2000, seed: options.seed ?? 33, directory: createReferenceData(1) });
    await writePriceListCsv(join(dir, 'price.csv'), list);
    // A list with the seller's groups is read with them (`groups:` of the lookup), as a seller's mapping would.
    const withGroups = list.rows.some((row) => row.group !== undefined);
    await writeFile(join(dir, 'price.yaml'), withGroups ? REVIEW_LOOP_MAPPING_WITH_GROUPS : REVIEW_LOOP_MAPPING, 'utf8');
    // The row's group cell handed to the classifier as its levels (`readGroupLevels`), as `lookup: category` hands it.
    const inputOf = (row: PriceList['rows'][number]): { name: string; groupPath?: string[] } => (row.group === undefined || row.group === '' ? { name: row.cells.Наименование.trim() } : { name: row.cells.Наименование.trim(), groupPath: readGroupLevels([row.group]) });
    const settings = resolveSettings({ flags: { sandbox: true, stateDir: join(dir, 'state') } }).settings;
    const deps = createNodeDeps({ cwd: dir, env: {} });
    const directories = await loadServiceDirectories(settings, deps);
    const index = createDirectoryIndex(directories);
    const truthOf = new Map(list.rows.map((row) => [row.cells.Наименование.trim(), row.leafId]));

    const before = await measureRows(dir, truthOf, directories, deps);
    const review = await runMappingReview({ file: 'price.csv', mapping: 'price.yaml', out: 'review.xlsx', force: false, settings }, deps);

    // The seller answers the first rows with the leaf the products of each type belong to.
    const classifier = getClassifierIndex(directories, index);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(dir, 'review.xlsx'));
    // The review read the words of sheet `Brands` as brands (the seller keeps them all): its types are keyed so.
    const brandSheet = workbook.getWorksheet(REVIEW_SHEETS.brands);
    const brandWords = new Set<string>();
    for (let r = 2; brandSheet !== undefined && r <= brandSheet.rowCount; r += 1) brandWords.add(brandSheet.getRow(r).getCell(brandColumnNumber('word')).text);
    const reviewOptions: ClassifyOptions = brandWords.size === 0 ? {} : { brandWords };
    const knownBrands = readKnownBrands(classifier, reviewOptions);
    const truthByType = new Map<string, Map<number | null, number>>();
    for (const row of list.rows) {
      const type = readProductTypeKey(row.cells.Наименование, undefined, knownBrands);
      const votes = truthByType.get(type) ?? new Map<number | null, number>();
      votes.set(row.leafId, (votes.get(row.leafId) ?? 0) + 1);
      truthByType.set(type, votes);
    }
    // A word is harmless, truly, when every row it holds back (alone or with other words) has its true leaf proposed.
    const harmless = new Map<string, boolean>();
    for (const row of list.rows) {
      const result = classifyProduct(classifier, inputOf(row), reviewOptions);
      for (const word of result.heldBy ?? []) {
        const stem = stemForIndex(word);
        harmless.set(stem, (harmless.get(stem) ?? true) && result.leafId === row.leafId);
      }
    }
    // The seller answers the questions of both sheets in their ask order, one answer per question, at most 50; a group's
    // question is its row `group N`, its types' rows (`in group N`) are part of that one answer.
    const questions: { order: number; sheet: ExcelJS.Worksheet; row: number }[] = [];
    const members = new Map<number, number[]>();
    for (const [name, column] of [[REVIEW_SHEETS.review, reviewColumnNumber('order')], [REVIEW_SHEETS.words, wordColumnNumber('order')]] as const) {
      const sheet = workbook.getWorksheet(name);
      for (let r = 2; sheet !== undefined && r <= sheet.rowCount; r += 1) {
        const group = name === REVIEW_SHEETS.review ? GROUP_CELL.read(sheet.getRow(r).getCell(reviewColumnNumber('group')).text) : undefined;
        if (group?.part === 'member') members.set(group.group, [...(members.get(group.group) ?? []), r]);
        else questions.push({ order: Number(sheet.getRow(r).getCell(column).value), sheet, row: r });
      }
    }
    questions.sort((a, b) => a.order - b.order);
    const tally: Tally = { answers: 0, cells: 0, leftEmpty: 0, wordAnswers: 0, groupAnswers: 0, leftOut: 0, groupSizes: [], groupsOtherLeaf: [] };
    const labelOf = (leafId: number): string => {
      const category = index.categoryById.get(leafId);
      return category === undefined ? String(leafId) : formatPickedEntry(buildCategoryPath(category, index.categoryById), leafId);
    };
    const truthOfType = (type: string): [number | null, number][] => [...(truthByType.get(type) ?? new Map<number | null, number>()).entries()].sort((a, b) => b[1] - a[1]);
    const harmlessWord = (word: string): boolean => harmless.get(stemForIndex(word)) === true;
    const typeFates = new Map<string, TypeFate>();
    const questionCosts: QuestionCost[] = [];
    let stopped = false;
    for (const { sheet, row: r, order } of questions) {
      const plan = planAnswer(sheet, r, members, { truthOfType, labelOf, harmlessWord, hasLeaf: (leafId) => index.categoryById.has(leafId), careless: seller === 'careless' });
      const questionsUsed = tally.answers + tally.leftEmpty + 1;
      stopped ||= budget.unit === 'questions' ? questionsUsed > budget.limit : tally.cells + plan.cells.length > budget.limit;
      recordTypeFates(typeFates, sheet, r, members, plan, stopped, order);
      questionCosts.push(readQuestionCost(sheet, r, members, plan, { order, reached: !stopped, truthOfType }));
      if (stopped) continue;
      for (const cell of plan.cells) sheet.getRow(cell.row).getCell(cell.column).value = cell.value;
      tally.cells += plan.cells.length;
      if (plan.kind === 'empty') {
        tally.leftEmpty += 1;
        continue;
      }
      tally.answers += 1;
      if (plan.kind === 'word') tally.wordAnswers += 1;
      if (plan.kind !== 'group') continue;
      tally.groupAnswers += 1;
      tally.leftOut += plan.leftOut ?? 0;
      tally.groupSizes.push(plan.types);
      if (plan.otherLeaf !== undefined) tally.groupsOtherLeaf.push(plan.otherLeaf);
    }
    await workbook.xlsx.writeFile(join(dir, 'review.xlsx'));
    const applied = await runMappingReviewApply({ workbook: 'review.xlsx', mapping: 'price.yaml', settings }, deps);
    const after = await measureRows(dir, truthOf, directories, deps);
    const mapping = await loadMapping(join(dir, 'price.yaml'), deps);
    const answered = readAnsweredTypes(mapping, index);
    const { options: classifyOptions } = readClassifyExclusions(mapping, index);
    const afterKnownBrands = readKnownBrands(classifier, classifyOptions);
    const groupAnswers = indexGroupAnswerLeaves(mapping, index);
    const afterRows = list.rows.map((row): LoopRow => {
      const result = classifyWithAnswers(classifier, answered, row.cells.Наименование, classifyOptions, row.group === undefined || row.group === '' ? undefined : { groupPath: [row.group], answers: groupAnswers });
      const type = readProductTypeKey(row.cells.Наименование, undefined, afterKnownBrands);
      const classification = classifyProduct(classifier, { ...inputOf(row), name: row.cells.Наименование }, classifyOptions);
      return { name: row.cells.Наименование, type, truth: row.leafId, leaf: result.confident ? (result.leafId ?? null) : null, accepted: result.confident && result.leafId !== undefined, classification };
    });
    const afterByType = measureLeaves(afterRows);
    return { review, typeFates, questionCosts, answers: tally.answers, cells: tally.cells, budget, leftEmpty: tally.leftEmpty, wordAnswers: tally.wordAnswers, groupAnswers: tally.groupAnswers, leftOut: tally.leftOut, applied, groupSizes: tally.groupSizes, groupsOtherLeaf: tally.groupsOtherLeaf, before, after, afterByType, afterRows, answered };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Records what became of the types of the question on row `r` (its group's types too). */
function recordTypeFates(fates: Map<string, TypeFate>, sheet: ExcelJS.Worksheet, r: number, members: ReadonlyMap<number, number[]>, plan: AnswerPlan, stopped: boolean, order: number): void {
  if (sheet.name !== REVIEW_SHEETS.review) return;
  const group = GROUP_CELL.read(sheet.getRow(r).getCell(reviewColumnNumber('group')).text);
  const rows = group === undefined ? [r] : (members.get(group.group) ?? []);
  const leftOut = new Set(plan.cells.filter((cell) => cell.value === 'no').map((cell) => cell.row));
  for (const row of rows) {
    const fate = stopped ? 'notReached' : plan.kind === 'empty' ? 'leftEmpty' : leftOut.has(row) ? 'leftOut' : 'answered';
    fates.set(sheet.getRow(row).getCell(reviewColumnNumber('type')).text, { fate, order, inGroup: group !== undefined });
  }
}

/** What the question on row `r` costs with the seller's answer `plan`: its cells, and the rows and doubted lines they answer. */
function readQuestionCost(sheet: ExcelJS.Worksheet, r: number, members: ReadonlyMap<number, number[]>, plan: AnswerPlan, at: { order: number; reached: boolean; truthOfType: SellerKnowledge['truthOfType'] }): QuestionCost {
  const text = (row: number, key: Parameters<typeof reviewColumnNumber>[0]): string => sheet.getRow(row).getCell(reviewColumnNumber(key)).text;
  const base = { order: at.order, reached: at.reached, cells: plan.cells.length, noCells: plan.cells.filter((cell) => cell.value === 'no').length };
  if (sheet.name === REVIEW_SHEETS.words) return { ...base, kind: 'word', rows: Number(sheet.getRow(r).getCell(wordColumnNumber('rows')).value), ownLines: [] };
  const group = GROUP_CELL.read(text(r, 'group'));
  if (group === undefined) return { ...base, kind: 'type', rows: plan.cells.length === 0 ? 0 : Number(text(r, 'rows')), ownLines: [] };
  const lines = members.get(group.group) ?? [];
  const filled = new Map(plan.cells.map((cell) => [cell.row, cell.value]));
  const groupAnswered = filled.has(r);
  const isOwn = (row: number): boolean => GROUP_CELL.read(text(row, 'group'))?.ownAnswer === true;
  const answers = (row: number): boolean => (isOwn(row) ? filled.has(row) : filled.has(row) ? filled.get(row) !== 'no' : groupAnswered);
  const ownLines = lines.filter(isOwn).map((row) => ({
    doubt: /^ANSWER ON THIS ROW: the group's "yes" does not take it, (.*?)\. /.exec(text(row, 'evidence'))?.[1] ?? text(row, 'evidence'),
    rows: Number(text(row, 'rows')),
    proposalWrong: at.truthOfType(text(row, 'type'))[0]?.[0] !== Number(/\[(\d+)\]$/.exec(text(row, 'proposed'))?.[1]),
    filled: filled.has(row),
  }));
  return { ...base, kind: 'group', rows: lines.filter(answers).reduce((total, row) => total + Number(text(row, 'rows')), 0), ownLines, ...(group.byWord ? { byWord: true } : {}) };
}

/** What the loop's seller counted. */
interface Tally {
  answers: number;
  cells: number;
  leftEmpty: number;
  wordAnswers: number;
  groupAnswers: number;
  leftOut: number;
  groupSizes: number[];
  groupsOtherLeaf: string[];
}

/** The seller's answer to one question: the cells filled (none when it is left empty). */
interface AnswerPlan {
  kind: 'type' | 'group' | 'word' | 'empty';
  cells: { row: number; column: number; value: string }[];
  /** A group's: how many types it lists. */
  types: number;
  /** A group's: how many of its types the answer leaves out (`no` on their rows). */
  leftOut?: number;
  /** A group answered with another leaf: `first type (proposed id → answered id)`. */
  otherLeaf?: string;
}

/** What the seller knows: the true leaves of a type's rows (commonest first), a word's harmlessness, the leaf names. */
interface SellerKnowledge {
  truthOfType: (type: string) => [number | null, number][];
  labelOf: (leafId: number) => string;
  harmlessWord: (word: string) => boolean;
  hasLeaf: (leafId: number) => boolean;
  /** Answers `yes` on each group's row, excepting nothing. */
  careless: boolean;
}

/** The seller's answer to the question on row `r` of `sheet` (a word, a type, or a group with its types' rows in `members`). */
function planAnswer(sheet: ExcelJS.Worksheet, r: number, members: ReadonlyMap<number, number[]>, seller: SellerKnowledge): AnswerPlan {
  const cells = sheet.getRow(r);
  if (sheet.name === REVIEW_SHEETS.words) {
    const value = seller.harmlessWord(cells.getCell(wordColumnNumber('word')).text) ? 'yes' : 'no';
    return { kind: 'word', cells: [{ row: r, column: wordColumnNumber('answer'), value }], types: 0 };
  }
  const group = GROUP_CELL.read(cells.getCell(reviewColumnNumber('group')).text);
  if (group?.byWord === true && !seller.careless) return planHeadWordAnswer(r, readGroupTypes(sheet, members.get(group.group) ?? [], seller), seller);
  if (group !== undefined) return planGroupAnswer(sheet, r, members.get(group.group) ?? [], seller);
  const leafId = seller.truthOfType(cells.getCell(reviewColumnNumber('type')).text)[0]?.[0];
  if (leafId === null || leafId === undefined || !seller.hasLeaf(leafId)) return { kind: 'empty', cells: [], types: 0 };
  return { kind: 'type', cells: [{ row: r, column: reviewColumnNumber('answer'), value: seller.labelOf(leafId) }], types: 1 };
}

/** A group's types' rows (`memberRows`) with the leaf proposed on each (NaN: none) and the true leaves of its products, commonest first. */
function readGroupTypes(sheet: ExcelJS.Worksheet, memberRows: readonly number[], seller: SellerKnowledge): { row: number; proposed: number; truth: [number | null, number][] }[] {
  const text = (row: number, key: Parameters<typeof reviewColumnNumber>[0]): string => sheet.getRow(row).getCell(reviewColumnNumber(key)).text;
  return memberRows.map((row) => ({ row, proposed: Number(/\[(\d+)\]$/.exec(text(row, 'proposed'))?.[1]), truth: seller.truthOfType(text(row, 'type')) }));
}

/**
 * The careful seller's answer to a question by head word (row `r`, its types `types`), which proposes no leaf: on its row the
 * leaf most of its types' rows belong in (by the truth; a leaf no type fits is never it), `no` on the row of each type whose
 * products belong elsewhere (or nowhere), as the row's how-to says: one cell for the question, one per `no`. Empty when no type's
 * products have a leaf. (The careless seller's `yes` on the row takes nothing.)
 */
function planHeadWordAnswer(r: number, types: readonly { row: number; truth: [number | null, number][] }[], seller: SellerKnowledge): AnswerPlan {
  const column = reviewColumnNumber('answer');
  const votes = new Map<number, number>();
  for (const { truth } of types) for (const [leaf, count] of truth) if (leaf !== null && seller.hasLeaf(leaf)) votes.set(leaf, (votes.get(leaf) ?? 0) + count);
  const leafId = [...votes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (leafId === undefined) return { kind: 'empty', cells: [], types: types.length };
  const leftOut = types.filter(({ truth }) => truth[0]?.[0] !== leafId).map(({ row }) => ({ row, column, value: 'no' }));
  return { kind: 'group', cells: [{ row: r, column, value: seller.labelOf(leafId) }, ...leftOut], types: types.length, leftOut: leftOut.length };
}

/**
 * The seller's one answer to a group (row `r`, its types' rows `memberRows`), as `planPlainGroupAnswer` for the types the
 * group's `yes` takes, and a cell on the row of each type marked `own answer` (the group's `yes` does not take it) whose right
 * leaf: no answer on the group's row takes it, `yes` or a leaf. `yes` when its proposal is right, else its right leaf (none when
 * no leaf fits: it stays open). A careless seller answers `yes` on the group's row and nothing else.
 */
function planGroupAnswer(sheet: ExcelJS.Worksheet, r: number, memberRows: readonly number[], seller: SellerKnowledge): AnswerPlan {
  const column = reviewColumnNumber('answer');
  if (seller.careless) return { kind: 'group', cells: [{ row: r, column, value: 'yes' }], types: memberRows.length, leftOut: 0 };
  const isOwn = (row: number): boolean => GROUP_CELL.read(sheet.getRow(row).getCell(reviewColumnNumber('group')).text)?.ownAnswer === true;
  const own = memberRows.filter(isOwn);
  const plain = memberRows.filter((row) => !isOwn(row));
  const plan: AnswerPlan = plain.length > 0 ? planPlainGroupAnswer(sheet, r, plain, seller) : { kind: 'group', cells: [], types: 0 };
  const ownCells: AnswerPlan['cells'] = [];
  for (const row of own) {
    const truth = seller.truthOfType(sheet.getRow(row).getCell(reviewColumnNumber('type')).text)[0]?.[0];
    const proposed = Number(/\[(\d+)\]$/.exec(sheet.getRow(row).getCell(reviewColumnNumber('proposed')).text)?.[1]);
    const value = truth === proposed ? 'yes' : truth !== null && truth !== undefined && seller.hasLeaf(truth) ? seller.labelOf(truth) : undefined;
    if (value !== undefined) ownCells.push({ row, column, value });
  }
  const cells = [...plan.cells, ...ownCells];
  if (cells.length === 0) return { kind: 'empty', cells: [], types: memberRows.length };
  return { ...plan, kind: 'group', cells, types: memberRows.length };
}

/**
 * The seller's one answer to a group (row `r`, its types' rows `memberRows`): `yes` when the leaf
 * proposed on each type's row is right for most of the group's rows (a group of one leaf proposes it
 * on every row; a group of a section's leaves, each type its own), each type whose own products belong
 * elsewhere left out (`no`), as a seller reading its examples would. Else, for a group of one leaf, the
 * leaf most of them belong to on the group's row (empty when most belong to none), each type it does not
 * fit left out; for a group of a section's leaves, where a leaf on the group's row is an error, as the
 * row's how-to says: `yes` on the group's row when some types are right as proposed, the leaf most of the
 * rows belong to on the row of each type whose products are there, `no` on the others.
 */
function planPlainGroupAnswer(sheet: ExcelJS.Worksheet, r: number, memberRows: readonly number[], seller: SellerKnowledge): AnswerPlan {
  const column = reviewColumnNumber('answer');
  const proposedOn = (row: number): number => Number(/\[(\d+)\]$/.exec(sheet.getRow(row).getCell(reviewColumnNumber('proposed')).text)?.[1]);
  const types = memberRows.map((row) => ({ row, proposed: proposedOn(row), truth: seller.truthOfType(sheet.getRow(row).getCell(reviewColumnNumber('type')).text) }));
  const votes = new Map<number | null, number>();
  let rightAsProposed = 0;
  for (const { truth, proposed } of types) {
    for (const [leaf, count] of truth) votes.set(leaf, (votes.get(leaf) ?? 0) + count);
    rightAsProposed += truth.find(([leaf]) => leaf === proposed)?.[1] ?? 0;
  }
  const total = [...votes.values()].reduce((a, b) => a + b, 0);
  const commonest = [...votes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const yes = rightAsProposed * 2 > total;
  const leafId = yes ? undefined : commonest;
  if (!yes && (leafId === null || leafId === undefined)) return { kind: 'empty', cells: [], types: types.length };
  const groupLeaf = proposedOn(r);
  const otherLeaf = yes ? undefined : `${sheet.getRow(memberRows[0] ?? r).getCell(reviewColumnNumber('type')).text} (${Number.isNaN(groupLeaf) ? "a section's leaves" : groupLeaf} → ${leafId})`;
  if (!yes && Number.isNaN(groupLeaf) && typeof leafId === 'number') {
    const rightTypes = types.filter(({ truth, proposed }) => truth[0]?.[0] === proposed);
    const wrong = types.filter((type) => !rightTypes.includes(type));
    const own = wrong.map(({ row, truth }) => ({ row, column, value: truth[0]?.[0] === leafId ? seller.labelOf(leafId) : 'no' }));
    const head = rightTypes.length > 0 ? [{ row: r, column, value: 'yes' }] : [];
    const leftOut = own.filter((cell) => cell.value === 'no');
    // Nothing `yes` reaches: the `no`s are no cells the seller needs to fill.
    const cells = head.length > 0 ? [...head, ...own] : own.filter((cell) => cell.value !== 'no');
    return { kind: 'group', cells, types: types.length, leftOut: head.length > 0 ? leftOut.length : 0, ...(otherLeaf === undefined ? {} : { otherLeaf }) };
  }
  const answer = { row: r, column, value: yes || leafId === undefined || leafId === null ? 'yes' : seller.labelOf(leafId) };
  const leftOut = types.filter(({ truth, proposed }) => truth[0]?.[0] !== (yes ? proposed : leafId)).map(({ row }) => ({ row, column, value: 'no' }));
  return { kind: 'group', cells: [answer, ...leftOut], types: types.length, leftOut: leftOut.length, ...(otherLeaf === undefined ? {} : { otherLeaf }) };
}

/** Maps every row as `validate` does and compares its category with the truth. */
async function measureRows(dir: string, truthOf: ReadonlyMap<string, number | null>, directories: Parameters<typeof createRowMapper>[1], deps: ReturnType<typeof createNodeDeps>): Promise<LoopFigures> {
  const mapping = await loadMapping(join(dir, 'price.yaml'), deps);
  const stream = await openSource(join(dir, 'price.csv'), buildReadOptions(mapping), deps);
  const mapper = createRowMapper(mapping, directories, stream.info);
  const nameIndex = stream.info.header.find((column) => column.name === 'Наименование')?.index ?? -1;
  const rows: { name: string; truth: number | null; leaf: number | null; accepted: boolean }[] = [];
  for await (const row of stream.rows) {
    const name = row.cells[nameIndex]?.text.trim() ?? '';
    const { record, issues } = mapper(row);
    const leaf = record?.product.categoryId ?? null;
    rows.push({ name, truth: truthOf.get(name) ?? null, leaf, accepted: leaf !== null && !issues.some((issue) => issue.severity === 'error') });
  }
  return measureLeaves(rows);
}

/** The figures of rows with their right and given leaves. */
// The wrong rows each pass lists: 30, or every one with `REVIEW_LOOP_ALL_WRONG=1` (a whole seller file run with every row
// `none`, whose sure picks are then judged by eye: the file's sections are read only from 30 sure rows, which a sample lacks).
const WRONG_EXAMPLES = process.env.REVIEW_LOOP_ALL_WRONG === '1' ? Number.POSITIVE_INFINITY : 30;

function measureLeaves(rows: readonly { name: string; truth: number | null; leaf: number | null; accepted: boolean }[]): LoopFigures {
  const figures: LoopFigures = { rows: 0, takeable: 0, right: 0, accepted: 0, acceptedWrong: 0, wrongExamples: [] };
  for (const { name, truth, leaf, accepted } of rows) {
    figures.rows += 1;
    if (truth !== null) figures.takeable += 1;
    if (truth !== null && leaf === truth) figures.right += 1;
    if (accepted) figures.accepted += 1;
    if (accepted && leaf !== truth) {
      figures.acceptedWrong += 1;
      if (figures.wrongExamples.length < WRONG_EXAMPLES) figures.wrongExamples.push(`${name} → ${leaf} (right: ${truth ?? 'none'})`);
    }
  }
  return figures;
}


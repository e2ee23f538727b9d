/**
 * Reads the seller's answers from a review workbook (`mapping review --apply`), strictly: the
 * `Review` and `Placed` sheets must have the columns `mapping review` wrote, and every answer must
 * be `yes` (the leaf proposed on its row), `no`, or name one leaf of the directory — `path [id]` as
 * the drop-down lists it, an id, or an exact path or leaf name that only one leaf has. An answer that
 * is none of these is an error naming its sheet, row and column, never a guess; an empty answer or
 * `no` leaves its type open. A group's answer (its row `group N`) is the answer of each of its types
 * (`in group N`) that has none of its own (its `yes`: the leaf proposed on the type's own row, which a
 * group of a section's leaves proposes type by type): a type answered `no` is left out, open, and a type the review marked
 * `in group N, own answer` (its evidence doubts its proposal) is not taken by the group's `yes`. A question by head word
 * (`group N, by word`) proposes no leaf: the leaf named on its row is each type's that has no answer of its own, and its `yes`
 * takes nothing (a warning on its row). On `Placed` an empty answer keeps the placement and `no` is an error: it cannot
 * un-place a type.
 */
import ExcelJS from 'exceljs';
import { createIssue, type Issue } from '../../core/issue.js';
import type { DirectoryIndex } from '../../mapping/directory-index.js';
import { PICKED_ENTRY } from '../../mapping/mapping-workbook-layout.js';
import { normalizeName, normalizePath } from '../../mapping/normalize-name.js';
import { createSectionResolver } from '../../mapping/resolve-file-sections.js';
import { SECTIONS_SHEET, type SectionsAnswer } from './review-sections-sheet.js';
import { BRAND_COLUMNS, findColumnNumber, GROUP_CELL, isGroupHeadText, readYesNo, REVIEW_COLUMNS, REVIEW_SHEETS, reviewColumnNumber, SECTION_COLUMNS, sectionColumnNumber, WORD_COLUMNS } from './review-workbook-layout.js';

/** One answered product type. */
export interface ReviewAnswer {
  type: string;
  leafId: number;
  sheet: string;
  row: number;
  /** The group whose answer it is (column `Group`), when the type was asked in one. */
  group?: number;
}

/** What the workbook says. */
export interface ReviewAnswers {
  answers: ReviewAnswer[];
  /** Words of sheet `Words` the seller said do not change the kind of product. */
  neutralWords: string[];
  /** Words of sheet `Brands` answered yes: the file writes them as brands. */
  brandWords: string[];
  /** Sheet `Sections`, when the workbook has it: the file's sections the seller kept. */
  sections?: SectionsAnswer;
  /** Types of `Review` left without an answer (or left out of their group, or in a group left empty): open questions, never guessed. */
  open: number;
  /** Of them, types the seller left out of their group's answer (`no` on the type's row). */
  leftOut: number;
  /** Rows of the open types placed without asking (column C): they keep the leaf they are placed in. */
  openPlacedRows: number;
  issues: Issue[];
}

/** Reads the answers; a file that cannot be opened as a workbook is one issue. */
export async function readReviewAnswers(path: string, file: string, index: DirectoryIndex): Promise<ReviewAnswers> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(path);
  } catch (error) {
    return { answers: [], neutralWords: [], brandWords: [], open: 0, leftOut: 0, openPlacedRows: 0, issues: [answerIssue('unknown_category', `cannot read ${file} as a workbook: ${(error as Error).message}`, { file })] };
  }
  const result: ReviewAnswers = { answers: [], neutralWords: [], brandWords: [], open: 0, leftOut: 0, openPlacedRows: 0, issues: [] };
  for (const name of [REVIEW_SHEETS.review, REVIEW_SHEETS.placed]) {
    const sheet = workbook.getWorksheet(name);
    if (sheet === undefined) {
      result.issues.push(answerIssue('mapping_invalid', `sheet "${name}" is missing: answer in the workbook \`mapping review\` wrote`, { file, sheet: name }));
      continue;
    }
    // A workbook written before groups existed has no column `Group`: its rows are all plain types.
    const header = checkHeaderRow(sheet, REVIEW_COLUMNS, file, result.issues, 'group');
    if (header.ok) readSheetAnswers(sheet, { file, index, groupColumn: !header.lacking }, result);
  }
  // A workbook written before the `Words` sheet existed has none: nothing to read there.
  const words = workbook.getWorksheet(REVIEW_SHEETS.words);
  if (words !== undefined) readYesNoSheet(words, { columns: WORD_COLUMNS, what: 'word', file }, result, (word) => result.neutralWords.push(word));
  const brands = workbook.getWorksheet(REVIEW_SHEETS.brands);
  if (brands !== undefined) readYesNoSheet(brands, { columns: BRAND_COLUMNS, what: 'word', file }, result, (word) => result.brandWords.push(word));
  const sections = workbook.getWorksheet(SECTIONS_SHEET);
  if (sections !== undefined) result.sections = readSectionsSheet(sections, file, index, result);
  const seen = new Map<string, ReviewAnswer>();
  for (const answer of result.answers) {
    const earlier = seen.get(answer.type);
    if (earlier !== undefined && earlier.leafId !== answer.leafId) {
      result.issues.push(answerIssue('ambiguous_category', `product type "${answer.type}" is answered twice with different leaves (also sheet "${earlier.sheet}" row ${earlier.row})`, { file, sheet: answer.sheet, row: answer.row, column: letterOf('answer') }));
    }
    seen.set(answer.type, answer);
  }
  return result;
}

/**
 * Whether row 1 holds the headers `mapping review` wrote; each one that does not is an issue. `mayLack`: the key of a
 * column an older workbook may leave empty (`lacking`), which is no issue.
 */
function checkHeaderRow(sheet: ExcelJS.Worksheet, columns: readonly { key: string; header: string }[], file: string, issues: Issue[], mayLack?: string): { ok: boolean; lacking: boolean } {
  let ok = true;
  let lacking = false;
  columns.forEach((column, i) => {
    const text = sheet.getRow(1).getCell(i + 1).text.trim();
    if (text === column.header) return;
    if (column.key === mayLack && text === '') {
      lacking = true;
      return;
    }
    const letter = String.fromCharCode(65 + i);
    issues.push(answerIssue('mapping_invalid', `column ${letter} must be "${column.header}", found "${text}": answer in the workbook \`mapping review\` wrote, without moving its columns`, { file, sheet: sheet.name, row: 1, column: letter }));
    ok = false;
  });
  return { ok, lacking };
}

/** One row of sheet `Review` or `Placed`, as written and answered. */
interface AnsweredRow {
  row: number;
  type: string;
  /** What the answer cell says: a leaf, `open` (`no` or empty), or that it names nothing. */
  answer: RowAnswer;
  /** The answer cell as written. */
  text: string;
  /** Empty (not `no`): a type of a group then takes the group's answer. */
  empty: boolean;
  /** The group whose type it is, if any. */
  group?: number;
  /** A type of a group the group's `yes` does not take (`GROUP_CELL.ownAnswer`): its evidence doubts its proposal. */
  ownAnswer?: boolean;
  /** Rows of the type placed without asking (column C). */
  placedRows: number;
  /** The leaf proposed on its row, as written: what its group's `yes` gives it. */
  proposed: string;
}

/** What reading a sheet needs besides the sheet. */
interface SheetContext {
  file: string;
  index: DirectoryIndex;
  /** Whether the sheet has column `Group` (a workbook written before groups has not). */
  groupColumn: boolean;
}

type RowAnswer = number | 'open' | LeafProblem;

/** A group's answer: a leaf (or a problem) for all its types, `open`, or `each`: its `yes`, each type in the leaf proposed on its own row. */
type GroupAnswer = RowAnswer | 'each';

/**
 * Reads a sheet's answers: a row's own answer (a leaf; `yes`, the leaf proposed on it; `no` or
 * empty, open), and for a type of a group without an answer of its own, the group's.
 */
function readSheetAnswers(sheet: ExcelJS.Worksheet, context: SheetContext, result: ReviewAnswers): void {
  const { file } = context;
  const { rows, heads } = readSheetRows(sheet, context, result.issues);
  const where = (row: number) => ({ file, sheet: sheet.name, row, column: letterOf('answer') });
  const withTypes = new Set(rows.map((item) => item.group));
  for (const [group, head] of heads) {
    if (typeof head.answer === 'object') result.issues.push(answerIssue(head.answer.code, `the answer for group ${group} ${head.answer.message}`, { ...where(head.row), value: head.text }));
    // An answer that would reach no type is lost: said, not dropped.
    else if (head.answer !== 'open' && !withTypes.has(group)) result.issues.push(answerIssue('mapping_invalid', `${GROUP_CELL.head(group)} is answered, but no row is ${GROUP_CELL.member(group)}: its answer reaches no product type`, { ...where(head.row), value: head.text }));
  }
  for (const item of rows) {
    const head = item.group === undefined ? undefined : heads.get(item.group);
    if (item.group !== undefined && head === undefined) {
      result.issues.push(answerIssue('mapping_invalid', `the type "${item.type}" is ${GROUP_CELL.member(item.group)}, but no row is ${GROUP_CELL.head(item.group)}: keep the group's row, or clear column ${letterOf('group')}`, { file, sheet: sheet.name, row: item.row, column: letterOf('group') }));
      continue;
    }
    const answer = item.empty && head !== undefined ? readGroupAnswerFor(head.answer, item, context.index) : item.answer;
    if (typeof answer === 'number') {
      result.answers.push({ type: item.type, leafId: answer, sheet: sheet.name, row: item.row, ...(item.group === undefined ? {} : { group: item.group }) });
    } else if (answer === 'open') {
      if (sheet.name !== REVIEW_SHEETS.review) continue;
      // The seller answered the group, and this row stays open: said on the row, not folded into the types never reached.
      if (item.empty && item.ownAnswer === true && (head?.answer === 'each' || typeof head?.answer === 'number')) {
        result.issues.push(answerIssue('mapping_invalid', `the answer of ${GROUP_CELL.head(item.group ?? 0)} does not take "${item.type}" (${GROUP_CELL.ownAnswer(item.group ?? 0)}: its evidence doubts its leaf): answer it on its own row`, where(item.row), 'warning'));
      }
      result.open += 1;
      result.openPlacedRows += item.placedRows;
      if (head !== undefined && !item.empty) result.leftOut += 1;
    } else if (answer === item.answer) {
      result.issues.push(answerIssue(answer.code, `the answer for "${item.type}" ${answer.message}`, { ...where(item.row), value: item.text }));
    } else if (head?.answer === 'each') {
      result.issues.push(answerIssue(answer.code, `the "yes" of ${GROUP_CELL.head(item.group ?? 0)} reaches "${item.type}", whose row proposes no leaf: give it its own leaf, or "no"`, { ...where(item.row), value: item.text }));
    }
  }
}

/**
 * What a group's answer gives one of its types: none to a type the review marked `own answer` (its evidence doubts the leaf
 * proposed for it, so it is open until answered on its row, whatever the group's row says: a leaf typed there corrects the
 * plain lines the seller read, as its `yes` accepts them), else its `yes` the leaf proposed on the type's own row, or the
 * group's leaf, or `open`.
 */
function readGroupAnswerFor(answer: GroupAnswer, item: AnsweredRow, index: DirectoryIndex): RowAnswer {
  if (item.ownAnswer === true) return 'open';
  return answer === 'each' ? readRowAnswer('yes', item.proposed, index) : answer;
}

/** The rows of a sheet with their own answers, and the groups' rows (by group number) with theirs. */
function readSheetRows(sheet: ExcelJS.Worksheet, context: SheetContext, issues: Issue[]): { rows: AnsweredRow[]; heads: Map<number, GroupHead> } {
  const { file, index } = context;
  const rows: AnsweredRow[] = [];
  const heads = new Map<number, GroupHead>();
  /** Groups' rows found where column `Group` is gone: one issue for them all. */
  const untiedHeads: number[] = [];
  const column = (key: (typeof REVIEW_COLUMNS)[number]['key']): number => reviewColumnNumber(key);
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const type = readText(row.getCell(column('type')));
    const answer = readText(row.getCell(column('answer')));
    const groupText = readText(row.getCell(column('group')));
    const group = GROUP_CELL.read(groupText);
    const place = { file, sheet: sheet.name, row: r };
    if (groupText !== '' && group === undefined) {
      issues.push(answerIssue('mapping_invalid', `column ${letterOf('group')} says "${groupText}": it ties a type to its group as \`mapping review\` wrote it ("${GROUP_CELL.head(1)}", "${GROUP_CELL.member(1)}", "${GROUP_CELL.ownAnswer(1)}"), or is empty`, { ...place, column: letterOf('group'), value: groupText }));
      continue;
    }
    const proposed = readText(row.getCell(column('proposed')));
    const own = readRowAnswer(answer, proposed, index);
    if (group?.part === 'head') {
      // A group's yes is each type's proposed leaf (a group of one leaf proposes it on every row; one of a section's leaves, each its own);
      // a question by head word proposes none, so its yes takes nothing: said on its row, and its types stay open.
      const yes = readYesNo(answer) === 'yes';
      if (heads.has(group.group)) issues.push(answerIssue('mapping_invalid', `two rows say ${GROUP_CELL.head(group.group)} (also row ${heads.get(group.group)?.row})`, { ...place, column: letterOf('group') }));
      else heads.set(group.group, { row: r, text: answer, proposed, byWord: group.byWord, answer: !yes ? own : group.byWord ? 'open' : 'each' });
      if (yes && group.byWord) issues.push(answerIssue('mapping_invalid', `the answer for ${GROUP_CELL.head(group.group)} is "${answer}", but it proposes no leaf (its types begin with one word; none is proposed for them all): "yes" takes nothing, its types stay open. Name the leaf of them all here, or answer each on its own row`, { ...place, column: letterOf('answer'), value: answer }, 'warning'));
      continue;
    }
    if (type === '' && answer === '') continue;
    if (type === '') {
      issues.push(answerIssue('mapping_invalid', `an answer without a product type in column ${letterOf('type')}`, { ...place, column: letterOf('answer'), value: answer }));
      continue;
    }
    // A group's row whose Group cell is gone is no product type: its text would become a mapping key.
    if (group === undefined && isGroupHeadText(type)) {
      if (context.groupColumn) issues.push(answerIssue('mapping_invalid', `"${type}" is a group's row, but its column ${letterOf('group')} is empty: put back the cell as \`mapping review\` wrote it ("${GROUP_CELL.head(1)}" for the types "${GROUP_CELL.member(1)}"), or delete the row and answer its types on their own rows`, { ...place, column: letterOf('group') }));
      else untiedHeads.push(r);
      continue;
    }
    if (sheet.name === REVIEW_SHEETS.placed && readYesNo(answer) === 'no') {
      issues.push(answerIssue('unknown_category', `the answer for "${type}" is "${answer}": on sheet "${REVIEW_SHEETS.placed}" "no" cannot un-place a type; name the leaf it belongs in (drop-down or sheet "${REVIEW_SHEETS.leaves}"), or leave the cell empty to keep the placement`, { ...place, column: letterOf('answer'), value: answer }));
      continue;
    }
    rows.push({ row: r, type, answer: own, text: answer, empty: answer === '', placedRows: readCount(row.getCell(column('placed'))), proposed, ...(group === undefined ? {} : { group: group.group }), ...(group?.ownAnswer === true ? { ownAnswer: true } : {}) });
  }
  checkGroupProposals(heads, rows, { file, sheet: sheet.name }, issues);
  if (untiedHeads.length > 0) {
    issues.push(answerIssue('mapping_invalid', `column ${letterOf('group')} "${REVIEW_COLUMNS[reviewColumnNumber('group') - 1]?.header}" is gone, but row${untiedHeads.length === 1 ? '' : 's'} ${untiedHeads.join(', ')} ${untiedHeads.length === 1 ? 'is a group\'s row' : 'are groups\' rows'}: without it no group's answer reaches its types. Answer in the workbook \`mapping review\` wrote, with its column ${letterOf('group')}`, { file, sheet: sheet.name, row: 1, column: letterOf('group') }));
  }
  return { rows, heads };
}

/** A group's question row, as written and answered. */
interface GroupHead {
  row: number;
  text: string;
  /** Its `Proposed leaf` cell: the leaf of all its types, or empty when each type is proposed its own. */
  proposed: string;
  /** A question by head word (`group N, by word`): it proposes no leaf, and a leaf named on its row is its types'. */
  byWord: boolean;
  answer: GroupAnswer;
}

/**
 * The group questions' proposals, checked against what `mapping review` wrote (column G is the review's, not the seller's):
 * a group's row proposes what every one of its types' rows does, or nothing when they propose different leaves; a type's row
 * in a group of one leaf proposes what the others do. An edited proposal is an error on its cell, never followed or ignored
 * silently. And a leaf on the row of a group whose types are proposed different leaves is an error: one answer cannot be
 * several types' leaf (notebooks and soft toys of one section would all go to the notebooks' leaf); the group is then open.
 */
function checkGroupProposals(heads: Map<number, GroupHead>, rows: readonly AnsweredRow[], where: { file: string; sheet: string }, issues: Issue[]): void {
  const cell = (row: number, value: string) => ({ ...where, row, column: letterOf('proposed'), value });
  for (const [group, head] of heads) {
    const members = rows.filter((item) => item.group === group);
    const proposals = new Set(members.map((item) => item.proposed));
    const edited = `column ${letterOf('proposed')} is the review's proposal, not an answer: put it back as \`mapping review\` wrote it and answer in column ${letterOf('answer')}`;
    // A question by head word proposes none, whatever its types' rows propose: a leaf on its row is the seller's, for them all.
    if (head.byWord) {
      if (head.proposed !== '') issues.push(answerIssue('mapping_invalid', `${GROUP_CELL.head(group)} asks one leaf for types of one head word and proposes none, but its ${edited}`, cell(head.row, head.proposed)));
      continue;
    }
    if (proposals.size <= 1) {
      if (members.length > 0 && head.proposed !== [...proposals][0]) issues.push(answerIssue('mapping_invalid', `${GROUP_CELL.head(group)} proposes "${head.proposed}", but its types' rows propose "${[...proposals][0]}": its ${edited}`, cell(head.row, head.proposed)));
      continue;
    }
    // Most of the types' rows propose the leaf of the group's row: a group of one leaf, the others' proposals edited.
    const sameAsHead = members.filter((item) => item.proposed === head.proposed).length;
    if (head.proposed !== '' && sameAsHead * 2 > members.length) {
      for (const item of members.filter((member) => member.proposed !== head.proposed)) issues.push(answerIssue('mapping_invalid', `the type "${item.type}" is ${GROUP_CELL.member(group)}, whose types are all proposed "${head.proposed}": its ${edited}`, cell(item.row, item.proposed)));
      continue;
    }
    // A group of a section's leaves: its row proposes none.
    if (head.proposed !== '') issues.push(answerIssue('mapping_invalid', `${GROUP_CELL.head(group)} proposes no leaf of its own (its types are proposed different leaves), but its ${edited}`, cell(head.row, head.proposed)));
    if (typeof head.answer === 'number') {
      issues.push(answerIssue('mapping_invalid', `the answer for ${GROUP_CELL.head(group)} names one leaf, but its types are proposed different leaves (column ${letterOf('proposed')} of their rows): one answer cannot be several types' leaf. Answer "yes" (each type to the leaf proposed on its row) or leave it empty, and give a type another leaf, or "no", on its own row`, { ...where, row: head.row, column: letterOf('answer'), value: head.text }));
      head.answer = 'open';
    }
  }
}

/** A count cell (column `Rows`, `Placed without asking`): 0 when empty or not a count. */
function readCount(cell: ExcelJS.Cell): number {
  const count = Number(cell.text.trim());
  return Number.isInteger(count) && count > 0 ? count : 0;
}

/** A row's answer: `yes` takes the leaf proposed on the row, `no` and empty leave it open, anything else must name one leaf. */
function readRowAnswer(answer: string, proposed: string, index: DirectoryIndex): RowAnswer {
  if (answer === '') return 'open';
  const yesNo = readYesNo(answer);
  if (yesNo === 'no') return 'open';
  if (yesNo === 'yes') {
    const leaf = proposed === '' ? undefined : resolveLeaf(proposed, index);
    return typeof leaf === 'number' ? leaf : { code: 'unknown_category', message: 'says yes, but the row proposes no leaf: pick one from the drop-down or sheet "Leaves"' };
  }
  const leaf = resolveLeaf(answer, index);
  if (typeof leaf === 'number' || leaf.code !== 'unknown_category') return leaf;
  return { ...leaf, message: `${leaf.message}, nor is it yes or no` };
}

/**
 * Reads sheet `Sections` (written by `review-sections-sheet.ts`) as the other yes/no sheets: each section answered yes must
 * name a section or group of the directory (`createSectionResolver`, as `classify.sections` is read), else an error naming
 * sheet, row and column; the rows they hold and the file's counts go to the mapping's comment.
 */
function readSectionsSheet(sheet: ExcelJS.Worksheet, file: string, index: DirectoryIndex, result: ReviewAnswers): SectionsAnswer {
  const answer: SectionsAnswer = { sections: [], sureRows: 0, fileSureRows: 0, fileRows: 0 };
  const resolve = createSectionResolver(index);
  readYesNoSheet(sheet, { columns: SECTION_COLUMNS, what: 'section', file }, result, (section, row) => {
    const path = resolve(section);
    const count = (key: (typeof SECTION_COLUMNS)[number]['key']): number => readCount(row.getCell(sectionColumnNumber(key)));
    if (typeof path !== 'string') {
      const why = path.code === 'ambiguous_category' ? 'is the name of more than one section or group of the directory: write its path' : 'is no section or group of the directory: write it as `mapping review` wrote it, or answer no';
      result.issues.push(answerIssue(path.code, `the section "${section}" answered yes ${why}`, { file, sheet: sheet.name, row: row.number, column: String.fromCharCode(64 + sectionColumnNumber('section')), value: section }));
      return;
    }
    if (!answer.sections.includes(path)) answer.sections.push(path);
    answer.sureRows += count('sureRows');
    answer.fileSureRows = count('fileSureRows') || answer.fileSureRows;
    answer.fileRows = count('fileRows') || answer.fileRows;
  });
  return answer;
}

/**
 * A sheet of yes/no questions (`Words`, `Brands`, `Sections`): its first column the word or section, its `answer` column yes
 * or no; `yes` takes the word with its row, `no` or empty leaves it; anything else, or a `yes` beside an empty first cell, is
 * an error naming sheet, row and column.
 */
function readYesNoSheet(sheet: ExcelJS.Worksheet, layout: { columns: readonly { key: string; header: string }[]; what: 'word' | 'section'; file: string }, result: ReviewAnswers, take: (word: string, row: ExcelJS.Row) => void): void {
  const { columns, what, file } = layout;
  const answerColumn = findColumnNumber(columns, 'answer');
  const column = String.fromCharCode(64 + answerColumn);
  if (!checkHeaderRow(sheet, columns, file, result.issues).ok) return;
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const word = readText(row.getCell(1));
    const answer = readText(row.getCell(answerColumn)).toLowerCase();
    if (answer === '' || readYesNo(answer) === 'no') continue;
    const where = { file, sheet: sheet.name, row: r, column };
    if (readYesNo(answer) !== 'yes') result.issues.push(answerIssue('mapping_invalid', `the answer for the ${what} "${word}" must be yes or no`, { ...where, value: answer }));
    else if (word === '') result.issues.push(answerIssue('mapping_invalid', `a "yes" without a ${what} in column A`, where));
    else take(word, row);
  }
}

/** A cell's text without a formula guard's leading `'`. */
function readText(cell: ExcelJS.Cell): string {
  return cell.text.trim().replace(/^'(?=[=+\-@])/, '');
}

type LeafProblem = { code: 'unknown_category' | 'ambiguous_category' | 'category_not_leaf'; message: string };

/** The leaf an answer names, or why it names none. */
export function resolveLeaf(answer: string, index: DirectoryIndex): number | LeafProblem {
  const picked = PICKED_ENTRY.exec(answer)?.[1]?.trim();
  const idText = picked ?? (/^\d+$/.test(answer) ? answer : undefined);
  if (idText !== undefined) {
    const id = Number(idText);
    if (!/^\d+$/.test(idText) || !index.categoryById.has(id)) return { code: 'unknown_category', message: `names id ${idText}, which is no category of the directory (pick one from the drop-down or sheet "${REVIEW_SHEETS.leaves}")` };
    if (index.nonLeafIds.has(id)) return { code: 'category_not_leaf', message: `names ${idText}, a category with subcategories: pick one of its leaves` };
    return id;
  }
  const byName = [...new Set([...(index.categoriesByName.get(normalizeName(answer)) ?? []), ...(index.categoriesByName.get(normalizePath(answer)) ?? [])])].filter((category) => !index.nonLeafIds.has(category.id));
  if (byName.length === 1 && byName[0] !== undefined) return byName[0].id;
  if (byName.length > 1) return { code: 'ambiguous_category', message: `names ${byName.length} leaves (${byName.slice(0, 3).map((category) => category.id).join(', ')}…): pick the one with its id from the drop-down` };
  return { code: 'unknown_category', message: `names no leaf of the directory (pick one from the drop-down or sheet "${REVIEW_SHEETS.leaves}")` };
}

function letterOf(key: (typeof REVIEW_COLUMNS)[number]['key']): string {
  return String.fromCharCode(64 + reviewColumnNumber(key));
}

function answerIssue(code: 'unknown_category' | 'ambiguous_category' | 'category_not_leaf' | 'mapping_invalid', message: string, where: { file: string; sheet?: string; row?: number; column?: string; value?: string }, severity: 'error' | 'warning' = 'error'): Issue {
  return createIssue({ stage: 'mapping', severity, code, message, ...where });
}

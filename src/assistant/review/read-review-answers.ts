/**
 * Reads the seller's answers from a review workbook (`mapping review --apply`), strictly: the
 * `Review` and `Placed` sheets must have the columns `mapping review` wrote, and every answer must
 * name one leaf of the directory — `path [id]` as the drop-down lists it, an id, or an exact path or
 * leaf name that only one leaf has. An answer that names none is an error naming its sheet, row and
 * column, never a guess; an empty answer leaves its type open.
 */
import ExcelJS from 'exceljs';
import { createIssue, type Issue } from '../../core/issue.js';
import type { DirectoryIndex } from '../../mapping/directory-index.js';
import { PICKED_ENTRY } from '../../mapping/mapping-workbook-layout.js';
import { normalizeName, normalizePath } from '../../mapping/normalize-name.js';
import { BRAND_COLUMNS, REVIEW_COLUMNS, REVIEW_SHEETS, reviewColumnNumber, WORD_ANSWERS, WORD_COLUMNS } from './review-workbook-layout.js';

/** One answered product type. */
export interface ReviewAnswer {
  type: string;
  leafId: number;
  sheet: string;
  row: number;
}

/** What the workbook says. */
export interface ReviewAnswers {
  answers: ReviewAnswer[];
  /** Words of sheet `Words` the seller said do not change the kind of product. */
  neutralWords: string[];
  /** Words of sheet `Brands` answered yes: the file writes them as brands. */
  brandWords: string[];
  /** Rows of `Review` left without an answer: open questions, never guessed. */
  open: number;
  issues: Issue[];
}

/** Reads the answers; a file that cannot be opened as a workbook is one issue. */
export async function readReviewAnswers(path: string, file: string, index: DirectoryIndex): Promise<ReviewAnswers> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(path);
  } catch (error) {
    return { answers: [], neutralWords: [], brandWords: [], open: 0, issues: [answerIssue('unknown_category', `cannot read ${file} as a workbook: ${(error as Error).message}`, { file })] };
  }
  const result: ReviewAnswers = { answers: [], neutralWords: [], brandWords: [], open: 0, issues: [] };
  for (const name of [REVIEW_SHEETS.review, REVIEW_SHEETS.placed]) {
    const sheet = workbook.getWorksheet(name);
    if (sheet === undefined) {
      result.issues.push(answerIssue('mapping_invalid', `sheet "${name}" is missing: answer in the workbook \`mapping review\` wrote`, { file, sheet: name }));
      continue;
    }
    if (!checkHeader(sheet, file, result.issues)) continue;
    readSheetAnswers(sheet, file, index, result);
  }
  // A workbook written before the `Words` sheet existed has none: nothing to read there.
  const words = workbook.getWorksheet(REVIEW_SHEETS.words);
  if (words !== undefined) readYesNoSheet(words, WORD_COLUMNS, file, result, (word) => result.neutralWords.push(word));
  const brands = workbook.getWorksheet(REVIEW_SHEETS.brands);
  if (brands !== undefined) readYesNoSheet(brands, BRAND_COLUMNS, file, result, (word) => result.brandWords.push(word));
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

function checkHeader(sheet: ExcelJS.Worksheet, file: string, issues: Issue[]): boolean {
  let ok = true;
  REVIEW_COLUMNS.forEach((column, i) => {
    const text = sheet.getRow(1).getCell(i + 1).text.trim();
    if (text !== column.header) {
      issues.push(answerIssue('mapping_invalid', `column ${letterOf(column.key)} must be "${column.header}", found "${text}": answer in the workbook \`mapping review\` wrote, without moving its columns`, { file, sheet: sheet.name, row: 1, column: letterOf(column.key) }));
      ok = false;
    }
  });
  return ok;
}

function readSheetAnswers(sheet: ExcelJS.Worksheet, file: string, index: DirectoryIndex, result: ReviewAnswers): void {
  const typeColumn = reviewColumnNumber('type');
  const answerColumn = reviewColumnNumber('answer');
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const type = readText(row.getCell(typeColumn));
    const answer = readText(row.getCell(answerColumn));
    if (type === '' && answer === '') continue;
    const where = { file, sheet: sheet.name, row: r, column: letterOf('answer') };
    if (type === '') {
      result.issues.push(answerIssue('mapping_invalid', `an answer without a product type in column ${letterOf('type')}`, { ...where, value: answer }));
      continue;
    }
    if (answer === '') {
      if (sheet.name === REVIEW_SHEETS.review) result.open += 1;
      continue;
    }
    const found = resolveLeaf(answer, index);
    if (typeof found === 'number') result.answers.push({ type, leafId: found, sheet: sheet.name, row: r });
    else result.issues.push(answerIssue(found.code, `the answer for "${type}" ${found.message}`, { ...where, value: answer }));
  }
}

/**
 * A sheet of yes/no questions about words (`Words`, `Brands`): its first column the word, its `answer` column yes or no; `yes`
 * takes the word, `no` or empty leaves it; anything else is an error naming sheet, row and column.
 */
function readYesNoSheet(sheet: ExcelJS.Worksheet, columns: readonly { key: string; header: string }[], file: string, result: ReviewAnswers, take: (word: string) => void): void {
  const answerColumn = columns.findIndex((column) => column.key === 'answer') + 1;
  const column = String.fromCharCode(64 + answerColumn);
  let ok = true;
  columns.forEach((expected, i) => {
    const text = sheet.getRow(1).getCell(i + 1).text.trim();
    if (text === expected.header) return;
    ok = false;
    result.issues.push(answerIssue('mapping_invalid', `column ${String.fromCharCode(65 + i)} must be "${expected.header}", found "${text}": answer in the workbook \`mapping review\` wrote, without moving its columns`, { file, sheet: sheet.name, row: 1, column: String.fromCharCode(65 + i) }));
  });
  if (!ok) return;
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const word = readText(row.getCell(1));
    const answer = readText(row.getCell(answerColumn)).toLowerCase();
    if (answer === '' || (WORD_ANSWERS.no as readonly string[]).includes(answer)) continue;
    const where = { file, sheet: sheet.name, row: r, column };
    if (!(WORD_ANSWERS.yes as readonly string[]).includes(answer)) result.issues.push(answerIssue('mapping_invalid', `the answer for the word "${word}" must be yes or no`, { ...where, value: answer }));
    else if (word === '') result.issues.push(answerIssue('mapping_invalid', `a "yes" without a word in column A`, where));
    else take(word);
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

function answerIssue(code: 'unknown_category' | 'ambiguous_category' | 'category_not_leaf' | 'mapping_invalid', message: string, where: { file: string; sheet?: string; row?: number; column?: string; value?: string }): Issue {
  return createIssue({ stage: 'mapping', severity: 'error', code, message, ...where });
}

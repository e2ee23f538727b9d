/**
 * Sheet `Sections` of the review workbook: the file's own sections, read from where its sure rows lie
 * (`readFileSections`), each with the sure rows it holds and `Is the file of this section (yes/no)`,
 * already `yes` (the review asked by them), then the other sections the file's sure rows lie in, left
 * empty: a `yes` there adds one (a shop that does sell balloons beside its toys). `mapping review --apply` writes those left `yes` to
 * `classify.sections`, with a comment saying how many rows they were read from; a sheet answered `no`
 * throughout writes none. Written and read here, so both sides agree on its columns.
 */
import type ExcelJS from 'exceljs';
import { createIssue, type Issue } from '../../core/issue.js';
import { neutralizeFormula } from '../../report/neutralize-formula.js';
import type { FileSectionsReading } from '../classify/file-sections.js';
import { readYesNo } from './review-workbook-layout.js';

/** The sheet's name. */
export const SECTIONS_SHEET = 'Sections';

/** The columns of the `Sections` sheet, in order. */
export const SECTION_COLUMNS = [
  { key: 'section', header: 'Section of the file', width: 40 },
  { key: 'sureRows', header: 'Rows placed in it without asking', width: 14 },
  { key: 'fileSureRows', header: 'Rows placed without asking, all sections', width: 14 },
  { key: 'fileRows', header: 'Rows of the file', width: 10 },
  { key: 'answer', header: 'Is the file of this section (yes/no)', width: 16 },
] as const;

const SECTIONS_HEADER_NOTE =
  'The sections nearly all rows placed without asking lie in (answered "yes"). The review asked about every name placed outside them (a name there is often another sense of a word: spark plugs, not candles). "yes" keeps a section; "no" leaves it out. The sections below them (answer empty) hold the few rows placed outside: "yes" adds one, and its rows are placed again. --apply writes the sections answered "yes" to classify.sections.';

/** What sheet `Sections` says, when the workbook has it. */
export interface SectionsAnswer {
  /** The sections answered yes (paths). */
  sections: string[];
  /** Sure rows of the sections answered yes, sure rows of the file, rows of the file: for the mapping's comment. */
  sureRows: number;
  fileSureRows: number;
  fileRows: number;
}

/** 1-based column number of a `Sections` column. */
function sectionColumnNumber(key: (typeof SECTION_COLUMNS)[number]['key']): number {
  return SECTION_COLUMNS.findIndex((column) => column.key === key) + 1;
}

/** Adds sheet `Sections` to the workbook, one row per section, answered `yes`. */
export function addSectionsSheet(workbook: ExcelJS.Workbook, reading: FileSectionsReading): void {
  const sheet = workbook.addWorksheet(SECTIONS_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = SECTION_COLUMNS.map((column) => ({ header: column.header, key: column.key, width: column.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).getCell(sectionColumnNumber('answer')).note = SECTIONS_HEADER_NOTE;
  const kept = reading.sections.map((section) => ({ ...section, answer: 'yes' }));
  const outside = reading.outside.map((section) => ({ ...section, answer: '' }));
  for (const section of [...kept, ...outside]) {
    const row = sheet.addRow({ section: neutralizeFormula(section.path), sureRows: section.sureRows, fileSureRows: reading.sureRows, fileRows: reading.rows, answer: section.answer });
    row.getCell(sectionColumnNumber('answer')).dataValidation = { type: 'list', allowBlank: true, formulae: ['"yes,no"'] };
  }
}

/**
 * Reads sheet `Sections`: undefined when the workbook has none (a file of many trades, or a workbook
 * written before it); an answer other than yes, no or empty is an error naming sheet, row and column.
 */
export function readSectionsSheet(workbook: ExcelJS.Workbook, file: string, issues: Issue[]): SectionsAnswer | undefined {
  const sheet = workbook.getWorksheet(SECTIONS_SHEET);
  if (sheet === undefined) return undefined;
  const answer: SectionsAnswer = { sections: [], sureRows: 0, fileSureRows: 0, fileRows: 0 };
  const letter = (key: (typeof SECTION_COLUMNS)[number]['key']): string => String.fromCharCode(64 + sectionColumnNumber(key));
  const wrong = SECTION_COLUMNS.findIndex((column, i) => sheet.getRow(1).getCell(i + 1).text.trim() !== column.header);
  if (wrong >= 0) {
    const column = SECTION_COLUMNS[wrong];
    issues.push(createIssue({ stage: 'mapping', severity: 'error', code: 'mapping_invalid', message: `column ${String.fromCharCode(65 + wrong)} must be "${column?.header ?? ''}": answer in the workbook \`mapping review\` wrote, without moving its columns`, file, sheet: SECTIONS_SHEET, row: 1, column: String.fromCharCode(65 + wrong) }));
    return undefined;
  }
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const section = row.getCell(sectionColumnNumber('section')).text.trim().replace(/^'(?=[=+\-@])/, '');
    if (section === '') continue;
    answer.fileSureRows = Number(row.getCell(sectionColumnNumber('fileSureRows')).value) || answer.fileSureRows;
    answer.fileRows = Number(row.getCell(sectionColumnNumber('fileRows')).value) || answer.fileRows;
    const text = row.getCell(sectionColumnNumber('answer')).text.trim();
    const said = readYesNo(text);
    if (text !== '' && said === undefined) {
      issues.push(createIssue({ stage: 'mapping', severity: 'error', code: 'mapping_invalid', message: `the answer for the section "${section}" must be yes or no`, file, sheet: SECTIONS_SHEET, row: r, column: letter('answer'), value: text }));
      continue;
    }
    if (said !== 'yes') continue;
    answer.sections.push(section);
    answer.sureRows += Number(row.getCell(sectionColumnNumber('sureRows')).value) || 0;
  }
  return answer;
}

/**
 * Sheet `Sections` of the review workbook: the file's own sections, read from where its sure rows lie
 * (`readFileSections`), each with the sure rows it holds and `Is the file of this section (yes/no)`,
 * already `yes` (the review asked by them), then the other sections the file's sure rows lie in, left
 * empty: a `yes` there adds one (a shop that does sell balloons beside its toys). `mapping review --apply` writes those left `yes` to
 * `classify.sections`, with a comment saying how many rows they were read from; a sheet answered `no`
 * throughout writes none. Its columns are in `review-workbook-layout.ts`; `read-review-answers.ts` reads it as the
 * other yes/no sheets, each section answered yes resolved against the directory.
 */
import type ExcelJS from 'exceljs';
import { neutralizeFormula } from '../../report/neutralize-formula.js';
import type { FileSectionsReading } from '../classify/file-sections.js';
import { SECTION_COLUMNS, sectionColumnNumber } from './review-workbook-layout.js';

/** The sheet's name. */
export const SECTIONS_SHEET = 'Sections';

const SECTIONS_HEADER_NOTE =
  'The sections the review asked by (answered "yes"): column B says how many of the rows placed without asking (column C) lie in each. The review asked about every name placed outside them (a name there is often another sense of a word: spark plugs, not candles). "yes" keeps a section; "no" leaves it out. The sections below them (answer empty) hold the few rows placed outside: "yes" adds one, and its rows are placed again. --apply writes the sections answered "yes" to classify.sections.';

/** What sheet `Sections` says, when the workbook has it. */
export interface SectionsAnswer {
  /** The sections answered yes (paths). */
  sections: string[];
  /** Sure rows of the sections answered yes, sure rows of the file, rows of the file: for the mapping's comment. */
  sureRows: number;
  fileSureRows: number;
  fileRows: number;
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

/**
 * Writes `report.html` into a run's report folder, linking the files the folder holds at that time
 * (written last, after `summary.json`). Under a temporary name, then renamed, like every report file.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Translator } from '../../i18n/create-translator.js';
import type { RunSummary } from '../report-types.js';
import { writeReportFile } from '../start-atomic-file.js';
import { buildReportHtml, type ReportFileLink } from './build-report-html.js';

/** File name of the page in the report folder. */
export const REPORT_HTML_FILE = 'report.html';

/** What each known file of the folder holds (`report.html.file.<kind>`), in the order the page lists them. */
const FILE_KINDS: readonly [name: string, kind: string][] = [
  ['annotated.xlsx', 'annotatedXlsx'],
  ['annotated.csv', 'annotatedCsv'],
  ['rejected-rows.csv', 'rejectedRows'],
  ['issues.ndjson', 'issues'],
  ['summary.json', 'summary'],
  ['plan.csv', 'plan'],
];

/** Options of `writeReportHtml`. */
interface WriteReportHtmlOptions {
  /** The report folder. */
  dir: string;
  summary: RunSummary;
  translator: Translator;
}

/** Writes the page and returns its path. */
export async function writeReportHtml(options: WriteReportHtmlOptions): Promise<string> {
  const path = join(options.dir, REPORT_HTML_FILE);
  const html = buildReportHtml({ summary: options.summary, files: listReportFiles(await readdir(options.dir)), translator: options.translator });
  await writeReportFile(path, html);
  return path;
}

/** The files of the folder the page links: the known ones in their order, then the others by name; hidden and partial files and the page itself left out. */
export function listReportFiles(names: readonly string[]): ReportFileLink[] {
  const present = new Set(names.filter((name) => !name.startsWith('.') && name !== REPORT_HTML_FILE));
  const known = FILE_KINDS.filter(([name]) => present.has(name)).map(([name, kind]) => ({ name, kind }));
  const others = [...present].filter((name) => !FILE_KINDS.some(([known]) => known === name)).sort().map((name) => ({ name }));
  return [...known, ...others];
}

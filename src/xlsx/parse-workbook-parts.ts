/**
 * Reads the sheet list of a workbook from `xl/workbook.xml` and its relationships: names, order,
 * visibility and the zip part of each sheet. exceljs knows these too, but only once its stream
 * reaches them (Excel's own writer puts workbook.xml first, exceljs's streaming writer last), and
 * the reader must choose the sheet, and fail on a missing one, before reading rows.
 */
import { findXmlTags } from './xml-text.js';

/** One sheet as the workbook lists it. */
export interface WorkbookSheet {
  name: string;
  /** Position in the workbook's tab order, from 1. */
  position: number;
  /** `visible`, `hidden` or `veryHidden`. */
  state: string;
  /** Zip part of the sheet (`xl/worksheets/sheet1.xml`); undefined when the relationship is missing. */
  part: string | undefined;
  /** True for worksheets, false for chart sheets and others. */
  isWorksheet: boolean;
}

/** What the workbook part says. */
export interface WorkbookParts {
  sheets: WorkbookSheet[];
  /** True when dates count from 1904 (old Mac workbooks). */
  date1904: boolean;
}

/** Parses workbook.xml and workbook.xml.rels (both as text). `base` is the folder of workbook.xml (`xl/`). */
export function parseWorkbookParts(workbookXml: string, relsXml: string, base = 'xl/'): WorkbookParts {
  const targets = new Map<string, { target: string; type: string }>();
  for (const rel of findXmlTags(relsXml, 'Relationship', 'the workbook relationships')) {
    targets.set(rel.get('Id') ?? '', { target: rel.get('Target') ?? '', type: rel.get('Type') ?? '' });
  }
  const sheets = findXmlTags(workbookXml, 'sheet', 'the workbook part').map((sheet, index): WorkbookSheet => {
    const id = sheet.get('r:id') ?? [...sheet.entries()].find(([key]) => key.endsWith(':id'))?.[1] ?? '';
    const rel = targets.get(id);
    return {
      name: sheet.get('name') ?? `Sheet${index + 1}`,
      position: index + 1,
      state: readSheetState(sheet.get('state')),
      part: rel ? resolvePart(base, rel.target) : undefined,
      isWorksheet: rel !== undefined && rel.type.endsWith('/worksheet'),
    };
  });
  const properties = findXmlTags(workbookXml, 'workbookPr', 'the workbook part')[0];
  const date1904 = properties?.get('date1904');
  return { sheets, date1904: date1904 === '1' || date1904 === 'true' };
}

/** `hidden` and `veryHidden` hide a sheet; anything else (`visible`, `show`, none) shows it. */
function readSheetState(state: string | undefined): string {
  const key = (state ?? '').trim().toLowerCase();
  return key === 'hidden' ? 'hidden' : key === 'veryhidden' ? 'veryHidden' : 'visible';
}

/** `worksheets/sheet1.xml` against `xl/` → `xl/worksheets/sheet1.xml`; `/xl/...` is absolute. */
export function resolvePart(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = (base + target).split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

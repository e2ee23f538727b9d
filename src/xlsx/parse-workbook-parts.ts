/**
 * Reads the sheet list of a workbook from `xl/workbook.xml` and its relationships: names, order,
 * visibility and the zip part of each sheet. exceljs knows these too, but only once its stream
 * reaches them (Excel's own writer puts workbook.xml first, exceljs's streaming writer last), and
 * the reader must choose the sheet, and fail on a missing one, before reading rows.
 */
import { findXmlTags } from './xml-text.js';
import type { ZipDirectory, ZipEntry } from './zip-directory.js';

/** One sheet as the workbook lists it. */
export interface WorkbookSheet {
  name: string;
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

/**
 * The zip name of a relationship's target against the folder `base` of the part that names it:
 * `worksheets/sheet1.xml` against `xl/` → `xl/worksheets/sheet1.xml`, `../comments1.xml` against
 * `xl/worksheets/` → `xl/comments1.xml`; `/xl/...` is absolute. The reader and the patch resolve alike.
 */
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

/** The zip path of the part a relationship of the given type targets, relative to `base`. */
export function findRelatedPart(relsXml: string, type: RegExp, base: string): string | undefined {
  const target = findXmlTags(relsXml, 'Relationship', 'a relationships part')
    .find((rel) => type.test(rel.get('Type') ?? ''))
    ?.get('Target');
  if (target === undefined || target === '') return undefined;
  return resolvePart(base, target);
}

/** Where a part the sheet needs lives: as the workbook's relationships say, else at the usual place. */
export interface PartPlace {
  related: string | undefined;
  fallback: string;
}

/** The place of the workbook's shared strings or styles part, from its relationships `relsXml` (`base`: the workbook's folder). */
export function placeWorkbookPart(relsXml: string, type: 'sharedStrings' | 'styles', base: string): PartPlace {
  return { related: findRelatedPart(relsXml, new RegExp(`/${type}$`), base), fallback: `${base}${type}.xml` };
}

/**
 * The entry of a part the workbook's relationships name (`related`), or of the part at the usual
 * place (`fallback`) when they name none; `undefined` when the workbook has no such part. A part
 * named but missing is a corrupt workbook (its strings would read as `#REF!`): throws, naming it.
 * The reader and the annotated copy find the parts with this one lookup.
 */
export function findWorkbookPart(directory: ZipDirectory, part: PartPlace): ZipEntry | undefined {
  if (part.related === undefined) return directory.entries.get(part.fallback);
  const entry = directory.entries.get(part.related);
  if (entry === undefined) throw new Error(`its part ${part.related} is missing`);
  return entry;
}

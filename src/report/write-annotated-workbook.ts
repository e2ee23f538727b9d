/**
 * The annotated copy of an XLSX input: the seller's own workbook, patched, not rebuilt. Every part
 * of the zip is copied as its compressed bytes (other sheets, column widths, number formats,
 * formulas, data validation, frozen panes, images: all come back byte for byte), except:
 *
 * - the validated sheet, streamed through `createSheetRowsRewriter`: the `_status`, `_errors` and
 *   id cells after each row's last used column, faulty cells given a highlight format derived
 *   from their own, and a note each (up to `maxNotes`) in a comments part with its VML drawing;
 * - `styles.xml`, with the highlight formats appended (every existing index is kept);
 * - a `To fix` sheet listing the causes, root causes first (`buildToFixSheet`: the issues are counted
 *   while the data sheet is written, the sheet written whole right after it), added to
 *   `workbook.xml`, its relationships and `[Content_Types].xml`.
 *
 * The seller's cells keep their type and value: a text cell stays a text cell (never evaluated
 * as a formula when the file is opened), a formula stays the seller's formula. Text the tool writes
 * itself (`_errors`, the `To fix` sheet) goes through `neutralizeFormula`; the seller's formula-like
 * text cells stay as written (string cells are never evaluated, and a prefix would change the
 * seller's data when the fixed file is fed back).
 *
 * The outcome of each data row is looked up (`outcomeOf`) once, in sheet order.
 */
import { open, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { InternalError, isPipelineError, SourceReadError } from '../core/errors.js';
import type { Issue } from '../core/issue.js';
import { pickFillMergedColumns } from '../sources/fill-merged-ranges.js';
import { resolvePart } from '../xlsx/parse-workbook-parts.js';
import type { CellRange, ReadOptions, SourceInfo } from '../sources/types.js';
import { cutForMessage } from '../core/cut-for-message.js';
import { loadZipEntryText, openZipEntry, type ZipEntry } from '../xlsx/zip-directory.js';
import { buildHeaderTexts } from './build-header-texts.js';
import { buildAnnotationWords, type AnnotationWords } from './annotation-columns.js';
import { LARGE_PART_CHUNK_BYTES, openSourceWorkbook, type SourceWorkbook } from './open-source-sheet.js';
import type { RowOutcome } from './report-types.js';
import type { TextRow } from './write-annotated-csv.js';
import { createSheetRowsRewriter } from './xlsx-patch/annotate-sheet-rows.js';
import type { SheetRowsResult } from './xlsx-patch/sheet-rows-state.js';
import { buildCommentsXml, buildNotesVml, readExistingNotes, type ExistingNotes } from './xlsx-patch/build-notes-parts.js';
import {
  addContentDefault,
  addContentOverride,
  addRelationship,
  addWorkbookSheet,
  buildContentTypes,
  CONTENT_TYPES,
  findRelationshipTargets,
  listRelatedPartTypes,
  pickFreeName,
  relationshipsPartOf,
  relativeTarget,
  detectNamespaces,
  relationshipTypes,
  type PackageNamespaces,
} from './xlsx-patch/patch-package-parts.js';
import { createStylePatch, type StylePatch } from './xlsx-patch/patch-styles.js';
import { splitSheetXml } from '../xlsx/split-sheet-xml.js';
import type { GroupRowRecord } from './xlsx-patch/track-group-rows.js';
import { buildToFixSheet, listToFixSheetNames } from './xlsx-patch/to-fix-sheet-xml.js';
import { createCauseTally } from './rank-root-causes.js';
import type { Translator } from '../i18n/create-translator.js';
import { createZipOutput, type ZipOutput } from './xlsx-patch/zip-output.js';


/** Where the copy writes a styles part when the seller's workbook has none. */
const NEW_STYLES_PART = 'xl/styles.xml';

/** Default of `maxNotes`. */
const DEFAULT_MAX_NOTES = 5000;

/** Options of `writeAnnotatedWorkbook`. */
interface WriteAnnotatedWorkbookOptions {
  /** The seller's workbook. */
  sourcePath: string;
  /** Where to write the annotated copy (replaced). */
  outPath: string;
  /** What the reader found: the sheet and the header row. */
  info: SourceInfo;
  /** The options the reader used; `sheet` picks the sheet when `info.sheet` is absent. */
  readOptions?: ReadOptions;
  /** The outcome of a data row, by lookup. Called once per data row, in sheet order. */
  outcomeOf: (row: number) => RowOutcome | undefined;
  /**
   * Most cell notes written (default 5,000). Each note is a VML shape, and Excel slows to a crawl
   * on workbooks with tens of thousands of them; past the limit, faulty cells are still filled and
   * every issue is still in `_errors` and the `To fix` sheet.
   */
  maxNotes?: number;
  /**
   * Called for each row below the header, e.g. to write `rejected-rows.csv` in the same pass: its
   * texts under every column of the header (`onHeader`), the seller's own `_` columns included,
   * values right of the header in `beyond`, each read on demand; its outcome; and, when the reader
   * took group rows out (`readOptions.groupRows`), the group rows in effect for it, outermost
   * first, as they stand (the group rows themselves are not handed as rows).
   */
  onDataRow?: (row: TextRow, outcome: RowOutcome | undefined, groups: readonly GroupRowRecord[]) => void | Promise<void>;
  /**
   * The rows whose texts `onDataRow` reads, by outcome (default: every row). The shared strings are
   * parsed only once a row's texts are needed: a copy in which none are reads the header's only.
   */
  onDataRowReads?: (outcome: RowOutcome | undefined) => boolean;
  /** The header's texts up to its last non-blank cell (the positions of `onDataRow`'s values); called once, before the first row. */
  onHeader?: (names: readonly string[]) => void | Promise<void>;
  /** The language of the `_status` words and the `To fix` sheet (default English, `_status` the status codes). */
  translator?: Translator;
}

/** What `writeAnnotatedWorkbook` wrote. */
interface AnnotatedWorkbookResult {
  sheet: string;
  /** Rows copied, title and header rows included. */
  rows: number;
  /** Data rows that had an outcome. */
  annotatedRows: number;
  /** Cells filled. */
  highlightedCells: number;
  /** Notes written (at most `maxNotes`). */
  notes: number;
  /** Issues counted on the `To fix` sheet (it has a line per cause: code and column). */
  issues: number;
  /** What the copy could not do as usual (rows out of order, no room for the `_` columns, …); never fatal. */
  warnings: Issue[];
}

/** Writes the annotated copy of the seller's workbook to `outPath`. */
export async function writeAnnotatedWorkbook(options: WriteAnnotatedWorkbookOptions): Promise<AnnotatedWorkbookResult> {
  const { info } = options;
  // The sheet the reader read: the copy never chooses a sheet by a rule of its own.
  const source = await openSourceWorkbook(options.sourcePath, info.file, info.sheet);
  // A package part the patch cannot read or extend (`[Content_Types].xml`, relationships) is the seller's file's fault.
  const plan = await planPackage(source, buildAnnotationWords(options.translator)).catch((error: unknown) => {
    if (isPipelineError(error)) throw error;
    throw new SourceReadError(source.path, `${source.path}: the workbook is corrupt (${(error as Error).message})`, { cause: error, sheet: source.sheet.name });
  });
  const input = await open(options.sourcePath, 'r');
  let output: ZipOutput | undefined;
  let completed = false;
  try {
    output = await createZipOutput(options.outPath);
    const rows = await copyParts(source, plan, output, input, options);
    await finishPackage(source, plan, output, input, rows);
    await output.close();
    completed = true;
    return {
      sheet: source.sheet.name,
      rows: rows.rows,
      annotatedRows: rows.annotatedRows,
      highlightedCells: rows.highlightedCells,
      notes: rows.notes.length,
      issues: rows.issues,
      warnings: [...plan.warnings, ...rows.warnings],
    };
  } finally {
    await input.close();
    if (!completed) {
      await output?.abort().catch(() => undefined);
      await rm(options.outPath, { force: true });
    }
  }
}

/** What changes in the package, decided before the sheet is streamed. */
interface PackagePlan {
  namespaces: PackageNamespaces;
  types: ReturnType<typeof relationshipTypes>;
  toFixPart: string;
  /** New texts of parts replaced whole, by zip name. */
  replaced: Map<string, string>;
  /** Parts written after the others, once the sheet is done (they depend on it). */
  deferred: Set<string>;
  contentTypes: string;
  styles: StylePatch;
  /** The data sheet's part, and its relationships part. */
  sheetPart: string;
  sheetRelsPart: string;
  sheetRelsXml: string | undefined;
  /** False when the sheet has notes of its own (merging with them is not supported). */
  notesAllowed: boolean;
  commentsPart: string;
  vmlPart: string;
  /** The sheet's notes when it has some already (then `commentsPart` and `vmlPart` are theirs). */
  existingNotes: { notes: ExistingNotes; vml: string } | undefined;
  firstVmlBlock: number;
  warnings: Issue[];
  /** The run's language: the `_status` words, `_errors`, the notes and the `To fix` sheet. */
  words: AnnotationWords;
}

/** Content types for a workbook that has no `[Content_Types].xml`: each part a relationship of the package names, by its type. */
async function declareKeptParts(source: SourceWorkbook, text: (entry: ZipEntry) => Promise<string>): Promise<string> {
  const overrides = new Map<string, string>();
  for (const entry of source.directory.entries.values()) {
    if (!entry.name.endsWith('.rels')) continue;
    for (const [part, type] of listRelatedPartTypes(entry.name, await text(entry))) if (source.directory.entries.has(part)) overrides.set(part, type);
  }
  return buildContentTypes(source.directory.entries.keys(), overrides);
}

async function planPackage(source: SourceWorkbook, words: AnnotationWords): Promise<PackagePlan> {
  const { directory, path } = source;
  const entries = directory.entries;
  const corrupt = (message: string, cause?: unknown): never => {
    throw new SourceReadError(path, `${path}: the workbook is corrupt (${message})`, { sheet: source.sheet.name, ...(cause !== undefined ? { cause } : {}) });
  };
  const text = async (entry: ZipEntry): Promise<string> => {
    try {
      return await loadZipEntryText(path, entry);
    } catch (error) {
      return corrupt((error as Error).message, error);
    }
  };
  const typesEntry = entries.get('[Content_Types].xml');
  let contentTypes = typesEntry === undefined ? await declareKeptParts(source, text) : await text(typesEntry);
  const stylesXml = source.stylesEntry === undefined ? undefined : await text(source.stylesEntry);
  const namespaces = detectNamespaces(source.workbookXml, source.relsXml);
  const types = relationshipTypes(namespaces);
  const styles = createStylePatch(stylesXml, namespaces.main);
  const sheetPart = source.entry.name;
  const sheetRelsPart = relationshipsPartOf(sheetPart);
  const sheetRelsEntry = entries.get(sheetRelsPart);
  const sheetRelsXml = sheetRelsEntry === undefined ? undefined : await text(sheetRelsEntry);
  const warnings: Issue[] = [];
  const replaced = new Map<string, string>();
  const deferred = new Set<string>(['[Content_Types].xml', sheetRelsPart]);
  const { commentsPart, vmlPart, existingNotes, notesAllowed } = await planNoteParts(source, sheetRelsXml, types, text);
  if (existingNotes !== undefined) {
    deferred.add(commentsPart);
    deferred.add(vmlPart);
  }
  if (!notesAllowed) {
    warnings.push({
      code: 'annotation_notes_skipped',
      severity: 'warning',
      stage: 'read',
      file: path,
      sheet: source.sheet.name,
      message: 'the sheet has a drawing of notes or controls this tool cannot extend; it is kept as it is, and the issues are not added as notes (they are in _errors and on the "To fix" sheet)',
    });
  }

  if (source.stylesEntry !== undefined) deferred.add(source.stylesEntry.name);

  // The `To fix` sheet of an earlier run (its name in any language, not the data sheet) is replaced, not repeated; it keeps its name.
  const known = listToFixSheetNames();
  const earlier = source.parts.sheets.find((sheet) => sheet !== source.sheet && sheet.isWorksheet && known.has(sheet.name.toLowerCase()) && sheet.part !== undefined);
  const wanted = words.translator.translate('report.toFix.sheet');
  const toFixName = earlier?.name ?? (source.sheet.name.toLowerCase() === wanted.toLowerCase() ? `_${wanted}` : wanted);
  let toFixPart: string;
  if (earlier?.part !== undefined && entries.has(earlier.part)) {
    toFixPart = earlier.part;
  } else {
    toFixPart = pickFreeName((name) => entries.has(name), (n) => `xl/worksheets/sheet${n}.xml`);
    const rels = addRelationship(source.relsXml, types.worksheet, relativeTarget(source.workbookEntry.name, toFixPart));
    replaced.set(source.relsEntry.name, rels.xml);
    replaced.set(source.workbookEntry.name, addWorkbookSheet(source.workbookXml, toFixName, rels.id, namespaces.relationships));
    contentTypes = addContentOverride(contentTypes, `/${toFixPart}`, CONTENT_TYPES.worksheet);
  }
  deferred.add(toFixPart);
  if (styles.created) {
    const rels = addRelationship(replaced.get(source.relsEntry.name) ?? source.relsXml, types.styles, relativeTarget(source.workbookEntry.name, NEW_STYLES_PART));
    replaced.set(source.relsEntry.name, rels.xml);
    contentTypes = addContentOverride(contentTypes, `/${NEW_STYLES_PART}`, CONTENT_TYPES.styles);
  }

  return {
    namespaces,
    types,
    toFixPart,
    replaced,
    deferred,
    contentTypes,
    styles,
    sheetPart,
    sheetRelsPart,
    sheetRelsXml,
    notesAllowed,
    commentsPart,
    vmlPart,
    existingNotes,
    firstVmlBlock: await findFreeVmlBlock(source, text),
    warnings,
    words,
  };
}

/**
 * Where the issues go as notes: the sheet's notes parts when it has one of each (the seller's, or
 * ours from an earlier run: merged, in the same parts), new parts when it has none; nowhere when it
 * has a drawing of notes or controls this tool cannot extend.
 */
async function planNoteParts(
  source: SourceWorkbook,
  sheetRelsXml: string | undefined,
  types: PackagePlan['types'],
  text: (entry: ZipEntry) => Promise<string>,
): Promise<Pick<PackagePlan, 'commentsPart' | 'vmlPart' | 'existingNotes' | 'notesAllowed'>> {
  const entries = source.directory.entries;
  const sheetPart = source.entry.name;
  const sheetFolder = sheetPart.slice(0, sheetPart.lastIndexOf('/') + 1);
  const commentTargets = sheetRelsXml === undefined ? [] : findRelationshipTargets(sheetRelsXml, types.comments);
  const vmlTargets = sheetRelsXml === undefined ? [] : findRelationshipTargets(sheetRelsXml, types.vmlDrawing);
  if (commentTargets.length === 1 && vmlTargets.length === 1) {
    const commentsEntry = entries.get(resolvePart(sheetFolder, commentTargets[0] as string));
    const vmlEntry = entries.get(resolvePart(sheetFolder, vmlTargets[0] as string));
    if (commentsEntry !== undefined && vmlEntry !== undefined) {
      const existingNotes = { notes: readExistingNotes(await text(commentsEntry)), vml: await text(vmlEntry) };
      return { commentsPart: commentsEntry.name, vmlPart: vmlEntry.name, existingNotes, notesAllowed: true };
    }
  }
  return {
    commentsPart: pickFreeName((name) => entries.has(name), (n) => `xl/comments${n}.xml`),
    vmlPart: pickFreeName((name) => entries.has(name), (n) => `xl/drawings/vmlDrawing${n}.vml`),
    existingNotes: undefined,
    notesAllowed: commentTargets.length === 0 && vmlTargets.length === 0,
  };
}

/** Shape ids of VML drawings come in blocks of 1,024 per drawing; the first block no drawing of the workbook uses. */
async function findFreeVmlBlock(source: SourceWorkbook, text: (entry: ZipEntry) => Promise<string>): Promise<number> {
  let highest = 0;
  for (const entry of source.directory.entries.values()) {
    if (!entry.name.toLowerCase().endsWith('.vml') || entry.uncompressedSize > 64 * 1024 * 1024) continue;
    const match = /<o:idmap[^>]*\sdata="([^"]*)"/.exec(await text(entry));
    for (const block of (match?.[1] ?? '').split(',')) highest = Math.max(highest, Number(block) || 0);
  }
  return highest + 1;
}

/** Copies every part in the source's order, rewriting the data sheet; the deferred parts are left for `finishPackage`. */
async function copyParts(
  source: SourceWorkbook,
  plan: PackagePlan,
  output: ZipOutput,
  input: Awaited<ReturnType<typeof open>>,
  options: WriteAnnotatedWorkbookOptions,
): Promise<SheetRowsResult> {
  let rows: SheetRowsResult | undefined;
  for (const entry of source.directory.entries.values()) {
    if (entry.name === source.entry.name) {
      rows = await rewriteSheet(source, plan, output, options);
      continue;
    }
    if (plan.deferred.has(entry.name)) continue;
    const text = plan.replaced.get(entry.name);
    if (text !== undefined) await output.addEntry(entry.name, text);
    else await copyEntry(source, output, input, entry);
  }
  if (rows === undefined) throw new InternalError('the sheet part was not in the zip directory');
  return rows;
}

async function copyEntry(source: SourceWorkbook, output: ZipOutput, input: Awaited<ReturnType<typeof open>>, entry: ZipEntry): Promise<void> {
  try {
    await output.copyEntry(input, entry);
  } catch (error) {
    throw new SourceReadError(source.path, `${source.path}: the workbook is corrupt or truncated (${(error as Error).message})`, { cause: error, sheet: source.sheet.name });
  }
}

async function rewriteSheet(
  source: SourceWorkbook,
  plan: PackagePlan,
  output: ZipOutput,
  options: WriteAnnotatedWorkbookOptions,
): Promise<SheetRowsResult> {
  const { info } = options;
  const stream = await output.openEntry(source.entry.name);
  const toFixStyles = { header: plan.styles.toolStyle('bold'), error: plan.styles.toolStyle('fill-error') };
  const causes = createCauseTally();
  const fillMerged = options.onDataRow === undefined ? undefined : pickFillMerged(info, options.readOptions);
  const rewriter = createSheetRowsRewriter({
    file: source.path,
    sheet: source.sheet.name,
    headerRow: info.headerRow,
    headerNames: buildHeaderTexts(info),
    strings: source.strings.table,
    loadStrings: (upTo) => (source.strings.complete ? undefined : source.strings.load(upTo)),
    numberFormatOf: (style) => source.styles.readNumberFormat(style),
    date1904: source.parts.date1904,
    styles: plan.styles,
    outcomeOf: options.outcomeOf,
    maxNotes: plan.notesAllowed ? (options.maxNotes ?? DEFAULT_MAX_NOTES) : 0,
    hasSellerNote: (ref) => plan.existingNotes?.notes.sellerRefs.has(ref) === true,
    onDataRow: options.onDataRow,
    onDataRowReads: options.onDataRowReads,
    onHeader: options.onHeader,
    groupRows: options.readOptions?.groupRows,
    visibleColumns: info.header.map((column) => column.index + 1),
    fillMerged,
    causes,
    emit: (text) => stream.write(text),
    relationshipsNs: plan.namespaces.relationships,
    annotationWords: plan.words,
  });
  let xml: Readable | undefined;
  let rows: SheetRowsResult | undefined;
  try {
    xml = await openZipEntry(source.path, source.entry, LARGE_PART_CHUNK_BYTES);
    xml.setEncoding('utf8');
    for await (const piece of splitSheetXml(xml as AsyncIterable<string>)) {
      if (piece.kind === 'head') rewriter.head(piece.text, piece.prefix);
      else if (piece.kind === 'rows') for (const text of piece.texts) await rewriter.row(text);
      // A sheet with notes already has its drawing element.
      else rows = await rewriter.tail(piece.text, (notes) => (notes > 0 && plan.existingNotes === undefined ? addNotesRelationships(plan) : undefined));
    }
  } catch (error) {
    if (isPipelineError(error)) throw error;
    // The message names the sheet itself, as the reader's does: the CLI prints the message only.
    throw new SourceReadError(source.path, `${source.path}: the workbook is corrupt or truncated (sheet "${cutForMessage(source.sheet.name)}": ${(error as Error).message})`, { cause: error, sheet: source.sheet.name });
  } finally {
    xml?.destroy();
  }
  if (rows === undefined) throw new InternalError('the sheet rewrite ended without its tail');
  await stream.end();
  // The wrapped style is asked for once the data sheet is done: the data sheet's own formats come first, as before the sheet had one.
  const styles = { ...toFixStyles, wrap: plan.styles.toolStyle('errors') };
  // The `To fix` sheet, built from the causes once the data sheet is done, goes right after it.
  await output.addEntry(plan.toFixPart, buildToFixSheet(causes, { styles, namespaces: plan.namespaces, dataSheet: source.sheet.name, translator: plan.words.translator }));
  return rows;
}

/**
 * The reader's `fillMerged` columns (0-based, chosen as the reader chose them) and the merged
 * ranges the reader found (`info.mergedRanges`), for the rows handed to `onDataRow`; `undefined`
 * when no column is filled. The copy never scans the sheet for them a second time.
 */
function pickFillMerged(info: SourceInfo, readOptions: ReadOptions | undefined): { ranges: readonly CellRange[]; columns: number[] } | undefined {
  const columns = pickFillMergedColumns(info.header, readOptions?.fillMerged);
  return columns.length === 0 ? undefined : { ranges: info.mergedRanges ?? [], columns };
}

/** Relates the comments and their drawing to the sheet; returns the drawing's relationship id. */
function addNotesRelationships(plan: PackagePlan): string {
  const fromSheet = (part: string): string => relativeTarget(plan.sheetPart, part);
  const comments = addRelationship(plan.sheetRelsXml, plan.types.comments, fromSheet(plan.commentsPart));
  const vml = addRelationship(comments.xml, plan.types.vmlDrawing, fromSheet(plan.vmlPart));
  plan.sheetRelsXml = vml.xml;
  plan.replaced.set(plan.sheetRelsPart, vml.xml);
  plan.contentTypes = addContentDefault(addContentOverride(plan.contentTypes, `/${plan.commentsPart}`, CONTENT_TYPES.comments), 'vml', CONTENT_TYPES.vmlDrawing);
  return vml.id;
}

/** Writes the parts that depend on the sheet's rewrite: notes, styles, the sheet's relationships, content types. */
async function finishPackage(source: SourceWorkbook, plan: PackagePlan, output: ZipOutput, input: Awaited<ReturnType<typeof open>>, rows: SheetRowsResult): Promise<void> {
  if (plan.existingNotes !== undefined) {
    await output.addEntry(plan.commentsPart, plan.existingNotes.notes.mergeComments(rows.notes));
    await output.addEntry(plan.vmlPart, plan.existingNotes.notes.mergeVml(plan.existingNotes.vml, rows.notes, plan.firstVmlBlock));
  } else if (rows.notes.length > 0) {
    await output.addEntry(plan.commentsPart, buildCommentsXml(rows.notes, plan.namespaces.main));
    await output.addEntry(plan.vmlPart, buildNotesVml(rows.notes, plan.firstVmlBlock));
  }
  await output.addEntry(source.stylesEntry?.name ?? NEW_STYLES_PART, plan.styles.render());
  const sheetRels = plan.replaced.get(plan.sheetRelsPart);
  const sheetRelsEntry = source.directory.entries.get(plan.sheetRelsPart);
  if (sheetRels !== undefined) await output.addEntry(plan.sheetRelsPart, sheetRels);
  else if (sheetRelsEntry !== undefined) await copyEntry(source, output, input, sheetRelsEntry);
  await output.addEntry('[Content_Types].xml', plan.contentTypes);
}

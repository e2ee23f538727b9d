/**
 * `mapping init`: reads a seller file's headers and distinct values, matches them to the
 * directories, and writes the draft mapping. Never replaces an existing file unless told to.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { Deps } from '../core/deps.js';
import { ConfigError, SourceReadError } from '../core/errors.js';
import { describeServiceAccount } from '../pipeline/describe-service-account.js';
import type { Settings } from '../settings/settings-schema.js';
import { normalizeHeaderName } from '../sources/find-header-row.js';
import type { ReadOptions, SourceInfo } from '../sources/types.js';
import { buildMappingDraft, type MappingDraftSummary } from './build-mapping-draft.js';
import { buildMappingDraftInput } from './build-mapping-draft-input.js';
import { loadClassifierIndex } from './classify/load-classifier-index.js';
import { createDirectoryMatchers, type DirectoryMatchers } from './create-directory-matchers.js';
import { loadColumnValues, type ColumnValues } from './load-column-values.js';
import { createLeftOutTest, GOODS_KEY_FIELDS, type GoodsColumns } from '../stages/create-left-out-test.js';
import { loadServiceDirectories } from './load-service-directories.js';
import { matchColumns, type ColumnMatch } from './match-columns.js';
import { loadCategoryRows } from './load-category-rows.js';
import { loadNameRows } from './load-name-rows.js';
import { isMappingWorkbook } from '../mapping/read-mapping-file.js';
import { buildGroupRowOptions } from '../mapping/build-read-options.js';
import { checkPathExists } from '../core/check-path-exists.js';

/** Options of `runMappingInit`. */
export interface MappingInitOptions {
  /** The seller file as the user named it. */
  file: string;
  /** Where to write the draft; default `mappings/<file name>.yaml`. */
  out?: string;
  sheet?: string | number;
  /** Replace an existing draft. */
  force: boolean;
  /** Write the draft as a workbook (`mapping.xlsx`, drop-downs over the directories) instead of YAML. */
  xlsx?: boolean;
  settings: Settings;
}

/** What `mapping init` wrote. */
export interface MappingInitResult {
  /** The draft, absolute. */
  outPath: string;
  /** The draft as the user would name it (relative when given relative). */
  out: string;
  summary: MappingDraftSummary;
  columns: ColumnMatch[];
  rows: number;
}

/** Runs `mapping init`. Throws `ConfigError` when the draft exists and `force` is not set. */
export async function runMappingInit(options: MappingInitOptions, deps: Deps): Promise<MappingInitResult> {
  const xlsx = options.xlsx === true || (options.out !== undefined && isMappingWorkbook(options.out));
  const out = options.out ?? join('mappings', `${basename(options.file, extname(options.file))}.${xlsx ? 'xlsx' : 'yaml'}`);
  const outPath = resolve(deps.cwd, out);
  if (!options.force && (await checkPathExists(outPath))) {
    throw new ConfigError(`${out} already exists; use --force to replace it, or --out to write elsewhere`);
  }
  const sourcePath = resolve(deps.cwd, options.file);
  if (!(await checkPathExists(sourcePath))) throw new SourceReadError(options.file, `cannot read ${options.file}: no such file`);

  const directories = await loadServiceDirectories(options.settings, deps);

  deps.onEvent({ type: 'stage:start', stage: 'read', detail: `${options.file}: headers and distinct values` });
  const readOptions: ReadOptions = { ignoreHeaderPrefix: '_', maxFileBytes: options.settings.maxFileMb * 1024 * 1024, maxRows: options.settings.maxRows };
  // Group rows are read as `import` reads them by default (outline and merged rows): taken out of the
  // data rows, their texts offered as `_group1`, `_group2`, … for the category.
  const groupRows = buildGroupRowOptions(true);
  if (groupRows !== undefined) readOptions.groupRows = groupRows;
  if (options.sheet !== undefined) readOptions.sheet = options.sheet;
  const profile = await loadColumnValues(sourcePath, readOptions, deps);
  refuseTitleOnlyHeader(options.file, profile.info);

  deps.onEvent({ type: 'stage:start', stage: 'match', detail: 'matching columns and values to the directories' });
  const matchers = createDirectoryMatchers(directories);
  // The product classifier's index of these directories, from beside the directory cache when built before.
  await loadClassifierIndex({ stateDir: describeServiceAccount(options.settings, deps.cwd).stateDir, directories, index: matchers.index });
  // The column decisions, to know which columns the second read needs; the draft takes them as they are.
  let columns = matchProfileColumns(profile, matchers);
  let goods = readMatchedGoodsColumns(columns);
  // A row the reader took for a pasted export's title is goods where `import` maps it so (key and name filled): counted
  // now, and the columns matched again on the rows `import` maps (rare: a narrow row of goods right above a pasted header).
  const leavesOut = createLeftOutTest(goods);
  const kept = profile.titles.filter((row) => !leavesOut(row));
  if (kept.length > 0) {
    profile.keepRows(kept);
    columns = matchProfileColumns(profile, matchers);
    goods = readMatchedGoodsColumns(columns);
  }
  const categoryColumn = findMatchedColumn(columns, 'category');
  const { name: nameColumn, keys } = goods;
  const categoryContext =
    categoryColumn === undefined || nameColumn === undefined ? undefined : await loadCategoryRows(sourcePath, readOptions, { category: categoryColumn, name: nameColumn, keys }, deps);
  // The first rows' names with their grouping, to say how many the classifier places surely (`choose-category-source.ts`).
  const nameRows =
    nameColumn === undefined ? undefined : await loadNameRows(sourcePath, readOptions, { name: nameColumn, keys, ...(categoryColumn === undefined ? {} : { label: categoryColumn }) }, deps);
  const input = buildMappingDraftInput({
    file: options.file,
    profile: {
      ...profile,
      ...(categoryContext === undefined ? {} : { categoryContext }),
      ...(profile.groups.size > 0 ? { groups: profile.groups } : {}),
      ...(nameRows === undefined ? {} : { nameRows }),
    },
    matchers,
    generatedAt: deps.now().toISOString(),
    columns,
  });
  const draft = buildMappingDraft({ ...input, barcodeRequired: options.settings.service.requiredFields.includes('barcode') });
  await mkdir(dirname(outPath), { recursive: true });
  if (xlsx) {
    // The same draft, as the workbook form: the YAML's comments (scores, candidates, allowed values) become its notes. Its
    // modules are loaded here: the mapping decoder brings the mapping schema and zod, ~0.2 s a YAML draft need not pay.
    const [{ decodeMappingYaml }, { collectYamlNotes }, { writeMappingWorkbook }] = await Promise.all([
      import('../mapping/load-mapping.js'),
      import('../mapping/convert-mapping.js'),
      import('../mapping/write-mapping-workbook.js'),
    ]);
    const document = decodeMappingYaml(draft.text, out);
    if (document.issues !== undefined) throw new ConfigError(`the draft could not be laid out as a workbook: ${document.issues.map((issue) => issue.message).join('; ')}`);
    await writeMappingWorkbook(outPath, { document: document.document as Record<string, unknown>, notes: collectYamlNotes(draft.text), index: matchers.index });
  } else {
    await writeFile(outPath, draft.text, 'utf8');
  }
  return { outPath, out, summary: draft.summary, columns: input.columns, rows: profile.rows };
}

function matchProfileColumns(profile: ColumnValues, matchers: DirectoryMatchers): ColumnMatch[] {
  return matchColumns(profile.info.header, {
    matchers,
    valuesOf: (index) => (profile.truncated.has(index) ? [] : (profile.values.get(index) ?? [])),
    rows: profile.rows,
    filledOf: (index) => profile.filled.get(index) ?? 0,
  });
}

/** The name and key columns the matches chose: what tells a narrow row of goods from a title (`createLeftOutTest`). */
function readMatchedGoodsColumns(columns: readonly ColumnMatch[]): GoodsColumns {
  return { name: findMatchedColumn(columns, 'name.rus'), keys: GOODS_KEY_FIELDS.flatMap((field) => findMatchedColumn(columns, field) ?? []) };
}

function findMatchedColumn(columns: readonly ColumnMatch[], field: string): number | undefined {
  return columns.find((match) => match.target.kind === 'field' && match.target.field === field)?.column.index;
}

/**
 * A sheet of title lines only ("Прайс-лист …", a date) has its first line taken for the header, and a draft of it
 * would map nothing: said as such. A table of goods names two columns at least (a key and a name).
 */
function refuseTitleOnlyHeader(file: string, info: SourceInfo): void {
  const named = info.header.filter((column) => normalizeHeaderName(column.text ?? column.name) !== '');
  if (named.length >= 2) return;
  const where = `${info.sheet === undefined ? '' : `sheet "${info.sheet}", `}row ${String(info.headerRow)}`;
  const what = named[0] === undefined ? 'names no column' : `names one column only ("${named[0].text ?? named[0].name}", a title?)`;
  throw new SourceReadError(file, `${file}: no table of goods found: the header taken (${where}) ${what}, so there are no data rows to draft a mapping from. Give the sheet of goods (--sheet), or add its header row naming the columns.`, info.sheet === undefined ? undefined : { sheet: info.sheet });
}

/**
 * `mapping review FILE -m M.yaml`: reads the file's product names once, groups them by product type,
 * classifies them, and writes the review workbook (the types to answer, the most rows first, and
 * the types placed without asking). `mapping review --apply REVIEW.xlsx -m M.yaml` turns the
 * answers into `categories:` entries of the mapping, keyed by product type.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import type { Deps } from '../../core/deps.js';
import { ConfigError, MappingError, SourceReadError } from '../../core/errors.js';
import type { Directories, ProductListItem } from '../../domain/index.js';
import { buildReadOptions } from '../../mapping/build-read-options.js';
import { createDirectoryIndex, type DirectoryIndex } from '../../mapping/directory-index.js';
import { isMappingWorkbook, loadMapping } from '../../mapping/load-mapping.js';
import type { Mapping } from '../../mapping/mapping-schema.js';
import { loadServiceDirectoriesOf } from '../../pipeline/load-directories.js';
import { findColumn } from '../../pipeline/locate-service-errors.js';
import { openService } from '../../pipeline/open-service.js';
import type { Settings } from '../../settings/settings-schema.js';
import { openSource } from '../../sources/open-source.js';
import { createLeftOutTest, readGoodsColumns } from '../../stages/create-left-out-test.js';
import { compileCategoryLookup, readClassifyExclusions } from '../../stages/derive/lookup-category.js';
import { createGroupPathReader } from '../../stages/derive/plan-group-columns.js';
import { findGroupRowColumnsOff } from '../../stages/derive/create-virtual-columns.js';
import { findLookupGroups } from '../../stages/derive/read-group-path.js';
import { indexGroupAnswerLeaves, readAnswerLeaves } from './read-answer-leaves.js';
import { countByTopSection, describeSetFileSections, readFileSections, readNoTradeSections } from '../classify/file-sections.js';
import { readKnownBrands } from '../classify/known-brands.js';
import { loadClassifierIndex } from '../classify/load-classifier-index.js';
import { describeServiceAccount } from '../../pipeline/describe-service-account.js';
import { applyReviewAnswers, type AppliedAnswers } from './apply-review-answers.js';
import { collectServiceExamples } from './collect-service-examples.js';
import { createFileBrandCollector } from './collect-file-brands.js';
import { createProductTypeCollector, type KnownLeaf, type ProductTypeGroup } from './collect-product-types.js';
import { askGroupsOutsideFileSections } from './ask-groups-outside-file-sections.js';
import { readMakerCodeSections } from './read-maker-code-sections.js';
import { readReviewAnswers, type ReviewAnswers } from './read-review-answers.js';
import { findAnsweredType, indexAnsweredTypes, saysTwinOfAnswer } from './classify-with-answers.js';
import { writeReviewWorkbook } from './write-review-workbook.js';
import { orderReviewQuestions } from './order-review-questions.js';
import { groupTypesByLeaf } from './group-types-by-leaf.js';
import { groupTypesByHeadWord } from './group-types-by-head-word.js';
import { checkPathExists } from '../../core/check-path-exists.js';

/** Options of `runMappingReview`. */
export interface MappingReviewOptions {
  file: string;
  mapping: string;
  /** Where to write the workbook; default `<mapping dir>/<file name>.review.xlsx`. */
  out?: string;
  force: boolean;
  /** Take the seller's products on the marketplace as examples. */
  fromService?: boolean;
  settings: Settings;
}

/** What `mapping review` wrote. */
export interface MappingReviewResult {
  out: string;
  outPath: string;
  rows: number;
  /** Product types to answer, and the rows they cover. */
  reviewTypes: number;
  reviewRows: number;
  /** Rows the first 50 questions (types and words, in their order) settle when answered. */
  firstFiftyRows: number;
  /** Words the classifier could not place, asked on sheet `Words`. */
  wordQuestions: number;
  /** Questions of sheet `Review` that ask about a group of types proposed one leaf, and the types they hold. */
  groupQuestions: number;
  groupedTypes: number;
  placedTypes: number;
  /** Rows of the file the classifier places without asking. */
  placedRows: number;
  /** Rows a `categories:` key of the mapping already answers. */
  answeredRows: number;
  /** Rows whose name names no type (a bare code). */
  untypedRows: number;
  /** Types the seller's marketplace products settle. */
  fromServiceTypes: number;
  /** Words the file writes as brands (sheet `Brands`), read as brands in this review and written by `--apply`. */
  brandWords: number;
  /** The file's sections read from its sure rows (sheet `Sections`), by which this review asked; empty for a file of many trades. */
  sections: string[];
  /** Where the sections came from: read from the file's sure rows, or set by the mapping's `classify.sections`. */
  sectionsFrom: 'file' | 'mapping';
  /** Rows placed without asking before the sections were applied, and those of them inside the sections. */
  sureRows: number;
  insideRows: number;
  /** The other sections its sure rows lay in, and those rows: offered on sheet `Sections`, now asked. */
  outsideSections: number;
  outsideRows: number;
}

/** Writes the review workbook. */
export async function runMappingReview(options: MappingReviewOptions, deps: Deps): Promise<MappingReviewResult> {
  const out = options.out ?? join(dirname(options.mapping), `${basename(options.file, extname(options.file))}.review.xlsx`);
  const outPath = resolve(deps.cwd, out);
  if (!options.force && (await checkPathExists(outPath))) throw new ConfigError(`${out} already exists; use --force to replace it, or --out to write elsewhere`);
  const sourcePath = resolve(deps.cwd, options.file);
  if (!(await checkPathExists(sourcePath))) throw new SourceReadError(options.file, `cannot read ${options.file}: no such file`);
  const mapping = await loadMapping(options.mapping, deps);
  const { directories, listed } = await loadDirectoriesAndListed(options.settings, options.fromService === true, deps);
  const index = createDirectoryIndex(directories);
  // The classifier's index from beside the directory cache, as `mapping init` left it (built and cached there when it did not).
  const stateDir = describeServiceAccount(options.settings, deps.cwd).stateDir;
  const classifier = await loadClassifierIndex({ stateDir, directories, index });
  // The mapping's exclusions hold in review as in `lookup: category`: a left-out leaf is never proposed.
  const { options: classifyOptions, problems } = readClassifyExclusions(mapping, index);
  if (problems.length > 0) throw new ConfigError(`${options.mapping}: ${problems.join('; ')}`);
  const answered = readAnsweredTypes(mapping, index);

  deps.onEvent({ type: 'stage:start', stage: 'read', detail: `${options.file}: product names` });
  const stream = await openSource(sourcePath, buildReadOptions(mapping), deps);
  const nameColumn = findNameColumn(mapping, stream.info.header, options.mapping);
  const groupReader = readGroupsAsLookup(mapping, stream.info.header, index, options.mapping);
  // The names are read first, for the brand words the file shows (`collect-file-brands.ts`): every name is then read with them.
  const names: { name: string; row: number; groups?: string[] }[] = [];
  const brandCollector = createFileBrandCollector(classifier);
  // The rows `import` leaves out (a pasted export's header and titles) are no types to ask.
  const leavesOut = createLeftOutTest(readGoodsColumns(mapping, stream.info));
  for await (const row of stream.rows) {
    if (leavesOut(row)) continue;
    const name = row.cells[nameColumn]?.text ?? '';
    const groups = groupReader?.read(row);
    names.push(groups === undefined || groups.length === 0 ? { name, row: row.row } : { name, row: row.row, groups });
    brandCollector.add(name);
  }
  const knownBrandWords = readKnownBrands(classifier, classifyOptions);
  const brands = brandCollector.finish().filter((brand) => knownBrandWords.get(brand.word)?.some((words) => words.length === 1) !== true);
  const brandOptions = brands.length === 0 ? classifyOptions : { ...classifyOptions, brandWords: new Set([...(classifyOptions.brandWords ?? []), ...brands.map((brand) => brand.word)]) };
  // A maker code is no doubt in the section the file's names with it are sure in (`read-maker-code-sections.ts`).
  const codeSections = brands.length === 0 ? new Map<string, string>() : readMakerCodeSections(classifier, names.map(({ name }) => name), brandOptions);
  const readOptions = codeSections.size === 0 ? brandOptions : { ...brandOptions, makerCodeSections: codeSections };
  const knownBrands = readKnownBrands(classifier, readOptions);
  // The marketplace's products are read with the brands the file's names are read with: else `Адал кефир` there
  // and `кефир` here would be two types, and the seller's own products would never settle the file's.
  const examples = listed === undefined ? undefined : await collectServiceExamples(listed, index, knownBrands);
  const findAnswer = (name: string): KnownLeaf | undefined => {
    const found = findAnsweredType(answered, name, knownBrands);
    // A name that says a twin leaf's word outside the answered type was never seen by the seller's answer (as `lookup: category` reads it).
    if (found === undefined || saysTwinOfAnswer(classifier, found.answer, name, found.type)) return undefined;
    return { leafId: found.answer, source: 'your answer' };
  };
  // Where the sure rows lie says the file's sections (`file-sections.ts`); in a file of a few, a pick outside them is asked,
  // and `--apply` writes them (sheet `Sections`, with the other sections sure rows lay in, to add). Sections the mapping
  // sets already are asked by, and offered again with the others. The names are classified once, without the sections,
  // which are then applied to the picks (`ask-groups-outside-file-sections.ts`).
  const { sections: setSections, ...withoutSections } = readOptions;
  // A row left unsure under a group the seller answered (a `categories:` key, as `lookup: category` reads it) is answered by it.
  const groupAnswers = indexGroupAnswerLeaves(mapping, index);
  const collector = createProductTypeCollector({ classifier, classifyOptions: withoutSections, findAnswer, groupAnswers, ...(examples === undefined ? {} : { examples }) });
  for (const { name, row, groups } of names) collector.add(name, row, groups);
  const { groups: unsectioned, words, rows, answeredRows, untypedRows } = collector.finish();
  const sureByLeaf = countSureRowsByLeafPath(unsectioned);
  const sections = setSections === undefined ? readFileSections(countByTopSection(sureByLeaf), rows, readNoTradeSections(sureByLeaf)) : describeSetFileSections(setSections, sureByLeaf, rows);
  const groups = sections === undefined ? unsectioned : askGroupsOutsideFileSections(unsectioned, { paths: sections.sections.map((section) => section.path) });

  const needsAnswer = (group: ProductTypeGroup): boolean => group.known === undefined && group.placedRows < group.rows;
  const review = groups.filter(needsAnswer);
  const placed = groups.filter((group) => !needsAnswer(group));
  // Types proposed one leaf are one question (a group); of the rest, those of one head word and purpose (a group by word); the others are asked one by one.
  const { leafGroups: byLeaf, singles: unsure } = groupTypesByLeaf(review);
  const { headGroups, singles } = groupTypesByHeadWord(unsure);
  const leafGroups = [...byLeaf, ...headGroups];
  const questions = orderReviewQuestions(singles, words, new Set(placed.flatMap((group) => group.openRows)), leafGroups);
  await mkdir(dirname(outPath), { recursive: true });
  await writeReviewWorkbook(outPath, { questions, placed, brands, index, ...(sections === undefined ? {} : { sections }) });
  const sum = (list: readonly ProductTypeGroup[], of: (group: ProductTypeGroup) => number): number => list.reduce((total, group) => total + of(group), 0);
  return {
    out,
    outPath,
    rows,
    reviewTypes: review.length,
    reviewRows: sum(review, (group) => group.rows),
    firstFiftyRows: questions.slice(0, 50).reduce((total, question) => total + question.settles, 0),
    wordQuestions: questions.filter((question) => question.kind === 'word').length,
    groupQuestions: leafGroups.length,
    groupedTypes: leafGroups.reduce((total, group) => total + group.types.length, 0),
    placedTypes: placed.length,
    placedRows: sum(groups, (group) => group.placedRows),
    answeredRows,
    untypedRows,
    fromServiceTypes: groups.filter((group) => group.known !== undefined).length,
    brandWords: brands.length,
    sections: sections?.sections.map((section) => section.path) ?? [],
    sectionsFrom: setSections === undefined ? 'file' : 'mapping',
    sureRows: sections?.sureRows ?? 0,
    insideRows: sections?.sections.reduce((total, section) => total + section.sureRows, 0) ?? 0,
    outsideSections: sections?.outside.length ?? 0,
    outsideRows: sections?.outside.reduce((total, section) => total + section.sureRows, 0) ?? 0,
  };
}

/** The rows placed without asking, by the leaf their type is proposed. */
function countSureRowsByLeafPath(groups: readonly ProductTypeGroup[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const group of groups) {
    const path = group.classification.path;
    if (group.placedRows === 0 || path === undefined) continue;
    counts.set(path, (counts.get(path) ?? 0) + group.placedRows);
  }
  return counts;
}

/** Options of `runMappingReviewApply`. */
export interface MappingReviewApplyOptions {
  workbook: string;
  mapping: string;
  settings: Settings;
}

/** What `mapping review --apply` changed: what applying wrote (`AppliedAnswers`), and the types the answers left open (`ReviewAnswers`). */
export interface MappingReviewApplyResult extends Omit<AppliedAnswers, 'text' | 'sections'>, Pick<ReviewAnswers, 'open' | 'leftOut' | 'openPlacedRows'> {
  /** The sections written to `classify.sections` (none: the workbook had no sheet `Sections`, or every one was answered no). */
  sections?: string[];
}

/**
 * Turns the answers into `categories:` entries of the YAML mapping. Any answer it cannot apply (one
 * that names no leaf, or a workbook whose rows no longer tie) stops it before the mapping is touched
 * (`MappingError` naming sheet, row and column).
 */
export async function runMappingReviewApply(options: MappingReviewApplyOptions, deps: Deps): Promise<MappingReviewApplyResult> {
  if (isMappingWorkbook(options.mapping)) throw new ConfigError(`${options.mapping} is a workbook mapping: answers are written into a YAML mapping (convert it with \`mapping convert\` first)`);
  const workbookPath = resolve(deps.cwd, options.workbook);
  const mappingPath = resolve(deps.cwd, options.mapping);
  await loadMapping(options.mapping, deps);
  const { directories } = await loadDirectoriesAndListed(options.settings, false, deps);
  const index = createDirectoryIndex(directories);
  const read = await readReviewAnswers(workbookPath, options.workbook, index);
  const errors = read.issues.filter((issue) => issue.severity === 'error');
  if (errors.length > 0) throw new MappingError(`${options.workbook} has ${errors.length} answer${errors.length === 1 ? '' : 's'} it cannot apply; nothing was applied`, errors);
  const applied = applyReviewAnswers(await readFile(mappingPath, 'utf8'), read.answers, index, read.neutralWords, read.brandWords, read.sections);
  await writeFile(mappingPath, applied.text, 'utf8');
  // The mapping must still load: a broken result is reported now, not at the next import.
  await loadMapping(options.mapping, deps);
  const { text: _text, ...changed } = applied;
  return { ...changed, open: read.open, leftOut: read.leftOut, openPlacedRows: read.openPlacedRows };
}

/** The directories and, with `fromService`, the seller's listed products (name and leaf only), read before the file's brand words are known. */
async function loadDirectoriesAndListed(settings: Settings, fromService: boolean, deps: Deps): Promise<{ directories: Directories; listed?: ProductListItem[] }> {
  const service = await openService(settings, deps);
  try {
    const { directories } = await loadServiceDirectoriesOf(service, settings, deps);
    if (!fromService) return { directories };
    const listed: ProductListItem[] = [];
    for await (const product of service.client.listAllProducts({ sortBy: 'id', sortDirection: 'Asc' })) {
      listed.push({ productId: product.productId, productName: product.productName, categoryId: product.categoryId });
    }
    return { directories, listed };
  } finally {
    await service.close();
  }
}

/** The mapping's `categories:` entries that name one leaf, as answered product types. */
export function readAnsweredTypes(mapping: Mapping, index: DirectoryIndex): Map<string, number> {
  return indexAnsweredTypes(readAnswerLeaves(mapping, index));
}


/**
 * Each row's groups as the mapping's `lookup: category` step reads them (`groups:`), so the review classifies each name as the
 * import will; none without such a step. A group column the file lacks stops the review, as it stops the import.
 */
function readGroupsAsLookup(mapping: Mapping, header: Parameters<typeof findColumn>[1], index: DirectoryIndex, mappingFile: string): ReturnType<typeof createGroupPathReader> | undefined {
  const names = findLookupGroups(mapping);
  if (names === undefined) return undefined;
  const off = findGroupRowColumnsOff(mapping, names);
  if (off.length > 0) throw new ConfigError(`${mappingFile}: the groups of lookup: category name ${off.map((name) => `"${name}"`).join(', ')}, group-row columns, but input.groupRows is false: no row has group rows`);
  const reader = createGroupPathReader(mapping, header, index, names, compileCategoryLookup);
  if (reader.missing.length > 0) throw new ConfigError(`${mappingFile}: the groups of lookup: category name ${reader.missing.map((name) => `"${name}"`).join(', ')}, which the file does not have`);
  return reader;
}

/** Position of the Russian name column the mapping names. */
function findNameColumn(mapping: Mapping, header: Parameters<typeof findColumn>[1], mappingFile: string): number {
  const ref = mapping.columns.name?.rus;
  const column = ref === undefined ? undefined : findColumn(ref, header);
  if (column === undefined) throw new ConfigError(`${mappingFile}: columns.name.rus names no column of the file; the review reads the product names from it`);
  return column.index;
}

/**
 * Maps and validates one source row at a time. The mapping is compiled once per file into a table
 * of field rules (`src/stages/rules/`); each row then runs them against one reused context, so
 * that 500,000 rows stream through with constant memory and no per-row set-up (resolutions of
 * repeated values are cached by the value resolver).
 *
 * `buildRowMapper` takes the `lookup: category` compiler from its caller: the pipeline loads it only
 * for a mapping that uses the step (`derive/load-category-lookup.ts`); `createRowMapper`, the
 * library's synchronous entry, always hands it in.
 */
import type { Directories } from '../domain/index.js';
import type { Issue } from '../core/issue.js';
import { createValueResolver, type ValueResolver } from '../mapping/create-value-resolver.js';
import { createDirectoryIndex, type DirectoryIndex } from '../mapping/directory-index.js';
import type { Mapping } from '../mapping/mapping-schema.js';
import type { SourceInfo, SourceRow } from '../sources/types.js';
import type { MappedRow } from './mapped-row.js';
import { createVirtualColumns } from './derive/create-virtual-columns.js';
import type { CategoryLookupCompiler } from './derive/transform-rules.js';
import { compileRowRules, FIELD_RULES, RowContext } from './rules/index.js';
import { createCharacteristicColumns } from './create-characteristic-columns.js';
import { createLeftOutTest, readGoodsColumns } from './create-left-out-test.js';
import { createRowFilter } from './create-row-filter.js';
import { createColumnResolver } from './rules/resolve-columns.js';
import { stageOfRowCode } from './rules/stage-of-row-code.js';
import { createIssue } from '../core/issue.js';
import { createMappingUsage, type MappingUsage } from './track-mapping-usage.js';

/** Options of `createRowMapper`. */
export interface RowMapperOptions {
  /** A prebuilt index, to share one across stages of a run. */
  index?: DirectoryIndex;
  /** A prebuilt resolver (it caches), to share one across stages of a run. */
  resolver?: ValueResolver;
}

/** Options of `buildRowMapper`. */
export interface BuildRowMapperOptions extends RowMapperOptions {
  /** The `lookup: category` compiler; needed when the mapping uses the step (`loadCategoryLookup`). */
  compileCategoryLookup?: CategoryLookupCompiler | undefined;
}

/** The mapping of one row. */
export interface RowMapResult {
  /**
   * The mapped row, kept even when it has errors (`valid: false`) so that the assembler can name
   * the rows of a product. Null only for a row without a product key (it belongs to no product)
   * or a row whose mapped cells are all empty (skipped without an issue), or a row left out by the
   * mapping's row filter (`skipped`).
   */
  record: MappedRow | null;
  /** True for a row the mapping's `rows.skip`/`rows.where` leaves out, or one the reader marks `leftOut` (a repeated header or a title above it; its `row_skipped` warning is in `issues`): not sent, not invalid. */
  skipped?: true;
  /** Every issue of the row. */
  issues: Issue[];
  /**
   * More records of the same row: with `validation.barcode.several: each`, one per barcode after
   * the first (see `splitBarcodeCopies`). Absent otherwise; add each to the assembler like `record`.
   */
  extra?: MappedRow[];
}

/** Maps one row; `setupIssues` holds what was found once, when the columns were resolved. */
export interface RowMapper {
  (row: SourceRow): RowMapResult;
  /** Column problems found once per file (a mapped column missing from the header, duplicate headers). */
  readonly setupIssues: Issue[];
  /** The entries of the mapping's maps the rows mapped so far reached (`findUnusedEntries` compares once the file is read). */
  readonly usage: MappingUsage;
}

/** Builds the row mapper for one file. Run `checkMappingRules` first: the mapper trusts the mapping's directory references. */
export function buildRowMapper(mapping: Mapping, directories: Directories, info: SourceInfo, options: BuildRowMapperOptions = {}): RowMapper {
  const index = options.index ?? createDirectoryIndex(directories);
  const usage = createMappingUsage();
  const lookup = options.compileCategoryLookup;
  const compileCategoryLookup: CategoryLookupCompiler | undefined = lookup === undefined ? undefined : (lookupMapping, lookupIndex, setup) => lookup(lookupMapping, lookupIndex, { ...setup, usage });
  // Group-row and derived columns join the header first, then the characteristic columns, so the
  // rules resolve them like any column; a characteristic's attribute mapping is added to the mapping's own.
  const virtual = createVirtualColumns(mapping, info, index, compileCategoryLookup);
  const characteristics = createCharacteristicColumns(mapping, virtual?.info ?? info, index);
  const mapInfo = characteristics?.info ?? virtual?.info ?? info;
  const rulesMapping = characteristics === undefined ? mapping : { ...mapping, attributes: [...mapping.attributes, ...characteristics.attributes] };
  const resolver = (characteristics === undefined ? options.resolver : undefined) ?? createValueResolver(rulesMapping, index);
  const { rules, setupIssues, cells } = compileRowRules(rulesMapping, mapInfo, index, resolver, FIELD_RULES, usage);
  if (characteristics) setupIssues.unshift(...characteristics.setupIssues);
  if (virtual) setupIssues.unshift(...virtual.setupIssues);
  const filter = createRowFilter(
    mapping.rows,
    createColumnResolver(mapInfo, (code, severity, data, extra) => {
      setupIssues.push(createIssue({ stage: stageOfRowCode(code), code, severity, data, file: info.file, sheet: info.sheet, row: info.headerRow, ...extra }));
    }),
  );
  const ctx = new RowContext(mapInfo, cells);
  const ruleCount = rules.length;
  const barcodeIsSkuKey = mapping.columns.skuKey === undefined;
  const leavesOut = createLeftOutTest(readGoodsColumns(mapping, info));

  const mapRow = (row: SourceRow): RowMapResult => {
    ctx.begin(row);
    // A pasted export's repeated header and its title rows (the reader marks them) are no goods,
    // but for a row the reader took for a title that fills a key and the name. The mark is tested
    // here first so that an unmarked row, nearly every one, makes no call.
    if (row.leftOut !== undefined && leavesOut(row)) {
      ctx.report('row_skipped', 'warning', undefined, row.leftOut);
      return { record: null, issues: ctx.issues, skipped: true };
    }
    virtual?.fill(ctx);
    if (filter !== undefined) {
      const skip = filter(ctx.row.cells);
      if (skip !== undefined) {
        ctx.report('row_skipped', 'warning', skip.location, skip.data, skip.value);
        return { record: null, issues: ctx.issues, skipped: true };
      }
    }
    characteristics?.fill(ctx);
    for (let i = 0; i < ruleCount; i++) {
      (rules[i] as (typeof rules)[number]).apply(ctx);
      // The product-key rule leaves no draft for a row of no product: the row ends there.
      if (ctx.record === null) return { record: null, issues: ctx.issues };
    }
    const record = ctx.record as MappedRow | null;
    if (record === null) return { record: null, issues: ctx.issues };
    record.valid = ctx.valid;
    if (!ctx.valid) record.errorCodes = listErrorCodes(ctx.issues);
    if (record.extraBarcodes !== undefined) {
      const extra = splitBarcodeCopies(record, barcodeIsSkuKey);
      if (extra.length > 0) return { record, issues: ctx.issues, extra };
    }
    return { record, issues: ctx.issues };
  };

  return Object.assign(mapRow, { setupIssues, usage });
}

/** The distinct codes of the errors among `issues`, in order. */
function listErrorCodes(issues: readonly Issue[]): string[] {
  const codes: string[] = [];
  for (const issue of issues) if (issue.severity === 'error' && !codes.includes(issue.code)) codes.push(issue.code);
  return codes;
}

/**
 * `validation.barcode.several: each` — each barcode of a cell makes its own SKU. The SKUs of one
 * product must differ by their SKU-defining values (the service refuses two alike, and so does the
 * assembler: `skus_not_distinguished`), which copies of one row never do; so the n-th barcode of a
 * row (n ≥ 2) goes to a copy of the row in a product of its own, keyed `<product key>-n`, its SKU
 * keyed `<SKU key>-n` (or by its barcode, when the barcode is the SKU key). Same name, category,
 * brand, attributes, price and photos; no marketplace ids (the copy is another product, which the
 * state then remembers under its own key). The same n for every row of a product, so a product
 * whose rows each hold two barcodes becomes two products with the same sizes.
 * Returns the copies a row's extra barcodes make (none without them) and takes them off the row.
 */
function splitBarcodeCopies(record: MappedRow, barcodeIsSkuKey: boolean): MappedRow[] {
  const extra = record.extraBarcodes;
  if (extra === undefined) return [];
  delete record.extraBarcodes;
  return extra.map((barcode, i) => {
    const n = i + 2;
    return {
      ...record,
      productKey: `${record.productKey}-${n}`,
      skuKey: barcodeIsSkuKey ? barcode : `${record.skuKey}-${n}`,
      productId: null,
      skuId: null,
      product: structuredClone(record.product),
      sku: { ...structuredClone(record.sku), barcode },
    };
  });
}

/**
 * Groups mapped rows into products with their SKUs, checks what only a whole product shows, and
 * emits `ProductDraft`s holding the exact import item.
 *
 * Memory: only "open" products are held. A product closes when `closeWindow` other products have
 * started since its last row; it is then checked and handed to the sink. A row arriving later for a
 * closed product takes it back from the sink (`reopen`) and the product is reassembled, so rows of
 * one product need not be adjacent. Cross-product checks (duplicate barcodes and SKU keys) keep one
 * compact map entry per SKU (key → row number) and a byte per closed product (by its id in the
 * run's `ProductKeyIndex`).
 *
 * Policy: a product any of whose rows has an error is not sent at all (a partial product would be
 * surprising); each of its good rows gets `product_has_invalid_rows` naming the bad ones.
 */
import type { Directories, ImportAttribute, ImportItem, ImportSku } from '../domain/index.js';
import { InternalError } from '../core/errors.js';
import { createIssue, hasErrors, type Issue, type IssueData } from '../core/issue.js';
import { createProductKeyIndex, type ProductKeyIndex } from '../core/product-key-index.js';
import type { ProductDraft, RowRef } from '../core/types.js';
import { createDirectoryIndex, type DirectoryIndex } from '../mapping/directory-index.js';
import { createRequirementPolicy, describeRequirement, type RequirementPolicy } from '../mapping/create-requirement-policy.js';
import { createValueResolver } from '../mapping/create-value-resolver.js';
import type { Mapping } from '../mapping/mapping-schema.js';
import { createBarcodeTable } from './create-barcode-table.js';
import { OpenProducts, type OpenProduct } from './open-products.js';
import type { AssemblyIssueCode } from './issue-codes.js';
import type { CellLocation, MappedRow } from './mapped-row.js';
import type { AssembledProduct, ProductSink } from './product-sink.js';

/** Options of `createProductAssembler`. */
export interface ProductAssemblerOptions {
  mapping: Mapping;
  directories: Directories;
  /** Receives each finished product. */
  sink: ProductSink;
  /** A product closes when this many other products have started since its last row. Default 100. */
  closeWindow?: number;
  /** A prebuilt index, to share one across stages of a run. */
  index?: DirectoryIndex;
  /** The run's product key ids (the sink and the outcome store use the same ones); an own index when not given. */
  productKeys?: ProductKeyIndex;
  /**
   * Build the import drafts of valid products (default true). A dry run sends nothing: it needs each
   * product's validity and issues only, which do not depend on the draft.
   */
  drafts?: boolean;
}

/** Assembles products from mapped rows fed one by one. */
export interface ProductAssembler {
  /**
   * Adds one mapped row. Returns the row-level issues found now (duplicate barcode or SKU key),
   * which also mark the record invalid. Product-level issues go to the sink with their product.
   */
  add(record: MappedRow): Issue[];
  /** Closes every open product (in order of first row). Returns row-level issues found at the end (none today). */
  finish(): Issue[];
}

/**
 * Default of `closeWindow`. Small on purpose: an open product's rows (and the text they point into)
 * live until it closes, and rows kept across a few young-generation collections are copied to the
 * old generation and collected again there — with 1,000 that was every row of a file. Rows of one
 * product further apart than this are still merged, by a reopen from the sink.
 */
const DEFAULT_CLOSE_WINDOW = 100;

/** A product-level field compared across rows, with the cell field that locates it. */
interface ProductField {
  name: string;
  cell: string;
  read(record: MappedRow): string | number | boolean | null;
}

const PRODUCT_FIELDS: readonly ProductField[] = [
  { name: 'shopId', cell: 'shopId', read: (r) => r.product.shopId },
  { name: 'productId', cell: 'productId', read: (r) => r.productId },
  { name: 'categoryId', cell: 'category', read: (r) => r.product.categoryId },
  { name: 'brandId', cell: 'brand', read: (r) => r.product.brandId },
  { name: 'isLocalMade', cell: 'isLocalMade', read: (r) => r.product.isLocalMade },
  { name: 'name.rus', cell: 'name.rus', read: (r) => r.product.name.rus || null },
  { name: 'name.kaz', cell: 'name.kaz', read: (r) => r.product.name.kaz || null },
  { name: 'description.rus', cell: 'description.rus', read: (r) => r.product.description.rus || null },
  { name: 'description.kaz', cell: 'description.kaz', read: (r) => r.product.description.kaz || null },
  { name: 'vat', cell: 'vat', read: (r) => r.product.vat },
];

const PRODUCT_FIELD_BY_NAME: ReadonlyMap<string, ProductField> = new Map(PRODUCT_FIELDS.map((field) => [field.name, field]));

/** Creates an assembler writing to `options.sink`. */
export function createProductAssembler(options: ProductAssemblerOptions): ProductAssembler {
  const { sink, mapping } = options;
  const closeWindow = Math.max(1, Math.floor(options.closeWindow ?? DEFAULT_CLOSE_WINDOW));
  const index = options.index ?? createDirectoryIndex(options.directories);
  const drafts = options.drafts ?? true;
  const requirements = createRequirementPolicy(mapping, index, () => createValueResolver(mapping, index));
  const open = new OpenProducts();
  const productKeys = options.productKeys ?? createProductKeyIndex();
  const closed = new Set<number>();
  // Barcodes are keyed by their numeric value: compact, and a GTIN with or without leading zeros
  // (UPC-A 036000291452 = EAN-13 0036000291452) is the same code.
  const barcodes = createBarcodeTable();
  // When the SKU key is the barcode, the barcode map already guards it; without a barcode (the
  // service does not require one) the product key stands for the SKU key and is guarded here.
  const skuKeys = mapping.columns.skuKey === undefined && mapping.validation.requireBarcode ? undefined : new Map<string, number>();
  let started = 0;
  // The product that got the last row: the newest open one already (the usual next row is its own).
  let newest: OpenProduct | undefined;

  const close = (product: OpenProduct): void => {
    if (product === newest) newest = undefined;
    open.remove(product);
    closed.add(product.id);
    sink.put(buildAssembledProduct(product.key, product.records, drafts, requirements));
  };

  // `rows.duplicates: keep-first`: rows left out for being identical to an earlier row of their product.
  const keepFirst = mapping.rows.duplicates === 'keep-first';
  const leftOut: LeftOutRows = { rows: [], file: undefined, sheet: undefined };

  /** The open product of `key` (opened, or taken back from the sink, when it is not open), made the newest. */
  const openProduct = (key: string): OpenProduct => {
    if (newest !== undefined && key === newest.key) return newest;
    const id = productKeys.idOf(key);
    const current = open.get(id);
    if (current !== undefined) {
      // A row for an older open product makes it the newest: it closes last again.
      open.remark(current, started);
      newest = current;
      return current;
    }
    started++;
    const records = closed.delete(id) ? [...(sink.reopen(key)?.records ?? [])] : [];
    const product: OpenProduct = { key, id, records, mark: started, ticket: 0 };
    newest = product;
    open.add(product);
    for (let oldest = open.oldest(); oldest !== undefined; oldest = open.oldest()) {
      if (started - oldest.mark < closeWindow) break;
      if (oldest !== product) close(oldest);
    }
    return product;
  };

  return {
    add(record) {
      const product = openProduct(record.productKey);
      if (keepFirst && record.valid && product.records.some((earlier) => checkCopyOf(earlier, record))) {
        leftOut.rows.push(record.source.row);
        leftOut.file ??= record.source.file;
        leftOut.sheet ??= record.source.sheet;
        return [];
      }
      const issues: Issue[] = [];
      // Asked only of a duplicate: is the row a copy of the row the message names, by keep-first's test? Then the
      // message names the way out. That row may be of another product, or one that differs: then it is no copy.
      const checkCopy = (firstRow: number): boolean =>
        product.records.some((earlier) => earlier.source.row === firstRow && checkCopyOf(earlier, record));
      if (record.sku.barcode !== '') {
        const duplicate = checkDuplicate(barcodes, Number(record.sku.barcode), record.sku.barcode, record, 'duplicate_barcode', 'barcode', checkCopy);
        if (duplicate !== undefined) issues.push(duplicate);
      }
      if (skuKeys !== undefined && record.skuKey !== '' && (mapping.columns.skuKey !== undefined || record.sku.barcode === '')) {
        const duplicate = checkDuplicate(skuKeys, record.skuKey, record.skuKey, record, 'duplicate_sku_key', 'skuKey', checkCopy);
        if (duplicate !== undefined) issues.push(duplicate);
      }
      product.records.push(record);
      return issues;
    },
    finish() {
      // By first row; a product and its `several: each` copy share one: then in the order they got rows.
      const remaining = open.values().sort((a, b) => firstRowOf(a.records) - firstRowOf(b.records) || a.ticket - b.ticket);
      for (const product of remaining) close(product);
      return leftOut.rows.length === 0 ? [] : [buildLeftOutIssue(leftOut)];
    },
  };
}

/** Rows `keep-first` left out, and the file they are in. */
interface LeftOutRows {
  rows: number[];
  file: string | undefined;
  sheet: string | undefined;
}

/** How many row numbers the `duplicate_rows_left_out` warning lists. */
const LEFT_OUT_ROWS_SHOWN = 20;

/** The one warning for every row `keep-first` left out: their count and the first of them. */
function buildLeftOutIssue(leftOut: LeftOutRows): Issue {
  const { rows } = leftOut;
  const shown = rows.slice(0, LEFT_OUT_ROWS_SHOWN).join(', ');
  const more = rows.length - LEFT_OUT_ROWS_SHOWN;
  return createIssue({
    stage: 'build',
    code: 'duplicate_rows_left_out',
    severity: 'warning',
    data: more > 0 ? { variant: 'more', count: rows.length, rows: shown, more } : { count: rows.length, rows: shown },
    file: leftOut.file,
    sheet: leftOut.sheet,
  });
}

/**
 * Whether `row` is a copy of the earlier row `earlier`: the same in every mapped field, and that row
 * valid. `keep-first` leaves out exactly such rows, and the duplicate message calls exactly them a copy.
 */
function checkCopyOf(earlier: MappedRow, row: MappedRow): boolean {
  return earlier.valid && checkSameMappedFields(earlier, row);
}

/** Whether two rows say the same in every mapped field (their keys, ids, product and SKU fields); where they stand aside. */
function checkSameMappedFields(a: MappedRow, b: MappedRow): boolean {
  if (a.productKey !== b.productKey || a.skuKey !== b.skuKey || a.productId !== b.productId || a.skuId !== b.skuId) return false;
  if (a.sku.barcode !== b.sku.barcode || a.sku.price !== b.sku.price) return false;
  // Built by the same rules in the same order: equal fields serialise equally.
  return JSON.stringify([a.product, a.sku, a.extraBarcodes ?? null]) === JSON.stringify([b.product, b.sku, b.extraBarcodes ?? null]);
}

/**
 * Checks one product's rows together and builds its entry (pure; the entry keeps `unsorted` itself
 * when it is in row order); `drafts: false` leaves the draft of a valid product out.
 */
function buildAssembledProduct(productKey: string, unsorted: MappedRow[], drafts: boolean, requirements: RequirementPolicy): AssembledProduct {
  // Rows usually arrive in file order: sort only when they did not.
  const records = checkSortedByRow(unsorted) ? unsorted : [...unsorted].sort((a, b) => a.source.row - b.source.row);
  const issues: Issue[] = [];
  const merged = mergeProductFields(productKey, records, issues);
  const productAttributes = mergeProductAttributes(productKey, records, issues);
  let validCount = 0;
  for (const record of records) if (record.valid) validCount++;
  if (validCount > 1) checkSkusDistinguished(productKey, records, issues);
  const categoryId = readMerged(merged, records, 'categoryId');
  if (typeof categoryId === 'number' && validCount > 0) checkRequiredAttributes(productKey, records, productAttributes, categoryId, requirements, issues);
  const heldBack = validCount < records.length;
  // A row with an error of its own, or an error of the product found on one row, holds back the
  // others: only valid rows are held back, so a product of invalid rows alone (a file where every
  // row is wrong) has none to tell, and its causes are not gathered and sorted for nothing.
  if (validCount > 0 && (heldBack || hasErrors(issues))) reportHeldBackRows(productKey, records, issues);

  const rows: RowRef[] = [];
  for (const record of records) rows.push(record.source);
  const firstRow = firstRowOf(records);
  const valid = !heldBack && !hasErrors(issues);
  const draft = valid && drafts ? buildDraft(productKey, records, merged, productAttributes) : null;
  return { productKey, valid, draft, issues, rows, firstRow, records };
}

/** A product-level value and the row it was first found in. */
interface MergedValue {
  value: string | number | boolean;
  row: number;
}

/**
 * The product-level fields of a product's rows: null when every row says the same (the usual
 * product: the first row's values are the product's, read by `readMerged`), else the first
 * non-empty value of each field, a different non-empty value being reported as a conflict.
 */
function mergeProductFields(productKey: string, records: readonly MappedRow[], issues: Issue[]): Map<string, MergedValue> | null {
  if (haveSameProductFields(records)) return null;
  const merged = new Map<string, MergedValue>();
  for (const field of PRODUCT_FIELDS) {
    let first: MergedValue | undefined;
    for (const record of records) {
      const value = field.read(record);
      if (value === null) continue;
      if (first === undefined) {
        first = { value, row: record.source.row };
        merged.set(field.name, first);
      } else if (first.value !== value) {
        reportBuildIssue(
          issues,
          productKey,
          'product_field_conflict',
          record,
          record.cells[field.cell],
          { product: productKey, payloadField: field.name, first: String(first.value), firstRow: first.row },
          String(value),
        );
      }
    }
  }
  return merged;
}

/** Whether every row carries the first row's product-level fields (then they cannot conflict): the fields of `PRODUCT_FIELDS`, read as the merge reads them. */
function haveSameProductFields(records: readonly MappedRow[]): boolean {
  const first = records[0];
  if (first === undefined) return true;
  for (let i = 1; i < records.length; i++) {
    const record = records[i] as MappedRow;
    if (record.product === first.product && record.productId === first.productId) continue;
    for (const field of PRODUCT_FIELDS) if (field.read(record) !== field.read(first)) return false;
  }
  return true;
}

/** A merged product-level field: from the map, or (rows that all agree) the first row's. */
function readMerged(merged: ReadonlyMap<string, MergedValue> | null, records: readonly MappedRow[], name: string): string | number | boolean | undefined {
  if (merged !== null) return merged.get(name)?.value;
  const field = PRODUCT_FIELD_BY_NAME.get(name);
  const first = records[0];
  if (field === undefined || first === undefined) return undefined;
  return field.read(first) ?? undefined;
}

/** The product's attributes: the first row giving each wins; a row giving other values is a conflict. */
function mergeProductAttributes(productKey: string, records: readonly MappedRow[], issues: Issue[]): ImportAttribute[] {
  const first = records[0];
  if (first === undefined) return [];
  // One row (or rows whose attribute lists are the first row's, entry for entry): nothing to merge.
  if (haveSameAttributes(records)) return [...first.product.attributes];
  const productAttributes: ImportAttribute[] = [];
  const attributeRows = new Map<string, { valueCodes: readonly string[]; row: number }>();
  for (const record of records) {
    for (const attribute of record.product.attributes) {
      const seen = attributeRows.get(attribute.code);
      if (seen === undefined) {
        attributeRows.set(attribute.code, { valueCodes: attribute.valueCodes, row: record.source.row });
        productAttributes.push(attribute);
        continue;
      }
      // Compared as the joined text (as reported); equal lists (the usual case) need no joining.
      if (sameCodes(seen.valueCodes, attribute.valueCodes)) continue;
      const joined = attribute.valueCodes.join(', ');
      const firstJoined = seen.valueCodes.join(', ');
      if (firstJoined !== joined) {
        reportBuildIssue(
          issues,
          productKey,
          'product_field_conflict',
          record,
          record.cells[`attribute:${attribute.code}`],
          { variant: 'attribute', product: productKey, attribute: attribute.code, first: firstJoined, firstRow: seen.row },
          joined,
        );
      }
    }
  }
  return productAttributes;
}

/** Whether every row's product attributes are the first row's, in the same order, with distinct codes. */
function haveSameAttributes(records: readonly MappedRow[]): boolean {
  const list = (records[0] as MappedRow).product.attributes;
  for (let i = 1; i < list.length; i++) {
    const code = (list[i] as ImportAttribute).code;
    for (let k = 0; k < i; k++) if ((list[k] as ImportAttribute).code === code) return false;
  }
  for (let r = 1; r < records.length; r++) {
    const other = (records[r] as MappedRow).product.attributes;
    if (other === list) continue;
    if (other.length !== list.length) return false;
    for (let i = 0; i < list.length; i++) {
      const a = list[i] as ImportAttribute;
      const b = other[i] as ImportAttribute;
      if (a !== b && (a.code !== b.code || !sameCodes(a.valueCodes, b.valueCodes))) return false;
    }
  }
  return true;
}

/** Two valid SKUs of one product with the same SKU-defining values cannot be told apart. */
function checkSkusDistinguished(productKey: string, records: readonly MappedRow[], issues: Issue[]): void {
  // A product has a few SKUs: a list searched from the start finds the first row of a signature as
  // a map would, without a map for every product; a product with many SKUs gets the map.
  const signatures = records.length > SIGNATURE_LIST_LIMIT ? new Map<string, number>() : undefined;
  const listed: string[] = [];
  const listedRows: number[] = [];
  for (const record of records) {
    if (!record.valid) continue;
    const signature = buildSkuSignature(record.sku.attributes);
    let first: number | undefined;
    if (signatures !== undefined) {
      first = signatures.get(signature);
      if (first === undefined) signatures.set(signature, record.source.row);
    } else {
      const at = listed.indexOf(signature);
      if (at >= 0) first = listedRows[at];
      else {
        listed.push(signature);
        listedRows.push(record.source.row);
      }
    }
    if (first !== undefined) {
      reportBuildIssue(
        issues,
        productKey,
        'skus_not_distinguished',
        record,
        undefined,
        signature === '' ? { variant: 'none', product: productKey, firstRow: first, row: record.source.row } : { product: productKey, firstRow: first, row: record.source.row, values: signature },
        signature,
      );
    }
  }
}

/**
 * The category's required attributes: SKU-defining ones on every valid SKU, the others on the
 * product; an error, or a warning where the requirement's scope is unclear (`requirements`).
 */
function checkRequiredAttributes(
  productKey: string,
  records: readonly MappedRow[],
  productAttributes: readonly ImportAttribute[],
  categoryId: number,
  requirements: RequirementPolicy,
  issues: Issue[],
): void {
  for (const { link, judgement } of requirements.requiredIn(categoryId)) {
    const { attribute } = link;
    const severity = judgement.verdict === 'warning' ? 'warning' : 'error';
    const why = describeRequirement(judgement, categoryId);
    if (attribute.isSkuDefining) {
      for (const record of records) {
        if (record.valid && !record.sku.attributes.some((entry) => entry.code === attribute.code)) {
          reportBuildIssue(issues, productKey, 'required_attribute_missing', record, undefined, { variant: 'sku', attribute: attribute.code, attributeName: attribute.name.rus, ...why }, attribute.code, severity);
        }
      }
    } else if (!productAttributes.some((entry) => entry.code === attribute.code)) {
      reportBuildIssue(issues, productKey, 'required_attribute_missing', records[0] as MappedRow, undefined, { variant: 'product', attribute: attribute.code, attributeName: attribute.name.rus, ...why }, attribute.code, severity);
    }
  }
}

/** How many blocking rows a held-back row's message lists. */
const HELD_BACK_ROWS_SHOWN = 10;

/**
 * A product with a bad row is not sent: each of its other rows says which rows hold it back and
 * with which errors (its rows' own, and the product's errors found on a row), in its own `_errors`.
 */
function reportHeldBackRows(productKey: string, records: readonly MappedRow[], issues: Issue[]): void {
  const causes = new Map<number, string[]>();
  const addCause = (row: number, codes: readonly string[]): void => {
    const known = causes.get(row) ?? [];
    for (const code of codes) if (!known.includes(code)) known.push(code);
    causes.set(row, known);
  };
  for (const record of records) if (!record.valid) addCause(record.source.row, record.errorCodes ?? []);
  for (const issue of issues) if (issue.severity === 'error' && issue.row !== undefined) addCause(issue.row, [issue.code]);
  const badRows = [...causes.keys()].sort((a, b) => a - b);
  // An invalid row always has an error code; the dash only keeps the sentence whole should one not.
  const codes = [...new Set([...causes.values()].flat())].sort().join(', ') || '—';
  const shown = badRows.slice(0, HELD_BACK_ROWS_SHOWN).join(', ');
  // The data of the message: the rows (the first ten), their error codes, their count, how many more.
  const data =
    badRows.length > HELD_BACK_ROWS_SHOWN
      ? { variant: 'more', product: productKey, rows: shown, codes, count: badRows.length, more: badRows.length - HELD_BACK_ROWS_SHOWN }
      : { product: productKey, rows: shown, codes, count: badRows.length };
  for (const record of records) {
    if (!record.valid || causes.has(record.source.row)) continue;
    // The blocking rows are in the message only: a value would read as the row's own cell value (To fix's value column).
    reportBuildIssue(issues, productKey, 'product_has_invalid_rows', record, undefined, data);
  }
}

function reportBuildIssue(issues: Issue[], productKey: string, code: AssemblyIssueCode, record: MappedRow, location: CellLocation | undefined, data: IssueData, value?: string, severity: 'error' | 'warning' = 'error'): void {
  issues.push(
    createIssue({
      stage: 'build',
      code,
      severity,
      data,
      file: record.source.file,
      sheet: record.source.sheet,
      row: record.source.row,
      column: location?.column,
      header: location?.header,
      value,
      productKey,
    }),
  );
}

function buildDraft(
  productKey: string,
  records: readonly MappedRow[],
  merged: ReadonlyMap<string, MergedValue> | null,
  attributes: ImportAttribute[],
): ProductDraft {
  const get = <T extends string | number | boolean>(name: string, type: 'number' | 'boolean' | 'string', fallback?: T): T => {
    const value = readMerged(merged, records, name) ?? fallback;
    // A valid row carries every required field; a gap here is a bug, not bad data.
    if (typeof value !== type) throw new InternalError(`product "${productKey}" is valid but lacks ${name}`);
    return value as T;
  };
  const skus: ImportSku[] = records.map((record) => {
    if (record.sku.price === null) throw new InternalError(`row ${record.source.row} is valid but lacks a price`);
    return {
      skuId: record.skuId,
      attributeValueCodes: record.sku.attributes.flatMap((attribute) => attribute.valueCodes),
      price: record.sku.price,
      // No barcode (a service where it is optional): the key is left out, never sent as "".
      ...(record.sku.barcode === '' ? {} : { barcode: record.sku.barcode }),
      photos: record.sku.photos,
    };
  });
  const item: ImportItem = {
    shopId: get<number>('shopId', 'number'),
    productId: (readMerged(merged, records, 'productId') as number | undefined) ?? null,
    categoryId: get<number>('categoryId', 'number'),
    brandId: get<number>('brandId', 'number'),
    isLocalMade: get<boolean>('isLocalMade', 'boolean'),
    name: { rus: get<string>('name.rus', 'string'), kaz: get<string>('name.kaz', 'string', '') },
    description: { rus: get<string>('description.rus', 'string', ''), kaz: get<string>('description.kaz', 'string', '') },
    vat: get<number>('vat', 'number'),
    attributes,
    skus,
  };
  return {
    productKey,
    rows: records.map((record) => record.source),
    skuKeys: records.map((record) => record.skuKey),
    skuRows: records.map((record) => record.source),
    item,
  };
}

/** Records `key` → row, or returns the issue of the row as a duplicate of the first one (and marks it invalid). */
function checkDuplicate<K>(
  seen: { get(key: K): number | undefined; set(key: K, row: number): void },
  key: K,
  shown: string,
  record: MappedRow,
  code: AssemblyIssueCode,
  cell: 'barcode' | 'skuKey',
  checkCopy: (firstRow: number) => boolean,
): Issue | undefined {
  const first = seen.get(key);
  if (first === undefined) {
    seen.set(key, record.source.row);
    return undefined;
  }
  if (first === record.source.row) return undefined;
  record.valid = false;
  (record.errorCodes ??= []).push(code);
  const location = record.cells[cell];
  return createIssue({
    stage: 'build',
    code,
    severity: 'error',
    data: { variant: `${cell === 'barcode' ? 'barcode' : 'sku_key'}${checkCopy(first) ? '_copy' : ''}`, firstRow: first },
    file: record.source.file,
    sheet: record.source.sheet,
    row: record.source.row,
    column: location?.column,
    header: location?.header,
    value: shown,
    productKey: record.productKey,
  });
}

/** Valid SKUs of a product up to which `checkSkusDistinguished` looks signatures up in a list. */
const SIGNATURE_LIST_LIMIT = 32;

/** The SKU-defining values of a row, order-free: `code=value+value;code=value`, codes and values sorted. */
function buildSkuSignature(attributes: readonly ImportAttribute[]): string {
  // One value (the usual case) needs no copy and no sort.
  const parts = attributes.map(({ code, valueCodes }) => `${code}=${valueCodes.length === 1 ? valueCodes[0] : sortTexts([...valueCodes]).join('+')}`);
  return sortTexts(parts).join(';');
}

/**
 * Sorts texts in place as `Array.prototype.sort()` without a comparator orders them (by UTF-16
 * units), by insertion: the lists are a few attributes long, and the built-in sort's work state
 * for each was a tenth of what the validating thread allocated.
 */
function sortTexts(texts: string[]): string[] {
  for (let i = 1; i < texts.length; i++) {
    const text = texts[i] as string;
    let at = i;
    while (at > 0 && (texts[at - 1] as string) > text) {
      texts[at] = texts[at - 1] as string;
      at--;
    }
    texts[at] = text;
  }
  return texts;
}

function sameCodes(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function checkSortedByRow(records: readonly MappedRow[]): boolean {
  for (let i = 1; i < records.length; i++) if ((records[i] as MappedRow).source.row < (records[i - 1] as MappedRow).source.row) return false;
  return true;
}

function firstRowOf(records: readonly MappedRow[]): number {
  let first = Number.POSITIVE_INFINITY;
  for (const record of records) if (record.source.row < first) first = record.source.row;
  return first;
}

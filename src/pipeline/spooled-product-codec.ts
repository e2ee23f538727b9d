/**
 * The dry run's spool record of an assembled product: what a late row needs to reassemble it (its
 * rows, product-level issues and mapped rows), in the binary form of `SpoolWriter`. No draft: the
 * dry run sends nothing, and a reassembled product builds its own. Shared fields are written once:
 * the per-file `cells` map is not written at all, a record's source only where it is not the
 * product's row of the same place, its product-level fields only where they differ from the first
 * record's (the SKU rows of a product usually repeat its names and descriptions word for word), its
 * product key only where it is not the product's, a SKU's photos only where they are not the
 * previous record's (the sizes of one colour show the same photos), its barcode only where it is
 * not its SKU key (the barcode usually is the SKU key), and an attribute entry shared by many rows
 * (the row rules hand out one frozen entry per resolved value) by its number in the run's
 * `SharedEntryTable`, which the writer and the reader of one spool share in memory.
 */
import type { ImportAttribute, ImportPhoto } from '../domain/index.js';
import type { RowRef } from '../core/types.js';
import type { Issue } from '../core/issue.js';
import type { MappedProductFields, MappedRow, MappedSkuFields } from '../stages/mapped-row.js';
import type { AssembledProduct } from '../stages/product-sink.js';
import type { SpoolReader, SpoolWriter } from '../state/spool-bytes.js';

const VALID = 1;
const OWN_SOURCE = 2;
const OWN_PRODUCT = 4;
const EXTRA_BARCODES = 8;
const OWN_PRODUCT_KEY = 16;
const SAME_PHOTOS = 32;
const BARCODE_IS_SKU_KEY = 64;

const HAS_SHEET = 1;
const SAME_PLACE = 2;

const BOOLEAN_NULL = 2;

/** Shared entries numbered per spool; past this many, further ones are written out in full. */
const SHARED_ENTRY_LIMIT = 65_536;

/**
 * The frozen attribute entries a spool has written, by number. The row rules make one frozen entry
 * per resolved value (a directory's values, so few) and hand it to every row that has that value:
 * a record refers to it by number instead of spelling a code and its value codes on every SKU.
 * Reading gives back the same frozen object, as the row rules did.
 */
export class SharedEntryTable {
  private readonly numbers = new Map<ImportAttribute, number>();
  private readonly entries: ImportAttribute[] = [];

  /** The entry's number, numbering it now if it is shared and there is room; undefined otherwise. */
  numberOf(entry: ImportAttribute): number | undefined {
    const known = this.numbers.get(entry);
    if (known !== undefined || this.entries.length >= SHARED_ENTRY_LIMIT || !Object.isFrozen(entry)) return known;
    const number = this.entries.length;
    this.entries.push(entry);
    this.numbers.set(entry, number);
    return number;
  }

  /** The entry numbered `number`. */
  entryAt(number: number): ImportAttribute {
    const entry = this.entries[number];
    if (entry === undefined) throw new Error(`unknown shared attribute entry ${number} in the spool record`);
    return entry;
  }
}

/** Writes `entry` (without its draft: its validity is kept) to `out`. */
export function writeSpooledProduct(out: SpoolWriter, entry: AssembledProduct, shared: SharedEntryTable): void {
  const { productKey, rows, records } = entry;
  out.byte(entry.valid ? 1 : 0);
  out.number(entry.firstRow);
  out.count(rows.length);
  let previous: RowRef | undefined;
  for (const ref of rows) {
    writeRowRef(out, ref, previous);
    previous = ref;
  }
  // Product-level issues are few (held-back products, conflicts): JSON keeps every key as it is.
  out.string(entry.issues.length === 0 ? '' : JSON.stringify(entry.issues));
  out.count(records.length);
  const first = records[0];
  for (let i = 0; i < records.length; i++) {
    const record = records[i] as MappedRow;
    const { sku } = record;
    const ownSource = record.source !== rows[i];
    const ownProduct = i === 0 || first === undefined || !sameProductFields(record.product, first.product);
    const ownKey = record.productKey !== productKey;
    const samePhotos = i > 0 && samePhotoList(sku.photos, (records[i - 1] as MappedRow).sku.photos);
    const barcodeIsSkuKey = sku.barcode === record.skuKey;
    out.byte(
      (record.valid ? VALID : 0) |
        (ownSource ? OWN_SOURCE : 0) |
        (ownProduct ? OWN_PRODUCT : 0) |
        (record.extraBarcodes !== undefined ? EXTRA_BARCODES : 0) |
        (ownKey ? OWN_PRODUCT_KEY : 0) |
        (samePhotos ? SAME_PHOTOS : 0) |
        (barcodeIsSkuKey ? BARCODE_IS_SKU_KEY : 0),
    );
    if (ownSource) writeRowRef(out, record.source, undefined);
    if (ownKey) out.string(record.productKey);
    out.string(record.skuKey);
    out.number(record.productId);
    out.number(record.skuId);
    if (ownProduct) writeProductFields(out, record.product, shared);
    out.number(sku.price);
    if (!barcodeIsSkuKey) out.string(sku.barcode);
    if (!samePhotos) writePhotos(out, sku.photos);
    writeAttributes(out, sku.attributes, shared);
    if (record.extraBarcodes !== undefined) writeStrings(out, record.extraBarcodes);
  }
}

/** Reads what `writeSpooledProduct` wrote; records get the file's `cells` map back. */
export function readSpooledProduct(input: SpoolReader, productKey: string, cells: MappedRow['cells'], shared: SharedEntryTable): AssembledProduct {
  const valid = input.byte() === 1;
  const firstRow = input.number() as number;
  const rows: RowRef[] = [];
  for (let n = input.count(); n > 0; n--) rows.push(readRowRef(input, rows[rows.length - 1]));
  const issuesText = input.string();
  const issues = issuesText === '' ? [] : (JSON.parse(issuesText) as Issue[]);
  const records: MappedRow[] = [];
  let firstProduct: MappedProductFields | undefined;
  const count = input.count();
  for (let i = 0; i < count; i++) {
    const flags = input.byte();
    const source = (flags & OWN_SOURCE) !== 0 ? readRowRef(input, undefined) : (rows[i] as RowRef);
    const key = (flags & OWN_PRODUCT_KEY) !== 0 ? input.string() : productKey;
    const skuKey = input.string();
    const productId = input.number();
    const skuId = input.number();
    const product = (flags & OWN_PRODUCT) !== 0 ? readProductFields(input, shared) : (firstProduct as MappedProductFields);
    firstProduct ??= product;
    const price = input.number();
    const barcode = (flags & BARCODE_IS_SKU_KEY) !== 0 ? skuKey : input.string();
    // Copies, not the previous record's objects: a record read back is as independent as one mapped.
    const photos = (flags & SAME_PHOTOS) !== 0 ? copyPhotos((records[i - 1] as MappedRow).sku.photos) : readPhotos(input);
    const sku: MappedSkuFields = { price, barcode, photos, attributes: readAttributes(input, shared) };
    const record: MappedRow = { source, valid: (flags & VALID) !== 0, productKey: key, skuKey, productId, skuId, product, sku, cells };
    if ((flags & EXTRA_BARCODES) !== 0) record.extraBarcodes = readStrings(input);
    records.push(record);
  }
  return { productKey, valid, draft: null, issues, rows, firstRow, records };
}

/** Whether two rows carry the same product-level fields (so the second need not be written). */
export function sameProductFields(a: MappedProductFields, b: MappedProductFields): boolean {
  return (
    a.shopId === b.shopId &&
    a.categoryId === b.categoryId &&
    a.brandId === b.brandId &&
    a.isLocalMade === b.isLocalMade &&
    a.vat === b.vat &&
    a.name.rus === b.name.rus &&
    a.name.kaz === b.name.kaz &&
    a.description.rus === b.description.rus &&
    a.description.kaz === b.description.kaz &&
    a.attributes.length === b.attributes.length &&
    a.attributes.every((attribute, i) => {
      const other = b.attributes[i];
      return other !== undefined && attribute.code === other.code && attribute.valueCodes.length === other.valueCodes.length && attribute.valueCodes.every((code, k) => code === other.valueCodes[k]);
    })
  );
}

function writeRowRef(out: SpoolWriter, ref: RowRef, previous: RowRef | undefined): void {
  const samePlace = previous !== undefined && previous.file === ref.file && previous.sheet === ref.sheet;
  out.byte((ref.sheet !== undefined ? HAS_SHEET : 0) | (samePlace ? SAME_PLACE : 0));
  if (!samePlace) {
    out.string(ref.file);
    if (ref.sheet !== undefined) out.string(ref.sheet);
  }
  out.number(ref.row);
}

function readRowRef(input: SpoolReader, previous: RowRef | undefined): RowRef {
  const flags = input.byte();
  let file: string;
  let sheet: string | undefined;
  if ((flags & SAME_PLACE) !== 0 && previous !== undefined) {
    file = previous.file;
    sheet = previous.sheet;
  } else {
    file = input.string();
    if ((flags & HAS_SHEET) !== 0) sheet = input.string();
  }
  const row = input.number() as number;
  return sheet === undefined ? { file, row } : { file, sheet, row };
}

function writeProductFields(out: SpoolWriter, product: MappedProductFields, shared: SharedEntryTable): void {
  out.number(product.shopId);
  out.number(product.categoryId);
  out.number(product.brandId);
  out.byte(product.isLocalMade === null ? BOOLEAN_NULL : product.isLocalMade ? 1 : 0);
  out.string(product.name.rus);
  out.string(product.name.kaz);
  out.string(product.description.rus);
  out.string(product.description.kaz);
  out.number(product.vat);
  writeAttributes(out, product.attributes, shared);
}

function readProductFields(input: SpoolReader, shared: SharedEntryTable): MappedProductFields {
  const shopId = input.number();
  const categoryId = input.number();
  const brandId = input.number();
  const localMade = input.byte();
  const name = { rus: input.string(), kaz: input.string() };
  const description = { rus: input.string(), kaz: input.string() };
  const vat = input.number();
  const attributes = readAttributes(input, shared);
  return { shopId, categoryId, brandId, isLocalMade: localMade === BOOLEAN_NULL ? null : localMade === 1, name, description, vat, attributes };
}

function writePhotos(out: SpoolWriter, photos: readonly ImportPhoto[]): void {
  out.count(photos.length);
  for (const photo of photos) {
    out.string(photo.mediaFile);
    out.number(photo.order);
  }
}

function readPhotos(input: SpoolReader): ImportPhoto[] {
  const photos: ImportPhoto[] = [];
  for (let n = input.count(); n > 0; n--) photos.push({ mediaFile: input.string(), order: input.number() as number });
  return photos;
}

/** Same links in the same order (the row rules share a repeated link's string, so most compare by identity). */
function samePhotoList(a: readonly ImportPhoto[], b: readonly ImportPhoto[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as ImportPhoto;
    const y = b[i] as ImportPhoto;
    if (x.mediaFile !== y.mediaFile || x.order !== y.order) return false;
  }
  return true;
}

function copyPhotos(photos: readonly ImportPhoto[]): ImportPhoto[] {
  return photos.map((photo) => ({ mediaFile: photo.mediaFile, order: photo.order }));
}

/** Each entry as its shared number plus one, or 0 and the entry spelled out. */
function writeAttributes(out: SpoolWriter, attributes: readonly ImportAttribute[], shared: SharedEntryTable): void {
  out.count(attributes.length);
  for (const attribute of attributes) {
    const number = shared.numberOf(attribute);
    if (number !== undefined) {
      out.count(number + 1);
      continue;
    }
    out.count(0);
    out.string(attribute.code);
    writeStrings(out, attribute.valueCodes);
  }
}

function readAttributes(input: SpoolReader, shared: SharedEntryTable): ImportAttribute[] {
  const attributes: ImportAttribute[] = [];
  for (let n = input.count(); n > 0; n--) {
    const number = input.count();
    attributes.push(number === 0 ? { code: input.string(), valueCodes: readStrings(input) } : shared.entryAt(number - 1));
  }
  return attributes;
}

function writeStrings(out: SpoolWriter, values: readonly string[]): void {
  out.count(values.length);
  for (const value of values) out.string(value);
}

function readStrings(input: SpoolReader): string[] {
  const values: string[] = [];
  for (let n = input.count(); n > 0; n--) values.push(input.string());
  return values;
}

/**
 * The layout of an exported catalog: one row per SKU, fixed columns first, then one column per
 * attribute of the attribute directory (header `attr:<code>`, cells holding value codes), then
 * read-only `_` columns with readable names (category path, brand, attribute values) and statuses. Every column a mapping reads holds ids
 * or codes, so that reading the file back loses nothing in translation; `_` columns are ignored
 * when the file is read back.
 */
import type { Attribute, Directories } from '../domain/index.js';

/** What a column holds. */
type ExportColumnKind =
  | 'productKey'
  | 'skuKey'
  | 'productId'
  | 'skuId'
  | 'barcode'
  | 'shopId'
  | 'categoryId'
  | 'category'
  | 'brandId'
  | 'brand'
  | 'name.rus'
  | 'name.kaz'
  | 'description.rus'
  | 'description.kaz'
  | 'vat'
  | 'isLocalMade'
  | 'price'
  | 'photo'
  | 'attribute'
  | 'attributes'
  | 'productStatus'
  | 'moderationStatus';

/** One column of the export. */
export interface ExportColumn {
  header: string;
  kind: ExportColumnKind;
  /** `photo`: position from 1. */
  photo?: number;
  /** `photo`: the last photo column, which also takes any further photos, space-separated. */
  last?: boolean;
  /** `attribute`: the directory entry. */
  attribute?: Attribute;
}

/** Header prefix of attribute columns. */
export const ATTRIBUTE_HEADER_PREFIX = 'attr:';

/** Separator between several values of a multi-valued attribute in one cell. */
export const EXPORT_VALUE_SEPARATOR = ',';

/** Default number of photo columns. */
const DEFAULT_PHOTO_COLUMNS = 5;

const LEADING: readonly [string, ExportColumnKind][] = [
  ['productKey', 'productKey'],
  ['skuKey', 'skuKey'],
  ['productId', 'productId'],
  ['skuId', 'skuId'],
  ['barcode', 'barcode'],
  ['shopId', 'shopId'],
  ['categoryId', 'categoryId'],
  ['brandId', 'brandId'],
  ['name_rus', 'name.rus'],
  ['name_kaz', 'name.kaz'],
  ['description_rus', 'description.rus'],
  ['description_kaz', 'description.kaz'],
  ['vat', 'vat'],
  ['isLocalMade', 'isLocalMade'],
  ['price', 'price'],
];

// The read-only `_` columns come last: the row mapper addresses cells by the column's position in
// the file, and the reader drops `_` columns from the row, so a `_` column before a mapped one
// would shift it (see the report to the lead).
const TRAILING: readonly [string, ExportColumnKind][] = [
  ['_category', 'category'],
  ['_brand', 'brand'],
  ['_attributes', 'attributes'],
  ['_productStatus', 'productStatus'],
  ['_moderationStatus', 'moderationStatus'],
];

/** The columns for the given directories: fixed ones, `photoColumns` photo columns, every attribute in directory order. */
export function buildExportColumns(directories: Pick<Directories, 'attributes'>, options: { photoColumns?: number } = {}): ExportColumn[] {
  const photoColumns = Math.max(1, Math.floor(options.photoColumns ?? DEFAULT_PHOTO_COLUMNS));
  const columns: ExportColumn[] = LEADING.map(([header, kind]) => ({ header, kind }));
  for (let photo = 1; photo <= photoColumns; photo += 1) {
    columns.push({ header: `photo_${photo}`, kind: 'photo', photo, ...(photo === photoColumns ? { last: true } : {}) });
  }
  for (const attribute of directories.attributes) columns.push({ header: `${ATTRIBUTE_HEADER_PREFIX}${attribute.code}`, kind: 'attribute', attribute });
  for (const [header, kind] of TRAILING) columns.push({ header, kind });
  return columns;
}

/** The columns a mapping refers to, in mapping order. */
import type { ColumnRef, Mapping } from './mapping-schema.js';

/** Every header name the mapping refers to (letters left out), without duplicates, in mapping order. */
export function listMappedHeaders(mapping: Mapping): string[] {
  const headers = new Set<string>();
  const add = (ref: ColumnRef | undefined): void => {
    if (ref === undefined) return;
    if (typeof ref === 'string') headers.add(ref);
    else if ('header' in ref) headers.add(ref.header);
  };
  const { columns } = mapping;
  add(columns.productKey);
  add(columns.skuKey);
  add(columns.shopId);
  add(columns.category);
  add(columns.brand);
  add(columns.isLocalMade);
  add(columns.name?.rus);
  add(columns.name?.kaz);
  add(columns.description?.rus);
  add(columns.description?.kaz);
  add(columns.vat);
  add(columns.price);
  add(columns.barcode);
  for (const ref of listPhotoColumns(mapping)) add(ref);
  add(columns.productId);
  add(columns.skuId);
  for (const attribute of mapping.attributes) add(attribute.column);
  return [...headers];
}

/** The photo columns of a mapping, in photo order. */
export function listPhotoColumns(mapping: Mapping): ColumnRef[] {
  const photos = mapping.columns.photos;
  if (photos === undefined) return [];
  if (Array.isArray(photos)) return photos;
  if (typeof photos === 'object' && 'columns' in photos) return photos.columns;
  return [photos];
}

/** The separator between URLs inside one photo cell, when the mapping sets one. */
export function getPhotoSeparator(mapping: Mapping): string | undefined {
  const photos = mapping.columns.photos;
  return photos !== undefined && typeof photos === 'object' && !Array.isArray(photos) && 'columns' in photos ? photos.separator : undefined;
}

/** The columns the mapping's `lookup: category` steps read as the row's groups (`groups:`): sheet columns and `_group…` columns. */
export function listStepGroups(mapping: Mapping): ColumnRef[] {
  return mapping.derive.flatMap((derived) => derived.steps.flatMap((step) => ('groups' in step ? (step.groups ?? []) : [])));
}

/** A column reference as the seller wrote it: the header, or the letter. */
export function describeColumnRef(ref: ColumnRef): string {
  return typeof ref === 'string' ? ref : 'letter' in ref ? ref.letter : ref.header;
}

/**
 * The mapping as a workbook (`mapping.xlsx`): the same document as the YAML, laid out for people
 * who live in Excel. One sheet per part of the mapping; the cell to fill is a drop-down over a
 * sheet of directory entries with their paths, so the seller picks and never types ids:
 *
 * | sheet               | one row per                         | the cell read back                         |
 * |---------------------|-------------------------------------|--------------------------------------------|
 * | Settings            | setting (`defaults.shopId`, …)      | B: the value (number, yes/no, text, JSON)  |
 * | Columns             | field (`price`, `name.rus`, …)      | B: the header (or JSON for `{letter}`)     |
 * | Categories          | seller category                     | B: the leaf (`path [id]`, an id, a name)   |
 * | Brands              | seller brand                        | B: the brand (`Name [id]`, an id, a name)  |
 * | Attributes          | attribute mapping                   | A–F: code, column, value, level, …         |
 * | Attribute values    | seller value of an attribute        | C: the value (`Name [code]`, or the code)  |
 * | Category defaults   | attribute default of a category     | C: the seller value                        |
 *
 * Columns to the right of the read ones (score, candidates, notes) are for the reader only.
 */

/** Sheet names, in workbook order. */
export const MAPPING_SHEETS = {
  settings: 'Settings',
  columns: 'Columns',
  categories: 'Categories',
  brands: 'Brands',
  attributes: 'Attributes',
  values: 'Attribute values',
  categoryDefaults: 'Category defaults',
  directoryCategories: 'Directory categories',
  directoryBrands: 'Directory brands',
  directoryValues: 'Directory values',
} as const;

/** Header rows of the mapping sheets (the directory sheets have their own). */
export const MAPPING_SHEET_HEADERS = {
  settings: ['Setting', 'Value', 'Note'],
  columns: ['Field', 'Column header', 'Note'],
  categories: ['Seller category', 'Marketplace category (pick from the list)', 'Score', 'Candidates / note'],
  brands: ['Seller brand', 'Marketplace brand (pick from the list)', 'Score', 'Candidates / note'],
  attributes: ['Attribute code', 'Column header', 'Fixed value', 'Level', 'Separator', 'Free text', 'Note'],
  values: ['Attribute code', 'Seller value', 'Marketplace value (pick from the list)', 'Score', 'Candidates / note'],
  categoryDefaults: ['Seller category (or marketplace id / path)', 'Attribute code', 'Value for every row of the category', 'Allowed values / note'],
} as const;

/** Top-level keys laid out on their own sheets; everything else goes to `Settings`. */
export const SHEET_KEYS = new Set(['columns', 'categories', 'brands', 'attributes', 'categoryDefaults']);

/** `Одежда / Женская одежда / Платья [30101]` → 30101; `Чёрный [color_black]` → `color_black`. */
export const PICKED_ENTRY = /\[([^\][]+)\]\s*$/;

/** The text of a picked directory entry, as the drop-down lists it. */
export function formatPickedEntry(label: string, key: string | number): string {
  return `${label} [${key}]`;
}

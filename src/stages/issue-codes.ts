/**
 * Issue codes of the row mapper (stages `map` and `validate`) and of the product assembler (stage
 * `build`). The tables are what tests and `docs/issue-codes.md` match on.
 */

/** Codes the row mapper emits: one issue per offending cell, naming file, sheet, row, column and value. */
export const ROW_ISSUE_CODES = {
  mapped_column_missing: 'A column the mapping names is not in the header (reported once, not per row).',
  duplicate_header: 'Several columns have the header the mapping names; the first is used (warning, once).',
  required_field_missing: 'A required field is empty and has no default.',
  cell_error: 'The cell holds a spreadsheet error (#N/A, #VALUE!, …).',
  formula_without_result: 'The cell holds a formula without a saved result; save the workbook in Excel first.',
  excel_date_conversion: 'The cell holds a date where text or a number was expected: Excel turned the value into a date.',
  cell_truncated: 'The cell was longer than the read limit and was cut.',
  key_damaged_by_excel: 'A key or id stored as a number lost digits (exponent notation or more than 15 digits).',
  invalid_integer: 'A shop, product or SKU id is not a positive integer.',
  unknown_category: 'The category is neither a mapping entry nor an exact directory name; the hint lists the nearest leaves.',
  ambiguous_category: 'The category text names several leaf categories; map it by id or path.',
  category_not_leaf: 'The category is not a leaf category.',
  unknown_brand: 'The brand is neither a mapping entry nor an exact directory name.',
  ambiguous_brand: 'The brand text names several directory brands.',
  unknown_attribute_value: 'An attribute value is neither a mapping entry nor a value code or exact value name of the attribute.',
  ambiguous_attribute_value: 'The value text names several values of the attribute.',
  value_matched_approximately: 'With `unmapped: auto`, a value was matched to its clearly nearest directory entry (warning): pin it in the mapping.',
  attribute_not_in_category: "The attribute does not belong to the row's category.",
  too_many_values: 'Several values in a cell for an attribute that allows one.',
  invalid_attribute_value: 'A free value does not fit the attribute type (number, boolean).',
  invalid_boolean: 'A yes/no cell is none of the `booleans` words.',
  invalid_vat: 'VAT is not a number or not in `validation.vat`.',
  invalid_price: 'The price is not a positive finite number.',
  invalid_barcode: 'The barcode is not 8, 12, 13 or 14 digits.',
  barcode_check_digit_mismatch: 'The barcode check digit is wrong.',
  barcode_damaged_by_excel: 'Excel damaged the barcode: exponent notation, more than 15 digits, or dropped leading zeros.',
  barcode_leading_zero_restored: 'Leading zeros Excel dropped were restored because the check digit then verifies (warning).',
  invalid_photo_url: 'A photo is not an absolute http(s) URL (or not https when required).',
  duplicate_photo: 'The same photo URL appears twice for one SKU; the repeat is dropped (warning).',
  too_few_photos: 'Fewer photos than `validation.photos.min`.',
  too_many_photos: 'More photos than `validation.photos.max`.',
  kazakh_text_missing: 'The Kazakh name or description is empty (severity from `validation.kazakh`).',
  kazakh_text_lost: '`?` stands where Kazakh letters were: the file was saved in an encoding without them (Windows-1251).',
  kazakh_same_as_russian: 'The Kazakh text is the Russian text again (warning).',
  several_barcodes: 'A cell holds several barcodes: refused, or with `validation.barcode.several: first` the first is the SKU barcode and the others are reported (warning); with `each` a barcode repeated in the cell (error).',
  row_skipped: "The row matches a `rows.skip` condition of the mapping, or fails a `rows.where` one, or is a pasted export's repeated header or a title row above it: it is not read further and not sent (warning).",
  characteristic_not_mapped: 'A characteristic name of the characteristic columns (`characteristics:`) is neither mapped to an attribute nor ignored: its values are not sent (warning, once per file).',
  characteristic_attribute_unknown: 'The mapping maps a characteristic to an attribute code the attribute directory does not have (once per file).',
  derived_value_missing: 'A step of a derived column (`derive:`) gave no value for a non-empty cell; the message names the step (severity from its `onFail`).',
  category_uncertain: 'A `lookup: category` step found no leaf the product name clearly names; the message gives the product type, the nearest leaves and why (severity from `classify.uncertain`).',
  mapping_entry_unused:
    "Entries of `categories` or `brands` that no row of the file reached, once the whole file was read: one warning per map, with their count and first keys (all in the data's `entries`); never after a run stopped early.",
} as const;

/** Codes the product assembler emits. */
export const ASSEMBLY_ISSUE_CODES = {
  duplicate_barcode: 'The barcode was already used by an earlier row; the later row is refused.',
  duplicate_sku_key: 'The SKU key was already used by an earlier row; the later row is refused.',
  duplicate_rows_left_out: 'With `rows.duplicates: keep-first`, rows identical in every mapped field to an earlier row were left out (warning, once per file, with their count and rows).',
  product_field_conflict: 'Rows of one product disagree on a product-level field.',
  skus_not_distinguished: 'Two SKUs of one product have the same SKU-defining attribute values.',
  required_attribute_missing: "A required attribute of the product's category is missing (on the product, or on a SKU).",
  product_has_invalid_rows: 'The row is fine, but another row of its product has an error, so the whole product is held back.',
} as const;

/** The fields a row issue names by a catalog word (`field.<term>` in `issues.json`: "the price", "цена"). */
export const FIELD_TERMS = [
  'shop_id',
  'product_key',
  'sku_key',
  'product_id',
  'sku_id',
  'price',
  'vat',
  'local_made',
  'category',
  'brand',
  'name_rus',
  'description_rus',
  'barcode',
] as const;

/** One of `FIELD_TERMS`. */
export type FieldTerm = (typeof FIELD_TERMS)[number];

/** A row-mapper issue code. */
export type RowIssueCode = keyof typeof ROW_ISSUE_CODES;
/** An assembler issue code. */
export type AssemblyIssueCode = keyof typeof ASSEMBLY_ISSUE_CODES;

/**
 * Maps and validates one source row at a time. Columns are resolved once per file; each row then
 * costs a few lookups, so that 500,000 rows stream through with constant memory (resolutions of
 * repeated values are cached by the value resolver).
 */
import type { Attribute, ImportAttribute, ImportPhoto } from '../domain/index.js';
import { createIssue, type Issue, type IssueStage, type Severity } from '../core/issue.js';
import { createValueResolver, isFreeAttribute, type Resolution, type ValueResolver } from '../mapping/create-value-resolver.js';
import { createDirectoryIndex, isAttributeAllowed, type DirectoryIndex } from '../mapping/directory-index.js';
import { getPhotoSeparator, listPhotoColumns } from '../mapping/list-mapped-columns.js';
import type { ColumnRef, Mapping } from '../mapping/mapping-schema.js';
import { normalizeHeader, normalizeName } from '../mapping/normalize-name.js';
import { formatSuggestions, suggestEntries } from '../mapping/suggest-entries.js';
import type { Directories } from '../domain/index.js';
import type { SourceCell, SourceInfo, SourceRow } from '../sources/types.js';
import { checkBarcode } from './check-barcode.js';
import { checkPhotoUrl } from './check-photo-url.js';
import { hasLostKazakhLetters, isSameAsRussian } from './check-kazakh-text.js';
import type { RowIssueCode } from './issue-codes.js';
import type { CellLocation, FieldName, MappedRow } from './mapped-row.js';
import { parseDecimal, type DecimalFormat } from './parse-decimal.js';
import { createBooleanLookup, parseBoolean, type BooleanLookup } from './parse-boolean.js';

/** Options of `createRowMapper`. */
export interface RowMapperOptions {
  /** A prebuilt index, to share one across stages of a run. */
  index?: DirectoryIndex;
  /** A prebuilt resolver (it caches), to share one across stages of a run. */
  resolver?: ValueResolver;
}

/** The mapping of one row. */
export interface RowMapResult {
  /**
   * The mapped row, kept even when it has errors (`valid: false`) so that the assembler can name
   * the rows of a product. Null only for a row without a product key (it belongs to no product)
   * or a row whose mapped cells are all empty (skipped without an issue).
   */
  record: MappedRow | null;
  /** Every issue of the row. */
  issues: Issue[];
}

/** Maps one row; `setupIssues` holds what was found once, when the columns were resolved. */
export interface RowMapper {
  (row: SourceRow): RowMapResult;
  /** Column problems found once per file (a mapped column missing from the header, duplicate headers). */
  readonly setupIssues: Issue[];
}

/** A mapped column found in the header. */
interface ResolvedColumn {
  index: number;
  location: CellLocation;
}

/** A mapped column: found, or `null` when the mapping names it but the header lacks it (reported once). */
type ColumnSlot = ResolvedColumn | null | undefined;

/** An attribute mapping with its directory entry and column. */
interface AttributePlan {
  mappingIndex: number;
  attribute: Attribute;
  column: ColumnSlot;
  fixedValue: string | undefined;
  separator: string | undefined;
  level: 'product' | 'sku';
  free: boolean;
  /** Explicit entries for free attributes (dictionary ones resolve through the resolver). */
  freeEntries: Map<string, string[]>;
}

const MAP_STAGE_CODES: ReadonlySet<RowIssueCode> = new Set<RowIssueCode>([
  'mapped_column_missing',
  'duplicate_header',
  'unknown_category',
  'ambiguous_category',
  'category_not_leaf',
  'unknown_brand',
  'ambiguous_brand',
  'unknown_attribute_value',
  'ambiguous_attribute_value',
  'value_matched_approximately',
  'attribute_not_in_category',
  'too_many_values',
]);

// VAT cells that mean "exempt", in Russian and Kazakh.
const VAT_EXEMPT = new Set(['без НДС', 'НДС не облагается', 'не облагается', 'ҚҚС жоқ', 'ҚҚС салынбайды'].map(normalizeName));

/** Creates the row mapper for one file. Run `checkMappingRules` first: the mapper trusts the mapping's directory references. */
export function createRowMapper(mapping: Mapping, directories: Directories, info: SourceInfo, options: RowMapperOptions = {}): RowMapper {
  const index = options.index ?? createDirectoryIndex(directories);
  const resolver = options.resolver ?? createValueResolver(mapping, index);
  const setupIssues: Issue[] = [];
  const booleans: BooleanLookup = createBooleanLookup(mapping.booleans);
  const decimalFormat: DecimalFormat = { decimal: mapping.input.decimal, thousands: mapping.input.thousands };
  const { validation, defaults } = mapping;

  const headerIndex = new Map<string, ResolvedColumn>();
  const duplicated = new Set<string>();
  // `row.cells[i]` belongs to `info.header[i]`: positions in the header, not the columns' places
  // in the sheet (the readers leave ignored `_` columns out of both).
  info.header.forEach((column, position) => {
    const key = normalizeHeader(column.name);
    if (key === '') return;
    if (headerIndex.has(key)) duplicated.add(key);
    else headerIndex.set(key, { index: position, location: buildLocation(column.letter, column.name) });
  });

  const setupIssue = (code: RowIssueCode, severity: Severity, message: string, extra: { path: string; header?: string; hint?: string | undefined }): void => {
    setupIssues.push(createIssue({ stage: stageOf(code), code, severity, message, file: info.file, sheet: info.sheet, row: info.headerRow, ...extra }));
  };

  const resolveColumn = (ref: ColumnRef | undefined, path: string): ColumnSlot => {
    if (ref === undefined) return undefined;
    if (typeof ref === 'object' && 'letter' in ref) {
      const letter = ref.letter.toUpperCase();
      const position = info.header.findIndex((column) => column.index === letterToIndex(letter));
      if (position < 0) {
        setupIssue('mapped_column_missing', 'error', `the mapping names column ${letter} (${path}), which the sheet does not have or the tool ignores`, { path });
        return null;
      }
      return { index: position, location: buildLocation(letter, info.header[position]?.name ?? '') };
    }
    const header = typeof ref === 'string' ? ref : ref.header;
    const key = normalizeHeader(header);
    const found = headerIndex.get(key);
    if (found === undefined) {
      const near = suggestEntries(
        header,
        info.header.filter((column) => column.name !== '').map((column) => ({ label: `"${column.name}" (${column.letter})`, names: [column.name], entry: column })),
      );
      setupIssue('mapped_column_missing', 'error', `the mapping names column "${header}" (${path}), which the header does not have`, {
        path,
        header,
        hint: formatSuggestions(near),
      });
      return null;
    }
    if (duplicated.has(key)) {
      setupIssue('duplicate_header', 'warning', `several columns are headed "${header}"; column ${found.location.column} is used`, {
        path,
        header,
      });
    }
    return found;
  };

  const { columns } = mapping;
  const slots: Record<FieldName, ColumnSlot> = {
    productKey: resolveColumn(columns.productKey, 'columns.productKey'),
    skuKey: resolveColumn(columns.skuKey, 'columns.skuKey'),
    shopId: resolveColumn(columns.shopId, 'columns.shopId'),
    category: resolveColumn(columns.category, 'columns.category'),
    brand: resolveColumn(columns.brand, 'columns.brand'),
    isLocalMade: resolveColumn(columns.isLocalMade, 'columns.isLocalMade'),
    'name.rus': resolveColumn(columns.name?.rus, 'columns.name.rus'),
    'name.kaz': resolveColumn(columns.name?.kaz, 'columns.name.kaz'),
    'description.rus': resolveColumn(columns.description?.rus, 'columns.description.rus'),
    'description.kaz': resolveColumn(columns.description?.kaz, 'columns.description.kaz'),
    vat: resolveColumn(columns.vat, 'columns.vat'),
    price: resolveColumn(columns.price, 'columns.price'),
    barcode: resolveColumn(columns.barcode, 'columns.barcode'),
    photos: undefined,
    productId: resolveColumn(columns.productId, 'columns.productId'),
    skuId: resolveColumn(columns.skuId, 'columns.skuId'),
  };
  const photoColumns = listPhotoColumns(mapping)
    .map((ref, i) => resolveColumn(ref, `columns.photos[${i}]`))
    .filter((slot): slot is ResolvedColumn => slot !== null && slot !== undefined);
  const photoSeparator = getPhotoSeparator(mapping);
  const photosMapped = listPhotoColumns(mapping).length > 0;
  const photoColumnMissing = photoColumns.length < listPhotoColumns(mapping).length;
  const descriptionUsed = validation.requireDescription || columns.description?.rus !== undefined || defaults.description?.rus !== undefined;

  if (validation.kazakh !== 'off') {
    if (columns.name?.kaz === undefined) {
      setupIssue('kazakh_text_missing', validation.kazakh, 'the mapping has no Kazakh name column: every product lacks its Kazakh name', { path: 'columns.name.kaz' });
    }
    if (descriptionUsed && columns.description?.kaz === undefined && defaults.description?.kaz === undefined) {
      setupIssue('kazakh_text_missing', validation.kazakh, 'the mapping has no Kazakh description column: every product lacks its Kazakh description', {
        path: 'columns.description.kaz',
      });
    }
  }

  const attributePlans: AttributePlan[] = [];
  mapping.attributes.forEach((mapped, mappingIndex) => {
    const attribute = index.attributeByCode.get(mapped.code);
    const column = resolveColumn(mapped.column, `attributes[${mappingIndex}].column`);
    // An unknown code is a mapping-rule error (`checkMappingRules`); the rows cannot fix it.
    if (attribute === undefined) return;
    const freeEntries = new Map<string, string[]>();
    for (const [key, codes] of Object.entries(mapped.values)) freeEntries.set(normalizeName(key), typeof codes === 'string' ? [codes] : codes);
    attributePlans.push({
      mappingIndex,
      attribute,
      column,
      fixedValue: mapped.value,
      separator: mapped.separator,
      level: mapped.level ?? (attribute.isSkuDefining ? 'sku' : 'product'),
      free: isFreeAttribute(attribute, mapped.free),
      freeEntries,
    });
  });

  // Where each field comes from is the same for every row of the file: one shared, read-only object.
  const cells: Partial<Record<string, CellLocation>> = {};
  for (const field of Object.keys(slots) as FieldName[]) {
    const slot = slots[field];
    if (slot !== undefined && slot !== null) cells[field] = slot.location;
  }
  if (photoColumns[0] !== undefined) cells.photos = photoColumns[0].location;
  const sharesColumnWithAllowed = (plan: AttributePlan, categoryId: number): boolean =>
    plan.column !== undefined &&
    plan.column !== null &&
    attributePlans.some((other) => other !== plan && other.column?.index === plan.column?.index && isAttributeAllowed(other.attribute, categoryId));
  for (const plan of attributePlans) {
    if (plan.fixedValue === undefined && plan.column !== undefined && plan.column !== null) cells[`attribute:${plan.attribute.code}`] = plan.column.location;
  }
  Object.freeze(cells);

  const mapRow = (row: SourceRow): RowMapResult => {
    const issues: Issue[] = [];
    let valid = true;
    // Set once the key is read; issues found before that (the key cell itself) carry none.
    let productKey: string | undefined = undefined;

    const report = (
      code: RowIssueCode,
      severity: Severity,
      location: CellLocation | undefined,
      message: string,
      extra: { value?: string | undefined; hint?: string | undefined } = {},
    ): void => {
      if (severity === 'error') valid = false;
      issues.push(
        createIssue({
          stage: stageOf(code),
          code,
          severity,
          message,
          file: info.file,
          sheet: info.sheet,
          row: row.row,
          column: location?.column,
          header: location?.header,
          value: extra.value,
          hint: extra.hint,
          productKey,
        }),
      );
    };

    /** The usable cell of a column: `undefined` when empty or unmapped, `null` when unusable (already reported). */
    const readCell = (slot: ColumnSlot): SourceCell | null | undefined => {
      if (slot === undefined || slot === null) return undefined;
      const cell = row.cells[slot.index];
      if (cell === undefined || cell.kind === 'empty') return undefined;
      const flags = cell.flags ?? [];
      if (cell.kind === 'error') {
        report('cell_error', 'error', slot.location, `the cell holds the spreadsheet error ${cell.text}`, { value: cell.text });
        return null;
      }
      if (flags.includes('formula_no_result')) {
        report('formula_without_result', 'error', slot.location, 'the cell holds a formula without a saved result', { value: cell.formula ?? cell.text });
        return null;
      }
      if (cell.kind === 'date' || flags.includes('date_serial')) {
        report('excel_date_conversion', 'error', slot.location, `the cell holds a date (${cell.text}): Excel turned the value into a date`, {
          value: cell.text,
          hint: 'format the column as text and type the value again',
        });
        return null;
      }
      if (flags.includes('truncated')) {
        report('cell_truncated', 'error', slot.location, 'the cell is longer than the read limit and was cut', { value: cell.text });
        return null;
      }
      if (cell.text.trim() === '') return undefined;
      return cell;
    };
    /** Trimmed text: `undefined` when empty, `null` when unusable (already reported). */
    const readText = (slot: ColumnSlot): string | null | undefined => {
      const cell = readCell(slot);
      return cell === null || cell === undefined ? cell : cell.text.trim();
    };

    const readKey = (slot: ColumnSlot, what: string): string | null | undefined => {
      const cell = readCell(slot);
      if (cell === null || cell === undefined) return cell;
      if (cell.flags?.includes('exponent') === true || cell.flags?.includes('precision_lost') === true) {
        report('key_damaged_by_excel', 'error', slot?.location, `the ${what} is a number Excel shortened (${cell.text})`, {
          value: cell.text,
          hint: 'format the column as text and type the keys again',
        });
        return null;
      }
      return cell.text.trim();
    };

    const requireMissing = (field: FieldName, what: string): void => {
      const slot = slots[field];
      // A mapped column missing from the header was reported once; the row is just not sendable.
      if (slot === null) {
        valid = false;
        return;
      }
      report('required_field_missing', 'error', slot?.location, `${what} is empty`);
    };

    /** A positive integer: `undefined` when empty, `null` when invalid (reported). */
    const readPositiveInteger = (field: FieldName, what: string): number | null | undefined => {
      const slot = slots[field];
      const cell = readCell(slot);
      if (cell === null || cell === undefined) return cell;
      if (cell.flags?.includes('exponent') === true || cell.flags?.includes('precision_lost') === true) {
        report('key_damaged_by_excel', 'error', slot?.location, `the ${what} is a number Excel shortened (${cell.text})`, { value: cell.text });
        return null;
      }
      const text = cell.text.trim();
      const value = /^\d+$/.test(text) ? Number(text) : typeof cell.value === 'number' ? cell.value : Number.NaN;
      if (!Number.isSafeInteger(value) || value <= 0) {
        report('invalid_integer', 'error', slot?.location, `the ${what} must be a positive integer`, { value: text });
        return null;
      }
      return value;
    };

    // ---- keys ----
    const key = readKey(slots.productKey, 'product key');
    if (key === null || key === undefined) {
      if (key === undefined && isRowEmpty(row)) return { record: null, issues: [] };
      if (key === undefined) requireMissing('productKey', 'the product key');
      return { record: null, issues };
    }
    productKey = key;
    let skuKey = '';
    if (slots.skuKey !== undefined) {
      const text = readKey(slots.skuKey, 'SKU key');
      if (text === undefined) requireMissing('skuKey', 'the SKU key');
      else if (text !== null) skuKey = text;
    }
    const productId = readPositiveInteger('productId', 'product id') ?? null;
    const skuId = readPositiveInteger('skuId', 'SKU id') ?? null;

    const record: MappedRow = {
      source: info.sheet === undefined ? { file: info.file, row: row.row } : { file: info.file, sheet: info.sheet, row: row.row },
      valid: true,
      productKey,
      skuKey,
      productId,
      skuId,
      product: {
        shopId: null,
        categoryId: null,
        brandId: null,
        isLocalMade: null,
        name: { rus: '', kaz: '' },
        description: { rus: '', kaz: '' },
        vat: null,
        attributes: [],
      },
      sku: { price: null, barcode: '', photos: [], attributes: [] },
      cells,
    };

    // ---- shop ----
    const shopId = readPositiveInteger('shopId', 'shop id');
    if (shopId === undefined) {
      if (defaults.shopId !== undefined) record.product.shopId = defaults.shopId;
      else requireMissing('shopId', 'the shop id');
    } else {
      record.product.shopId = shopId;
    }

    // ---- category ----
    const categoryText = readText(slots.category);
    const categoryInput = categoryText ?? defaults.category;
    if (categoryText === null) {
      // unusable cell, already reported
    } else if (categoryInput === undefined) {
      requireMissing('category', 'the category');
    } else {
      const resolution = typeof categoryInput === 'number' ? resolver.resolveCategoryTarget(categoryInput) : resolver.resolveCategory(categoryInput);
      const location = categoryText === undefined ? undefined : slots.category?.location;
      const value = String(categoryInput);
      switch (resolution.status) {
        case 'found': {
          const [category] = resolution.entries;
          if (category === undefined) break;
          record.product.categoryId = category.id;
          if (resolution.via === 'approximate') {
            report('value_matched_approximately', 'warning', location, `category "${value}" was matched to ${resolver.describeCategory(category)}`, {
              value,
              hint: 'add it to `categories` to confirm',
            });
          }
          break;
        }
        case 'not_leaf':
          report('category_not_leaf', 'error', location, `category ${resolution.entries.map(resolver.describeCategory).join(', ')} is not a leaf category`, {
            value,
            hint: 'map it to one of its subcategories in `categories`',
          });
          break;
        case 'ambiguous':
          report('ambiguous_category', 'error', location, `"${value}" names several leaf categories`, {
            value,
            hint: `map it in \`categories\` by id or path: ${resolution.entries.map(resolver.describeCategory).join('; ')}`,
          });
          break;
        case 'missing':
          report('unknown_category', 'error', location, describeMissing('category', value, resolution), {
            value,
            hint: formatSuggestions(resolution.suggestions),
          });
      }
    }

    // ---- brand ----
    const brandText = readText(slots.brand);
    const brandInput = brandText ?? defaults.brand;
    if (brandText === null) {
      // unusable cell, already reported
    } else if (brandInput === undefined) {
      requireMissing('brand', 'the brand');
    } else {
      const resolution = typeof brandInput === 'number' ? resolver.resolveBrandTarget(brandInput) : resolver.resolveBrand(brandInput);
      const location = brandText === undefined ? undefined : slots.brand?.location;
      const value = String(brandInput);
      if (resolution.status === 'found') {
        const brand = resolution.entries[0];
        if (brand !== undefined) record.product.brandId = brand.id;
        if (resolution.via === 'approximate' && brand !== undefined) {
          report('value_matched_approximately', 'warning', location, `brand "${value}" was matched to ${brand.name} (${brand.id})`, {
            value,
            hint: 'add it to `brands` to confirm',
          });
        }
      } else if (resolution.status === 'missing') {
        report('unknown_brand', 'error', location, describeMissing('brand', value, resolution), { value, hint: formatSuggestions(resolution.suggestions) });
      } else {
        report('ambiguous_brand', 'error', location, `"${value}" names several brands`, {
          value,
          hint: `map it in \`brands\` by id: ${resolution.entries.map((brand) => `${brand.name} (${brand.id})`).join('; ')}`,
        });
      }
    }

    // ---- made in Kazakhstan ----
    const localCell = readCell(slots.isLocalMade);
    if (localCell === undefined) {
      if (defaults.isLocalMade !== undefined) record.product.isLocalMade = defaults.isLocalMade;
      else requireMissing('isLocalMade', 'the made-in-Kazakhstan flag');
    } else if (localCell !== null) {
      const value = typeof localCell.value === 'boolean' ? localCell.value : parseBoolean(localCell.text, booleans);
      if (value === null) {
        report('invalid_boolean', 'error', slots.isLocalMade?.location, `"${localCell.text}" is not a yes/no word`, {
          value: localCell.text,
          hint: `use one of: ${[...mapping.booleans.true, ...mapping.booleans.false].join(', ')}`,
        });
      } else {
        record.product.isLocalMade = value;
      }
    }

    // ---- names and descriptions ----
    const nameRus = readText(slots['name.rus']);
    if (nameRus === undefined) requireMissing('name.rus', 'the Russian name');
    else if (nameRus !== null) record.product.name.rus = nameRus;
    record.product.name.kaz = checkKazakh('name.kaz', readText(slots['name.kaz']), record.product.name.rus, 'name');

    const descriptionCell = readText(slots['description.rus']);
    const descriptionRus = descriptionCell === undefined ? defaults.description?.rus : descriptionCell;
    if (descriptionRus === undefined) {
      if (validation.requireDescription) requireMissing('description.rus', 'the Russian description');
    } else if (descriptionRus !== null) {
      record.product.description.rus = descriptionRus;
    }
    if (descriptionUsed) {
      const kazakhCell = readText(slots['description.kaz']);
      record.product.description.kaz = checkKazakh(
        'description.kaz',
        kazakhCell === undefined ? defaults.description?.kaz : kazakhCell,
        record.product.description.rus,
        'description',
      );
    }

    // ---- vat ----
    const vatCell = readCell(slots.vat);
    if (vatCell === undefined) {
      if (defaults.vat !== undefined) record.product.vat = defaults.vat;
      else requireMissing('vat', 'the VAT rate');
    } else if (vatCell !== null) {
      const vat = parseVat(vatCell, decimalFormat);
      if (vat === null || !validation.vat.includes(vat)) {
        report('invalid_vat', 'error', slots.vat?.location, `VAT must be one of ${validation.vat.join(', ')}`, { value: vatCell.text });
      } else {
        record.product.vat = vat;
      }
    }

    // ---- price ----
    const priceCell = readCell(slots.price);
    if (priceCell === undefined) {
      requireMissing('price', 'the price');
    } else if (priceCell !== null) {
      const price = typeof priceCell.value === 'number' && priceCell.kind === 'number' ? priceCell.value : parseDecimal(priceCell.text, decimalFormat);
      if (price === null || !Number.isFinite(price) || price <= 0) {
        report('invalid_price', 'error', slots.price?.location, `the price must be a positive number, got "${priceCell.text}"`, { value: priceCell.text });
      } else {
        record.sku.price = price;
      }
    }

    // ---- barcode ----
    const barcodeCell = readCell(slots.barcode);
    if (barcodeCell === undefined) {
      requireMissing('barcode', 'the barcode');
    } else if (barcodeCell !== null) {
      const location = slots.barcode?.location;
      const check = checkBarcode(barcodeCell, validation.barcode);
      const value = barcodeCell.text;
      switch (check.status) {
        case 'ok':
          record.sku.barcode = check.barcode;
          break;
        case 'repaired':
          record.sku.barcode = check.barcode;
          report('barcode_leading_zero_restored', 'warning', location, `Excel dropped leading zeros of the barcode; restored as ${check.barcode}`, { value });
          break;
        case 'damaged':
          report('barcode_damaged_by_excel', 'error', location, check.reason, {
            value,
            hint:
              check.repaired === undefined
                ? 'format the column as text and type the barcodes again'
                : `probably ${check.repaired}; format the column as text, or set validation.barcode.repairLeadingZeros`,
          });
          break;
        case 'invalid':
          report('invalid_barcode', 'error', location, check.reason, { value });
          break;
        case 'check_digit':
          report('barcode_check_digit_mismatch', 'error', location, `the check digit of barcode ${check.barcode} should be ${check.expected}`, { value });
      }
    }
    if (slots.skuKey === undefined) record.skuKey = record.sku.barcode;

    // ---- photos ----
    if (photosMapped) {
      const photos: ImportPhoto[] = [];
      const seen = new Set<string>();
      let firstLocation: CellLocation | undefined;
      let invalidUrls = 0;
      for (const slot of photoColumns) {
        const text = readText(slot);
        if (text === null || text === undefined) continue;
        firstLocation ??= slot.location;
        for (const url of splitPhotoCell(text, photoSeparator)) {
          if (!checkPhotoUrl(url, validation.photos.requireHttps)) {
            report('invalid_photo_url', 'error', slot.location, `"${url}" is not an absolute ${validation.photos.requireHttps ? 'https' : 'http(s)'} URL`, { value: url });
            invalidUrls++;
            continue;
          }
          if (seen.has(url)) {
            report('duplicate_photo', 'warning', slot.location, 'the photo is listed twice; the repeat is dropped', { value: url });
            continue;
          }
          seen.add(url);
          photos.push({ mediaFile: url, order: photos.length + 1 });
        }
      }
      const location = firstLocation ?? photoColumns[0]?.location;
      if (photos.length < validation.photos.min && photoColumnMissing) {
        // The missing photo column was reported once; the row is just not sendable.
        valid = false;
      } else if (photos.length < validation.photos.min && invalidUrls === 0) {
        report('too_few_photos', 'error', location, `${photos.length} photo${photos.length === 1 ? '' : 's'}, at least ${validation.photos.min} needed`);
      } else if (photos.length > validation.photos.max) {
        report('too_many_photos', 'error', location, `${photos.length} photos, at most ${validation.photos.max} allowed`);
      }
      record.sku.photos = photos;
    }

    // ---- attributes ----
    const categoryId = record.product.categoryId;
    for (const plan of attributePlans) {
      const cellText = plan.fixedValue ?? readText(plan.column);
      if (cellText === null || cellText === undefined) continue;
      const location = plan.fixedValue === undefined ? plan.column?.location : undefined;
      // One seller column may feed several attributes (clothing and shoe sizes in one "Размер"
      // column): each row gives it to the attribute of its own category.
      if (categoryId !== null && !isAttributeAllowed(plan.attribute, categoryId) && sharesColumnWithAllowed(plan, categoryId)) continue;
      const pieces = plan.separator === undefined ? [cellText] : cellText.split(plan.separator).map((piece) => piece.trim()).filter((piece) => piece !== '');
      const codes: string[] = [];
      let failed = false;
      for (const piece of pieces) {
        const resolved = plan.free ? resolveFreeValue(plan, piece) : resolveDictionaryValue(plan, piece, location);
        if (resolved === null) failed = true;
        else for (const code of resolved) if (!codes.includes(code)) codes.push(code);
      }
      if (failed || codes.length === 0) continue;
      // A directory silent on multiplicity leaves it to the mapping: a separator there means several values.
      const multiple = plan.attribute.isMultiple || (plan.separator !== undefined && (plan.attribute.unstated ?? []).includes('isMultiple'));
      if (codes.length > 1 && !multiple) {
        report('too_many_values', 'error', location, `attribute ${plan.attribute.code} takes one value, got ${codes.length}`, { value: cellText });
        continue;
      }
      if (categoryId !== null && !isAttributeAllowed(plan.attribute, categoryId)) {
        report('attribute_not_in_category', 'error', location, `attribute ${plan.attribute.code} (${plan.attribute.name.rus}) does not belong to category ${categoryId}`, {
          value: cellText,
        });
        continue;
      }
      const entry: ImportAttribute = { code: plan.attribute.code, valueCodes: codes };
      if (plan.level === 'sku') record.sku.attributes.push(entry);
      else record.product.attributes.push(entry);
    }

    record.valid = valid;
    return { record, issues };

    function checkKazakh(field: 'name.kaz' | 'description.kaz', text: string | null | undefined, russian: string, what: string): string {
      const slot = slots[field];
      if (text === null) return '';
      if (text === undefined) {
        if (validation.kazakh === 'off') return '';
        // Without a Kazakh column the gap was reported once at setup; an empty cell is reported here.
        if (slot === undefined || slot === null) {
          if (validation.kazakh === 'error') valid = false;
        } else {
          report('kazakh_text_missing', validation.kazakh, slot.location, `the Kazakh ${what} is empty`);
        }
        return '';
      }
      const location = slot?.location;
      if (hasLostKazakhLetters(text)) {
        report('kazakh_text_lost', 'error', location, `the Kazakh ${what} has "?" where Kazakh letters were`, {
          value: text,
          hint: 'the file was saved in an encoding without Kazakh letters (Windows-1251); save it as UTF-8 or XLSX',
        });
      } else if (validation.kazakh !== 'off' && isSameAsRussian(text, russian)) {
        report('kazakh_same_as_russian', 'warning', location, `the Kazakh ${what} is the same as the Russian one`, { value: text });
      }
      return text;
    }

    function resolveFreeValue(plan: AttributePlan, piece: string): string[] | null {
      const explicit = plan.freeEntries.size === 0 ? undefined : plan.freeEntries.get(normalizeName(piece));
      if (explicit !== undefined) return explicit;
      const location = plan.fixedValue === undefined ? plan.column?.location : undefined;
      if (plan.attribute.type === 'number') {
        const value = parseDecimal(piece, decimalFormat);
        if (value === null) {
          report('invalid_attribute_value', 'error', location, `attribute ${plan.attribute.code} takes a number`, { value: piece });
          return null;
        }
        return [String(value)];
      }
      if (plan.attribute.type === 'boolean') {
        const value = parseBoolean(piece, booleans);
        if (value === null) {
          report('invalid_attribute_value', 'error', location, `attribute ${plan.attribute.code} takes yes or no`, { value: piece });
          return null;
        }
        return [String(value)];
      }
      return [piece];
    }

    function resolveDictionaryValue(plan: AttributePlan, piece: string, location: CellLocation | undefined): string[] | null {
      const resolution: Resolution<{ code: string; name: { rus: string } }> = resolver.resolveValue(plan.mappingIndex, piece);
      const code = plan.attribute.code;
      switch (resolution.status) {
        case 'found':
          if (resolution.via === 'approximate') {
            const entry = resolution.entries[0];
            report('value_matched_approximately', 'warning', location, `value "${piece}" of attribute ${code} was matched to ${entry?.name.rus} (${entry?.code})`, {
              value: piece,
              hint: `add it to the attribute's \`values\` to confirm`,
            });
          }
          return resolution.entries.map((entry) => entry.code);
        case 'ambiguous':
          report('ambiguous_attribute_value', 'error', location, `"${piece}" names several values of attribute ${code}`, {
            value: piece,
            hint: `map it in \`values\`: ${resolution.entries.map((entry) => entry.code).join(', ')}`,
          });
          return null;
        default:
          report('unknown_attribute_value', 'error', location, describeMissing(`value of attribute ${code}`, piece, resolution), {
            value: piece,
            hint: resolution.status === 'missing' ? formatSuggestions(resolution.suggestions) : undefined,
          });
          return null;
      }
    }
  };

  return Object.assign(mapRow, { setupIssues });
}

function stageOf(code: RowIssueCode): IssueStage {
  return MAP_STAGE_CODES.has(code) ? 'map' : 'validate';
}

function describeMissing(what: string, value: string, resolution: Resolution<unknown>): string {
  if (resolution.status === 'missing' && resolution.target !== undefined) {
    return `the mapping sends ${what} "${value}" to "${resolution.target}", which is not in the directory`;
  }
  return `${what} "${value}" is not in the mapping or the directory`;
}

function buildLocation(column: string, header: string): CellLocation {
  return header === '' ? { column } : { column, header };
}

/** Column letter (A, Z, AA) → position from 0. */
function letterToIndex(letter: string): number {
  let position = 0;
  for (const char of letter) position = position * 26 + (char.charCodeAt(0) - 64);
  return position - 1;
}

function isRowEmpty(row: SourceRow): boolean {
  return row.cells.every((cell) => cell === undefined || cell.kind === 'empty' || cell.text.trim() === '');
}

function parseVat(cell: SourceCell, format: DecimalFormat): number | null {
  if (cell.kind === 'number' && typeof cell.value === 'number') return Number.isInteger(cell.value) ? cell.value : null;
  const text = cell.text.trim();
  if (VAT_EXEMPT.has(normalizeName(text))) return 0;
  const value = parseDecimal(text.replace(/%$/, ''), format);
  return value !== null && Number.isInteger(value) ? value : null;
}

function splitPhotoCell(text: string, separator: string | undefined): string[] {
  // One link and nothing else is the usual cell: no splitting, no regular expression.
  if ((separator === undefined || !text.includes(separator)) && !WHITESPACE.test(text)) return text === '' ? [] : [text];
  const pieces = separator === undefined ? [text] : text.split(separator);
  return pieces.flatMap((piece) => piece.split(/\s+/)).filter((piece) => piece !== '');
}

const WHITESPACE = /\s/;

/**
 * Compiles a mapping, once per file, into the row mapper's table of field rules: resolves every
 * mapped column against the header (reporting what is missing once), plans the attributes, and
 * asks each factory of `FIELD_RULES` for its rules.
 */
import type { Issue } from '../../core/issue.js';
import { createIssue } from '../../core/issue.js';
import type { ValueResolver } from '../../mapping/create-value-resolver.js';
import { isFreeAttribute } from '../../mapping/create-value-resolver.js';
import type { DirectoryIndex } from '../../mapping/directory-index.js';
import { listPhotoColumns } from '../../mapping/list-mapped-columns.js';
import type { Mapping } from '../../mapping/mapping-schema.js';
import { normalizeName } from '../../mapping/normalize-name.js';
import type { SourceInfo } from '../../sources/types.js';
import type { CellLocation, FieldName } from '../mapped-row.js';
import { createBooleanLookup } from '../parse-boolean.js';
import { isDescriptionUsed } from './description.js';
import type { AttributePlan, ColumnSlot, CompiledRules, FieldRule, ResolvedColumn, RuleFactory, RuleSetup } from './field-rule.js';
import { createColumnResolver } from './resolve-columns.js';
import { stageOfRowCode } from './stage-of-row-code.js';
import { createMappingUsage, type MappingUsage } from '../track-mapping-usage.js';

/** Compiles `mapping` for the file described by `info` with `factories` (in run order); the rules note the mapping entries rows reach in `usage`. */
export function compileRowRules(
  mapping: Mapping,
  info: SourceInfo,
  index: DirectoryIndex,
  resolver: ValueResolver,
  factories: readonly RuleFactory[],
  usage: MappingUsage = createMappingUsage(),
): CompiledRules {
  const setupIssues: Issue[] = [];
  const setupIssue: RuleSetup['setupIssue'] = (code, severity, data, extra) => {
    setupIssues.push(createIssue({ stage: stageOfRowCode(code), code, severity, data, file: info.file, sheet: info.sheet, row: info.headerRow, ...extra }));
  };
  const resolveColumn = createColumnResolver(info, setupIssue);
  const { columns, validation, defaults } = mapping;

  const slots: Record<FieldName, ColumnSlot> = {
    productKey: resolveColumn(columns.productKey, 'columns.productKey'),
    skuKey: resolveColumn(columns.skuKey, 'columns.skuKey'),
    shopId: resolveColumn(columns.shopId, 'columns.shopId'),
    category: resolveColumn(columns.category, 'columns.category'),
    brand: resolveColumn(columns.brand, 'columns.brand'),
    isLocalMade: resolveColumn(columns.isLocalMade, 'columns.isLocalMade'),
    'name.rus': resolveColumn(columns.name?.rus, 'columns.name.rus'),
    // A missing Kazakh column weighs what an empty Kazakh cell weighs (`validation.kazakh`).
    'name.kaz': resolveColumn(columns.name?.kaz, 'columns.name.kaz', validation.kazakh),
    'description.rus': resolveColumn(columns.description?.rus, 'columns.description.rus'),
    'description.kaz': resolveColumn(columns.description?.kaz, 'columns.description.kaz', validation.kazakh),
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

  if (validation.kazakh !== 'off') {
    if (columns.name?.kaz === undefined) {
      setupIssue('kazakh_text_missing', validation.kazakh, { variant: 'no_name_column' }, { path: 'columns.name.kaz' });
    }
    if (isDescriptionUsed(mapping) && columns.description?.kaz === undefined && defaults.description?.kaz === undefined) {
      setupIssue('kazakh_text_missing', validation.kazakh, { variant: 'no_description_column' }, {
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
      outsideCategory: mapped.outsideCategory,
    });
  });

  const setup: RuleSetup = {
    mapping,
    index,
    resolver,
    booleans: createBooleanLookup(mapping.booleans),
    decimalFormat: { decimal: mapping.input.decimal, thousands: mapping.input.thousands },
    slots,
    photoColumns,
    attributePlans,
    usage,
    setupIssue,
  };
  const rules: FieldRule[] = [];
  for (const factory of factories) {
    const made = factory(setup);
    if (made === undefined) continue;
    if (Array.isArray(made)) rules.push(...(made as readonly FieldRule[]));
    else rules.push(made as FieldRule);
  }
  return { rules, setupIssues, cells: buildCells(slots, photoColumns, attributePlans) };
}

/** Where each field comes from: the same for every row of the file, one shared, frozen object. */
function buildCells(slots: Record<FieldName, ColumnSlot>, photoColumns: readonly ResolvedColumn[], attributePlans: readonly AttributePlan[]): Readonly<Partial<Record<string, CellLocation>>> {
  const cells: Partial<Record<string, CellLocation>> = {};
  for (const field of Object.keys(slots) as FieldName[]) {
    const slot = slots[field];
    if (slot !== undefined && slot !== null) cells[field] = slot.location;
  }
  if (photoColumns[0] !== undefined) cells.photos = photoColumns[0].location;
  for (const plan of attributePlans) {
    if (plan.fixedValue === undefined && plan.column !== undefined && plan.column !== null) cells[`attribute:${plan.attribute.code}`] = plan.column.location;
  }
  return Object.freeze(cells);
}

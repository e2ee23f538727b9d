/**
 * Attributes: one rule per attribute mapping. A cell (or the mapping's fixed `value`) is split by
 * the separator; each piece is resolved (dictionary: through the resolver; free: the mapping's
 * entries, else parsed by the attribute's type) and the value codes go to the product or the SKU.
 */
import { renderIssueMessage } from '../../core/issue.js';
import { createTranslator } from '../../i18n/create-translator.js';
import type { ImportAttribute } from '../../domain/index.js';
import { isAttributeAllowed } from '../../mapping/directory-index.js';
import { detachString } from '../../mapping/detach-string.js';
import { normalizeName } from '../../mapping/normalize-name.js';
import { describeSuggestions } from '../../mapping/suggest-entries.js';
import type { CellLocation } from '../mapped-row.js';
import type { BooleanLookup } from '../parse-boolean.js';
import { parseBoolean } from '../parse-boolean.js';
import { parseDecimal, type DecimalFormat } from '../parse-decimal.js';
import type { ValueResolver } from '../../mapping/create-value-resolver.js';
import { describeMissing } from './describe-missing.js';
import type { AttributePlan, FieldRule, RuleFactory } from './field-rule.js';
import { rememberLast } from './remember-last.js';
import type { RowContext } from './row-context.js';

/** Rules of `attributes`, in mapping order. */
export const compileAttributeRules: RuleFactory = ({ attributePlans, resolver, booleans, decimalFormat }) =>
  attributePlans.map((plan) => compileAttributeRule(plan, attributePlans, resolver, booleans, decimalFormat));

function compileAttributeRule(
  plan: AttributePlan,
  plans: readonly AttributePlan[],
  resolver: ValueResolver,
  booleans: BooleanLookup,
  decimalFormat: DecimalFormat,
): FieldRule {
  const { attribute, column, fixedValue, separator } = plan;
  // A directory silent on multiplicity leaves it to the mapping: a separator there means several values.
  const multiple = attribute.isMultiple || (separator !== undefined && (attribute.unstated ?? []).includes('isMultiple'));
  const location = fixedValue === undefined ? (column ?? undefined)?.location : undefined;
  // One seller column may feed several attributes (clothing and shoe sizes in one "Размер"
  // column): each row gives it to the attribute of its own category.
  const siblings = column === undefined || column === null ? [] : plans.filter((other) => other !== plan && other.column?.index === column.index);
  const sharesColumnWithAllowed = (categoryId: number): boolean => siblings.some((other) => isAttributeAllowed(other.attribute, categoryId));
  const resolvePiece = plan.free
    ? (ctx: RowContext, piece: string): string[] | null => resolveFreeValue(ctx, plan, piece, location, booleans, decimalFormat)
    : (ctx: RowContext, piece: string): string[] | null => resolveDictionaryValue(ctx, plan, piece, location, resolver);
  const shared = createSharedEntries(plan, resolver);
  // Rows of one product repeat its category: the last category's verdict is remembered (it depends
  // on nothing else), which spares a scan of the attribute's categories for most rows.
  let lastCategoryId: number | null | undefined;
  let lastAllowed = true;
  let lastSiblingTakes = false;
  return {
    name: `attribute:${attribute.code}`,
    apply(ctx) {
      const record = ctx.record;
      if (record === null) return;
      const cellText = fixedValue ?? ctx.readText(column);
      if (cellText === null || cellText === undefined) return;
      const categoryId = record.product.categoryId;
      if (categoryId !== lastCategoryId) {
        lastCategoryId = categoryId;
        lastAllowed = categoryId === null || isAttributeAllowed(attribute, categoryId);
        lastSiblingTakes = !lastAllowed && categoryId !== null && siblings.length > 0 && sharesColumnWithAllowed(categoryId);
      }
      const allowed = lastAllowed;
      if (lastSiblingTakes) return;
      // An attribute applies only where the category has it: elsewhere its column (or fixed value) is
      // left out, silently unless the mapping asks for a warning or an error.
      if (!allowed && plan.outsideCategory !== 'error') {
        if (plan.outsideCategory === 'warning') {
          ctx.report('attribute_not_in_category', 'warning', location, { variant: 'left_out', attribute: attribute.code, attributeName: attribute.name.rus, category: String(categoryId) }, cellText);
        }
        return;
      }
      const found = shared.find(cellText);
      const codes: string[] = found === undefined ? [] : found.valueCodes;
      let failed = false;
      if (found !== undefined) {
        // Resolved already, without a finding to report.
      } else if (separator === undefined) {
        failed = !addCodes(codes, resolvePiece(ctx, cellText));
      } else {
        const reported = ctx.issues.length;
        for (const raw of cellText.split(separator)) {
          const piece = raw.trim();
          if (piece === '') continue;
          if (!addCodes(codes, resolvePiece(ctx, piece))) failed = true;
        }
        if (!failed && ctx.issues.length === reported) shared.keepSplit(cellText, codes);
      }
      if (failed || codes.length === 0) return;
      if (codes.length > 1 && !multiple) {
        ctx.report('too_many_values', 'error', location, { attribute: attribute.code, count: codes.length }, cellText);
        return;
      }
      if (!allowed) {
        ctx.report('attribute_not_in_category', 'error', location, { attribute: attribute.code, attributeName: attribute.name.rus, category: String(categoryId) }, cellText);
        return;
      }
      const entry: ImportAttribute = found ?? { code: attribute.code, valueCodes: codes };
      if (plan.level === 'sku') record.sku.attributes.push(entry);
      else record.product.attributes.push(entry);
    },
  };
}

/** The entries a rule hands out for cells resolved without a finding, one object per value. */
interface SharedEntries {
  /** The entry of a cell resolved before without a finding; `undefined`: resolve it piece by piece. */
  find(cellText: string): ImportAttribute | undefined;
  /** Keeps the entry of a separator cell whose every piece resolved without a finding. */
  keepSplit(cellText: string, codes: string[]): void;
}

/**
 * A dictionary cell of one value resolved without a finding (the usual cell) gives the same entry
 * on every row: one frozen object per resolution (the resolver caches those by text) instead of
 * three arrays and an object per row. Equal entries are then also the same object to compare.
 * Cells with a separator ("Шерсть, Полиэстер") repeat too: their entry is kept by the cell's text
 * once every piece resolved without a finding. Rows of one product usually repeat their values:
 * the last cell's entry is remembered, which spares a lookup by text for most rows.
 */
function createSharedEntries(plan: AttributePlan, resolver: ValueResolver): SharedEntries {
  const { attribute, separator } = plan;
  const byResolution = new WeakMap<object, ImportAttribute>();
  const findSingle = (cellText: string): ImportAttribute | undefined => {
    const resolution = resolver.resolveValue(plan.mappingIndex, cellText);
    if (resolution.status !== 'found' || resolution.via === 'approximate') return undefined;
    let entry = byResolution.get(resolution);
    if (entry === undefined) {
      const codes: string[] = [];
      addCodes(codes, resolution.entries.map((value) => value.code));
      entry = Object.freeze({ code: attribute.code, valueCodes: Object.freeze(codes) as string[] });
      byResolution.set(resolution, entry);
    }
    return entry;
  };
  const byText = separator === undefined || plan.free ? undefined : new Map<string, ImportAttribute>();
  return {
    // A separator cell's entry is kept only once a row resolved it: until then (undefined) the text is asked again.
    find: rememberLast((cellText: string): ImportAttribute | undefined => (separator === undefined ? (plan.free ? undefined : findSingle(cellText)) : byText?.get(cellText))),
    keepSplit(cellText, codes) {
      if (byText === undefined || byText.size >= TEXT_ENTRIES_LIMIT) return;
      byText.set(detachString(cellText), Object.freeze({ code: attribute.code, valueCodes: Object.freeze(codes) as string[] }));
    },
  };
}

/** Separator cells kept by text, per attribute. */
const TEXT_ENTRIES_LIMIT = 10_000;

/** Adds resolved codes once each; false when the piece failed (reported). */
function addCodes(codes: string[], resolved: string[] | null): boolean {
  if (resolved === null) return false;
  for (const code of resolved) if (!codes.includes(code)) codes.push(code);
  return true;
}

function resolveFreeValue(
  ctx: RowContext,
  plan: AttributePlan,
  piece: string,
  location: CellLocation | undefined,
  booleans: BooleanLookup,
  decimalFormat: DecimalFormat,
): string[] | null {
  const explicit = plan.freeEntries.size === 0 ? undefined : plan.freeEntries.get(normalizeName(piece));
  if (explicit !== undefined) return explicit;
  const { attribute } = plan;
  // Numbers and yes/no words are read (null: unreadable, reported); any other type is the text.
  const value = attribute.type === 'number' ? parseDecimal(piece, decimalFormat) : attribute.type === 'boolean' ? parseBoolean(piece, booleans) : undefined;
  if (value === undefined) return [piece];
  if (value === null) {
    ctx.report('invalid_attribute_value', 'error', location, { variant: attribute.type, attribute: attribute.code }, piece);
    return null;
  }
  return [String(value)];
}

function resolveDictionaryValue(ctx: RowContext, plan: AttributePlan, piece: string, location: CellLocation | undefined, resolver: ValueResolver): string[] | null {
  const resolution = resolver.resolveValue(plan.mappingIndex, piece);
  const code = plan.attribute.code;
  switch (resolution.status) {
    case 'found':
      if (resolution.via === 'approximate') {
        const entry = resolution.entries[0];
        ctx.report('value_matched_approximately', 'warning', location, { variant: 'value', attribute: code, entry: `${entry?.name.rus} (${entry?.code})`, hint: 'confirm_in_values' }, piece);
      }
      return resolution.entries.length === 1 ? [(resolution.entries[0] as { code: string }).code] : resolution.entries.map((entry) => entry.code);
    case 'ambiguous':
      ctx.report('ambiguous_attribute_value', 'error', location, { attribute: code, hint: 'map_in_values', entries: resolution.entries.map((entry) => entry.code).join(', ') }, piece);
      return null;
    default:
      if (mergeIntoSharedIssue(ctx, location, piece, code)) return null;
      ctx.report(
        'unknown_attribute_value',
        'error',
        location,
        { ...describeMissing(resolution), attribute: code, ...(resolution.status === 'missing' ? describeSuggestions(resolution.suggestions) : {}) },
        piece,
      );
      return null;
  }
}

/**
 * One bad cell feeding several attributes is one issue: when this row already has an unknown-value
 * issue for the same cell and text (from an attribute the same column feeds), that issue names this
 * attribute too instead of a second issue being added.
 */
const SHARED = '_shared';

function mergeIntoSharedIssue(ctx: RowContext, location: CellLocation | undefined, piece: string, code: string): boolean {
  if (location === undefined) return false;
  for (const issue of ctx.issues) {
    if (issue.code !== 'unknown_attribute_value' || issue.column !== location.column || issue.value !== piece) continue;
    // The variant `<missing|mapped>_shared` names the other attributes the cell feeds.
    const data = issue.data ?? {};
    const variant = String(data['variant']);
    const also = data['also'] === undefined ? code : `${data['also']}, ${code}`;
    issue.data = { ...data, variant: variant.endsWith(SHARED) ? variant : variant + SHARED, also };
    issue.message = renderIssueMessage(issue, createTranslator('en'));
    return true;
  }
  return false;
}

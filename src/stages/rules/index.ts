/**
 * The table of field rules of the row mapper, in run order. The product key comes first (it starts
 * the draft); the attributes come after the category (they check against it). To add a check for
 * a field: a new file here exporting a `RuleFactory` (see `FieldRule` for the contract), listed
 * below in its place.
 */
import { compileAttributeRules } from './attribute.js';
import { compileBarcodeRule } from './barcode.js';
import { compileBrandRule } from './brand.js';
import { compileCategoryRule } from './category.js';
import { compileCategoryDefaultsRule } from './category-defaults.js';
import { compileDescriptionRule } from './description.js';
import type { RuleFactory } from './field-rule.js';
import { compileIdRules, compileProductKeyRule, compileSkuKeyRule } from './keys.js';
import { compileLocalMadeRule } from './local-made.js';
import { compileNameRule } from './name.js';
import { compilePhotosRule } from './photos.js';
import { compilePriceRule } from './price.js';
import { compileShopRule } from './shop.js';
import { compileVatRule } from './vat.js';

/** The rule factories of the row mapper, in the order their rules run (and their issues are listed). */
export const FIELD_RULES: readonly RuleFactory[] = [
  compileProductKeyRule,
  compileSkuKeyRule,
  compileIdRules,
  compileShopRule,
  compileCategoryRule,
  compileBrandRule,
  compileLocalMadeRule,
  compileNameRule,
  compileDescriptionRule,
  compileVatRule,
  compilePriceRule,
  compileBarcodeRule,
  compilePhotosRule,
  compileAttributeRules,
  compileCategoryDefaultsRule,
];

export { compileRowRules } from './compile-row-rules.js';
export { RowContext } from './row-context.js';
export type { AttributePlan, ColumnSlot, CompiledRules, FieldRule, ResolvedColumn, RuleFactory, RuleSetup } from './field-rule.js';

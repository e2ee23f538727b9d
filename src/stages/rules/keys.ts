/** The seller's keys and the marketplace ids of a row: product key (starts the draft), SKU key, product id, SKU id. */
import type { SourceRow } from '../../sources/types.js';
import type { FieldRule, RuleFactory } from './field-rule.js';

/**
 * The product key: a row without one belongs to no product, so no draft is started and the row
 * ends here (silently when every mapped cell is empty).
 */
export const compileProductKeyRule: RuleFactory = ({ slots }) => {
  const slot = slots.productKey;
  return {
    name: 'productKey',
    apply(ctx) {
      const key = ctx.readKey(slot, 'product_key');
      if (key === null) return;
      if (key === undefined) {
        if (!isRowEmpty(ctx.row)) ctx.requireMissing(slot, 'product_key');
        return;
      }
      ctx.startRecord(key);
    },
  };
};

/** The SKU key, when mapped (otherwise the barcode stands for it: see the barcode rule). */
export const compileSkuKeyRule: RuleFactory = ({ slots }) => {
  const slot = slots.skuKey;
  if (slot === undefined) return undefined;
  return {
    name: 'skuKey',
    apply(ctx) {
      const text = ctx.readKey(slot, 'sku_key');
      if (text === undefined) ctx.requireMissing(slot, 'sku_key');
      else if (text !== null && ctx.record !== null) ctx.record.skuKey = text;
    },
  };
};

/** Marketplace product and SKU ids from the sheet (for updates), when mapped. */
export const compileIdRules: RuleFactory = ({ slots }) =>
  ([['productId', 'product_id'], ['skuId', 'sku_id']] as const).flatMap(([name, term]): FieldRule[] => {
    const slot = slots[name];
    if (slot === undefined) return [];
    return [
      {
        name,
        apply(ctx) {
          const value = ctx.readPositiveInteger(slot, term);
          if (typeof value === 'number' && ctx.record !== null) ctx.record[name] = value;
        },
      },
    ];
  });

function isRowEmpty(row: SourceRow): boolean {
  for (const cell of row.cells) {
    if (cell !== undefined && cell.kind !== 'empty' && cell.text.trim() !== '') return false;
  }
  return true;
}

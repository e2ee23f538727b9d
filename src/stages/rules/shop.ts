/** The shop id: its column, else `defaults.shopId`; required. */
import type { RuleFactory } from './field-rule.js';

/** Rule of `columns.shopId` / `defaults.shopId`. */
export const compileShopRule: RuleFactory = ({ slots, mapping }) => {
  const slot = slots.shopId;
  const fallback = mapping.defaults.shopId;
  return {
    name: 'shopId',
    apply(ctx) {
      const record = ctx.record;
      if (record === null) return;
      const shopId = ctx.readPositiveInteger(slot, 'shop_id');
      if (shopId === undefined) {
        if (fallback !== undefined) record.product.shopId = fallback;
        else ctx.requireMissing(slot, 'shop_id');
      } else {
        record.product.shopId = shopId;
      }
    },
  };
};

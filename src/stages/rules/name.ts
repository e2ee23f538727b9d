/** The product name in Russian (required) and Kazakh (per `validation.kazakh`). */
import { KazakhTextCheck } from './kazakh-text.js';
import { rememberRepeatedText } from './remember-last.js';
import type { RuleFactory } from './field-rule.js';

/** Rule of `columns.name`. */
export const compileNameRule: RuleFactory = ({ slots, mapping }) => {
  const rusSlot = slots['name.rus'];
  const kazSlot = slots['name.kaz'];
  const kazakh = new KazakhTextCheck('name', mapping.validation.kazakh);
  const russianNames = rememberRepeatedText();
  return {
    name: 'name',
    apply(ctx) {
      const record = ctx.record;
      if (record === null) return;
      const rus = ctx.readText(rusSlot);
      if (rus === undefined) ctx.requireMissing(rusSlot, 'name_rus');
      else if (rus !== null) record.product.name.rus = russianNames(rus);
      record.product.name.kaz = kazakh.check(ctx, kazSlot, ctx.readText(kazSlot), record.product.name.rus);
    },
  };
};

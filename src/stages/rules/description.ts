/** The product description in Russian (required per `validation.requireDescription`) and Kazakh, each with its default. */
import { KazakhTextCheck } from './kazakh-text.js';
import { rememberRepeatedText } from './remember-last.js';
import type { RuleFactory } from './field-rule.js';

/** Rule of `columns.description` / `defaults.description`. */
export const compileDescriptionRule: RuleFactory = ({ slots, mapping }) => {
  const rusSlot = slots['description.rus'];
  const kazSlot = slots['description.kaz'];
  const { validation, defaults } = mapping;
  const rusDefault = defaults.description?.rus;
  const kazDefault = defaults.description?.kaz;
  const kazakh = new KazakhTextCheck('description', validation.kazakh);
  const russianTexts = rememberRepeatedText();
  const required = validation.requireDescription;
  // Without a Russian description anywhere, the Kazakh one is not asked for either.
  const used = isDescriptionUsed(mapping);
  return {
    name: 'description',
    apply(ctx) {
      const record = ctx.record;
      if (record === null) return;
      const cell = ctx.readText(rusSlot);
      const rus = cell === undefined ? rusDefault : cell;
      if (rus === undefined) {
        if (required) ctx.requireMissing(rusSlot, 'description_rus');
      } else if (rus !== null) {
        record.product.description.rus = russianTexts(rus);
      }
      if (!used) return;
      const kazCell = ctx.readText(kazSlot);
      record.product.description.kaz = kazakh.check(ctx, kazSlot, kazCell === undefined ? kazDefault : kazCell, record.product.description.rus);
    },
  };
};

/** Whether the mapping asks for descriptions at all: required, or fed by a column or a default. */
export function isDescriptionUsed(mapping: { validation: { requireDescription: boolean }; columns: { description?: { rus?: unknown } | undefined }; defaults: { description?: { rus?: unknown } | undefined } }): boolean {
  return mapping.validation.requireDescription || mapping.columns.description?.rus !== undefined || mapping.defaults.description?.rus !== undefined;
}

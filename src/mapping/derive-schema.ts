/**
 * The `derive` section of a mapping: virtual columns computed from other columns by a short list
 * of declarative steps (regular-expression capture, lookup of a brand or category inside text,
 * split, map of values, number scaling, unit conversion, condition). Mapping fields and attributes
 * then name a derived column like any column of the sheet. `input.groupRows` (which group rows the
 * reader recognises and hands down as `_group1`, `_group2`, …) lives here too.
 */
import { z } from 'zod';
import { columnRefSchema } from './column-ref-schema.js';
import { UNIT_FACTORS } from './unit-factors.js';

const regexStep = z.strictObject({
  regex: z
    .union([
      z.string().min(1),
      z.strictObject({
        pattern: z.string().min(1).describe('Regular expression (JavaScript syntax, case-insensitive).'),
        group: z.union([z.number().int().min(0), z.string().min(1)]).optional().describe('Capture group to keep (number or name). Default: 1, or the whole match without groups.'),
      }),
    ])
    .describe('Keeps what a regular expression captures; no match = no value.'),
});

const lookupStep = z
  .strictObject({
    lookup: z
      .enum(['brand', 'category'])
      .describe('Finds the brand (or category) whose name — or a key of `brands:` (`categories:`) — appears in the text as whole words; the longest wins.'),
    groups: z
      .array(columnRefSchema)
      .min(1)
      .optional()
      .describe(
        "With `lookup: category`: the columns that hold the seller's own grouping of the row, top level first (a category column by header or `{letter: C}`, `_group` for the nearest group row, `_group1`, `_group2`, …; a cell `A / B` is a path). The product name is classified with them as its group path.",
      ),
  })
  .refine((step) => step.groups === undefined || step.lookup === 'category', { message: '`groups` is read by `lookup: category` only', path: ['groups'] });

const splitStep = z.strictObject({
  split: z
    .union([
      z.string().min(1),
      z.strictObject({
        separator: z.string().min(1).describe('Separator text (e.g. "/", ",", "-").'),
        take: z
          .union([z.enum(['first', 'last', 'all']), z.number().int().min(1)])
          .default('all')
          .describe('Which piece to keep: first, last, the n-th (from 1), or all (joined with `;`).'),
      }),
    ])
    .describe('Cuts one cell into several values.'),
});

const mapStep = z.strictObject({
  map: z.record(z.string(), z.string()).describe('Text → replacement; keys compared ignoring case and extra spaces.'),
  otherwise: z.enum(['keep', 'fail']).default('keep').describe('A text without a key: kept as it is, or no value.'),
});

const scaleStep = z.strictObject({
  scale: z.number().positive().describe('Multiplies the number in the text (e.g. a currency rate).'),
  decimals: z.number().int().min(0).max(6).default(2).describe('Decimals kept after scaling.'),
});

const unitStep = z.strictObject({
  unit: z.enum(Object.keys(UNIT_FACTORS) as [string, ...string[]]).describe('Converts "0,45 л" → 450 when the unit is мл; a number without a unit is taken as already in this unit.'),
  decimals: z.number().int().min(0).max(6).default(3).describe('Decimals kept after converting.'),
});

const conditionSchema = z
  .strictObject({
    startsWith: z.string().min(1).optional(),
    endsWith: z.string().min(1).optional(),
    contains: z.string().min(1).optional(),
    equals: z.string().optional(),
    matches: z.string().min(1).optional().describe('Regular expression.'),
  })
  .refine((test) => Object.keys(test).length === 1, { message: 'give exactly one test: startsWith, endsWith, contains, equals or matches' });

const whenStep = z.strictObject({
  when: conditionSchema.describe('A test of the text.'),
  then: z.string().describe('The value when the test holds.'),
  else: z.string().optional().describe('The value otherwise; without it, no value.'),
});

/** One step of a derived column. */
const deriveStepSchema = z.union([regexStep, lookupStep, splitStep, mapStep, scaleStep, unitStep, whenStep]);
/** One step, parsed. */
export type DeriveStep = z.output<typeof deriveStepSchema>;

/**
 * The schema of one derived (virtual) column, made with the mapping's column reference schema
 * (passed in, so that this file and `mapping-schema.ts` do not import each other).
 */
export function createDerivedColumnSchema<C extends z.ZodType>(columnRef: C) {
  return z
    .strictObject({
      name: z
        .string()
        .min(1)
        .refine((name) => !/^_group\d+$/i.test(name.trim()), { message: 'names _group1, _group2, … are the group-row columns' })
        .describe('Name the mapping uses for the derived column, like a header.'),
      from: columnRef.describe('Column (or earlier derived column, or `_group1`…) the value is taken from.'),
      steps: z.array(deriveStepSchema).min(1).describe('Steps applied in order; each passes its value to the next.'),
      onFail: z
        .enum(['error', 'warning', 'skip'])
        .default('warning')
        .describe('When a step gives no value for a non-empty cell: an error (row rejected), a warning, or nothing.'),
    })
    .describe('A virtual column computed from another column.');
}

/** `input.groupRows`: `false` turns recognition off; an object picks the kinds. */
export const groupRowsSchema = z
  .union([
    z.boolean(),
    z.strictObject({
      outline: z.boolean().default(true).describe('A row opening a deeper Excel outline level is a group row.'),
      merged: z.boolean().default(true).describe('A row whose only value is a merged range spanning the table is a group row.'),
      singleCell: z.boolean().default(false).describe('A row with one filled text cell and nothing else is a group row.'),
      bold: z.boolean().default(false).describe('With singleCell: only when its text is bold.'),
      column: z.string().min(1).optional().describe('With singleCell: the header (or letter) of the column the group text is in.'),
    }),
  ])
  .default(true)
  .describe('Group (section) rows: taken out of the goods, their text handed down as `_group1`, `_group2`, …');

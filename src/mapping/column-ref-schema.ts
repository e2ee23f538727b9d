/** A column of the seller's sheet as the mapping names it: header text, `{letter: C}` or `{header: "…"}`. */
import { z } from 'zod';

/** The schema of a column reference (its JSON Schema definition is `ColumnRef`). */
export const columnRefSchema = z
  .union([
    z.string().min(1).describe('Header text of the column (case and extra spaces ignored).'),
    z.strictObject({
      letter: z
        .string()
        .regex(/^[A-Za-z]{1,3}$/, 'a column letter such as C or AB')
        .describe('Column letter as Excel shows it (A, B, …, AA), for sheets without usable headers.'),
    }),
    z.strictObject({ header: z.string().min(1).describe('Header text of the column.') }),
  ])
  .meta({ id: 'ColumnRef', description: 'A column: header text, or {letter: C}, or {header: "…"}.' });
/** A column reference. */
export type ColumnRef = z.infer<typeof columnRefSchema>;

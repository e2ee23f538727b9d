/**
 * The mapping file (`mappings/*.yaml`): how a seller's sheet becomes import items. This zod schema
 * is the single source of truth: the `Mapping` type, the defaults, the editor JSON Schema
 * (`schemas/mapping.schema.json`) and the field descriptions all come from here. Checks that need
 * the marketplace directories live in `check-mapping-rules.ts`.
 */
import { z } from 'zod';
import { createDerivedColumnSchema, groupRowsSchema } from './derive-schema.js';
import { columnRefSchema } from './column-ref-schema.js';

/** A column of the sheet: its header text, or `{letter: C}`, or `{header: "Цена"}`. */
export type { ColumnRef } from './column-ref-schema.js';

/**
 * The category from the group rows above the goods (issue 36): the nearest one, or the one of a
 * level; `otherwise: name` looks the category up in the product name of a row under no group. It
 * reads as the group-row column it stands for (`_group`, `_group2`, `_group|name`), which the
 * virtual columns fill (src/stages/derive/plan-group-columns.ts).
 */
const categoryFromGroupsSchema = z
  .strictObject({
    fromGroups: z
      .union([z.literal('nearest'), z.number().int().min(1).max(8)])
      .describe('`nearest`: the text of the nearest group row above the row (the deepest open group); a number: the group of that level (as `_group2`).'),
    otherwise: z.literal('name').optional().describe('`name`: a row under no group takes the category found in its product name (as the `lookup: category` step finds it).'),
  })
  .transform(({ fromGroups, otherwise }) => `_group${fromGroups === 'nearest' ? '' : fromGroups}${otherwise === 'name' ? '|name' : ''}`);

const localizedColumnsSchema = z.strictObject({
  rus: columnRefSchema.optional().describe('Column with the Russian text.'),
  kaz: columnRefSchema.optional().describe('Column with the Kazakh text.'),
});

/** Photo columns: one column, several columns, or columns plus a separator for cells holding several URLs. */
const photoColumnsSchema = z
  .union([
    columnRefSchema,
    z.array(columnRefSchema).min(1),
    z.strictObject({
      columns: z.array(columnRefSchema).min(1).describe('Photo columns, in photo order.'),
      separator: z
        .string()
        .min(1)
        .optional()
        .describe('Separator between URLs inside one cell (white space and line breaks always separate).'),
    }),
  ])
  .describe('Photo URL column(s). Photos are ordered from 1 in column order, then in cell order.');

const columnsSchema = z
  .strictObject({
    productKey: columnRefSchema.describe(
      "The seller's product (model) key. Rows with the same key are SKUs of one product; they need not be adjacent.",
    ),
    skuKey: columnRefSchema.optional().describe("The seller's SKU key. Default: the barcode."),
    shopId: columnRefSchema.optional().describe('Shop id (integer). Usually given in `defaults` instead.'),
    category: z
      .union([columnRefSchema, categoryFromGroupsSchema])
      .optional()
      .describe('Seller category text, resolved through `categories`: a column, or `{fromGroups: nearest}` for the group rows above the goods.'),
    brand: columnRefSchema.optional().describe('Seller brand text, resolved through `brands`.'),
    isLocalMade: columnRefSchema.optional().describe('Made in Kazakhstan, in the words of `booleans`.'),
    name: localizedColumnsSchema.optional().describe('Product name columns; `rus` is required.'),
    description: localizedColumnsSchema.optional().describe('Description columns (HTML is kept as given).'),
    vat: columnRefSchema.optional().describe('VAT rate in percent (`12`, `12%`, `без НДС` = 0).'),
    price: columnRefSchema.optional().describe('SKU price; decimal comma and space/NBSP thousands separators are accepted.'),
    barcode: columnRefSchema.optional().describe('SKU barcode: EAN-8, EAN-13, UPC-A or GTIN-14 with a valid check digit.'),
    photos: photoColumnsSchema.optional(),
    productId: columnRefSchema.optional().describe('Marketplace product id, when the sheet holds it (empty = create).'),
    skuId: columnRefSchema.optional().describe('Marketplace SKU id, when the sheet holds it (empty = create).'),
  })
  .describe('Which column feeds each field of the import item.');

/** A directory entry named in the mapping: an id, or the exact directory name (a category also by its path). */
const directoryTargetSchema = z
  .union([z.number().int().positive(), z.string().min(1)])
  .describe('Directory id, or exact directory name (categories also by path, e.g. "Одежда / Футболки").');

const defaultsSchema = z
  .strictObject({
    shopId: z.number().int().positive().optional().describe('Shop id for every row.'),
    vat: z.number().int().min(0).optional().describe('VAT rate for rows without a VAT cell.'),
    isLocalMade: z.boolean().optional().describe('Made in Kazakhstan, for rows without such a cell.'),
    category: z
      .union([z.number().int().positive(), z.string().min(1)])
      .optional()
      .describe('Category for rows without a category cell: a key of `categories`, an id or a directory name.'),
    brand: z
      .union([z.number().int().positive(), z.string().min(1)])
      .optional()
      .describe('Brand for rows without a brand cell: a key of `brands`, an id or a directory name.'),
    description: z
      .strictObject({ rus: z.string().optional(), kaz: z.string().optional() })
      .optional()
      .describe('Description for rows without a description cell.'),
  })
  .prefault({})
  .describe('Values for fields a sheet does not have, or for its empty cells.');

/** One attribute mapping. */
const attributeMappingSchema = z
  .strictObject({
    code: z.string().min(1).describe('Attribute code in the attribute directory.'),
    column: columnRefSchema.optional().describe('Column holding the value(s). Give `column` or `value`.'),
    value: z.string().min(1).optional().describe('A fixed seller value for every row, instead of a column.'),
    level: z
      .enum(['product', 'sku'])
      .optional()
      .describe("`sku` for SKU-defining attributes (colour, size). Default: the directory's isSkuDefining; must agree with it."),
    separator: z.string().min(1).optional().describe('Separator of several values in one cell (the attribute must allow several).'),
    values: z
      .record(z.string(), z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]))
      .default({})
      .describe('Seller text → value code(s) of this attribute (synonyms). Keys match ignoring case, spaces and ё/е.'),
    free: z
      .boolean()
      .optional()
      .describe('Send the seller text itself. Default: true for text/number/boolean attributes; not allowed for dictionary ones.'),
    required: z
      .boolean()
      .optional()
      .describe(
        "Whether a product (or SKU) must carry this attribute in every category it belongs to, whatever the directory says: true makes a missing value an error, false never reports it. Default: the directory's word (a requirement it states only per attribute, not per category, is a warning).",
      ),
    outsideCategory: z
      .enum(['skip', 'warning', 'error'])
      .default('skip')
      .describe("A row whose category lacks the attribute: the value is left out silently (`skip`), with a warning, or the row is refused (`error`)."),
  })
  .describe('Maps a column (or a fixed value) to one attribute of the directory.');
/** An attribute mapping. */
export type AttributeMapping = z.infer<typeof attributeMappingSchema>;

/** Fields whose blank policy the mapping can set. */
const BLANKABLE_FIELDS = [
  'name.rus',
  'name.kaz',
  'description.rus',
  'description.kaz',
  'brand',
  'vat',
  'isLocalMade',
  'price',
  'photos',
  'attributes',
] as const;
/** A field with a blank policy. */
export type BlankableField = (typeof BLANKABLE_FIELDS)[number];

const blankPolicySchema = z.enum(['keep', 'clear']).default('keep');

const DEFAULT_TRUE_WORDS = ['да', 'иә', 'yes', '1', 'true', '+', 'истина'];
const DEFAULT_FALSE_WORDS = ['нет', 'жоқ', 'no', '0', 'false', '-', 'ложь'];

/** A seller value of a per-category default: never the `TODO` placeholder `mapping init` leaves. */
const categoryDefaultValueSchema = z
  .string()
  .min(1)
  .refine((value) => value.trim().toUpperCase() !== 'TODO', { message: 'a TODO left by `mapping init`: give a value (see the comment beside it), or delete the line' });

/**
 * Attribute values per category, for attributes the sheet has no column for (a phone's warranty,
 * a T-shirt's gender). Keys: a seller category word as in `categories`, or a marketplace category
 * id or path; values: seller values, resolved like the cells of an attribute column.
 */
const categoryDefaultsSchema = z
  .record(
    z.string().min(1).describe('A seller category word (a key of `categories`), or a marketplace leaf category id or path.'),
    z
      .strictObject({
        attributes: z
          .record(
            z.string().min(1).describe('Attribute code.'),
            z.union([categoryDefaultValueSchema, z.array(categoryDefaultValueSchema).min(1)]).describe('Seller value, or values for an attribute allowing several.'),
          )
          .default({})
          .describe('Attribute code → the value every row of this category gets when no column gives one.'),
        required: z
          .record(z.string().min(1).describe('Attribute code.'), z.boolean())
          .default({})
          .describe("Attribute code → whether products of this category must carry it (wins over the attribute's own `required:` and the directory)."),
      })
      .describe('Defaults of one category.'),
  )
  .default({})
  .describe('Per-category defaults: attribute values for the rows of a category, for attributes the sheet has no column for.');

// Issue 36, items 6 and 8: which rows are read (`rows`) and attributes from characteristic column
// triples (`characteristics`).

/** A condition on one column's value, for `rows.skip` and `rows.where`. */
const rowConditionSchema = z
  .strictObject({
    column: columnRefSchema.describe('The column whose value is tested.'),
    equals: z
      .union([z.string(), z.array(z.string()).min(1)])
      .optional()
      .describe('The value, or one of the values (compared ignoring case and spaces around it).'),
    matches: z.string().min(1).optional().describe('A regular expression the value matches (case-insensitive).'),
    empty: z.boolean().optional().describe('`true`: the cell is empty; `false`: it is not.'),
  })
  .refine((condition) => [condition.equals, condition.matches, condition.empty].filter((test) => test !== undefined).length === 1, {
    message: 'give exactly one of equals, matches and empty',
  })
  .refine((condition) => condition.matches === undefined || checkPattern(condition.matches), { message: 'not a valid regular expression', path: ['matches'], params: { rule: 'not_a_regex' } })
  .describe('A test of one column of a row.');
/** A row condition. */
export type RowCondition = z.infer<typeof rowConditionSchema>;

function checkPattern(pattern: string): boolean {
  try {
    new RegExp(pattern, 'iu');
    return true;
  } catch {
    return false;
  }
}

const rowsSchema = z
  .strictObject({
    duplicates: z
      .enum(['error', 'keep-first'])
      .default('error')
      .describe(
        'Rows identical in every mapped field (a size listed once per store): `error` refuses the later ones (`duplicate_barcode`/`duplicate_sku_key`); `keep-first` sends the first and leaves the others out, with one warning giving their count.',
      ),
    skip: z.array(rowConditionSchema).default([]).describe('Rows matching any of these conditions are not read (each gets a `row_skipped` warning and is not sent).'),
    where: z.array(rowConditionSchema).default([]).describe('Only rows matching every one of these conditions are read (the others as with `skip`).'),
  })
  .prefault({})
  .describe('Which rows are products: repeated rows, and conditions that leave rows out.');

/** One characteristic name mapped to an attribute: the attribute code, or an attribute mapping without its column. */
const characteristicAttributeSchema = z.union([
  z.string().min(1).describe('Attribute code.'),
  attributeMappingSchema.omit({ column: true, value: true }),
]);

const characteristicsSchema = z
  .strictObject({
    name: columnRefSchema.describe('Header of the characteristic name columns (`Название_Характеристики`), repeated as often as the sheet has triples.'),
    unit: columnRefSchema.optional().describe('Header of the unit columns (`Измерение_Характеристики`); with `withUnit`, the unit is appended to the value.'),
    value: columnRefSchema.describe('Header of the value columns (`Значение_Характеристики`).'),
    attributes: z
      .record(z.string().min(1).describe('Characteristic name as the sheet writes it (case, spaces and ё/е ignored).'), characteristicAttributeSchema)
      .default({})
      .describe('Characteristic name → attribute, fed as an attribute column would feed it.'),
    ignore: z.array(z.string().min(1)).default([]).describe('Characteristic names left out without a warning.'),
    withUnit: z.boolean().default(false).describe('Append the unit to the value ("5 кг") instead of sending the value alone.'),
  })
  .optional()
  .describe(
    'Characteristic column triples (name, unit, value, repeated), as prom/Satu-style exports hold attributes: each named characteristic feeds an attribute; names not mapped are reported once per file.',
  );

/** The mapping file schema. */
export const mappingSchema = z
  .strictObject({
    $schema: z.string().optional().describe('JSON Schema reference for editors; ignored.'),
    version: z.literal(1).default(1).describe('Mapping format version.'),
    input: z
      .strictObject({
        sheet: z
          .union([z.string().min(1), z.number().int().min(1)])
          .optional()
          .describe('Workbook sheet by name or position from 1. Default: the first visible sheet.'),
        headerRow: z
          .union([z.number().int().min(1), z.literal('none')])
          .optional()
          .describe('Row number of the header, or `none` for a sheet without one (its columns are then named by letter: `A`, `B`, …). Default: found among the first 20 rows.'),
        headerRows: z
          .union([z.literal(1), z.literal(2)])
          .optional()
          .describe('Rows the header takes: `2` when a second row (units, or names under merged group titles) is part of it. Default: such a row is recognised.'),
        dataStartRow: z.number().int().min(2).optional().describe('Row number of the first row of goods; rows between the header and it are passed over. Default: the row after the header.'),
        encoding: z
          .string()
          .min(1)
          .optional()
          .describe('CSV encoding: utf-8, utf-16le, utf-16be, windows-1251, kz-1048. Default: detected.'),
        delimiter: z.enum([',', ';', '\t', '|', 'tab']).optional().describe('CSV delimiter. Default: detected.'),
        decimal: z
          .enum([',', '.', 'auto'])
          .default('auto')
          .describe('Decimal separator of text numbers. `auto`: the last of `,`/`.` when both appear, else the one present.'),
        thousands: z
          .array(z.string().length(1))
          .default([' ', '\u00a0', '\u202f'])
          .describe('Thousands separators removed from text numbers (default: space, NBSP, narrow NBSP).'),
        fillMerged: z.array(z.string().min(1)).default([]).describe('Headers of columns whose merged cells are filled down.'),
        groupRows: groupRowsSchema,
      })
      .prefault({})
      .describe('How to read the file.'),
    columns: columnsSchema,
    defaults: defaultsSchema,
    categories: z
      .record(z.string(), directoryTargetSchema)
      .default({})
      .describe('Seller category text → marketplace leaf category (id, exact name or path).'),
    brands: z.record(z.string(), directoryTargetSchema).default({}).describe('Seller brand text → directory brand (id or exact name).'),
    categoryDefaults: categoryDefaultsSchema,
    attributes: z.array(attributeMappingSchema).default([]).describe('Attribute columns.'),
    rows: rowsSchema,
    characteristics: characteristicsSchema,
    derive: z
      .array(createDerivedColumnSchema(columnRefSchema))
      .default([])
      .describe('Derived (virtual) columns: values taken out of other columns by declarative steps; fields and attributes name them like columns.'),
    // --- The product classifier (`lookup: category`, issue 33): its settings in this one block. ---
    classify: z
      .strictObject({
        exclude: z
          .strictObject({
            leaves: z.array(directoryTargetSchema).default([]).describe('Leaves the classifier never proposes: id, exact name or path.'),
            words: z.array(z.string().min(1)).default([]).describe('Words left out of every product name before its type is read (a trade word that misleads).'),
          })
          .prefault({})
          .describe('What the classifier must not use.'),
        neutralWords: z
          .array(z.string().min(1))
          .default([])
          .describe('Words the seller confirmed never change the kind of product (`пастеризованное`): a leaf that explains every other word of the type is then a confident answer (`mapping review --apply` writes them).'),
        brandWords: z
          .array(z.string().min(1))
          .default([])
          .describe('Words the seller\'s files write as brands (`Адал`, `Рогачёв`): like the directory\'s brands, they end a product type, wherever they stand and in any case (`mapping review --apply` writes those its file showed).'),
        sections: z
          .array(directoryTargetSchema)
          .default([])
          .describe(
            "The file's own sections: top-level sections or groups (exact name, path, or a group's id) its goods belong to. A pick outside them is never sure: the name is `category_uncertain`, a review question (`mapping review --apply` writes them, read from where the file's sure rows lie).",
          ),
        uncertain: z
          .enum(['error', 'warning'])
          .default('warning')
          .describe('Severity of `category_uncertain`: a product name whose type names no leaf clearly gets no category, and this issue.'),
      })
      .prefault({})
      .describe('How `lookup: category` classifies product names into leaves.'),
    // --- end of the classifier block ---
    unmapped: z
      .enum(['error', 'auto'])
      .default('error')
      .describe(
        'A value without a mapping entry: `error` accepts only an exact directory name (ignoring case, spaces, ё/е); `auto` also accepts one clearly nearest directory entry, with a warning.',
      ),
    booleans: z
      .strictObject({
        true: z.array(z.string().min(1)).min(1).default(DEFAULT_TRUE_WORDS).describe('Words meaning yes.'),
        false: z.array(z.string().min(1)).min(1).default(DEFAULT_FALSE_WORDS).describe('Words meaning no.'),
      })
      .prefault({})
      .describe('Words for true/false, compared ignoring case.'),
    validation: z
      .strictObject({
        vat: z.array(z.number().int().min(0)).min(1).default([0, 12, 16]).describe('Allowed VAT rates in percent (Kazakhstan: 12 until 2025, 16 from 2026; 0 for exempt goods).'),
        kazakh: z
          .enum(['error', 'warning', 'off'])
          .default('warning')
          .describe('Severity of a missing Kazakh name or description.'),
        requiredAttributes: z
          .enum(['error', 'warning'])
          .optional()
          .describe(
            "How a required attribute a product lacks is reported, where the mapping's own `required:` does not say: `error` (the product is not sent) or `warning` (it is sent; the service decides). Default: error where the directory states the requirement per category, warning where it states it only per attribute (scope unclear).",
          ),
        requireDescription: z.boolean().default(true).describe('A Russian description is required.'),
        requireBarcode: z
          .boolean()
          .default(true)
          .describe(
            "Every SKU needs a barcode. Left out, it follows the service profile (settings service.requiredFields; default: required, as the sandbox enforces). `false`: a mapping may have no barcode column, and an SKU without one is sent with no barcode at all.",
          ),
        photos: z
          .strictObject({
            min: z.number().int().min(0).default(1).describe('Fewest photos per SKU.'),
            max: z.number().int().min(1).default(15).describe('Most photos per SKU.'),
            requireHttps: z.boolean().default(false).describe('Reject http:// photo URLs.'),
          })
          .prefault({}),
        barcode: z
          .strictObject({
            repairLeadingZeros: z
              .boolean()
              .default(false)
              .describe('Restore leading zeros Excel dropped from a numeric barcode when the check digit then verifies (a warning instead of an error).'),
            several: z
              .enum(['error', 'first', 'each'])
              .default('error')
              .describe(
                'A cell holding several barcodes ("2000000001067, 790920044894"): refused (`error`); the first is the SKU\'s barcode and the others are checked and reported (`first`); or each barcode makes its own SKU (`each`): the n-th barcode of a row goes to a copy of its product keyed `<product key>-n`, its SKU keyed `<SKU key>-n` (or by the barcode when the barcode is the SKU key).',
              ),
          })
          .prefault({}),
      })
      .prefault({})
      .describe('Row checks.'),
    blank: z
      .strictObject(Object.fromEntries(BLANKABLE_FIELDS.map((field) => [field, blankPolicySchema])) as Record<BlankableField, typeof blankPolicySchema>)
      .prefault({})
      .describe('Per field: `keep` (an empty cell never wipes a live value) or `clear` (an empty cell clears it).'),
    batchSize: z
      .number()
      .int()
      .min(1)
      .default(30)
      .describe('Products per import request; the service accepts at most 30, larger values are capped.'),
  })
  .superRefine((mapping, ctx) => {
    // `rule` names the catalog's words for what is missing (`rule.<rule>`, every language); `what` is their English.
    const requireColumn = (present: boolean, path: (string | number)[], what: string, rule: string): void => {
      if (!present) {
        ctx.addIssue({ code: 'custom', path, message: `${what} is required`, params: { code: 'required_field_unmapped', rule } });
      }
    };
    const { columns, defaults } = mapping;
    requireColumn(columns.price !== undefined, ['columns', 'price'], 'a price column', 'required_price');
    if (mapping.validation.requireBarcode) {
      requireColumn(columns.barcode !== undefined, ['columns', 'barcode'], 'a barcode column (or, for a service where the barcode is optional, service.requiredFields without barcode in the settings, or validation.requireBarcode: false)', 'required_barcode');
    }
    requireColumn(columns.name?.rus !== undefined, ['columns', 'name', 'rus'], 'a Russian name column', 'required_name_rus');
    requireColumn(columns.shopId !== undefined || defaults.shopId !== undefined, ['columns', 'shopId'], 'a shopId column or defaults.shopId', 'required_shop_id');
    requireColumn(columns.category !== undefined || defaults.category !== undefined, ['columns', 'category'], 'a category column or defaults.category', 'required_category');
    requireColumn(columns.brand !== undefined || defaults.brand !== undefined, ['columns', 'brand'], 'a brand column or defaults.brand', 'required_brand');
    requireColumn(columns.vat !== undefined || defaults.vat !== undefined, ['columns', 'vat'], 'a vat column or defaults.vat', 'required_vat');
    requireColumn(
      columns.isLocalMade !== undefined || defaults.isLocalMade !== undefined,
      ['columns', 'isLocalMade'],
      'an isLocalMade column or defaults.isLocalMade',
      'required_is_local_made',
    );
    if (mapping.validation.requireDescription) {
      requireColumn(
        columns.description?.rus !== undefined || defaults.description?.rus !== undefined,
        ['columns', 'description', 'rus'],
        'a Russian description column or defaults.description.rus (or validation.requireDescription: false)',
        'required_description_rus',
      );
    }
    if (mapping.validation.photos.min > 0) {
      requireColumn(columns.photos !== undefined, ['columns', 'photos'], 'a photos column (or validation.photos.min: 0)', 'required_photos');
    }
    if (mapping.validation.photos.min > mapping.validation.photos.max) {
      ctx.addIssue({ code: 'custom', path: ['validation', 'photos', 'min'], message: 'min is larger than max', params: { rule: 'min_above_max' } });
    }
    checkDerivedColumns(mapping.derive, ctx);
    mapping.attributes.forEach((attribute, i) => {
      if ((attribute.column === undefined) === (attribute.value === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: ['attributes', i],
          message: `attribute ${attribute.code}: give exactly one of column and value`,
          params: { code: 'attribute_source_invalid' },
        });
      }
    });
  });

/** Derived columns: names unique, regular expressions valid. */
function checkDerivedColumns(derive: readonly { name: string; steps: readonly object[] }[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  derive.forEach((derived, i) => {
    const key = derived.name.trim().toLowerCase();
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['derive', i, 'name'], message: `derived column "${derived.name}" is defined twice`, params: { rule: 'derived_twice', name: derived.name } });
    seen.add(key);
    derived.steps.forEach((step, s) => {
      const patterns: string[] = [];
      if ('regex' in step) patterns.push(typeof step.regex === 'string' ? step.regex : (step.regex as { pattern: string }).pattern);
      if ('when' in step && typeof (step.when as { matches?: string }).matches === 'string') patterns.push((step.when as { matches: string }).matches);
      for (const pattern of patterns) {
        try {
          new RegExp(pattern, 'iu');
        } catch (error) {
          const reason = (error as Error).message;
          ctx.addIssue({ code: 'custom', path: ['derive', i, 'steps', s], message: `invalid regular expression /${pattern}/: ${reason}`, params: { rule: 'invalid_regex', pattern, detail: reason } });
        }
      }
    });
  });
}

/** A parsed mapping, defaults applied. */
export type Mapping = z.output<typeof mappingSchema>;
/** A mapping as written in YAML (defaults optional). */
export type MappingInput = z.input<typeof mappingSchema>;

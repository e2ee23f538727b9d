/**
 * The `service` section of the settings: how the service the tool talks to spells, pages and
 * words the parts the interface leaves silent (docs/service-profile.md). Strict like the rest:
 * an unknown key is an error naming the nearest known one.
 */
import { z } from 'zod';
import { DEFAULT_WIRE_ALIASES } from '../api/wire-aliases.js';
import { DEFAULT_PATHS, DEFAULT_STATUS_VOCABULARY, SERVICE_LIMITS } from '../domain/index.js';

const pageSize = z.number().int().min(1).max(SERVICE_LIMITS.maxPageSize);
const words = z.array(z.string().min(1));
const aliasNames = z.array(z.string().min(1)).min(1);

const pathsShape = Object.fromEntries(Object.keys(DEFAULT_PATHS).map((name) => [name, z.string().startsWith('/').optional()])) as Record<
  keyof typeof DEFAULT_PATHS,
  z.ZodOptional<z.ZodString>
>;

const fieldsShape = Object.fromEntries(Object.keys(DEFAULT_WIRE_ALIASES).map((meaning) => [meaning, aliasNames.optional()])) as Record<
  keyof typeof DEFAULT_WIRE_ALIASES,
  z.ZodOptional<typeof aliasNames>
>;

/** Import fields whose being required depends on the service (the interface does not say). */
const SERVICE_REQUIRABLE_FIELDS = ['barcode', 'description', 'photos'] as const;
/** One of `SERVICE_REQUIRABLE_FIELDS`. */
export type ServiceRequirableField = (typeof SERVICE_REQUIRABLE_FIELDS)[number];
/** What the sandbox enforces by default: a barcode on every SKU. */
const DEFAULT_REQUIRED_FIELDS: readonly ServiceRequirableField[] = ['barcode'];

/** The endpoint paths (also accepted at the top level as `paths`, the older place). */
export const pathsSchema = z.strictObject(pathsShape);

/** The service profile section. */
export const serviceProfileSchema = z.strictObject({
  paths: pathsSchema.default({}).describe('Endpoint paths, where the service documents them differently from the interface.'),
  pageSizes: z
    .strictObject({
      categories: pageSize.optional(),
      attributes: pageSize.optional(),
      values: pageSize.optional(),
      brands: pageSize.optional(),
      list: pageSize.optional(),
    })
    .default({})
    .describe('Page size asked for, per endpoint (1..100; default 100). A service that caps its pages is followed by its totals either way.'),
  detailsBatch: z.number().int().min(1).max(100).default(SERVICE_LIMITS.detailsBatch).describe('Product ids per details request.'),
  fields: z
    .strictObject(fieldsShape)
    .default({})
    .describe('Names the service gives a meaning, tried before the built-in ones (e.g. "attribute.isSkuDefining": [isVariantAttr]). Keys match in any case.'),
  requiredFields: z
    .array(z.enum(SERVICE_REQUIRABLE_FIELDS))
    .default([...DEFAULT_REQUIRED_FIELDS])
    .describe(
      'Import fields this service refuses a product without, among barcode, description and photos (default [barcode], what the sandbox enforces; [] for a service where the barcode is optional). The mapping\'s validation.requireBarcode follows it unless the mapping sets it.',
    ),
  attributeTypes: z
    .strictObject({ dictionary: words.optional(), text: words.optional(), number: words.optional(), boolean: words.optional() })
    .default({})
    .describe('Attribute type words of this service, per type, tried before the built-in ones (e.g. dictionary: [Справочник]); compared ignoring case, spaces and punctuation.'),
  statuses: z
    .strictObject({ pending: words.optional(), succeeded: words.optional(), failed: words.optional(), partial: words.optional() })
    .default({})
    .describe(`Job and product status words, added to the built-in ones (succeeded: ${DEFAULT_STATUS_VOCABULARY.succeeded.slice(0, 4).join(', ')}…). A word in none of the lists is unknown, never success.`),
});

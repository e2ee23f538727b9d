/**
 * The interface's answer shapes (`shared/seed/seller-catalog-api.md`) as zod schemas: the sandbox's
 * answers are checked against them. The client never parses with these: it reads answers by meaning
 * (`src/api/read-service-answers.ts`).
 */
import { z } from 'zod';

/** A name in Russian and Kazakh. Responses may omit either language. */
export const localizedSchema = z.looseObject({
  rus: z.string().nullish().transform((v) => v ?? ''),
  kaz: z.string().nullish().transform((v) => v ?? ''),
});

// ---------- directories ----------

/**
 * A leaf category. The live service returns only leaves, flat, with name, id and parent id. The
 * sandbox adds `path`, the readable path from the root (` / ` between levels), because a seller
 * cannot map to a leaf whose parents it cannot see.
 */
export const categorySchema = z.looseObject({
  id: z.number().int(),
  parentId: z.number().int().nullish().transform((v) => v ?? null),
  name: localizedSchema,
  path: localizedSchema.nullish().transform((v) => v ?? null),
  /** Absent on the live service (all returned categories are leaves). */
  isLeaf: z.boolean().nullish().transform((v) => v ?? true),
});

/** How an attribute takes its values. `dictionary` values must be codes of the value directory; the others are free. */
export const attributeTypeSchema = z.enum(['dictionary', 'text', 'number', 'boolean']);

/** An attribute's link to one category. */
export const attributeCategorySchema = z.looseObject({
  categoryId: z.number().int(),
  isRequired: z.boolean().nullish().transform((v) => v ?? false),
});

/** An attribute of the attribute directory. */
export const attributeSchema = z.looseObject({
  id: z.number().int(),
  code: z.string().min(1),
  name: localizedSchema,
  type: attributeTypeSchema.catch('dictionary'),
  /** Several values allowed in one product (`valueCodes` with more than one code). */
  isMultiple: z.boolean().nullish().transform((v) => v ?? false),
  /** SKU-defining (colour, size): sent per SKU in `attributeValueCodes`, not per product. */
  isSkuDefining: z.boolean().nullish().transform((v) => v ?? false),
  /** Categories the attribute belongs to, and whether it is required there. */
  categories: z.array(attributeCategorySchema).nullish().transform((v) => v ?? []),
});

/** A value of the attribute value directory. */
export const attributeValueSchema = z.looseObject({
  id: z.number().int(),
  code: z.string().min(1),
  attributeCode: z.string().min(1),
  attributeId: z.number().int().nullish().transform((v) => v ?? null),
  name: localizedSchema,
});

/** A brand. The live shape is undocumented: `name` may be a string or a localized object. */
export const brandSchema = z.looseObject({
  id: z.number().int(),
  name: z.union([z.string(), localizedSchema.transform((n) => n.rus || n.kaz)]),
  code: z.string().nullish().transform((v) => v ?? null),
});

// ---------- import ----------

/** Import response (202 Accepted, or 200). */
export const importResponseSchema = z.looseObject({
  jobId: z.number().int(),
  receivedItems: z.number().int().nullish(),
  queuedAt: z.string().nullish(),
  infoUrl: z.string().nullish(),
});

// ---------- job status ----------

/** One error the service found in an imported product; `field` is a path like `skus[1].barcode`. */
export const jobErrorSchema = z.looseObject({
  field: z.string().nullish(),
  code: z.string().nullish(),
  description: z.string().nullish(),
  message: z.string().nullish(),
});

/** The result for one SKU of a processed product. */
export const jobSkuResultSchema = z.looseObject({
  index: z.number().int().nullish(),
  skuId: z.number().int().nullish(),
  barcode: z.string().nullish(),
});

/**
 * The result for one product of a job. The live item fields are undocumented; the sandbox sends
 * all of these, the client needs none of them to be present (results are matched by position and
 * checked by productId and barcode where present).
 */
export const jobProductResultSchema = z.looseObject({
  /** Position of the product in the import request, from 0. */
  index: z.number().int().nullish(),
  productId: z.number().int().nullish(),
  /** `Success` or `Failed` in the sandbox; other values are kept as they come. */
  status: z.string().nullish(),
  skus: z.array(jobSkuResultSchema).nullish(),
  errors: z.array(jobErrorSchema).nullish(),
});

/** Job status (`GET /api/seller/v1/products/import/info?jobId=`). */
export const jobStatusSchema = z.looseObject({
  jobId: z.number().int().nullish(),
  /** `Queued`, `Processing` or `Done` in the sandbox. */
  status: z.string().nullish(),
  queuedAt: z.string().nullish(),
  finishedAt: z.string().nullish(),
  products: z.array(jobProductResultSchema).nullish().transform((v) => v ?? []),
});

// ---------- list ----------

/** One product of the list. */
export const productListItemSchema = z.looseObject({
  productId: z.number().int(),
  productName: localizedSchema.nullish(),
  categoryId: z.number().int().nullish(),
  categoryName: localizedSchema.nullish(),
  productStatus: z.string().nullish(),
  moderationStatus: z.string().nullish(),
  totalWmsQuantity: z.number().nullish(),
  salesCount: z.number().nullish(),
  photo: z.looseObject({ url: z.string().nullish() }).nullish(),
});

/** Product list response. */
export const productListResponseSchema = z.looseObject({
  products: z.array(productListItemSchema).nullish().transform((v) => v ?? []),
  totalCount: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
});

// ---------- details ----------

/** One SKU of a product's details. */
export const productDetailSkuSchema = z.looseObject({
  skuId: z.number().int(),
  attributeValueIds: z.array(z.number().int()).nullish().transform((v) => v ?? []),
  price: z.number().nullish(),
  skuBarcode: z.string().nullish(),
  photos: z
    .array(z.looseObject({ url: z.string(), order: z.number().int().nullish() }))
    .nullish()
    .transform((v) => v ?? []),
});

/** Details of one product. Ids where import uses codes; see the interface's note. */
export const productDetailSchema = z.looseObject({
  productId: z.number().int(),
  categoryId: z.number().int().nullish(),
  brandId: z.number().int().nullish(),
  isLocalMade: z.boolean().nullish(),
  name: z.looseObject({ rus: z.string().nullish(), kaz: z.string().nullish() }).nullish(),
  description: z.looseObject({ rus: z.string().nullish(), kaz: z.string().nullish() }).nullish(),
  vat: z.number().nullish(),
  attributes: z
    .array(z.looseObject({ id: z.number().int(), valueIds: z.array(z.number().int()).nullish().transform((v) => v ?? []) }))
    .nullish()
    .transform((v) => v ?? []),
  skus: z.array(productDetailSkuSchema).nullish().transform((v) => v ?? []),
});

/** Details response. */
export const productDetailsResponseSchema = z.looseObject({
  products: z.array(productDetailSchema).nullish().transform((v) => v ?? []),
});

// ---------- errors ----------

/**
 * Error body as the live service documents it for 400: `{status, errorCode, errorMessage?,
 * errors: {field: [{code, description}]}}`, field keys in camelCase or PascalCase. Everything optional.
 */
export const errorBodySchema = z.looseObject({
  status: z.number().nullish(),
  errorCode: z.string().nullish(),
  errorMessage: z.string().nullish(),
  errors: z
    .record(
      z.string(),
      z.array(z.union([z.looseObject({ code: z.string().nullish(), description: z.string().nullish() }), z.string()])),
    )
    .nullish(),
});

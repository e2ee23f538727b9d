/**
 * What the service said about an import: the acceptance of a request and the status of its job,
 * product by product.
 */

/** The answer to an import request. */
export interface ImportResponse {
  jobId: number;
  receivedItems?: number | null | undefined;
  queuedAt?: string | null | undefined;
  infoUrl?: string | null | undefined;
}

/** One error the service found in an imported product; `field` is a path like `skus[1].barcode`. */
export interface JobError {
  field?: string | null | undefined;
  code?: string | null | undefined;
  description?: string | null | undefined;
  message?: string | null | undefined;
}

/** The result for one SKU of a processed product. */
export interface JobSkuResult {
  index?: number | null | undefined;
  skuId?: number | null | undefined;
  barcode?: string | null | undefined;
}

/** The result for one product of a job. */
export interface JobProductResult {
  /** Position of the product in the import request, from 0. */
  index?: number | null | undefined;
  productId?: number | null | undefined;
  /** The service's status word, as it came. */
  status?: string | null | undefined;
  skus?: JobSkuResult[] | null | undefined;
  errors?: JobError[] | null | undefined;
}

/** The status of an import job. */
export interface JobStatus {
  jobId?: number | null | undefined;
  /** The job-level status word, as it came. */
  status?: string | null | undefined;
  queuedAt?: string | null | undefined;
  finishedAt?: string | null | undefined;
  products: JobProductResult[];
}

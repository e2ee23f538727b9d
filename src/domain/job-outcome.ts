/**
 * What the service said about an import: the acceptance of a request and the status of its job,
 * product by product. Status words are kept as they came, with what they mean
 * (`status-vocabulary.ts`).
 */
import type { StatusMeaning } from './status-vocabulary.js';

/** The answer to an import request. */
export interface ImportResponse {
  /** Exact decimal text: the service's job ids are int64 and may exceed 2^53. */
  jobId: string;
  receivedItems?: number | null | undefined;
  queuedAt?: string | null | undefined;
  infoUrl?: string | null | undefined;
  /** Where `infoUrl` was read (`Location header`, `links.self`, `infoUrl`); absent when the configured path is polled. */
  infoUrlSource?: string | undefined;
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
  /** What `status` means. */
  meaning: StatusMeaning;
  skus?: JobSkuResult[] | null | undefined;
  errors?: JobError[] | null | undefined;
}

/** The status of an import job. */
export interface JobStatus {
  jobId?: string | null | undefined;
  /** The job-level status word, as it came. */
  status?: string | null | undefined;
  /** What `status` means. */
  meaning: StatusMeaning;
  queuedAt?: string | null | undefined;
  finishedAt?: string | null | undefined;
  /** The job's own counts, where it gives them (products received, succeeded, failed). */
  counts?: { received?: number; succeeded?: number; failed?: number } | undefined;
  /**
   * Per-product results, in the order given. Empty when the answer held none, which only a
   * pending job may do (any other answer without results is a shape error).
   */
  products: JobProductResult[];
}

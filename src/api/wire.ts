/**
 * The job result the sandbox writes for one product, in the shape of the interface
 * (`shared/seed/seller-catalog-api.md`). The client reads answers by meaning (`read-job-status.ts`),
 * never with this type; the sandbox's tests check its answers against the interface's shapes.
 */

/** One error the service found in an imported product; `field` is a path like `skus[1].barcode`. */
interface WireJobError {
  field?: string | null | undefined;
  code?: string | null | undefined;
  description?: string | null | undefined;
  message?: string | null | undefined;
}

/** A job product result as the sandbox's default dialect writes it. */
export interface WireJobProductResult {
  /** Position of the product in the import request, from 0. */
  index?: number | null | undefined;
  productId?: number | null | undefined;
  /** `Success` or `Failed`. */
  status?: string | null | undefined;
  skus?: Array<{ index?: number | null | undefined; skuId?: number | null | undefined; barcode?: string | null | undefined }> | null | undefined;
  errors?: WireJobError[] | null | undefined;
}

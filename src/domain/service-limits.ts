/** The service's documented limits, which the stages plan batches by. */
export const SERVICE_LIMITS = {
  /** Products per import request (live documentation). */
  importBatch: 30,
  /** Ids per details request. */
  detailsBatch: 30,
  /** Largest page size we ask for (the only documented bound is 1..100). */
  maxPageSize: 100,
} as const;

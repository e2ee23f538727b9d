/** The domain model: what the tool reasons with, free of any wire spelling. */
export type { Localized, Category, AttributeType, AttributeCategory, Attribute, AttributeValue, Brand, Directories, DirectoryName } from './directories.js';
export type { ImportAttribute, ImportPhoto, ImportSku, ImportItem } from './import-item.js';
export type { ImportResponse, JobError, JobSkuResult, JobProductResult, JobStatus } from './job-outcome.js';
export type {
  ProductListFilters,
  ProductListRequest,
  ProductListItem,
  ProductListResponse,
  HeldText,
  ProductDetailSku,
  ProductDetail,
} from './catalog-product.js';
export { SERVICE_LIMITS } from './service-limits.js';
export { DEFAULT_PATHS } from './service-paths.js';
export type { PathName } from './service-paths.js';
export { DEFAULT_STATUS_VOCABULARY, createStatusClassifier } from './status-vocabulary.js';
export type { StatusMeaning, StatusVocabulary, StatusClassifier } from './status-vocabulary.js';

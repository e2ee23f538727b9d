/**
 * Public API of the Seller Catalog Service client: the factory, its types, the error guard the
 * import stage needs, and the pure helpers other modules may reuse.
 */
export { createCatalogClient, buildUrl, buildJobStatusUrl, CATALOG_CLIENT_DEFAULTS } from './create-catalog-client.js';
export type { CatalogClient, CatalogClientOptions, CatalogClientDeps, WireObservations } from './create-catalog-client.js';
export { AmbiguousSendError, isAmbiguousSendError } from './ambiguous-send-error.js';
export { checkCredentials, CREDENTIAL_ISSUE_CODES } from './check-credentials.js';
export type { ClientCredentials } from './check-credentials.js';
export { createTokenProvider } from './create-token-provider.js';
export type { TokenProvider, TokenProviderOptions } from './create-token-provider.js';
export { loadDirectory, MAX_DIRECTORY_PAGES } from './load-directory.js';
export type { DirectoryRequestContext, DirectoryPageSeen } from './load-directory.js';
export { findRecordList } from './find-record-list.js';
export type { FoundRecordList, MissingRecordList, PagingFields } from './find-record-list.js';
export { DEFAULT_WIRE_ALIASES, buildWireAliases } from './wire-aliases.js';
export type { WireAliases, WireAliasOverrides, WireMeaning } from './wire-aliases.js';
export type { ServiceProfile, PageSizes } from './service-profile.js';
export { parseJsonLossless } from './parse-json-lossless.js';
export { linkDirectories, settleCategories } from './link-directories.js';
export { readJobStatus } from './read-job-status.js';
export { ATTRIBUTE_TYPE_WORDS, readAttributeType } from './read-directory-records.js';
export { normalizeDirectoryPage, buildRecordKey, DIRECTORY_ARRAY_KEYS } from './normalize-directory-page.js';
export type { DirectoryPageRequest, NormalizedDirectoryPage, UnrecognizedDirectoryPage } from './normalize-directory-page.js';
export { parseErrorBody, buildErrorDescription, formatFieldError, normalizeFieldPath } from './parse-error-body.js';
export type { ParsedErrorBody } from './parse-error-body.js';
export { parseRetryAfter } from './parse-retry-after.js';
export { buildBackoffDelay } from './build-backoff-delay.js';
export type { BackoffPolicy } from './build-backoff-delay.js';
export { parseWireResponse, buildFieldPath } from './parse-wire-response.js';
export type { WireContext } from './parse-wire-response.js';
export { createRedactor } from './redact-secrets.js';
export type { Redactor } from './redact-secrets.js';
export { createRequestSender, RETRY_STATUSES, NOT_SENT_ERROR_CODES } from './send-request.js';
export type { RequestSpec, SendRequest, SenderConfig, WireResponse } from './send-request.js';
export { DEFAULT_PATHS, SERVICE_LIMITS } from '../domain/index.js';
export {
  attributeSchema,
  attributeValueSchema,
  brandSchema,
  categorySchema,
  errorBodySchema,
  importResponseSchema,
  jobStatusSchema,
  productDetailsResponseSchema,
  productListResponseSchema,
  tokenResponseSchema,
} from './wire.js';
export type { TokenResponse } from './wire.js';
export type {
  Attribute,
  AttributeValue,
  Brand,
  Category,
  Directories,
  DirectoryName,
  ImportItem,
  ImportResponse,
  JobStatus,
  JobProductResult,
  PathName,
  ProductDetail,
  ProductListItem,
  ProductListRequest,
  ProductListResponse,
} from '../domain/index.js';

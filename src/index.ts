/**
 * catalog-import as a library: the pipeline (`runValidate`, `runImport`, `runReconcile`), every
 * stage, the client for the Seller Catalog Service, the sandbox, the state and the report. The CLI
 * is a thin shell over these.
 */

// The pipeline
export { runImport } from './pipeline/run-import.js';
export type { ImportOptions } from './pipeline/run-import.js';
export { runValidate } from './pipeline/run-validate.js';
export { importDrafts } from './pipeline/import/import-drafts.js';
export type { ImportDraftsOptions, ImportDraftsResult } from './pipeline/import/import-drafts.js';
export { runReconcile } from './pipeline/run-reconcile.js';
export type { ReconcileResult } from './pipeline/run-reconcile.js';
export type { RunResult } from './report/write-result-json.js';
export type { RunInputs } from './pipeline/prepare-run.js';
export { runWatch } from './watch/run-watch.js';
export type { WatchOptions, WatchResult } from './watch/run-watch.js';
export { renderWatchLogLine } from './watch/render-watch-log.js';
export type { WatchLogRecord, WatchFileRecord } from './watch/render-watch-log.js';
export { runExport } from './export/run-export.js';
export type { ExportOptions, ExportResult, ExportSort } from './export/run-export.js';
export { applyBlankPolicy } from './plan/apply-blank-policy.js';
export { buildImportPlan } from './plan/build-import-plan.js';
export { fetchHeldProducts } from './plan/fetch-held-products.js';
export type { ImportPlan, PlannedProduct, PlanAction } from './plan/plan-types.js';
export { hashFileWithFingerprint } from './pipeline/file-fingerprint.js';
export type { FileFingerprint, KnownFileHash } from './pipeline/file-fingerprint.js';
export { readAndValidate } from './pipeline/read-and-validate.js';
export { submitBatches } from './pipeline/import/submit-batches.js';
export type { SubmitOptions, SubmitOutcome, SubmitTask } from './pipeline/import/submit-batches.js';
export { followJob } from './pipeline/import/follow-job.js';
export { matchJobResults } from './pipeline/import/match-job-results.js';
export { openService } from './pipeline/open-service.js';
export type { ServiceContext } from './pipeline/open-service.js';
export type { ServiceAccount } from './pipeline/describe-service-account.js';

// Settings
export { resolveSettings } from './settings/resolve-settings.js';
export type { ResolvedSettings } from './settings/resolve-settings.js';
export { describeSettings } from './settings/describe-settings.js';
export type { SettingsLayers, SettingSource } from './settings/settings-layers.js';
export { settingsSchema } from './settings/settings-schema.js';
export { SETTINGS_ENV } from './settings/settings-layers.js';
export type { Settings, SettingsInput } from './settings/settings-schema.js';

// Core
export { createIssue, formatIssue, formatLocation, hasErrors, compareIssues } from './core/issue.js';
export type { Issue, IssueCode, IssueLocation, IssueStage, Severity, StageResult } from './core/issue.js';
export {
  PipelineError,
  ConfigError,
  MappingError,
  SourceReadError,
  SourceChangedError,
  ApiError,
  SchemaMismatchError,
  StateError,
  LimitError,
  AbortedError,
  InternalError,
  isPipelineError,
} from './core/errors.js';
export type { PipelineErrorCode, ApiFieldError } from './core/errors.js';
export { createNodeDeps } from './core/deps.js';
export type { Deps } from './core/deps.js';
export type { PipelineEvent } from './core/events.js';
export type { ProductDraft, RowRef } from './core/types.js';
export { TOOL_VERSION } from './core/version.js';

// Stages and the mapping
export { loadMapping } from './mapping/load-mapping.js';
export { parseMapping } from './mapping/parse-mapping.js';
export { checkMappingRules } from './mapping/check-mapping-rules.js';
export { buildReadOptions } from './mapping/build-read-options.js';
export { mappingSchema } from './mapping/mapping-schema.js';
export { buildMappingJsonSchema } from './mapping/build-mapping-json-schema.js';
export type { Mapping, MappingInput } from './mapping/mapping-schema.js';
export { createRowMapper } from './stages/create-row-mapper.js';
export { createProductAssembler } from './stages/assemble-products.js';
export { createMemoryProductSink } from './stages/product-sink.js';
export type { AssembledProduct, ProductSink } from './stages/product-sink.js';
export type { MappedRow } from './stages/mapped-row.js';
export { buildBatches } from './stages/build-batches.js';
export { mapAndAssemble } from './stages/run-dry-stages.js';
export { openSource, readers } from './sources/open-source.js';
export type { CellRange, LeftOutRow, ReadOptions, SourceCell, SourceColumn, SourceInfo, SourceReader, SourceRow, SourceStream } from './sources/types.js';

// The client, and the domain model it translates answers into
export { createCatalogClient } from './api/create-catalog-client.js';
export type { CatalogClient, CatalogClientOptions } from './api/create-catalog-client.js';
export { isAmbiguousSendError } from './api/ambiguous-send-error.js';
export { DEFAULT_PATHS, SERVICE_LIMITS } from './domain/index.js';
export type {
  Attribute,
  AttributeValue,
  Brand,
  Category,
  Directories,
  ImportItem,
  ImportResponse,
  JobStatus,
  ProductDetail,
  ProductListItem,
  ProductListRequest,
} from './domain/index.js';

// The sandbox
export { startSandbox, DEFAULT_SANDBOX_CREDENTIALS } from './sandbox/start-sandbox.js';
export type { SandboxOptions, SandboxHandle, SandboxFaults, FaultRule, SandboxCredential } from './sandbox/start-sandbox.js';
export { createReferenceData } from './sandbox/reference-data.js';

// State and report
export { openStateStore } from './state/index.js';
export type { StateStore, RunRecord } from './state/index.js';
export { buildRunSummary } from './report/build-run-summary.js';
export { renderSummary } from './report/render-summary.js';
export { neutralizeFormula } from './report/neutralize-formula.js';
export type { RowOutcome, RowStatus, RunSummary } from './report/report-types.js';

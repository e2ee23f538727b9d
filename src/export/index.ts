/** `export`: the live catalog to a file that `mappings/export.yaml` reads back unchanged. */
export { buildExportMapping, renderExportMapping } from './build-export-mapping.js';
export { buildExportRows, createExportNames } from './build-export-rows.js';
export type { ExportCell, ExportKeys, ExportNames, ExportProductInput, ExportRowContext } from './build-export-rows.js';
export { EXPORT_CSV_DELIMITER, EXPORT_SHEET, createExportWriter, pickExportFormat } from './create-export-writer.js';
export type { ExportFormat, ExportWriter } from './create-export-writer.js';
export { ATTRIBUTE_HEADER_PREFIX, DEFAULT_PHOTO_COLUMNS, EXPORT_VALUE_SEPARATOR, buildExportColumns } from './export-columns.js';
export type { ExportColumn, ExportColumnKind } from './export-columns.js';
export { findSellerKeys, runExport } from './run-export.js';
export type { ExportOptions, ExportResult, ExportSort } from './run-export.js';

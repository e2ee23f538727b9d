/**
 * Input adapters as the public library offers them (`src/index.ts`): open a seller's XLSX or CSV
 * file and stream its rows with their origin.
 */
export type { CellRange, ReadOptions, SourceCell, SourceColumn, SourceInfo, SourceReader, SourceRow, SourceStream } from './types.js';
export { openSource, readers } from './open-source.js';

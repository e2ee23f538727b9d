/** The run report as the public library offers it (`src/index.ts`): the summary and the report folder. */
export { buildRunSummary } from './build-run-summary.js';
export { neutralizeFormula } from './neutralize-formula.js';
export { renderSummary } from './render-summary.js';
export type { RowOutcome, RowStatus, RunSummary } from './report-types.js';

/**
 * `plan.csv` of the run report: one line per changed or blank field, and one line for each product
 * without changes, streamed so that a large plan never sits in memory.
 */
import { createCsvFileWriter } from '../report/create-csv-file-writer.js';
import type { PlannedProduct } from './plan-types.js';

/** Note of the line listing the fields a product's details do not carry. */
const NOT_COMPARED_NOTE = 'not returned by the service: not compared';

/** Columns of `plan.csv`. */
const PLAN_CSV_HEADERS = ['product_key', 'product_id', 'action', 'field', 'old', 'new', 'note'] as const;

/** An open `plan.csv`. */
export interface PlanCsvWriter {
  /** Writes the lines of one product. */
  write(planned: PlannedProduct): Promise<void>;
  /** Ends the file. */
  close(): Promise<void>;
  /** Stops after a failure; resolves once the file is closed. */
  destroy(): Promise<void>;
}

/** Opens `path` (replaced) and writes the header. */
export async function createPlanCsvWriter(path: string, delimiter = ','): Promise<PlanCsvWriter> {
  const file = createCsvFileWriter(path, delimiter);
  await file.write(PLAN_CSV_HEADERS);
  return {
    async write(planned) {
      const id = planned.productId === null ? '' : String(planned.productId);
      const base = [planned.productKey, id, planned.action];
      const notCompared = planned.notCompared ?? [];
      if (planned.changes.length === 0 && planned.blanked.length === 0) {
        const note = planned.heldMissing ? 'not on the service' : notCompared.length > 0 ? NOT_COMPARED_NOTE : '';
        await file.write([...base, notCompared.join(', '), '', '', note]);
        return;
      }
      if (notCompared.length > 0) await file.write([...base, notCompared.join(', '), '', '', NOT_COMPARED_NOTE]);
      for (const change of planned.changes) await file.write([...base, change.field, formatCsvValue(change.old), formatCsvValue(change.new), '']);
      for (const blank of planned.blanked) {
        await file.write([
          ...base,
          blank.field,
          formatCsvValue(blank.held),
          blank.kept ? formatCsvValue(blank.held) : '',
          blank.kept ? 'empty in the file: kept' : `empty in the file: cleared${blank.reason ? ` (${blank.reason})` : ''}`,
        ]);
      }
    },
    close: () => file.close(),
    destroy: () => file.destroy(),
  };
}

/** A plan value as a CSV cell: text as is, lists joined with `, `, absent as empty. */
function formatCsvValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(formatCsvValue).join(', ');
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

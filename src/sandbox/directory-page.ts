/**
 * Paging of the directory endpoints: query `pageNumber` (from 1, default 1) and `pageSize`
 * (1..100, default 50); each dialect writes the page (`dialects/`).
 */
import { createFieldErrors, type FieldErrorList, type FieldErrors } from './build-error-body.js';

/** Default and largest page size of directories and the product list. */
export const PAGE_SIZE = { default: 50, max: 100 } as const;

/** Reads `pageNumber` and `pageSize` from a query; field errors when they are not whole numbers in range. */
export function parseDirectoryQuery(query: URLSearchParams): { pageNumber: number; pageSize: number } | { errors: FieldErrors } {
  const problems = createFieldErrors();
  const pageNumber = readPositive(query.get('pageNumber'), 1, Number.MAX_SAFE_INTEGER, 'pageNumber', problems);
  const pageSize = readPositive(query.get('pageSize'), PAGE_SIZE.default, PAGE_SIZE.max, 'pageSize', problems);
  return problems.has() ? { errors: problems.errors } : { pageNumber, pageSize };
}

function readPositive(text: string | null, fallback: number, max: number, field: string, problems: FieldErrorList): number {
  if (text === null || text === '') return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > max) {
    problems.add(field, 'OUT_OF_RANGE', `${field} must be a whole number from 1 to ${max} (got "${text}")`);
    return fallback;
  }
  return Number(text);
}

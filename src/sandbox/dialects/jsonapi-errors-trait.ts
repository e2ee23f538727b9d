/**
 * Error bodies as JSON:API (`application/vnd.api+json`): `{errors: [{status, code, title, detail,
 * source: {pointer}}]}`, one entry per field error (the pointer the field as a JSON pointer:
 * `filters.categoryIds` → `/filters/categoryIds`), or one entry without `source` when the error
 * names no field.
 */
import type { SandboxErrorBody } from '../build-error-body.js';
import type { DialectTrait } from './dialect-types.js';

/** `filters.categoryIds` → `/filters/categoryIds`; `skus[1].barcode` → `/skus/1/barcode`. */
export function toJsonPointer(field: string): string {
  return `/${field.replace(/\[(\w+)\]/g, '.$1').split('.').filter((part) => part !== '').map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}

function writeErrors(body: SandboxErrorBody): Record<string, unknown>[] {
  const status = String(body.status);
  const entries = Object.entries(body.errors).flatMap(([field, list]) =>
    list.map((error) => ({ status, code: error.code, title: body.errorMessage, detail: error.description, source: { pointer: toJsonPointer(field) } })),
  );
  return entries.length > 0 ? entries : [{ status, code: body.errorCode, title: body.errorMessage, detail: body.errorMessage }];
}

/** The JSON:API errors trait. */
export const jsonApiErrorsTrait: DialectTrait = {
  name: 'jsonapi',
  summary: 'error bodies as JSON:API {errors: [{status, code, title, detail, source: {pointer}}]}',
  writers: { error: (body) => ({ contentType: 'application/vnd.api+json', body: { errors: writeErrors(body) } }) },
};

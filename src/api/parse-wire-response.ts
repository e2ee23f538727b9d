/**
 * The one place where response bodies meet the wire schemas of `wire.ts`. A body that breaks its
 * schema becomes a `SchemaMismatchError` naming the endpoint and every offending field path;
 * retrying would not help, so it is deliberately not an `ApiError`.
 */
import type { z } from 'zod';
import { SchemaMismatchError } from '../core/errors.js';
import type { Redactor } from './redact-secrets.js';

/** Where a body came from, for the error message. */
export interface WireContext {
  /** `METHOD path`, e.g. `GET /api/v1/categories`. */
  endpoint: string;
  /** Prefix of every problem path, e.g. `items` when the schema checks the array under `items`. */
  pathPrefix?: string;
  /** Scrubs secrets from problem messages. */
  redact?: Redactor;
}

/** Problems listed before the rest are summed up, so that a wholly wrong page stays readable. */
const MAX_PROBLEMS = 10;

/** Parses `body` with `schema`; throws `SchemaMismatchError` listing the field paths that broke it. */
export function parseWireResponse<S extends z.ZodType>(schema: S, body: unknown, context: WireContext): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const redact = context.redact ?? ((text: string) => text);
  const problems = result.error.issues.map((issue) => ({
    path: buildFieldPath(context.pathPrefix ?? '', issue.path),
    message: redact(issue.message),
  }));
  const shown = problems.slice(0, MAX_PROBLEMS);
  if (problems.length > shown.length) {
    shown.push({ path: '', message: `and ${problems.length - shown.length} more problem(s)` });
  }
  throw new SchemaMismatchError(context.endpoint, shown);
}

/** Renders a zod issue path as `items[3].name.rus`, after an optional prefix. */
export function buildFieldPath(prefix: string, path: readonly PropertyKey[]): string {
  let out = prefix;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

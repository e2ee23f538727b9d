/**
 * Error bodies in the standard shapes (issue 37, item 4): RFC 7807, JSON:API (`source.pointer` →
 * the field), `{error: {…}}`, `{errors: {field: [...]}}` and the documented shape, each rendered
 * with its message, code and field. A local server on port 0 refuses the import with each.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import { readJsonPointer } from '../../src/api/parse-error-body.js';
import { ApiError } from '../../src/core/errors.js';
import { makeTestDeps, startLocalServer, tokenAnswer } from './client-test-kit.js';
import type { LocalServer } from './client-test-kit.js';

const servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function refusalOf(json: unknown, contentType = 'application/json'): Promise<ApiError> {
  const server = await startLocalServer((request) => (request.path.endsWith('/auth/token') ? tokenAnswer() : { status: 400, json, headers: { 'content-type': contentType } }));
  servers.push(server);
  const client = createCatalogClient({ baseUrl: server.url, credentials: { clientId: 'local', clientSecret: 'secret-42' }, retry: { limit: 0 } }, makeTestDeps().deps);
  const error = await client.importProducts([]).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const SHAPES: [string, unknown, RegExp][] = [
  ['JSON:API', { errors: [{ status: '400', code: 'INCLUSIVE_BETWEEN', title: 'Invalid value', detail: 'VAT must be 0 or 12', source: { pointer: '/products/0/vat' } }] }, /products\[0\]\.vat: INCLUSIVE_BETWEEN \(VAT must be 0 or 12\)/],
  ['RFC 7807', { type: 'https://x/problems/validation', title: 'Validation failed', status: 400, detail: 'one product is invalid', 'invalid-params': [{ name: 'products[0].vat', reason: 'VAT must be 0 or 12' }] }, /one product is invalid; products\[0\]\.vat: VAT must be 0 or 12/],
  ['an error wrapper', { error: { code: 'VALIDATION', message: 'bad request', field: 'products' } }, /bad request; products: VALIDATION \(bad request\)/],
  ['errors by field', { errors: { 'products[0].vat': ['VAT must be 0 or 12'] } }, /products\[0\]\.vat: VAT must be 0 or 12/],
  ['the documented shape', { status: 400, errorCode: 'VALIDATION_ERROR', errorMessage: 'invalid', errors: { Products: [{ code: 'EMPTY', description: 'send at least one product' }] } }, /invalid; products: EMPTY \(send at least one product\)/],
];

describe('error bodies', () => {
  it.each(SHAPES)('renders %s with message, code and field', async (_name, body, expected) => {
    const error = await refusalOf(body, _name === 'JSON:API' ? 'application/vnd.api+json' : 'application/json');
    expect(error.message).toMatch(/POST \/api\/seller\/v1\/products\/import answered 400/);
    expect(error.message).toMatch(expected);
  });

  it('keeps the code of an error wrapper', async () => {
    const error = await refusalOf({ error: { code: 'VALIDATION', message: 'bad request' } });
    expect(error.errorCode).toBe('VALIDATION');
  });

  it('reads JSON pointers as field paths', () => {
    expect(readJsonPointer('/products/0/skus/1/barcode')).toBe('products[0].skus[1].barcode');
    expect(readJsonPointer('/data/attributes/name')).toBe('name');
    expect(readJsonPointer('/filters/categoryIds')).toBe('filters.categoryIds');
  });
});

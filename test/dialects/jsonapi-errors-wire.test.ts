import { describe, expect, it } from 'vitest';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { toJsonPointer } from '../../src/sandbox/dialects/jsonapi-errors-trait.js';
import { call } from '../sandbox/sandbox-test-kit.js';
import { useWireRig } from './dialect-kit.js';

describe('the jsonapi dialect, over raw HTTP', () => {
  const rig = useWireRig('jsonapi');

  it('answers a refused request with JSON:API errors: status, code, title, detail and the field as a JSON pointer', async () => {
    const empty = await call(rig().sandbox, 'POST', DEFAULT_PATHS.import, { token: rig().token, body: { products: [] } });
    expect(empty.status).toBe(400);
    expect(empty.headers.get('content-type')).toMatch(/^application\/vnd\.api\+json/);
    expect(empty.body).toEqual({ errors: [{ status: '400', code: 'EMPTY', title: 'products is empty.', detail: 'send at least one product', source: { pointer: '/products' } }] });

    const filters = await call(rig().sandbox, 'POST', DEFAULT_PATHS.list, { token: rig().token, body: { pageSize: 0, filters: { categoryIds: ['x'] } } });
    expect(filters.status).toBe(400);
    expect(filters.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()).toEqual(['/filters/categoryIds', '/pageSize']);
    expect(filters.body.errors.every((e: Record<string, unknown>) => e['status'] === '400' && typeof e['detail'] === 'string' && typeof e['code'] === 'string')).toBe(true);
  });

  it('writes an error that names no field as one entry without a source', async () => {
    const unauthorized = await call(rig().sandbox, 'GET', DEFAULT_PATHS.brands);
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.body).toEqual({ errors: [{ status: '401', code: 'UNAUTHORIZED', title: expect.stringMatching(/Authorization/), detail: expect.stringMatching(/Authorization/) }] });
    const missing = await call(rig().sandbox, 'GET', DEFAULT_PATHS.importInfo, { token: rig().token, query: { jobId: 424242 } });
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0]).toMatchObject({ status: '404', code: 'JOB_NOT_FOUND' });
  });

  it('escapes and splits field paths into JSON pointers', () => {
    expect(toJsonPointer('skus[1].barcode')).toBe('/skus/1/barcode');
    expect(toJsonPointer('attributes[color]')).toBe('/attributes/color');
    expect(toJsonPointer('a/b.c~d')).toBe('/a~1b/c~0d');
  });
});

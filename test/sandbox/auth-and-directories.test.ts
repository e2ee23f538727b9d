import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { errorBodySchema } from './wire-schemas.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle } from '../../src/sandbox/start-sandbox.js';
import { call, createFakeClock, getToken } from './sandbox-test-kit.js';

describe('sandbox auth', () => {
  const clock = createFakeClock();
  let sandbox: SandboxHandle;
  beforeAll(async () => {
    sandbox = await startSandbox({ now: clock.now, tokenTtlSeconds: 60 });
  });
  afterAll(() => sandbox.close());

  it('issues a bearer token in seconds', async () => {
    const res = await call(sandbox, 'POST', DEFAULT_PATHS.token, { body: { clientId: 'sandbox-seller', clientSecret: 'sandbox-secret-1' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ expiresIn: 60, tokenType: 'Bearer' });
    expect(res.body.accessToken).toMatch(/^[\w-]{20,}$/);
  });

  it('validates the token request with field errors', async () => {
    const res = await call(sandbox, 'POST', DEFAULT_PATHS.token, { body: { clientId: '', clientSecret: 'short' } });
    expect(res.status).toBe(400);
    expect(errorBodySchema.parse(res.body)).toMatchObject({ status: 400, errorCode: 'VALIDATION_ERROR' });
    expect(res.body.errors.clientId[0].code).toBe('MIN_LENGTH');
    expect(res.body.errors.clientSecret.map((e: { code: string }) => e.code)).toEqual(['MIN_LENGTH', 'PATTERN']);
    const noDigit = await call(sandbox, 'POST', DEFAULT_PATHS.token, { body: { clientId: 'x', clientSecret: 'abcdefghij' } });
    expect(noDigit.body.errors.clientSecret).toEqual([{ code: 'PATTERN', description: expect.any(String) }]);
  });

  it('answers 401 for unknown credentials', async () => {
    const res = await call(sandbox, 'POST', DEFAULT_PATHS.token, { body: { clientId: 'sandbox-seller', clientSecret: 'wrong-secret-9' } });
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe('INVALID_CLIENT');
  });

  it('answers 401 with an error body for missing, unknown and expired tokens', async () => {
    expect((await call(sandbox, 'GET', DEFAULT_PATHS.brands)).body).toMatchObject({ status: 401, errorCode: 'UNAUTHORIZED' });
    expect((await call(sandbox, 'GET', DEFAULT_PATHS.brands, { token: 'nope' })).body.errorCode).toBe('INVALID_TOKEN');
    const token = await getToken(sandbox);
    expect((await call(sandbox, 'GET', DEFAULT_PATHS.brands, { token })).status).toBe(200);
    clock.advance(61_000);
    const expired = await call(sandbox, 'GET', DEFAULT_PATHS.brands, { token });
    expect(expired.status).toBe(401);
    expect(expired.body.errorCode).toBe('TOKEN_EXPIRED');
  });

  it('expires every token on expireTokens()', async () => {
    const first = await getToken(sandbox, 0);
    const second = await getToken(sandbox, 1);
    sandbox.expireTokens();
    expect((await call(sandbox, 'POST', DEFAULT_PATHS.list, { token: first, body: {} })).status).toBe(401);
    expect((await call(sandbox, 'POST', DEFAULT_PATHS.list, { token: second, body: {} })).status).toBe(401);
    const fresh = await getToken(sandbox);
    expect((await call(sandbox, 'POST', DEFAULT_PATHS.list, { token: fresh, body: {} })).status).toBe(200);
  });

  it('answers 404 for unknown routes, 405 for wrong methods and 400 for malformed JSON', async () => {
    const token = await getToken(sandbox);
    expect((await call(sandbox, 'GET', '/api/v2/nothing', { token })).body).toMatchObject({ status: 404, errorCode: 'ROUTE_NOT_FOUND' });
    expect((await call(sandbox, 'GET', DEFAULT_PATHS.import, { token })).status).toBe(405);
    const bad = await call(sandbox, 'POST', DEFAULT_PATHS.list, { token, body: '{"pageNumber": ' });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('MALFORMED_JSON');
  });
});

describe('sandbox directories', () => {
  let sandbox: SandboxHandle;
  let token: string;
  beforeAll(async () => {
    sandbox = await startSandbox();
    token = await getToken(sandbox);
  });
  afterAll(() => sandbox.close());

  async function fetchAll(path: string, pageSize: number, query: Record<string, string> = {}): Promise<unknown[]> {
    const items: unknown[] = [];
    for (let page = 1; ; page++) {
      const res = await call(sandbox, 'GET', path, { token, query: { ...query, pageNumber: page, pageSize } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ pageNumber: page, pageSize });
      items.push(...res.body.items);
      if (page >= res.body.totalPages) {
        expect(items).toHaveLength(res.body.totalCount);
        return items;
      }
    }
  }

  it('pages every directory to the full set', async () => {
    expect(await fetchAll(DEFAULT_PATHS.attributes, 7)).toEqual(sandbox.reference.attributes);
    expect(await fetchAll(DEFAULT_PATHS.values, 100)).toEqual(sandbox.reference.values);
    expect(await fetchAll(DEFAULT_PATHS.brands, 100)).toEqual(sandbox.reference.brands);
    const categories = (await fetchAll(DEFAULT_PATHS.categories, 100)) as { id: number; isLeaf: boolean; path: { rus: string } }[];
    expect(categories.length).toBe(sandbox.reference.categories.filter((c) => c.isLeaf).length);
    expect(categories.every((c) => c.isLeaf && c.path.rus.split(' / ').length === 3)).toBe(true);
  });

  it('defaults to page 1 of 50 and answers an empty page past the end', async () => {
    const first = await call(sandbox, 'GET', DEFAULT_PATHS.brands, { token });
    expect(first.body).toMatchObject({ pageNumber: 1, pageSize: 50, totalCount: sandbox.reference.brands.length });
    expect(first.body.items).toHaveLength(50);
    const past = await call(sandbox, 'GET', DEFAULT_PATHS.brands, { token, query: { pageNumber: 999 } });
    expect(past.body.items).toEqual([]);
    expect(past.body.totalCount).toBe(sandbox.reference.brands.length);
  });

  it('rejects out-of-range paging with 400', async () => {
    for (const query of [{ pageNumber: 0 }, { pageSize: 101 }, { pageSize: 0 }, { pageNumber: 'x' }]) {
      const res = await call(sandbox, 'GET', DEFAULT_PATHS.categories, { token, query });
      expect(res.status).toBe(400);
      expect(res.body.errorCode).toBe('VALIDATION_ERROR');
      expect(Object.keys(res.body.errors)).toEqual([Object.keys(query)[0]]);
    }
  });

  it('filters values by attributeCode', async () => {
    const res = await call(sandbox, 'GET', DEFAULT_PATHS.values, { token, query: { attributeCode: 'season', pageSize: 100 } });
    expect(res.body.items.map((v: { code: string }) => v.code)).toEqual(['season_summer', 'season_winter', 'season_demi', 'season_all']);
    const none = await call(sandbox, 'GET', DEFAULT_PATHS.values, { token, query: { attributeCode: 'nope' } });
    expect(none.body).toMatchObject({ items: [], totalCount: 0 });
  });

  it('serves changed directories after mutateReference', async () => {
    sandbox.mutateReference((data) => {
      data.brands.push({ id: 9999, name: 'Новый бренд', code: 'novyi-brend' });
    });
    const last = await call(sandbox, 'GET', DEFAULT_PATHS.brands, { token, query: { pageSize: 1, pageNumber: sandbox.reference.brands.length } });
    expect(last.body.items).toEqual([{ id: 9999, name: 'Новый бренд', code: 'novyi-brend' }]);
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { resolveSandboxDialect, STRUCTURAL_DIALECT_NAMES } from '../../src/sandbox/dialects/index.js';
import type { SandboxDialectSpec } from '../../src/sandbox/dialects/index.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import { call, makeCable } from '../sandbox/sandbox-test-kit.js';
import { startWireRig, walkCursorPages } from './dialect-kit.js';

describe('structural dialects composed with +', () => {
  it('cursor+translations: walks every leaf category once, each name a list of both translations', async () => {
    const rig = await startWireRig('cursor+translations');
    try {
      const pages = await walkCursorPages(rig, DEFAULT_PATHS.categories, { pageSize: 20 }, 'link');
      const items = pages.flatMap((page) => page.body.items as { id: number; name: { locale: string }[] }[]);
      expect(items).toHaveLength(rig.sandbox.reference.categories.filter((c) => c.isLeaf).length);
      expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
      expect(items.every((item) => item.name.map((t) => t.locale).join() === 'ru-KZ,kk-KZ')).toBe(true);
    } finally {
      await rig.close();
    }
  });

  it('all six at once: each concept still holds, and an error from one (a bad cursor) is written by another (JSON:API)', async () => {
    const rig = await startWireRig(STRUCTURAL_DIALECT_NAMES.join('+') as SandboxDialectSpec);
    try {
      const badCursor = await call(rig.sandbox, 'GET', DEFAULT_PATHS.brands, { token: rig.token, query: { cursor: 'nope' } });
      expect(badCursor.status).toBe(400);
      expect(badCursor.body.errors[0]).toMatchObject({ status: '400', code: 'INVALID_CURSOR', source: { pointer: '/cursor' } });

      const attributes = await call(rig.sandbox, 'GET', DEFAULT_PATHS.attributes, { token: rig.token });
      expect(attributes.body.items).toHaveLength(20);
      expect(attributes.body.items[0]).toMatchObject({ isRequired: expect.any(Boolean), categoryIds: expect.any(Array), name: [{ locale: 'ru-KZ' }, { locale: 'kk-KZ' }] });
      expect(attributes.headers.get('link')).toMatch(/rel="next"$/);

      const accepted = await call(rig.sandbox, 'POST', DEFAULT_PATHS.import, { token: rig.token, body: { products: [makeCable(), makeCable({ brandId: 999_999 })] } });
      const location = accepted.headers.get('location') ?? '';
      await rig.sandbox.settleJobs();
      const job = await call(rig.sandbox, 'GET', location, { token: rig.token });
      expect(job.body.products.map((p: { disposition: string }) => p.disposition)).toEqual(['Success', 'Failed']);
      expect((await call(rig.sandbox, 'GET', DEFAULT_PATHS.importInfo, { token: rig.token, query: { jobId: accepted.body.jobId as number } })).status).toBe(404);
    } finally {
      await rig.close();
    }
  });

  it('names a composition in one order whatever order it was asked in, and refuses a word that is not a dialect', async () => {
    expect(resolveSandboxDialect('translations+cursor').name).toBe('cursor+translations');
    expect(resolveSandboxDialect('interface').name).toBe('interface');
    expect(resolveSandboxDialect('jsonapi+cursor').name).toBe('cursor+jsonapi');
    expect(() => resolveSandboxDialect('cursor,translations')).toThrow(/"cursor,translations" is not a dialect/);
    expect(() => resolveSandboxDialect('cursor+tree')).toThrow(ConfigError);
    await expect(startSandbox({ port: 0, dialect: 'cursor+nope' as SandboxDialectSpec })).rejects.toThrow(/"nope" is not a dialect/);
  });
});

/**
 * Where an attribute is required (issue 37, item 5): a flag stated per category is kept; one stated
 * once for an attribute linked to several categories is marked `requirementScope: 'unclear'`; a
 * link served per category with its own flag wins over the attribute's. Directories served by a
 * local server on port 0.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import { makeTestDeps, startLocalServer, tokenAnswer } from './client-test-kit.js';
import type { LocalServer } from './client-test-kit.js';

const servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const values = [{ id: 101, code: 'black', name: 'Чёрный', attributeCode: 'color' }];

async function directoriesWith(attributes: unknown[], categories: unknown[] = [{ id: 1, parentId: null, isLeaf: true, name: 'Обувь' }, { id: 2, parentId: null, isLeaf: true, name: 'Сумки' }]) {
  const server = await startLocalServer((request) => {
    if (request.path.endsWith('/auth/token')) return tokenAnswer();
    const items = request.path.endsWith('/values') ? values : request.path.endsWith('/attributes') ? attributes : request.path.endsWith('/brands') ? [{ id: 1, name: 'B' }] : categories;
    return { json: { items, totalCount: items.length } };
  });
  servers.push(server);
  const client = createCatalogClient({ baseUrl: server.url, credentials: { clientId: 'local', clientSecret: 'secret-42' }, retry: { limit: 0 } }, makeTestDeps().deps);
  return client.fetchDirectories();
}

const linksOf = async (attributes: unknown[], categories?: unknown[]) => (await directoriesWith(attributes, categories)).attributes.map((a) => ({ code: a.code, links: [...a.categories].sort((x, y) => x.categoryId - y.categoryId) }));

describe('requirement scope', () => {
  it('marks an attribute-level isRequired over several categoryIds as unclear, and keeps it clear for one category or when false', async () => {
    expect(
      await linksOf([
        { id: 11, code: 'color', name: 'Цвет', type: 'dictionary', isRequired: true, categoryIds: [1, 2] },
        { id: 12, code: 'brand_line', name: 'Линия', type: 'text', isRequired: true, categoryIds: [2] },
        { id: 13, code: 'note', name: 'Примечание', type: 'text', isRequired: false, categoryIds: [1, 2] },
      ]),
    ).toEqual([
      { code: 'color', links: [{ categoryId: 1, isRequired: true, requirementScope: 'unclear' }, { categoryId: 2, isRequired: true, requirementScope: 'unclear' }] },
      { code: 'brand_line', links: [{ categoryId: 2, isRequired: true }] },
      { code: 'note', links: [{ categoryId: 1, isRequired: false }, { categoryId: 2, isRequired: false }] },
    ]);
  });

  it('keeps a per-category flag clear, even beside an attribute-level one', async () => {
    expect(await linksOf([{ id: 11, code: 'color', name: 'Цвет', type: 'dictionary', isRequired: true, categories: [{ categoryId: 1, isRequired: false }, { categoryId: 2 }] }])).toEqual([
      { code: 'color', links: [{ categoryId: 1, isRequired: false }, { categoryId: 2, isRequired: true, requirementScope: 'unclear' }] },
    ]);
  });

  it('lets a link served per category with its own flag win over the attribute-level flag', async () => {
    const categories = [
      { id: 1, parentId: null, isLeaf: true, name: 'Обувь', attributes: [{ attributeId: 11, isRequired: false }] },
      { id: 2, parentId: null, isLeaf: true, name: 'Сумки', attributes: [{ attributeId: 11, isRequired: true }] },
      { id: 3, parentId: null, isLeaf: true, name: 'Шапки', attributeIds: [11] },
    ];
    expect(await linksOf([{ id: 11, code: 'color', name: 'Цвет', type: 'dictionary', isRequired: true, categoryIds: [1, 2, 3] }], categories)).toEqual([
      { code: 'color', links: [{ categoryId: 1, isRequired: false }, { categoryId: 2, isRequired: true }, { categoryId: 3, isRequired: true, requirementScope: 'unclear' }] },
    ]);
  });
});

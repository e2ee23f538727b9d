/**
 * Values tied to their attribute by a field of their own (issue 37, item 6): the field whose every
 * value is an attribute id is the link, whatever its name; with no such field, the error names
 * the fields looked at. Directories served by a local server on port 0.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import { makeTestDeps, startLocalServer, tokenAnswer } from './client-test-kit.js';
import type { LocalServer } from './client-test-kit.js';

const servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const attributes = [
  { id: 11, code: 'color', name: 'Цвет', type: 'dictionary', isMultiple: false, isSkuDefining: true, categories: [{ categoryId: 1, isRequired: true }] },
  { id: 12, code: 'size', name: 'Размер', type: 'dictionary', isMultiple: false, isSkuDefining: true, categories: [{ categoryId: 1, isRequired: false }] },
];

async function directoriesWith(values: unknown[]) {
  const server = await startLocalServer((request) => {
    if (request.path.endsWith('/auth/token')) return tokenAnswer();
    const items = request.path.endsWith('/values') ? values : request.path.endsWith('/attributes') ? attributes : request.path.endsWith('/brands') ? [{ id: 1, name: 'B' }] : [{ id: 1, parentId: null, isLeaf: true, name: 'Обувь' }];
    return { json: { items, totalCount: items.length } };
  });
  servers.push(server);
  const client = createCatalogClient({ baseUrl: server.url, credentials: { clientId: 'local', clientSecret: 'secret-42' }, retry: { limit: 0 } }, makeTestDeps().deps);
  return client.fetchDirectories();
}

describe('value → attribute link by value', () => {
  it('takes the field whose values are all attribute ids, beside another integer field', async () => {
    const directories = await directoriesWith([
      { id: 101, code: 'black', name: 'Чёрный', sortOrder: 1, characteristicId: 11 },
      { id: 102, code: 'white', name: 'Белый', sortOrder: 2, characteristicId: 11 },
      { id: 201, code: 'm', name: 'M', sortOrder: 1, characteristicId: 12 },
    ]);
    expect(directories.values.map((v) => `${v.attributeCode}:${v.code}:${String(v.attributeId)}`)).toEqual(['color:black:11', 'color:white:11', 'size:m:12']);
  });

  it('refuses values whose integer fields hold no attribute ids, naming them', async () => {
    await expect(directoriesWith([{ id: 101, code: 'black', name: 'Чёрный', sortOrder: 1 }])).rejects.toThrow(/carries neither an attribute code nor an attribute id \(no field of the values holds only attribute ids: sortOrder\)/);
  });
});

/**
 * Issue 37 item 9: a setting teaches attribute type words (`service.attributeTypes`); without it, a
 * word not known leaves the type unstated and the note names the setting. A local server on port 0.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import { sweepService } from '../../src/api/sweep-service.js';
import { settingsSchema } from '../../src/settings/settings-schema.js';
import { makeTestDeps, startLocalServer, tokenAnswer } from './client-test-kit.js';
import type { LocalServer } from './client-test-kit.js';

const servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const attributes = [
  { id: 11, code: 'color', name: 'Цвет', type: 'Справочник', categories: [{ categoryId: 1, isRequired: true }] },
  { id: 12, code: 'weight', name: 'Вес', type: 'Число', categories: [{ categoryId: 1, isRequired: false }] },
];

async function clientWith(attributeTypes?: Record<string, string[]>) {
  const server = await startLocalServer((request) => {
    if (request.path.endsWith('/auth/token')) return tokenAnswer();
    const items = request.path.endsWith('/values') ? [{ id: 101, code: 'black', name: 'Чёрный', attributeCode: 'color' }] : request.path.endsWith('/attributes') ? attributes : request.path.endsWith('/brands') ? [{ id: 1, name: 'B' }] : [{ id: 1, parentId: null, isLeaf: true, name: 'Обувь' }];
    return { json: { items, totalCount: items.length } };
  });
  servers.push(server);
  const test = makeTestDeps();
  const client = createCatalogClient({ baseUrl: server.url, credentials: { clientId: 'local', clientSecret: 'secret-42' }, retry: { limit: 0 }, ...(attributeTypes ? { profile: { attributeTypes } } : {}) }, test.deps);
  return { client, directories: await client.fetchDirectories() };
}

describe('attribute type words', () => {
  it('reads the words service.attributeTypes teaches', async () => {
    const { directories } = await clientWith({ dictionary: ['справочник'], number: ['ЧИСЛО'] });
    expect(directories.attributes.map((a) => [a.code, a.type, a.unstated?.includes('type') ?? false])).toEqual([['color', 'dictionary', false], ['weight', 'number', false]]);
  });

  it('without them, leaves the type unstated and names the setting', async () => {
    const { client, directories } = await clientWith();
    expect(directories.attributes.find((a) => a.code === 'weight')).toMatchObject({ type: 'text', unstated: expect.arrayContaining(['type']) });
    expect(client.observe().notes.join('\n')).toMatch(/attribute type "Число" .* service\.attributeTypes/);
  });

  it('makes doctor suggest service.attributeTypes with the words seen, not another field name', async () => {
    const { client } = await clientWith();
    const attributesCheck = (await sweepService({ client })).checks.find((check) => check.name === 'directory attributes');
    const suggestions = attributesCheck?.suggestions.join('\n') ?? '';
    expect(suggestions).toMatch(/attributeTypes:\n\s+dictionary: \["Справочник", "Число"\]/);
    expect(suggestions).not.toMatch(/"attribute\.type"/);
  });

  it('never suggests again a field the settings already name, and says the names given were not found', async () => {
    const { client } = await clientWith();
    const bare = (await sweepService({ client })).checks.find((check) => check.name === 'directory attributes');
    expect(bare?.suggestions.join('\n')).toMatch(/"attribute\.isSkuDefining"/);
    const configured = (await sweepService({ client, configuredFields: { 'attribute.isSkuDefining': ['isVarient'] } })).checks.find((check) => check.name === 'directory attributes');
    expect(configured?.suggestions.join('\n')).not.toMatch(/"attribute\.isSkuDefining"/);
    expect(configured?.will.join('\n')).toMatch(/service\.fields\["attribute\.isSkuDefining"\] is already set to \[isVarient\], and no answer here carries that name/);
  });

  it('is a strict settings key', () => {
    expect(settingsSchema.safeParse({ service: { attributeTypes: { dictionary: ['Справочник'] } } }).success).toBe(true);
    expect(settingsSchema.safeParse({ service: { attributeTypes: { enum: ['x'] } } }).success).toBe(false);
  });
});

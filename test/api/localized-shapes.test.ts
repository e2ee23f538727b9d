/**
 * Localized text in any shape (issue 37, item 2): an object keyed by language tags, a list of
 * `{language, text}` objects under field names of its own, a plain string; tags matched by their
 * primary subtag. Categories served by a local server on port 0.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import { readLanguageTag } from '../../src/api/read-localized.js';
import { makeTestDeps, startLocalServer, tokenAnswer } from './client-test-kit.js';
import type { LocalServer } from './client-test-kit.js';

const servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function namesOf(names: unknown[]) {
  const items = names.map((name, i) => ({ id: i + 1, parentId: null, isLeaf: true, name }));
  const server = await startLocalServer((request) => (request.path.endsWith('/auth/token') ? tokenAnswer() : { json: { items, totalCount: items.length } }));
  servers.push(server);
  const client = createCatalogClient({ baseUrl: server.url, credentials: { clientId: 'local', clientSecret: 'secret-42' }, retry: { limit: 0 } }, makeTestDeps().deps);
  const categories = await client.fetchDirectory('categories');
  return categories.map((c) => ('name' in c ? c.name : undefined));
}

describe('localized text', () => {
  it('reads keys that are language tags, lists of translations under any field names, and plain strings', async () => {
    expect(
      await namesOf([
        { 'ru-KZ': 'Обувь', 'kk-KZ': 'Аяқ киім' },
        [{ locale: 'ru-KZ', value: 'Платья' }, { locale: 'kk-KZ', value: 'Көйлектер' }],
        [{ lng: 'kk_KZ', caption: 'Сөмкелер' }, { lng: 'RU', caption: 'Сумки' }],
        'Часы',
      ]),
    ).toEqual([
      { rus: 'Обувь', kaz: 'Аяқ киім' },
      { rus: 'Платья', kaz: 'Көйлектер' },
      { rus: 'Сумки', kaz: 'Сөмкелер' },
      { rus: 'Часы', kaz: '' },
    ]);
  });

  it('matches a tag by its primary subtag only', () => {
    expect(['ru', 'ru-KZ', 'RU_ru', 'rus', 'kk-KZ', 'kz', 'kaz', 'en-US', 'kir'].map(readLanguageTag)).toEqual(['rus', 'rus', 'rus', 'rus', 'kaz', 'kaz', 'kaz', undefined, undefined]);
  });
});

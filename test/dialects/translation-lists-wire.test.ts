import { describe, expect, it } from 'vitest';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import type { Localized } from '../../src/domain/index.js';
import { call, importAndSettle, makeCable } from '../sandbox/sandbox-test-kit.js';
import { useWireRig } from './dialect-kit.js';

/** The translations the dialect should write for a text (an empty one left out). */
const translationsOf = (text: Localized): { locale: string; value: string }[] =>
  [
    { locale: 'ru-KZ', value: text.rus },
    { locale: 'kk-KZ', value: text.kaz },
  ].filter((entry) => entry.value !== '');

describe('the translations dialect, over raw HTTP', () => {
  const rig = useWireRig('translations');

  it('writes every category name and path as a list of both translations, by language tag', async () => {
    const page = await call(rig().sandbox, 'GET', DEFAULT_PATHS.categories, { token: rig().token, query: { pageSize: 100 } });
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(100);
    const byId = new Map(rig().sandbox.reference.categories.map((c) => [c.id, c]));
    for (const item of page.body.items as { id: number; name: unknown; path: unknown }[]) {
      const category = byId.get(item.id);
      expect(category).toBeDefined();
      expect(category?.path).toBeTruthy();
      if (category === undefined || !category.path) continue;
      expect(item.name).toEqual(translationsOf(category.name));
      expect(item.path).toEqual(translationsOf(category.path));
      expect((item.name as { locale: string }[]).map((t) => t.locale)).toEqual(['ru-KZ', 'kk-KZ']);
    }
    expect(JSON.stringify(page.body)).not.toMatch(/"(rus|kaz)"/);
  });

  it('writes attribute and value names the same way, the rest of each record as the interface does', async () => {
    const attributes = await call(rig().sandbox, 'GET', DEFAULT_PATHS.attributes, { token: rig().token, query: { pageSize: 100 } });
    const first = rig().sandbox.reference.attributes[0];
    const written = attributes.body.items.find((a: { id: number }) => a.id === first?.id);
    expect(written.name).toEqual(first && translationsOf(first.name));
    expect(written.code).toBe(first?.code);
    expect(written.categories).toEqual(first?.categories);
    const values = await call(rig().sandbox, 'GET', DEFAULT_PATHS.values, { token: rig().token, query: { attributeCode: 'color' } });
    const black = rig().sandbox.reference.values.find((v) => v.code === 'color_black');
    expect(values.body.items.find((v: { code: string }) => v.code === 'color_black').name).toEqual(black && translationsOf(black.name));
  });

  it('writes product names in the list and details as lists too, leaving out an empty translation; takes names in either shape on import', async () => {
    const cable = makeCable();
    const listed = makeCable({ name: translationsOf({ rus: 'Кабель Lightning', kaz: 'Lightning кабелі' }), description: [{ locale: 'ru-KZ', value: 'Для iPhone' }] });
    const job = await importAndSettle(rig().sandbox, rig().token, [cable, listed]);
    expect(job.products.map((p: { status: string }) => p.status)).toEqual(['Success', 'Success']);
    const stored = rig().sandbox.products('sandbox-seller');
    expect(stored.map((p) => p.name)).toEqual([cable['name'], { rus: 'Кабель Lightning', kaz: 'Lightning кабелі' }]);
    expect(stored[1]?.description).toEqual({ rus: 'Для iPhone', kaz: '' });

    const list = await call(rig().sandbox, 'POST', DEFAULT_PATHS.list, { token: rig().token, body: {} });
    expect(list.body.products[0].productName).toEqual(translationsOf(cable['name'] as Localized));
    expect(list.body.products[0].categoryName.map((t: { locale: string }) => t.locale)).toEqual(['ru-KZ', 'kk-KZ']);
    const details = await call(rig().sandbox, 'POST', DEFAULT_PATHS.details, { token: rig().token, body: { productIds: stored.map((p) => p.productId) } });
    expect(details.body.products[0].description).toEqual([{ locale: 'ru-KZ', value: cable['description'].rus }]);
    expect(details.body.products[1].name).toEqual(translationsOf({ rus: 'Кабель Lightning', kaz: 'Lightning кабелі' }));
  });
});

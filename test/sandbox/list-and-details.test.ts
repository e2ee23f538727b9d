import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { productDetailsResponseSchema, productListResponseSchema } from './wire-schemas.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle } from '../../src/sandbox/start-sandbox.js';
import { call, createFakeClock, getToken, importAndSettle, makeCable, makeTshirt } from './sandbox-test-kit.js';
import type { Loose } from './sandbox-test-kit.js';

describe('sandbox product list and details', () => {
  const clock = createFakeClock();
  let sandbox: SandboxHandle;
  let token: string;
  let ids: number[] = [];
  beforeAll(async () => {
    sandbox = await startSandbox({
      now: clock.now,
      jobDelayMs: 0,
      moderationDelayMs: 1000,
      credentials: [
        { clientId: 'seller-a', clientSecret: 'secret-a-1', shopIds: [1001, 1002] },
        { clientId: 'seller-b', clientSecret: 'secret-b-1', shopIds: [2001] },
      ],
    });
    token = await getToken(sandbox);
    const names = ['Яблоко', 'Арбуз', 'Ёлка', 'Банан', 'Қымыз', 'Вишня', 'Груша', 'Дыня', 'Ежевика', 'Жасмин', 'Зефир', 'Ирис'];
    const products = names.map((rus, i) =>
      i % 3 === 0 ? makeTshirt({ name: { rus, kaz: `${rus} kz` }, shopId: i % 2 ? 1002 : 1001 }) : makeCable({ name: { rus, kaz: '' }, shopId: i % 2 ? 1002 : 1001 }),
    );
    const job = await importAndSettle(sandbox, token, products);
    ids = job.products.map((p: Loose) => p.productId as number);
    clock.advance(1000);
    // One product changed after approval goes back to moderation.
    const again = await importAndSettle(sandbox, token, [makeCable({ productId: ids[1], shopId: 1002, name: { rus: 'Арбуз большой', kaz: '' } })]);
    expect(again.products[0].status).toBe('Success');
    const other = await getToken(sandbox, 1);
    await importAndSettle(sandbox, other, [makeCable({ shopId: 2001, name: { rus: 'Чужой', kaz: '' } })]);
  });
  afterAll(() => sandbox.close());

  const list = async (body: unknown) => call(sandbox, 'POST', DEFAULT_PATHS.list, { token, body });

  it('lists only the seller\'s products with totals and echoed paging', async () => {
    const res = await list({ pageNumber: 2, pageSize: 5 });
    expect(res.status).toBe(200);
    const body = productListResponseSchema.parse(res.body);
    expect(body).toMatchObject({ totalCount: 12, totalPages: 3, pageNumber: 2, pageSize: 5 });
    expect(body.products.map((p) => p.productId)).toEqual(ids.slice(5, 10));
    expect(body.products[1]).toMatchObject({ categoryName: { rus: 'Футболки и топы' }, totalWmsQuantity: 0, salesCount: 0 });
    const empty = await list({ pageNumber: 9, pageSize: 5 });
    expect(empty.body).toMatchObject({ products: [], totalCount: 12, pageNumber: 9 });
  });

  it('sorts by id, name (Russian collation) and status in both directions', async () => {
    const byIdDesc = await list({ sortBy: 'id', sortDirection: 'Desc', pageSize: 100 });
    expect(byIdDesc.body.products.map((p: Loose) => p.productId)).toEqual([...ids].reverse());
    const byName = await list({ sortBy: 'name', sortDirection: 'Asc', pageSize: 3 });
    expect(byName.body.products.map((p: Loose) => p.productName.rus)).toEqual(['Арбуз большой', 'Банан', 'Вишня']);
    const byStatus = await list({ sortBy: 'status', sortDirection: 'desc', pageSize: 1 });
    expect(byStatus.body.products[0]).toMatchObject({ productId: ids[1], productStatus: 'OnModeration' });
  });

  it('filters by category, statuses, shop and search (name in either language or id)', async () => {
    const total = async (filters: unknown) => (await list({ filters, pageSize: 100 })).body.totalCount as number;
    expect(await total({ categoryIds: [30104] })).toBe(4);
    expect(await total({ categoryIds: [30104, 10108] })).toBe(12);
    expect(await total({ productStatus: ['OnModeration'] })).toBe(1);
    expect(await total({ moderationProductStatus: ['Approved'] })).toBe(11);
    expect(await total({ shopId: 1002 })).toBe(6);
    expect(await total({ search: 'ЁЛК' })).toBe(1);
    expect(await total({ search: 'ҚЫМЫЗ' })).toBe(1);
    expect(await total({ search: 'яблоко KZ' })).toBe(1);
    expect(await total({ search: String(ids[7]) })).toBe(1);
    expect(await total({ search: 'Чужой' })).toBe(0);
  });

  it('rejects bad list requests with 400 and field errors', async () => {
    for (const [body, field] of [
      [{ pageNumber: 0 }, 'pageNumber'],
      [{ pageSize: 101 }, 'pageSize'],
      [{ pageSize: 0 }, 'pageSize'],
      [{ sortBy: 'price' }, 'sortBy'],
      [{ sortDirection: 'Up' }, 'sortDirection'],
      [{ filters: { categoryIds: ['x'] } }, 'filters.categoryIds'],
    ] as const) {
      const res = await list(body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
  });

  it('returns details with numeric ids, skuBarcode and photo url; omits unknown and foreign ids', async () => {
    const res = await call(sandbox, 'POST', DEFAULT_PATHS.details, { token, body: { productIds: [ids[0], 1, ids[2]] } });
    expect(res.status).toBe(200);
    const body = productDetailsResponseSchema.parse(res.body);
    expect(body.products.map((p) => p.productId)).toEqual([ids[0], ids[2]]);
    const tshirt = body.products[0];
    const material = sandbox.reference.attributes.find((a) => a.code === 'material');
    const cotton = sandbox.reference.values.find((v) => v.code === 'material_cotton');
    expect(tshirt?.attributes).toContainEqual(expect.objectContaining({ id: material?.id, valueIds: expect.arrayContaining([cotton?.id]) }));
    expect(tshirt?.skus[0]).toMatchObject({ attributeValueIds: [1001, 2004], price: 5990, skuBarcode: expect.any(String) });
    expect(body.products[1]?.skus[0]?.photos).toEqual([{ url: 'https://cdn.example.kz/cable.jpg', order: 0 }]);
  });

  it('allows at most 30 ids per details request', async () => {
    const thirty = await call(sandbox, 'POST', DEFAULT_PATHS.details, { token, body: { productIds: Array.from({ length: 30 }, (_, i) => i + 1) } });
    expect(thirty.status).toBe(200);
    const tooMany = await call(sandbox, 'POST', DEFAULT_PATHS.details, { token, body: { productIds: Array.from({ length: 31 }, (_, i) => i + 1) } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors.productIds[0].code).toBe('TOO_MANY');
    const nullIds = await call(sandbox, 'POST', DEFAULT_PATHS.details, { token, body: { productIds: null } });
    expect(nullIds.body).toEqual({ products: [] });
  });
});

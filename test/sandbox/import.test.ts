import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { importResponseSchema, jobStatusSchema } from './wire-schemas.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle } from '../../src/sandbox/start-sandbox.js';
import { call, createFakeClock, getToken, importAndSettle, makeCable, makeTshirt, nextBarcode } from './sandbox-test-kit.js';
import type { Loose } from './sandbox-test-kit.js';

describe('sandbox import: request and job lifecycle', () => {
  const clock = createFakeClock();
  let sandbox: SandboxHandle;
  let token: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ now: clock.now, jobDelayMs: 1000, moderationDelayMs: 5000 });
    token = await getToken(sandbox);
  });
  afterAll(() => sandbox.close());

  it('answers 202 with jobId, receivedItems, queuedAt and an absolute infoUrl', async () => {
    const res = await call(sandbox, 'POST', DEFAULT_PATHS.import, { token, body: { products: [makeCable(), makeCable()] } });
    expect(res.status).toBe(202);
    const body = importResponseSchema.parse(res.body);
    expect(body).toMatchObject({ receivedItems: 2, queuedAt: clock.now().toISOString() });
    expect(body.infoUrl).toBe(`${sandbox.url}${DEFAULT_PATHS.importInfo}?jobId=${body.jobId}`);
    const info = await fetch(body.infoUrl as string, { headers: { authorization: `Bearer ${token}` } });
    expect(info.status).toBe(200);
  });

  it('moves a job Queued → Processing → Done on the clock, with one result per product', async () => {
    const res = await call(sandbox, 'POST', DEFAULT_PATHS.import, { token, body: { products: [makeCable(), { nonsense: true }] } });
    const jobId = res.body.jobId as number;
    const status = async (): Promise<Loose> => jobStatusSchema.parse((await call(sandbox, 'GET', DEFAULT_PATHS.importInfo, { token, query: { jobId } })).body);
    expect(await status()).toMatchObject({ jobId, status: 'Queued', products: [] });
    clock.advance(500);
    expect((await status()).status).toBe('Processing');
    clock.advance(500);
    const done = await status();
    expect(done.status).toBe('Done');
    expect(done.finishedAt).toBe(clock.now().toISOString());
    expect(done.products.map((p: Loose) => [p.index, p.status])).toEqual([
      [0, 'Success'],
      [1, 'Failed'],
    ]);
    expect(done.products[0].productId).toBeGreaterThan(0);
    expect(done.products[0].skus[0]).toMatchObject({ index: 0, skuId: expect.any(Number), barcode: expect.any(String) });
  });

  it('puts new products on moderation and approves them after moderationDelayMs', async () => {
    const job = await importAndSettle(sandbox, token, [makeCable({ name: { rus: 'Кабель Lightning', kaz: '' } }), makeCable({ name: { rus: 'Кабель (реплика)', kaz: '' } })]);
    const [good, bad] = job.products.map((p: Loose) => p.productId as number);
    const find = (id: number) => sandbox.products('sandbox-seller').find((p) => p.productId === id);
    expect(find(good)).toMatchObject({ productStatus: 'OnModeration', moderationStatus: 'Pending' });
    clock.advance(5000);
    expect(find(good)).toMatchObject({ productStatus: 'Active', moderationStatus: 'Approved', rejectionReason: null });
    expect(find(bad)).toMatchObject({ productStatus: 'Rejected', moderationStatus: 'Rejected', rejectionReason: expect.stringContaining('реплика') });
  });

  it('rejects a body without a products array, an empty one and more than 30 with 400', async () => {
    for (const [body, code] of [
      [{}, 'REQUIRED'],
      [{ products: null }, 'REQUIRED'],
      [{ products: 'x' }, 'REQUIRED'],
      [{ products: [] }, 'EMPTY'],
      [{ products: Array.from({ length: 31 }, () => makeCable()) }, 'TOO_MANY'],
    ] as const) {
      const res = await call(sandbox, 'POST', DEFAULT_PATHS.import, { token, body });
      expect(res.status).toBe(400);
      expect(res.body.errors.products[0].code).toBe(code);
    }
    const thirty = await call(sandbox, 'POST', DEFAULT_PATHS.import, { token, body: { products: Array.from({ length: 30 }, () => makeCable()) } });
    expect(thirty.status).toBe(202);
  });

  it('answers 400 for a bad jobId and 404 for an unknown job or another seller\'s job', async () => {
    expect((await call(sandbox, 'GET', DEFAULT_PATHS.importInfo, { token })).status).toBe(400);
    expect((await call(sandbox, 'GET', DEFAULT_PATHS.importInfo, { token, query: { jobId: 987654 } })).body.errorCode).toBe('JOB_NOT_FOUND');
    const res = await call(sandbox, 'POST', DEFAULT_PATHS.import, { token, body: { products: [makeCable()] } });
    const other = await getToken(sandbox, 1);
    expect((await call(sandbox, 'GET', DEFAULT_PATHS.importInfo, { token: other, query: { jobId: res.body.jobId } })).status).toBe(404);
  });
});

describe('sandbox import: per-product validation', () => {
  let sandbox: SandboxHandle;
  let token: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ jobDelayMs: 0 });
    token = await getToken(sandbox);
  });
  afterAll(() => sandbox.close());

  const sku = (extra: Record<string, unknown> = {}) => ({ skuId: null, attributeValueCodes: [], price: 100, barcode: nextBarcode(), photos: [], ...extra });
  const cases: [string, () => Record<string, unknown>, string, string][] = [
    ['not an object', () => ['x'] as never, '', 'INVALID_TYPE'],
    ['foreign shop', () => makeCable({ shopId: 2001 }), 'shopId', 'SHOP_NOT_ALLOWED'],
    ['missing shop', () => makeCable({ shopId: undefined }), 'shopId', 'REQUIRED'],
    ['unknown category', () => makeCable({ categoryId: 99999999 }), 'categoryId', 'CATEGORY_NOT_FOUND'],
    ['non-leaf category', () => makeCable({ categoryId: 101 }), 'categoryId', 'CATEGORY_NOT_LEAF'],
    ['unknown brand', () => makeCable({ brandId: 42 }), 'brandId', 'BRAND_NOT_FOUND'],
    ['string brand id', () => makeCable({ brandId: '1001' }), 'brandId', 'INVALID_TYPE'],
    ['unknown attribute', () => makeCable({ attributes: [{ code: 'nope', valueCodes: ['x'] }] }), 'attributes[nope]', 'ATTRIBUTE_NOT_FOUND'],
    ['attribute not in category', () => makeCable({ attributes: [{ code: 'size_shoes', valueCodes: ['size_shoes_40'] }] }), 'attributes[size_shoes]', 'ATTRIBUTE_NOT_IN_CATEGORY'],
    ['required attribute missing', () => makeTshirt({ attributes: [] }), 'attributes[gender]', 'ATTRIBUTE_REQUIRED'],
    ['required attribute with no values', () => makeTshirt({ attributes: [{ code: 'gender', valueCodes: [] }] }), 'attributes[gender]', 'ATTRIBUTE_REQUIRED'],
    ['required SKU attribute missing', () => makeTshirt({ skus: [sku({ attributeValueCodes: ['color_black'] })] }), 'skus[0].attributeValueCodes', 'ATTRIBUTE_REQUIRED'],
    ['unknown value', () => makeTshirt({ attributes: [{ code: 'gender', valueCodes: ['gender_x'] }] }), 'attributes[gender]', 'ATTRIBUTE_VALUE_NOT_FOUND'],
    ['value of another attribute', () => makeTshirt({ attributes: [{ code: 'gender', valueCodes: ['season_winter'] }] }), 'attributes[gender]', 'ATTRIBUTE_VALUE_WRONG_ATTRIBUTE'],
    ['several values of a single attribute', () => makeTshirt({ attributes: [{ code: 'gender', valueCodes: ['gender_women', 'gender_men'] }] }), 'attributes[gender]', 'ATTRIBUTE_NOT_MULTIPLE'],
    ['SKU-defining attribute at product level', () => makeTshirt({ attributes: [{ code: 'gender', valueCodes: ['gender_women'] }, { code: 'color', valueCodes: ['color_red'] }] }), 'attributes[color]', 'ATTRIBUTE_SKU_LEVEL'],
    ['product attribute in a SKU', () => makeTshirt({ skus: [sku({ attributeValueCodes: ['color_red', 'size_s', 'gender_men'] })] }), 'skus[0].attributeValueCodes', 'ATTRIBUTE_NOT_SKU_LEVEL'],
    ['two colours in one SKU', () => makeTshirt({ skus: [sku({ attributeValueCodes: ['color_red', 'color_blue', 'size_s'] })] }), 'skus[0].attributeValueCodes', 'ATTRIBUTE_NOT_MULTIPLE'],
    ['duplicate variant', () => makeTshirt({ skus: [sku({ attributeValueCodes: ['color_red', 'size_s'] }), sku({ attributeValueCodes: ['size_s', 'color_red'] })] }), 'skus[1].attributeValueCodes', 'SKU_DUPLICATE_VARIANT'],
    ['number attribute not a number', () => makeCable({ categoryId: 20101, attributes: [{ code: 'model', valueCodes: ['RB-34'] }, { code: 'warranty_months', valueCodes: ['12 мес'] }] }), 'attributes[warranty_months]', 'ATTRIBUTE_VALUE_INVALID'],
    ['price zero', () => makeCable({ skus: [sku({ price: 0 })] }), 'skus[0].price', 'PRICE_INVALID'],
    ['price as text', () => makeCable({ skus: [sku({ price: '100' })] }), 'skus[0].price', 'PRICE_INVALID'],
    ['vat outside the set', () => makeCable({ vat: 20 }), 'vat', 'VAT_INVALID'],
    ['empty barcode', () => makeCable({ skus: [sku({ barcode: '  ' })] }), 'skus[0].barcode', 'BARCODE_REQUIRED'],
    ['barcode twice in the product', () => makeCable({ skus: [sku({ barcode: 'DUP-1' }), sku({ barcode: 'DUP-1', attributeValueCodes: ['color_red'] })] }), 'skus[1].barcode', 'BARCODE_DUPLICATE'],
    ['relative photo URL', () => makeCable({ skus: [sku({ photos: [{ mediaFile: '/img/1.jpg', order: 0 }] })] }), 'skus[0].photos[0].mediaFile', 'PHOTO_URL_INVALID'],
    ['ftp photo URL', () => makeCable({ skus: [sku({ photos: [{ mediaFile: 'ftp://x.kz/1.jpg', order: 0 }] })] }), 'skus[0].photos[0].mediaFile', 'PHOTO_URL_INVALID'],
    ['empty Russian name', () => makeCable({ name: { rus: ' ', kaz: 'Атауы' } }), 'name.rus', 'NAME_REQUIRED'],
    ['no name', () => makeCable({ name: null }), 'name', 'REQUIRED'],
    ['no SKUs', () => makeCable({ skus: [] }), 'skus', 'SKUS_REQUIRED'],
    ['unknown productId', () => makeCable({ productId: 424242 }), 'productId', 'PRODUCT_NOT_FOUND'],
    ['skuId on a new product', () => makeCable({ skus: [sku({ skuId: 50000001 })] }), 'skus[0].skuId', 'SKU_NOT_FOUND'],
  ];

  it.each(cases)('reports %s as a per-product error', async (_label, build, field, code) => {
    const product = build();
    const job = await importAndSettle(sandbox, token, [product, makeCable()]);
    const [bad, good] = job.products;
    expect(bad.status).toBe('Failed');
    // A failed result echoes the submitted productId (null for a create): nothing was stored.
    expect(bad.productId).toBe(Array.isArray(product) ? null : (product['productId'] ?? null));
    expect(bad.errors).toContainEqual({ field, code, description: expect.any(String) });
    expect(good.status).toBe('Success');
  });

  it('accepts free values for text and number attributes, empty Kazakh names and several values of multi-valued attributes', async () => {
    const fridge = makeCable({
      categoryId: 20101,
      name: { rus: 'Холодильник двухкамерный', kaz: '' },
      attributes: [
        { code: 'model', valueCodes: ['RB-34 A7'] },
        { code: 'warranty_months', valueCodes: ['24'] },
        { code: 'power_w', valueCodes: ['150.5'] },
      ],
    });
    const job = await importAndSettle(sandbox, token, [fridge, makeTshirt()]);
    expect(job.products.map((p: Loose) => p.errors)).toEqual([[], []]);
  });

  it('keeps barcodes unique across the seller\'s products but not across sellers', async () => {
    const barcode = nextBarcode();
    const first = await importAndSettle(sandbox, token, [makeCable({ skus: [sku({ barcode })] })]);
    expect(first.products[0].status).toBe('Success');
    const again = await importAndSettle(sandbox, token, [makeCable({ skus: [sku({ barcode })] })]);
    expect(again.products[0].errors).toEqual([{ field: 'skus[0].barcode', code: 'BARCODE_DUPLICATE', description: expect.stringContaining(String(first.products[0].productId)) }]);
    const otherToken = await getToken(sandbox, 1);
    const other = await importAndSettle(sandbox, otherToken, [makeCable({ shopId: 2001, skus: [sku({ barcode })] })]);
    expect(other.products[0].status).toBe('Success');
  });

  it('processes products of one job in order: a later duplicate barcode fails', async () => {
    const barcode = nextBarcode();
    const job = await importAndSettle(sandbox, token, [makeCable({ skus: [sku({ barcode })] }), makeCable({ skus: [sku({ barcode })] })]);
    expect(job.products.map((p: Loose) => p.status)).toEqual(['Success', 'Failed']);
  });
});

describe('sandbox import: create, update and isolation', () => {
  const clock = createFakeClock();
  let sandbox: SandboxHandle;
  let token: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ now: clock.now, jobDelayMs: 0, moderationDelayMs: 1000 });
    token = await getToken(sandbox);
  });
  afterAll(() => sandbox.close());

  it('creates with null ids, then updates by id without duplicates, keeping SKUs absent from the update', async () => {
    const created = await importAndSettle(sandbox, token, [makeTshirt()]);
    const result = created.products[0];
    const productId = result.productId as number;
    const [black, white] = result.skus as { skuId: number; barcode: string }[];
    clock.advance(1000);
    expect(sandbox.products('sandbox-seller').find((p) => p.productId === productId)?.productStatus).toBe('Active');

    const newBarcode = nextBarcode();
    const update = makeTshirt({
      productId,
      name: { rus: 'Футболка базовая (новая)', kaz: 'Негізгі футболка' },
      skus: [
        { skuId: black?.skuId, attributeValueCodes: ['color_black', 'size_m'], price: 4990, barcode: black?.barcode, photos: [] },
        { skuId: null, attributeValueCodes: ['color_black', 'size_l'], price: 4990, barcode: newBarcode, photos: [] },
      ],
    });
    const updated = await importAndSettle(sandbox, token, [update]);
    expect(updated.products[0]).toMatchObject({ status: 'Success', productId });
    const stored = sandbox.products('sandbox-seller').filter((p) => p.productId === productId);
    expect(stored).toHaveLength(1);
    const product = stored[0];
    expect(product?.name.rus).toBe('Футболка базовая (новая)');
    expect(product?.skus.map((s) => [s.skuId, s.price])).toEqual([
      [black?.skuId, 4990],
      [white?.skuId, 5990],
      [updated.products[0].skus[1].skuId, 4990],
    ]);
    expect(product).toMatchObject({ productStatus: 'OnModeration', moderationStatus: 'Pending' });
  });

  it('treats the same content re-sent as no change, still Success', async () => {
    const created = await importAndSettle(sandbox, token, [makeCable()]);
    const productId = created.products[0].productId as number;
    clock.advance(1000);
    const before = sandbox.products().find((p) => p.productId === productId);
    expect(before?.productStatus).toBe('Active');
    clock.advance(60_000);
    const resend = makeCable({
      productId,
      name: before?.name,
      description: before?.description,
      brandId: before?.brandId,
      attributes: before?.attributes,
      skus: before?.skus,
    });
    const job = await importAndSettle(sandbox, token, [resend]);
    expect(job.products[0]).toMatchObject({ status: 'Success', productId });
    expect(sandbox.products().find((p) => p.productId === productId)).toEqual(before);
  });

  it('lets an update move a barcode between its own SKUs but not take a kept SKU\'s barcode', async () => {
    const created = await importAndSettle(sandbox, token, [makeTshirt()]);
    const { productId, skus } = created.products[0];
    const [a, b] = skus as { skuId: number; barcode: string }[];
    const swap = makeTshirt({
      productId,
      skus: [
        { skuId: a?.skuId, attributeValueCodes: ['color_black', 'size_m'], price: 1, barcode: b?.barcode, photos: [] },
        { skuId: b?.skuId, attributeValueCodes: ['color_white', 'size_m'], price: 1, barcode: a?.barcode, photos: [] },
      ],
    });
    expect((await importAndSettle(sandbox, token, [swap])).products[0].errors).toEqual([]);
    const steal = makeTshirt({ productId, skus: [{ skuId: null, attributeValueCodes: ['color_red', 'size_m'], price: 1, barcode: a?.barcode, photos: [] }] });
    expect((await importAndSettle(sandbox, token, [steal])).products[0].errors[0]).toMatchObject({ field: 'skus[0].barcode', code: 'BARCODE_DUPLICATE' });
  });

  it('isolates sellers: another seller cannot update, list or read a product', async () => {
    const created = await importAndSettle(sandbox, token, [makeCable()]);
    const productId = created.products[0].productId as number;
    const other = await getToken(sandbox, 1);
    const hijack = await importAndSettle(sandbox, other, [makeCable({ shopId: 2001, productId })]);
    expect(hijack.products[0].errors[0]).toMatchObject({ field: 'productId', code: 'PRODUCT_NOT_FOUND' });
    const details = await call(sandbox, 'POST', DEFAULT_PATHS.details, { token: other, body: { productIds: [productId] } });
    expect(details.body.products).toEqual([]);
    const list = await call(sandbox, 'POST', DEFAULT_PATHS.list, { token: other, body: { pageSize: 100 } });
    expect(list.body.products.map((p: Loose) => p.productId)).not.toContain(productId);
    expect(sandbox.products('sandbox-seller-2').every((p) => p.clientId === 'sandbox-seller-2')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { createFieldLedger } from '../../src/api/field-ledger.js';
import { findRecordList } from '../../src/api/find-record-list.js';
import { linkDirectories } from '../../src/api/link-directories.js';
import { parseJsonLossless } from '../../src/api/parse-json-lossless.js';
import { DIRECTORY_READERS } from '../../src/api/read-directory-records.js';
import { readJobStatus } from '../../src/api/read-job-status.js';
import { readImportAnswer, readProductDetails, readTokenAnswer } from '../../src/api/read-service-answers.js';
import { buildWireAliases } from '../../src/api/wire-aliases.js';
import type { WireReadContext } from '../../src/api/wire-read-context.js';
import { SchemaMismatchError } from '../../src/core/errors.js';
import type { PipelineEvent } from '../../src/core/events.js';
import { DEFAULT_STATUS_VOCABULARY, createStatusClassifier } from '../../src/domain/index.js';

function context(events: PipelineEvent[] = []): WireReadContext {
  return { endpoint: 'GET /x', aliases: buildWireAliases(), ledger: createFieldLedger({ onEvent: (e) => events.push(e) }) };
}
const path = (i: number) => `[${i}]`;
const classify = createStatusClassifier(DEFAULT_STATUS_VOCABULARY);

describe('parseJsonLossless', () => {
  it('keeps integers above 2^53 exact as text and leaves everything else as JSON.parse does', () => {
    expect(parseJsonLossless('{"jobId": 12345678901234567891, "n": 42, "s": "12345678901234567891", "f": 1.5e3}')).toEqual({
      jobId: '12345678901234567891',
      n: 42,
      s: '12345678901234567891',
      f: 1500,
    });
    expect(parseJsonLossless('[9007199254740993, -9007199254740993, 9007199254740991]')).toEqual(['9007199254740993', '-9007199254740993', 9007199254740991]);
    expect(parseJsonLossless('{"a":"x\\"1234567890123456789\\"", "b": 1}')).toEqual({ a: 'x"1234567890123456789"', b: 1 });
  });
});

describe('findRecordList', () => {
  const aliases = buildWireAliases();
  it('finds the list bare, wrapped in any case, or one level down, with paging wherever it is', () => {
    expect(findRecordList([1], ['brands'], aliases)).toMatchObject({ ok: true, items: [1], arrayPath: '' });
    expect(findRecordList({ Data: [1], Meta: { TotalCount: 7, total_pages: 4 } }, ['brands'], aliases)).toMatchObject({ items: [1], arrayPath: 'Data', paging: { totalCount: 7, totalPages: 4 } });
    expect(findRecordList({ data: { items: [1, 2], pagination: { total: 9 } } }, ['brands'], aliases)).toMatchObject({ items: [1, 2], arrayPath: 'data.items', paging: { totalCount: 9 } });
    expect(findRecordList({ Brands: [3], paging: { hasMore: 'true' } }, ['brands'], aliases)).toMatchObject({ items: [3], paging: { hasNext: true } });
    expect(findRecordList({ nothing: 1 }, ['brands'], aliases).ok).toBe(false);
  });

  it('reads a last page whose next link or cursor is null as paging, not as a field not used', () => {
    expect(findRecordList({ items: [1], next: null }, ['brands'], aliases)).toMatchObject({ items: [1], unusedKeys: [] });
    expect(findRecordList({ products: [1], nextCursor: null, note: null }, ['products'], aliases)).toMatchObject({ items: [1], unusedKeys: ['note'] });
    expect(findRecordList({ data: { items: [1], next: null } }, ['brands'], aliases)).toMatchObject({ items: [1], unusedKeys: [] });
  });
});

describe('product details', () => {
  it('reads a name and description sent as translation lists or by language tags, a language left out there as held empty', () => {
    const events: PipelineEvent[] = [];
    const [listed, tagged, plain, emptyList, emptyValues, tagOnly] = readProductDetails(
      {
        products: [
          { productId: 1, name: [{ locale: 'ru-KZ', value: 'Чайник' }, { locale: 'kk-KZ', value: 'Шәйнек' }], description: [{ locale: 'ru-KZ', value: '<p>Стальной</p>' }] },
          { productId: 2, name: { 'ru-KZ': 'Чайник', 'kk-KZ': 'Шәйнек' }, description: { 'ru-KZ': 'X', 'kk-KZ': '' } },
          { productId: 3, name: { rus: 'Чайник' }, description: { rus: 'Стальной', kaz: '' } },
          { productId: 4, description: [] },
          { productId: 5, description: [{ locale: 'ru-KZ', value: '' }, { locale: 'kk-KZ', value: '' }] },
          { productId: 6, description: { 'kk-KZ': 'Болат' } },
        ],
      },
      context(events),
    );
    // Before, a list read as nothing held: a changed description was planned "unchanged" and never sent.
    expect(listed).toMatchObject({ name: { rus: 'Чайник', kaz: 'Шәйнек' } });
    // A translation the list leaves out is empty on such a service: held empty, so a Kazakh text the file adds is sent.
    expect(listed?.description).toEqual({ rus: '<p>Стальной</p>', kaz: '' });
    expect(tagged?.name).toEqual({ rus: 'Чайник', kaz: 'Шәйнек' });
    expect(tagged?.description).toEqual({ rus: 'X', kaz: '' });
    expect(emptyList?.description).toEqual({ rus: '', kaz: '' });
    expect(emptyValues?.description).toEqual({ rus: '', kaz: '' });
    expect(tagOnly?.description).toEqual({ rus: '', kaz: 'Болат' });
    // `{rus, kaz}` by name: a key left out is not held (never compared).
    expect(plain?.name).toEqual({ rus: 'Чайник' });
    expect(plain?.description).toEqual({ rus: 'Стальной', kaz: '' });
    // A well-formed list of empty translations is understood: nothing is said.
    expect(events.filter((event) => event.type === 'log')).toEqual([]);
  });

  it('says, once, that a name or description of a form it cannot read is taken as not held', () => {
    const events: PipelineEvent[] = [];
    const [odd] = readProductDetails({ products: [{ productId: 1, name: 'Чайник', description: 42 }, { productId: 2, description: 7 }] }, context(events));
    expect(odd?.description).toBeUndefined();
    const notes = events.flatMap((event) => (event.type === 'log' ? [event.message] : []));
    expect(notes).toEqual(["GET /x: the products' description is not understood (number): it is taken as not held, never compared with the file, so a change to it is not sent"]);
  });
});

describe('directory records by meaning', () => {
  it('reads attributes in other spellings, keeps the directory silent where it is, and lists fields not used', () => {
    const events: PipelineEvent[] = [];
    const ctx = context(events);
    const [colour, model, weight, silent] = DIRECTORY_READERS.attributes(
      [
        { Id: 1, Code: 'color', Name: 'Цвет', ValueType: 'List', IsVariant: true, CategoryIds: [10, 11], IsRequired: true, Unit: null, Extra: 'x' },
        { id: 2, attribute_code: 'model', name: { ru: 'Модель', kk: 'Үлгі' }, data_type: 'Text', categories: [{ categoryId: 10, required: false }] },
        { id: 3, code: 'weight', name: 'Вес', type: 'Number', isSkuDefining: false, isMultiple: false },
        { id: 4, code: 'material', name: 'Материал' },
      ],
      ctx,
      path,
    ).map((r) => r.attribute);
    expect(colour).toMatchObject({ code: 'color', type: 'dictionary', isSkuDefining: true, categories: [{ categoryId: 10, isRequired: true }, { categoryId: 11, isRequired: true }] });
    expect(model).toMatchObject({ code: 'model', type: 'text', name: { rus: 'Модель', kaz: 'Үлгі' }, isSkuDefining: false, unstated: ['isMultiple', 'isSkuDefining'] });
    expect(weight).toMatchObject({ type: 'number' });
    expect(weight?.unstated).toBeUndefined();
    expect(silent?.unstated).toEqual(['type', 'isMultiple', 'isSkuDefining']);
    ctx.ledger.flush();
    expect(events.map((e) => (e.type === 'log' ? e.message : ''))).toEqual(['GET /x: fields not used: Unit, Extra — see docs/service-profile.md']);
  });

  it('reads the SKU-defining flag by the class of its name when no known alias is there, and says so; never from two candidates', () => {
    const events: PipelineEvent[] = [];
    const ctx = context(events);
    const [bySku, byVariation, ambiguous, silent] = DIRECTORY_READERS.attributes(
      [
        { id: 1, code: 'a', name: 'A', sku_attr_flag: true, isMultiple: false },
        { id: 2, code: 'b', name: 'B', variation_flag: 'false', isMultiple: false },
        { id: 3, code: 'c', name: 'C', sku_split: true, variant_row: true, isMultiple: false },
        { id: 4, code: 'd', name: 'D', is_filterable: true, isMultiple: false },
      ],
      ctx,
      path,
    ).map((r) => r.attribute);
    expect(bySku).toMatchObject({ isSkuDefining: true });
    expect(bySku?.unstated).toEqual(['type']);
    expect(byVariation).toMatchObject({ isSkuDefining: false });
    expect(byVariation?.unstated).toEqual(['type']);
    expect(ambiguous?.unstated).toEqual(['type', 'isSkuDefining']);
    expect(silent?.unstated).toEqual(['type', 'isSkuDefining']);
    const notes = ctx.ledger.notes();
    expect(notes.some((n) => /field sku_attr_flag taken as attribute\.isSkuDefining/.test(n))).toBe(true);
    expect(notes.some((n) => /do not state isSkuDefining, yet the records carry boolean field\(s\) not understood: sku_split, variant_row/.test(n))).toBe(true);
  });

  it('names endpoint, record, field, the names looked for and the setting when a needed field is missing', () => {
    const error = (() => {
      try {
        DIRECTORY_READERS.attributes([{ id: 1, code: 'a', name: 'A' }, { id: 2, name: 'B' }], context(), path);
      } catch (e) {
        return e;
      }
      return undefined;
    })() as SchemaMismatchError;
    expect(error).toBeInstanceOf(SchemaMismatchError);
    expect(error.problems[0]?.path).toBe('[1].code');
    expect(error.message).toMatch(/GET \/x.*attribute\.code not found \(looked for code, attributeCode.*service\.fields\["attribute\.code"\]/);
  });

  it('links: leaves from a tree or from parent ids, values tied by attribute id, links served per category, silent types', () => {
    const ctx = context();
    const tree = DIRECTORY_READERS.categories([{ id: 1, name: 'Одежда', children: [{ id: 2, name: 'Футболки', attributes: [{ attributeId: 7, isRequired: true }] }, { id: 3, name: 'Брюки', children: [] }] }], ctx, path);
    const flat = DIRECTORY_READERS.categories([{ id: 1, name: 'Одежда', parentId: null }, { id: 2, name: 'Футболки', parentId: 1 }], ctx, path);
    const attributes = DIRECTORY_READERS.attributes([{ id: 7, code: 'size', name: 'Размер' }, { id: 8, code: 'print', name: 'Принт' }], ctx, path);
    const values = DIRECTORY_READERS.values([{ id: 70, code: 'xl', name: 'XL', attributeId: 7 }], ctx, path);
    const linked = linkDirectories({ categories: tree, attributes, values, brands: [], fetchedAt: 't' }, { categories: 'c', attributes: 'a', values: 'v' });
    expect(linked.categories.map((c) => [c.id, c.isLeaf, c.path?.rus ?? null])).toEqual([[1, false, null], [2, true, 'Одежда / Футболки'], [3, true, 'Одежда / Брюки']]);
    expect(linked.values[0]).toMatchObject({ code: 'xl', attributeCode: 'size', attributeId: 7 });
    expect(linked.attributes.find((a) => a.code === 'size')).toMatchObject({ type: 'dictionary', categories: [{ categoryId: 2, isRequired: true }] });
    expect(linked.attributes.find((a) => a.code === 'print')?.type).toBe('text');
    const fromParents = linkDirectories({ categories: flat, attributes: [], values: [], brands: [], fetchedAt: 't' }, { categories: 'c', attributes: 'a', values: 'v' });
    expect(fromParents.categories.map((c) => c.isLeaf)).toEqual([false, true]);
  });
});

describe('readJobStatus', () => {
  it('reads PascalCase answers and classifies words; unknown words stay unknown', () => {
    const job = readJobStatus({ JobId: '12345678901234567891', Status: 'InProgress', Items: [{ Index: 0, Status: 'Queued' }, { Index: 1, State: 'Weird' }] }, context(), classify);
    expect(job).toMatchObject({ jobId: '12345678901234567891', status: 'InProgress', meaning: 'pending' });
    expect(job.products.map((p) => p.meaning)).toEqual(['pending', 'unknown']);
  });

  it('is a shape error at once when no per-product results are found, unless the job is still pending', () => {
    expect(() => readJobStatus({ status: 'Done', outcome: [] }, context(), classify)).toThrow(/no per-product results.*job status "Done"/);
    expect(readJobStatus({ status: 'Queued' }, context(), classify).products).toEqual([]);
  });

  it('keeps polling a job whose word it does not know while it has no per-product list yet, and names service.statuses (issue 37 item 8)', () => {
    const events: PipelineEvent[] = [];
    const ctx = context(events);
    expect(readJobStatus({ status: 'Enqueuedish' }, ctx, classify)).toMatchObject({ status: 'Enqueuedish', meaning: 'unknown', products: [] });
    ctx.ledger.flush();
    const said = events.filter((e) => e.type === 'log').map((e) => (e as { message: string }).message).join('\n');
    expect(said).toMatch(/job status "Enqueuedish" is no known status word .* service\.statuses\.pending/);
    expect(said).not.toMatch(/job\.products/);
  });

  it('reads errors given as a field map', () => {
    const job = readJobStatus({ status: 'Done', products: [{ status: 'Failed', errors: { Barcode: ['taken'] } }] }, context(), classify);
    expect(job.products[0]?.errors).toEqual([{ field: 'Barcode', description: 'taken' }]);
  });
});

describe('single-record answers inside an envelope', () => {
  it('reads token, import and job status from the one object under data/result/payload/response when the answer has no field of its own', () => {
    const events: PipelineEvent[] = [];
    const ctx = context(events);
    expect(readTokenAnswer({ success: true, data: { access_token: 't-1', expires_in: 300, token_type: 'Bearer' } }, ctx)).toEqual({ accessToken: 't-1', expiresIn: 300, tokenType: 'Bearer' });
    expect(readImportAnswer({ ok: true, Result: { job_id: '9007199254740993', info_url: null } }, ctx)).toMatchObject({ jobId: '9007199254740993', infoUrl: null });
    const job = readJobStatus({ success: true, payload: { job_id: 5, state: 'DONE', product_results: [{ position: 0, result: 'OK', product_id: 1 }] } }, ctx, classify);
    expect(job).toMatchObject({ jobId: '5', status: 'DONE', meaning: 'succeeded', products: [{ index: 0, productId: 1 }] });
    ctx.ledger.flush();
    expect(events.some((e) => e.type === 'log' && /fields not used: \(envelope\)\.success/.test(e.message))).toBe(true);
  });

  it('keeps the answer itself when it has fields of its own, or when two wrappers make it ambiguous', () => {
    const ctx = context();
    expect(readImportAnswer({ jobId: 7, data: { jobId: 8 } }, ctx)).toMatchObject({ jobId: '7' });
    expect(() => readImportAnswer({ data: { jobId: 8 }, result: { jobId: 9 } }, ctx)).toThrow(/import\.jobId not found/);
    expect(readJobStatus({ status: 'Done', data: [{ index: 0, status: 'Success' }] }, ctx, classify)).toMatchObject({ status: 'Done', products: [{ index: 0 }] });
  });
});

/**
 * Readers of the answers other than directories and job status: token, import acceptance, a page
 * of the product list, product details. Each reads by meaning (aliases, keys in any case, lists
 * wherever they are), notes the fields it did not use, and names the missing field and its
 * setting when one it needs is absent.
 */
import type { HeldText, ImportResponse, ProductDetail, ProductDetailSku, ProductListItem } from '../domain/index.js';
import { SchemaMismatchError } from '../core/errors.js';
import { describeValue, findRecordList } from './find-record-list.js';
import type { PagingFields } from './find-record-list.js';
import { readLocalizedValue, readTranslationList } from './read-localized.js';
import { createRecordReader, readCount, readFlag, readIntegerId, readJobIdText, unwrapRecord } from './record-reader.js';
import type { RecordReader } from './record-reader.js';
import { buildMissingFieldError, noteUnusedFields } from './wire-read-context.js';
import type { WireReadContext } from './wire-read-context.js';
import { isPlainRecord } from '../core/is-plain-record.js';

/** A token answer. */
export interface TokenAnswer {
  accessToken: string;
  expiresIn: number;
  tokenType?: string | null;
}

/**
 * A reader over the answer's record: the answer itself, or, when it carries none of `own`, the one
 * object under a wrapper (`{success: true, data: {...}}`); the envelope's other keys are noted as
 * not used.
 */
function objectReader(body: unknown, context: WireReadContext, what: string, own: readonly string[]): RecordReader {
  if (!isPlainRecord(body)) throw new SchemaMismatchError(context.endpoint, [{ path: '', message: `expected ${what}, got ${describeValue(body)}` }]);
  const { record, outerKeys } = unwrapRecord(body, own);
  noteUnusedFields(context, outerKeys, '(envelope)');
  return createRecordReader(record);
}

/** Reads a token answer; `expiresIn` in seconds (a missing lifetime is taken as 5 minutes, and said). */
export function readTokenAnswer(body: unknown, context: WireReadContext): TokenAnswer {
  const a = context.aliases;
  const reader = objectReader(body, context, 'a token object', [...a['token.accessToken'], ...a['token.expiresIn']]);
  const token = reader.get(a['token.accessToken']);
  if (typeof token !== 'string' || token === '') throw buildMissingFieldError(context, '', 'token.accessToken', reader.keys());
  const expires = readCount(reader.get(a['token.expiresIn']));
  const tokenType = reader.get(a['token.tokenType']);
  noteUnusedFields(context, reader.unusedKeys());
  if (expires === undefined) throw buildMissingFieldError(context, '', 'token.expiresIn', reader.keys());
  return { accessToken: token, expiresIn: expires, tokenType: typeof tokenType === 'string' ? tokenType : null };
}

/** Reads an import acceptance; the job id is kept as exact text, whatever its size. */
export function readImportAnswer(body: unknown, context: WireReadContext): ImportResponse {
  const a = context.aliases;
  const reader = objectReader(body, context, 'an import answer', [...a['import.jobId'], ...a['import.infoUrl']]);
  const jobId = readJobIdText(reader.get(a['import.jobId']));
  if (jobId === undefined) throw buildMissingFieldError(context, '', 'import.jobId', reader.keys());
  const received = readCount(reader.get(a['import.receivedItems']));
  const queuedAt = reader.get(a['import.queuedAt']);
  const link = readJobLink(reader, context);
  noteUnusedFields(context, reader.unusedKeys());
  return {
    jobId,
    receivedItems: received ?? null,
    queuedAt: typeof queuedAt === 'string' ? queuedAt : null,
    infoUrl: link?.url ?? null,
    ...(link === undefined ? {} : { infoUrlSource: link.source }),
  };
}

/** Link relations that point at the job's status, in the order tried. */
const JOB_LINK_RELATIONS = ['self', 'status', 'job', 'info', 'monitor'];

/**
 * The job-status link of an import answer: a link field (`links.self`, `_links.status.href`) first,
 * then a URL field (`infoUrl`, any alias); `source` names where it was, for the report.
 */
function readJobLink(reader: RecordReader, context: WireReadContext): { url: string; source: string } | undefined {
  for (const container of ['links', '_links']) {
    const found = reader.find([container]);
    if (found === undefined || !isPlainRecord(found.value)) continue;
    reader.markUsed([found.key]);
    const links = createRecordReader(found.value);
    for (const relation of JOB_LINK_RELATIONS) {
      const entry = links.find([relation]);
      const value = isPlainRecord(entry?.value) ? createRecordReader(entry.value).get(['href', 'url']) : entry?.value;
      if (entry !== undefined && typeof value === 'string' && value.trim() !== '') return { url: value.trim(), source: `${found.key}.${entry.key}` };
    }
  }
  const infoUrl = reader.find(context.aliases['import.infoUrl']);
  if (infoUrl !== undefined && typeof infoUrl.value === 'string' && infoUrl.value.trim() !== '') return { url: infoUrl.value.trim(), source: infoUrl.key };
  return undefined;
}

/** A page of the product list, read. */
export interface ProductListPage {
  products: ProductListItem[];
  paging: PagingFields;
}

/** Reads a page of the product list. */
export function readProductListPage(body: unknown, context: WireReadContext): ProductListPage {
  const list = findRecordList(body, context.aliases['product.list'], context.aliases);
  if (!list.ok) throw new SchemaMismatchError(context.endpoint, [{ path: '', message: list.message }]);
  noteUnusedFields(context, list.unusedKeys, '(page)');
  const a = context.aliases;
  const products = list.items.map((item, index): ProductListItem => {
    const path = `${list.arrayPath || ''}[${index}]`;
    if (!isPlainRecord(item)) throw new SchemaMismatchError(context.endpoint, [{ path, message: `expected an object, got ${describeValue(item)}` }]);
    const reader = createRecordReader(item);
    const productId = readIntegerId(reader.get(a['product.productId']));
    if (productId === undefined) throw buildMissingFieldError(context, path, 'product.productId', reader.keys());
    const name = readLocalizedValue(reader.get(a['product.productName']), a);
    const categoryId = readIntegerId(reader.get(a['product.categoryId']));
    const categoryName = readLocalizedValue(reader.get(a['product.categoryName']), a);
    const status = reader.get(a['product.productStatus']);
    const moderation = reader.get(a['product.moderationStatus']);
    const rest = Object.fromEntries(reader.unusedKeys().map((key) => [key, item[key]]));
    return {
      ...rest,
      productId,
      ...(name ? { productName: name } : {}),
      ...(categoryId === undefined ? {} : { categoryId }),
      ...(categoryName ? { categoryName } : {}),
      ...(typeof status === 'string' ? { productStatus: status } : {}),
      ...(typeof moderation === 'string' ? { moderationStatus: moderation } : {}),
    } as ProductListItem;
  });
  return { products, paging: list.paging };
}

/** Reads a details answer. Fields the answer does not carry stay absent: "not held", never empty. */
export function readProductDetails(body: unknown, context: WireReadContext): ProductDetail[] {
  const list = findRecordList(body, context.aliases['product.list'], context.aliases);
  if (!list.ok) throw new SchemaMismatchError(context.endpoint, [{ path: '', message: list.message }]);
  return list.items.map((item, index) => readProductDetail(item, `${list.arrayPath}[${index}]`, context));
}

/**
 * A product's held name or description. As `{rus, kaz}` by the aliases, a language the answer leaves out is not
 * held (never compared) and one it sends empty is held empty. As a list of `{locale, value}` translations or keys
 * that are language tags, both languages are held, a missing one empty: such a service leaves an empty
 * translation out, so there "left out" means "empty", and a text added in that language must be sent.
 */
function readHeldText(value: unknown, field: 'name' | 'description', context: WireReadContext): HeldText | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return { rus: value };
  if (isPlainRecord(value)) {
    const reader = createRecordReader(value);
    const rus = reader.get(context.aliases['localized.rus']);
    const kaz = reader.get(context.aliases['localized.kaz']);
    if (typeof rus === 'string' || typeof kaz === 'string') return { ...(typeof rus === 'string' ? { rus } : {}), ...(typeof kaz === 'string' ? { kaz } : {}) };
  }
  const read = Array.isArray(value) ? readTranslationList(value) : readLocalizedValue(value, context.aliases);
  if (read !== undefined) return { rus: read.rus, kaz: read.kaz };
  // Said, never guessed: a text in a form not understood is not held, so the plan can neither compare nor send it.
  context.ledger.noteOnce(`${context.endpoint} product ${field}`, `${context.endpoint}: the products' ${field} is not understood (${describeValue(value)}): it is taken as not held, never compared with the file, so a change to it is not sent`);
  return undefined;
}

function readIdList(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const id = readIntegerId(isPlainRecord(entry) ? createRecordReader(entry).get(['id', 'valueId', 'attributeValueId']) : entry);
    return id === undefined ? [] : [id];
  });
}

function readProductDetail(item: unknown, path: string, context: WireReadContext): ProductDetail {
  if (!isPlainRecord(item)) throw new SchemaMismatchError(context.endpoint, [{ path, message: `expected an object, got ${describeValue(item)}` }]);
  const a = context.aliases;
  const reader = createRecordReader(item);
  const productId = readIntegerId(reader.get(a['product.productId']));
  if (productId === undefined) throw buildMissingFieldError(context, path, 'product.productId', reader.keys());
  const detail: ProductDetail = { productId, attributes: [], skus: [] };
  for (const field of ['shopId', 'categoryId', 'brandId'] as const) {
    const id = readIntegerId(reader.get(a[`product.${field}`]));
    if (id !== undefined) detail[field] = id;
  }
  const localMade = readFlag(reader.get(a['product.isLocalMade']));
  if (localMade !== undefined) detail.isLocalMade = localMade;
  const vat = reader.get(a['product.vat']);
  if (typeof vat === 'number') detail.vat = vat;
  const name = readHeldText(reader.get(a['product.name']), 'name', context);
  if (name) detail.name = name;
  const description = readHeldText(reader.get(a['product.description']), 'description', context);
  if (description) detail.description = description;
  const attributes = reader.get(a['product.attributes']);
  if (Array.isArray(attributes)) {
    detail.attributes = attributes.filter(isPlainRecord).flatMap((entry) => {
      const attr = createRecordReader(entry);
      const id = readIntegerId(attr.get(a['productAttribute.id']));
      if (id === undefined) return [];
      const texts = attr.get(a['productAttribute.values']);
      const values = Array.isArray(texts) ? texts.flatMap((t) => (typeof t === 'string' || typeof t === 'number' ? [String(t)] : [])) : typeof texts === 'string' ? [texts] : undefined;
      return [{ id, valueIds: readIdList(attr.get(a['productAttribute.valueIds'])), ...(values === undefined ? {} : { values }) }];
    });
  }
  const skus = reader.get(a['product.skus']);
  if (Array.isArray(skus)) detail.skus = skus.filter(isPlainRecord).flatMap((entry) => readDetailSku(entry, context));
  noteUnusedFields(context, reader.unusedKeys(), 'products[]');
  return detail;
}

function readDetailSku(entry: Record<string, unknown>, context: WireReadContext): ProductDetailSku[] {
  const a = context.aliases;
  const reader = createRecordReader(entry);
  const skuId = readIntegerId(reader.get(a['productSku.skuId']));
  if (skuId === undefined) return [];
  const sku: ProductDetailSku = { skuId, attributeValueIds: readIdList(reader.get(a['productSku.attributeValueIds'])), photos: [] };
  const price = reader.get(a['productSku.price']);
  if (typeof price === 'number') sku.price = price;
  const barcode = reader.get(a['productSku.barcode']);
  if (typeof barcode === 'string') sku.skuBarcode = barcode;
  const photos = reader.get(a['productSku.photos']);
  if (Array.isArray(photos)) {
    sku.photos = photos.flatMap((photo, position) => {
      if (typeof photo === 'string') return [{ url: photo, order: position }];
      if (!isPlainRecord(photo)) return [];
      const p = createRecordReader(photo);
      const url = p.get(a['photo.url']);
      const order = readIntegerId(p.get(a['photo.order']));
      return typeof url === 'string' ? [{ url, ...(order === undefined ? {} : { order }) }] : [];
    });
  }
  noteUnusedFields(context, reader.unusedKeys(), 'products[].skus[]');
  return [sku];
}

/**
 * A request the service refused whole (a 4xx naming products) says which of its products were at
 * fault; this reads that by meaning, whatever the spelling: a field path with the product's place
 * (`products[3].skus[1].barcode`, `items[3]`, `products.3.vat`, `/products/3/name`), an index of
 * its own (`index`, `position`, `item_index`), or the product's identity echoed (a barcode, the
 * seller's product key, a product id) in the entry or its message. An echoed identity wins over a
 * place that contradicts it. What names no product of the request is left unplaced.
 */
import type { ApiFieldError } from '../../core/errors.js';
import type { ProductDraft } from '../../core/types.js';
import type { ResultError } from '../../state/types.js';

/** The refusal's errors by the product they name. */
export interface PlacedRefusal {
  /** Errors by the product's position in the request, fields relative to the product (`skus[1].barcode`). */
  byPosition: Map<number, ResultError[]>;
  /** Errors that name no product of the request. */
  unplaced: ApiFieldError[];
}

/** Names a list of products goes by at the head of a path (`products[3]`, `items[3]`, `[3]`). */
const LIST_HEAD = /^(?:products?|items?|entries|entry|records?|goods|catalog|batch|list)?\[(\d+)\](?:\.(.*))?$/i;
/** Wrappers a path may start with before the list (`body.products[0]`, `request.items[2]`). */
const WRAPPER = /^(?:(?:body|request|payload|data|input)\.)+/i;
/** Keys of an index of its own, folded (`item_index` → `itemindex`). */
const INDEX_KEYS = new Set(['index', 'idx', 'position', 'pos', 'productindex', 'itemindex', 'productposition', 'itemposition', 'productidx', 'itemidx']);
/** Key words of an echoed identity, folded. */
const IDENTITY_KEY = /barcode|ean|gtin|upc|sku|productkey|vendorcode|article|productid|externalid|^key$/;

/** Places each error on the product it names (see the file comment). */
export function placeRefusalErrors(errors: readonly ApiFieldError[], drafts: readonly ProductDraft[]): PlacedRefusal {
  const byPosition = new Map<number, ResultError[]>();
  const unplaced: ApiFieldError[] = [];
  const identities = indexIdentities(drafts);
  for (const error of errors) {
    const placed = placeOne(error, drafts, identities);
    if (placed === undefined) {
      unplaced.push(error);
      continue;
    }
    const list = byPosition.get(placed.position) ?? [];
    list.push({
      ...(placed.field !== '' ? { field: placed.field } : {}),
      ...(error.code !== undefined ? { code: error.code } : {}),
      message: error.description ?? error.code ?? 'refused by the service',
    });
    byPosition.set(placed.position, list);
  }
  return { byPosition, unplaced };
}

interface Identity {
  position: number;
  /** The SKU it names, when it is a barcode. */
  sku?: number;
}

/** Barcodes, product keys and product ids of the request, to what they name. */
function indexIdentities(drafts: readonly ProductDraft[]): Map<string, Identity[]> {
  const out = new Map<string, Identity[]>();
  const add = (value: string, identity: Identity): void => {
    const key = value.trim().toLowerCase();
    if (key === '') return;
    out.set(key, [...(out.get(key) ?? []), identity]);
  };
  drafts.forEach((draft, position) => {
    add(draft.productKey, { position });
    if (draft.item.productId !== null) add(String(draft.item.productId), { position });
    draft.item.skus.forEach((sku, i) => {
      if (sku.barcode !== undefined) add(sku.barcode, { position, sku: i });
    });
  });
  return out;
}

function placeOne(error: ApiFieldError, drafts: readonly ProductDraft[], identities: Map<string, Identity[]>): { position: number; field: string } | undefined {
  const path = readPlacePath(error.field);
  const index = path?.position ?? readIndexDetail(error.details);
  const echoed = findEchoedIdentity(error, identities);
  const inRange = index !== undefined && index >= 0 && index < drafts.length ? index : undefined;
  // The echoed identity wins when the place contradicts it (or there is none).
  const position = echoed !== undefined && echoed.position !== inRange ? echoed.position : inRange;
  if (position === undefined) return undefined;
  let field = path ? path.rest : isProductListField(error.field) ? '' : error.field;
  const sku = echoed?.position === position ? echoed.sku : undefined;
  if (sku !== undefined && (field === '' || /^barcode$/i.test(field))) field = `skus[${sku}].barcode`;
  return { position, field };
}

/** `products[3].skus[1].barcode` → position 3, rest `skus[1].barcode`; undefined when the path names no product. */
export function readPlacePath(field: string): { position: number; rest: string } | undefined {
  let path = field.trim();
  if (path.startsWith('/')) path = path.slice(1).split('/').join('.'); // a JSON pointer
  path = path
    .replace(/^\$\.?/, '')
    .replace(/\.(\d+)(?=\.|\[|$)/g, '[$1]')
    .replace(/^(\d+)(?=\.|\[|$)/, '[$1]')
    .replace(WRAPPER, '');
  const match = LIST_HEAD.exec(path);
  if (!match) return undefined;
  return { position: Number(match[1]), rest: match[2] ?? '' };
}

function readIndexDetail(details: ApiFieldError['details']): number | undefined {
  for (const [key, value] of Object.entries(details ?? {})) {
    if (!INDEX_KEYS.has(key.toLowerCase().replace(/[_\-\s]/g, ''))) continue;
    const number = typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
    if (Number.isInteger(number) && number >= 0) return number;
  }
  return undefined;
}

/**
 * The one product whose identity the error echoes: in an identity key of its own, else as a word
 * of its message (a barcode, or a product key with a digit in it, so that an ordinary word never
 * names a product). Several products named: none.
 */
function findEchoedIdentity(error: ApiFieldError, identities: Map<string, Identity[]>): Identity | undefined {
  const found: Identity[] = [];
  for (const [key, value] of Object.entries(error.details ?? {})) {
    if (IDENTITY_KEY.test(key.toLowerCase().replace(/[_\-\s]/g, ''))) found.push(...(identities.get(String(value).trim().toLowerCase()) ?? []));
  }
  if (found.length === 0) {
    const text = `${error.description ?? ''} ${error.code ?? ''}`;
    for (const word of text.split(/[\s,;:()[\]{}"'«»`]+/)) {
      const token = word.replace(/[.!?]+$/, '').toLowerCase();
      if (token.length >= 3 && /\d/.test(token)) found.push(...(identities.get(token) ?? []));
    }
  }
  const positions = new Set(found.map((identity) => identity.position));
  if (positions.size !== 1) return undefined;
  return found.find((identity) => identity.sku !== undefined) ?? found[0];
}

/** `products` or `items` alone: the list itself, no field of a product. */
function isProductListField(field: string): boolean {
  return /^(?:products?|items?|)$/i.test(field.trim());
}

/**
 * Read-back (`--verify`): after the jobs finish, reads the accepted products through details and
 * reports every field where what the service holds differs from what was sent. Details speak in
 * ids where the import speaks in codes, so codes are turned into ids through the directories.
 */
import type { CatalogClient } from '../api/create-catalog-client.js';
import type { Directories, ImportItem, ProductDetail } from '../api/wire.js';
import { createIssue } from '../core/issue.js';
import type { Issue } from '../core/issue.js';
import type { SpooledProduct } from '../state/index.js';

/** Options of `verifyProducts`. */
export interface VerifyOptions {
  client: CatalogClient;
  directories: Directories;
  /** What was sent, by marketplace product id. */
  sent: ReadonlyMap<number, ImportItem>;
  /** The spooled product of a marketplace id, to place issues on its rows. */
  spool: (productId: number) => SpooledProduct | undefined;
}

/** Reads the products back and returns a warning per differing field. */
export async function verifyProducts(options: VerifyOptions): Promise<Issue[]> {
  const details = await options.client.getProductDetails([...options.sent.keys()]);
  const byId = new Map(details.map((d) => [d.productId, d]));
  const issues: Issue[] = [];
  const attributeIdByCode = new Map(options.directories.attributes.map((a) => [a.code, a.id]));
  const valueIdByCode = new Map(options.directories.values.map((v) => [`${v.attributeCode}\u0000${v.code}`, v.id]));
  const valueIdByBareCode = new Map(options.directories.values.map((v) => [v.code, v.id]));

  for (const [productId, item] of options.sent) {
    const spooled = options.spool(productId);
    const ref = spooled?.rows[0];
    const at = (message: string, path: string, skuIndex?: number): void => {
      const rowRef = skuIndex !== undefined ? (spooled?.draft?.skuRows[skuIndex] ?? ref) : ref;
      issues.push(
        createIssue({
          code: 'verify_mismatch',
          severity: 'warning',
          stage: 'verify',
          message: `read back from the service: ${message}`,
          path,
          ...(rowRef ? { file: rowRef.file, row: rowRef.row, ...(rowRef.sheet !== undefined ? { sheet: rowRef.sheet } : {}) } : {}),
          ...(spooled ? { productKey: spooled.productKey } : {}),
        }),
      );
    };
    const detail = byId.get(productId);
    if (!detail) {
      at(`product ${productId} is not there`, 'productId');
      continue;
    }
    for (const difference of diffProduct(item, detail, (code) => attributeIdByCode.get(code), (attr, code) => valueIdByCode.get(`${attr}\u0000${code}`) ?? valueIdByBareCode.get(code))) {
      at(difference.message, difference.path, difference.skuIndex);
    }
  }
  return issues;
}

/** One difference between what was sent and what the service holds. */
export interface FieldDifference {
  path: string;
  message: string;
  skuIndex?: number;
}

/** Compares a sent import item with the service's details of the product. */
export function diffProduct(
  item: ImportItem,
  detail: ProductDetail,
  attributeId: (code: string) => number | undefined,
  valueId: (attributeCode: string, code: string) => number | undefined,
): FieldDifference[] {
  const out: FieldDifference[] = [];
  const cmp = (path: string, sent: unknown, held: unknown, skuIndex?: number): void => {
    if (held === undefined || held === null) return;
    if (JSON.stringify(sent) !== JSON.stringify(held)) out.push({ path, message: `${path} is ${JSON.stringify(held)}, sent ${JSON.stringify(sent)}`, ...(skuIndex !== undefined ? { skuIndex } : {}) });
  };
  cmp('categoryId', item.categoryId, detail.categoryId);
  cmp('brandId', item.brandId, detail.brandId);
  cmp('isLocalMade', item.isLocalMade, detail.isLocalMade);
  cmp('vat', item.vat, detail.vat);
  cmp('name.rus', item.name.rus, detail.name?.rus);
  cmp('description.rus', item.description.rus, detail.description?.rus);
  for (const attribute of item.attributes) {
    const id = attributeId(attribute.code);
    if (id === undefined) continue;
    const held = detail.attributes.find((a) => a.id === id);
    const ids = attribute.valueCodes.map((code) => valueId(attribute.code, code));
    if (ids.some((v) => v === undefined)) continue; // free values have no ids to compare
    if (!held) out.push({ path: `attributes[${attribute.code}]`, message: `attribute ${attribute.code} is missing` });
    else cmp(`attributes[${attribute.code}]`, [...(ids as number[])].sort(), [...held.valueIds].sort());
  }
  item.skus.forEach((sku, index) => {
    const held = detail.skus.find((s) => (sku.skuId !== null ? s.skuId === sku.skuId : s.skuBarcode === sku.barcode));
    if (!held) {
      out.push({ path: `skus[${index}]`, message: `SKU ${sku.barcode} is missing`, skuIndex: index });
      return;
    }
    cmp(`skus[${index}].price`, sku.price, held.price, index);
    cmp(`skus[${index}].barcode`, sku.barcode, held.skuBarcode, index);
    cmp(`skus[${index}].photos`, sku.photos.map((p) => p.mediaFile), [...held.photos].sort((a, b) => (a.order ?? 0) - (b.order ?? 0)).map((p) => p.url), index);
  });
  return out;
}

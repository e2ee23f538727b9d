/**
 * The names each meaning the client needs may go by on the wire. Keys are matched whatever their
 * case or separators (`record-reader.ts`), so one spelling per word is enough here. The service
 * profile (`service.fields` in the settings) puts its own names in front of these.
 */

/** Default aliases, by meaning (`<record>.<field>`). */
export const DEFAULT_WIRE_ALIASES = {
  'list.records': ['items', 'data', 'records', 'results', 'content', 'rows', 'list', 'entries', 'elements'],
  'list.paging': ['meta', 'paging', 'pagination', 'pageInfo', 'page', 'links', '_links'],
  'paging.totalCount': ['totalCount', 'total', 'totalItems', 'totalElements', 'totalRecords', 'totalResults', 'recordsTotal', 'itemCount'],
  'paging.totalPages': ['totalPages', 'pageCount', 'pagesCount', 'lastPage', 'pages'],
  'paging.pageSize': ['pageSize', 'perPage', 'limit', 'size', 'pageLimit'],
  'paging.pageNumber': ['pageNumber', 'currentPage', 'pageIndex', 'number', 'page'],
  'paging.hasNext': ['hasNext', 'hasNextPage', 'hasMore', 'more'],
  'paging.next': ['next', 'nextUrl', 'nextLink', 'nextPage', 'nextPageUrl', 'nextHref'],
  'paging.cursor': ['nextCursor', 'cursor', 'nextPageToken', 'continuationToken', 'nextToken', 'after', 'endCursor'],
  'paging.offset': ['offset', 'skip', 'start'],

  'localized.rus': ['rus', 'ru', 'russian', 'rusName', 'nameRu'],
  'localized.kaz': ['kaz', 'kz', 'kk', 'kazakh', 'kazName', 'nameKz'],

  'category.id': ['id', 'categoryId'],
  'category.parentId': ['parentId', 'parentCategoryId', 'parent'],
  'category.name': ['name', 'title', 'categoryName', 'displayName'],
  'category.nameRus': ['nameRu', 'nameRus', 'titleRu'],
  'category.nameKaz': ['nameKz', 'nameKaz', 'nameKk', 'titleKz'],
  'category.path': ['path', 'fullPath', 'fullName', 'breadcrumb'],
  'category.isLeaf': ['isLeaf', 'leaf', 'isFinal', 'isLast', 'isEndpoint'],
  'category.hasChildren': ['hasChildren', 'hasSubcategories'],
  'category.children': ['children', 'subcategories', 'childCategories', 'nodes', 'childs'],
  'category.attributes': ['attributes', 'attributeLinks', 'categoryAttributes'],
  'category.attributeIds': ['attributeIds'],
  'category.level': ['level', 'depth'],

  'attribute.id': ['id', 'attributeId'],
  'attribute.code': ['code', 'attributeCode', 'key', 'slug', 'alias', 'systemName'],
  'attribute.name': ['name', 'title', 'attributeName', 'displayName', 'label'],
  'attribute.nameRus': ['nameRu', 'nameRus', 'titleRu'],
  'attribute.nameKaz': ['nameKz', 'nameKaz', 'nameKk', 'titleKz'],
  'attribute.type': ['type', 'valueType', 'dataType', 'attributeType', 'kind', 'inputType', 'fieldType'],
  'attribute.isMultiple': ['isMultiple', 'multiple', 'isMultiValue', 'multiValue', 'multiValued', 'allowMultiple', 'isMulti', 'isMultiSelect'],
  'attribute.isSkuDefining': ['isSkuDefining', 'isVariant', 'isVariation', 'variant', 'variation', 'isSku', 'skuDefining', 'isSkuAttribute', 'isVariantAttribute', 'variantAttribute', 'isVariationAttribute', 'variationAttribute', 'skuAttribute', 'isSkuAttr', 'forSku', 'isSkuLevel'],
  'attribute.level': ['level', 'scope', 'attributeLevel'],
  'attribute.categories': ['categories', 'categoryLinks', 'attributeCategories', 'categoryBindings'],
  'attribute.categoryIds': ['categoryIds', 'categories'],
  'attribute.isRequired': ['isRequired', 'required', 'mandatory', 'isMandatory', 'isObligatory'],
  'attribute.values': ['values', 'options', 'attributeValues', 'dictionary'],

  'link.categoryId': ['categoryId', 'id', 'category'],
  'link.attributeId': ['attributeId', 'id'],
  'link.attributeCode': ['attributeCode', 'code'],
  'link.isRequired': ['isRequired', 'required', 'mandatory', 'isMandatory'],

  'value.id': ['id', 'valueId', 'attributeValueId'],
  'value.code': ['code', 'valueCode', 'key', 'slug'],
  'value.attributeCode': ['attributeCode', 'attribute'],
  'value.attributeId': ['attributeId'],
  'value.name': ['name', 'title', 'displayName', 'label', 'text', 'value'],
  'value.nameRus': ['nameRu', 'nameRus', 'valueRu'],
  'value.nameKaz': ['nameKz', 'nameKaz', 'nameKk', 'valueKz'],

  'brand.id': ['id', 'brandId'],
  'brand.name': ['name', 'title', 'brandName', 'displayName'],
  'brand.code': ['code', 'brandCode', 'slug', 'key'],

  'token.accessToken': ['accessToken', 'token', 'access'],
  'token.expiresIn': ['expiresIn', 'expires', 'ttl', 'lifetime'],
  'token.tokenType': ['tokenType', 'type'],

  'import.jobId': ['jobId', 'id', 'importJobId', 'taskId', 'job'],
  'import.receivedItems': ['receivedItems', 'received', 'receivedCount', 'itemsCount', 'itemCount', 'count'],
  'import.queuedAt': ['queuedAt', 'createdAt', 'queued', 'created'],
  'import.infoUrl': ['infoUrl', 'statusUrl', 'location', 'href', 'link', 'url'],

  'job.jobId': ['jobId', 'id', 'importJobId', 'taskId'],
  'job.status': ['status', 'state', 'jobStatus', 'importStatus', 'statusName'],
  'job.queuedAt': ['queuedAt', 'createdAt', 'queued'],
  'job.finishedAt': ['finishedAt', 'completedAt', 'doneAt', 'finished', 'endedAt'],
  'job.products': ['products', 'items', 'results', 'productResults', 'records', 'data', 'details'],
  'job.receivedItems': ['receivedItems', 'receivedCount', 'itemsCount', 'totalItems'],
  'job.successCount': ['successCount', 'succeededCount', 'successfulCount', 'okCount', 'acceptedCount'],
  'job.failedCount': ['failedCount', 'failureCount', 'errorCount', 'errorsCount', 'rejectedCount'],
  'jobProduct.index': ['index', 'position', 'itemIndex', 'productIndex', 'requestIndex'],
  'jobProduct.productId': ['productId', 'productCardId', 'id'],
  'jobProduct.status': ['status', 'state', 'result', 'productStatus', 'importStatus', 'statusName'],
  'jobProduct.skus': ['skus', 'skuResults', 'sku'],
  'jobProduct.errors': ['errors', 'validationErrors', 'problems', 'messages', 'errorMessages'],
  'jobSku.index': ['index', 'position'],
  'jobSku.skuId': ['skuId', 'id'],
  'jobSku.barcode': ['barcode', 'skuBarcode', 'ean', 'gtin'],
  'jobError.field': ['field', 'path', 'property', 'propertyName', 'fieldName', 'pointer'],
  'jobError.code': ['code', 'errorCode', 'type'],
  'jobError.description': ['description', 'message', 'errorMessage', 'detail', 'text', 'title'],

  'product.list': ['products', 'items', 'data', 'results', 'records', 'content'],
  'product.productId': ['productId', 'id'],
  'product.shopId': ['shopId', 'storeId'],
  'product.productName': ['productName', 'name', 'title'],
  'product.categoryId': ['categoryId'],
  'product.categoryName': ['categoryName'],
  'product.brandId': ['brandId'],
  'product.productStatus': ['productStatus', 'status'],
  'product.moderationStatus': ['moderationStatus', 'moderationProductStatus'],
  'product.isLocalMade': ['isLocalMade', 'localMade', 'isLocal'],
  'product.name': ['name', 'productName', 'title'],
  'product.description': ['description', 'productDescription'],
  'product.vat': ['vat', 'vatRate', 'nds'],
  'product.attributes': ['attributes', 'productAttributes'],
  'product.skus': ['skus', 'items', 'variants'],
  'productAttribute.id': ['id', 'attributeId'],
  'productAttribute.valueIds': ['valueIds', 'attributeValueIds'],
  'productAttribute.values': ['values', 'value', 'texts', 'freeValues', 'valueTexts'],
  'productSku.skuId': ['skuId', 'id'],
  'productSku.attributeValueIds': ['attributeValueIds', 'valueIds'],
  'productSku.price': ['price', 'amount'],
  'productSku.barcode': ['skuBarcode', 'barcode', 'ean'],
  'productSku.photos': ['photos', 'images', 'pictures', 'media'],
  'photo.url': ['url', 'mediaFile', 'src', 'link', 'href'],
  'photo.order': ['order', 'position', 'sortOrder', 'index'],
} as const satisfies Record<string, readonly string[]>;

/** A meaning the client reads. */
export type WireMeaning = keyof typeof DEFAULT_WIRE_ALIASES;

/** The service profile's own aliases, by meaning; they are tried before the defaults. */
export type WireAliasOverrides = Partial<Record<string, readonly string[]>>;

/** Aliases in the order tried for every meaning. */
export type WireAliases = Record<WireMeaning, readonly string[]>;

/** Merges the profile's aliases in front of the defaults. */
export function buildWireAliases(overrides: WireAliasOverrides = {}): WireAliases {
  const out = {} as Record<WireMeaning, readonly string[]>;
  for (const meaning of Object.keys(DEFAULT_WIRE_ALIASES) as WireMeaning[]) {
    const extra = overrides[meaning] ?? [];
    out[meaning] = [...new Set([...extra, ...DEFAULT_WIRE_ALIASES[meaning]])];
  }
  return out;
}

/**
 * Flags known by the class of their name, not one spelling: when no alias of the meaning is
 * present, a single boolean field whose name has one of these words is read as it
 * (`variant_attribute`, `is_sku_attr`, `variation_flag` → `attribute.isSkuDefining`).
 */
export const FLAG_NAME_CLASSES: Partial<Record<WireMeaning, readonly string[]>> = {
  'attribute.isSkuDefining': ['variant', 'variation', 'variations', 'variants', 'sku', 'skus'],
};

/** The words of a field name, lower case: `isSKUAttr` → is, sku, attr; `variant_attribute` → variant, attribute. */
function splitNameWords(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase());
}

/** True when `key`'s words include one of `words`. */
export function isNameOfClass(key: string, words: readonly string[]): boolean {
  return splitNameWords(key).some((word) => words.includes(word));
}

/**
 * Matches the columns of a seller file to the fields of the import item by their headers (Russian,
 * Kazakh and English synonyms, `(каз)`/`KZ`-style language marks), and the remaining columns to
 * directory attributes by name; a header that fits several attributes (`Размер`, `Память`) is
 * decided by the column's values.
 */
import type { Attribute } from '../domain/index.js';
import type { SourceColumn } from '../sources/types.js';
import type { DirectoryMatchers } from './create-directory-matchers.js';
import { matchValue, DEFAULT_MATCH_THRESHOLDS, type MatchStatus } from './match-value.js';
import { tokenizeForMatch } from './normalize-for-match.js';
import { scoreTextSimilarity } from './score-candidates.js';
import type { FieldName } from '../stages/mapped-row.js';

/** A field of the import item a column can feed (`columns.*` of the mapping). */
export type ImportField = FieldName;

/** What a column was matched to. */
export type ColumnTarget = { kind: 'field'; field: ImportField } | { kind: 'attribute'; attribute: Attribute } | { kind: 'none' };

/** The decision for one column. */
export interface ColumnMatch {
  column: SourceColumn;
  target: ColumnTarget;
  /** `exact` for a known synonym or attribute name, `confident` for a close one, `todo` when unmatched. */
  status: MatchStatus;
  score: number;
  /** How an attribute was chosen among several with fitting names. */
  via?: 'header' | 'values';
  /** For unmatched columns: the nearest fields or attributes, best first. */
  candidates: { label: string; score: number }[];
  /** A second use of a key column: the attribute its header names (`Модель` as product key and as attribute `model`). */
  alsoAttribute?: Attribute;
  /** Why a key, barcode or attribute column was chosen or passed over, in one line (fill, distinctness, value shape): the draft's comment. */
  reason?: string;
}

/** Options of `matchColumns`. */
export interface MatchColumnsOptions {
  matchers: DirectoryMatchers;
  /** Distinct values of a column (by position), to decide between attributes with fitting names. */
  valuesOf?: (columnIndex: number) => readonly string[];
  /** Data rows of the file, to tell a per-row key (SKU) from a grouping one (product). */
  rows?: number;
  /** Non-empty cells of a column: between columns that fit one field or attribute, the filled one wins. */
  filledOf?: (columnIndex: number) => number;
}

type Language = 'rus' | 'kaz';

// Score of a header that is the initials of an attribute name: confident, never exact.
const ACRONYM_SCORE = 0.9;

// Synonyms of each field, compared after language marks are removed. Order inside `productKey`
// matters: a model code groups SKUs better than an article, which is then the SKU key.
const MODEL_KEY_SYNONYMS = ['модель', 'код модели', 'артикул модели', 'model', 'model code', 'группа', 'үлгі', 'үлгісі'];
const ARTICLE_SYNONYMS = ['артикул', 'арт', 'артикул товара', 'артикул продавца', 'код товара', 'код', 'article', 'vendor code', 'product code', 'seller sku', 'тауар коды', 'артикулы'];
const SKU_SYNONYMS = ['артикул sku', 'sku', 'код sku', 'артикул варианта', 'код варианта', 'variant sku', 'sku code', 'артикул торгового предложения'];
/**
 * The one-word labels of a code (`арт`, `артикул`, `код`, `модель`, `sku`): a column headed so holds codes, and in a product
 * name such a word followed by a code is one code, no word of the product's type. `группа` groups models, it labels no code.
 */
export const CODE_LABEL_WORDS: ReadonlySet<string> = new Set([
  ...[...MODEL_KEY_SYNONYMS, ...ARTICLE_SYNONYMS, ...SKU_SYNONYMS].filter((label) => !label.includes(' ') && label !== 'группа'),
  // `мод. 95428` (модель cut short) labels a model's code in a name; as a column heading it is too short to say so.
  'мод',
]);
const FIELD_SYNONYMS: Record<Exclude<ImportField, 'productKey' | 'skuKey' | 'name.kaz' | 'description.kaz'>, string[]> = {
  shopId: ['магазин', 'id магазина', 'код магазина', 'shop', 'shop id', 'shopid', 'дүкен'],
  category: ['категория', 'категория товара', 'раздел', 'подкатегория', 'группа товаров', 'тип товара', 'category', 'санат', 'санаты', 'тауар санаты'],
  brand: ['бренд', 'производитель', 'марка', 'торговая марка', 'brand', 'manufacturer', 'бренді', 'өндіруші'],
  isLocalMade: [
    'отечественный',
    'отечественное производство',
    'отечественный товар',
    'казахстанское производство',
    'произведено в казахстане',
    'сделано в казахстане',
    'местное производство',
    'local made',
    'made in kazakhstan',
    'islocalmade',
    'отандық өнім',
    'қазақстанда жасалған',
  ],
  'name.rus': ['наименование', 'название', 'наименование товара', 'название товара', 'имя товара', 'name', 'product name', 'title', 'тауар атауы', 'атауы'],
  'description.rus': ['описание', 'описание товара', 'description', 'сипаттама', 'сипаттамасы', 'тауар сипаттамасы'],
  vat: ['ндс', 'ставка ндс', 'ндс %', 'vat', 'vat rate', 'ққс'],
  price: ['цена', 'цена продажи', 'розничная цена', 'цена тенге', 'цена тг', 'стоимость', 'price', 'бағасы', 'баға'],
  barcode: ['штрихкод', 'штрих код', 'штрихкод товара', 'баркод', 'шк', 'ean', 'ean 13', 'ean13', 'gtin', 'barcode', 'штрихкоды', 'штрихкод sku'],
  photos: ['фото', 'фотография', 'фотографии', 'изображение', 'изображения', 'картинка', 'ссылка на фото', 'фото url', 'photo', 'photos', 'image', 'images', 'image url', 'picture', 'сурет', 'суреттер'],
  productId: ['id товара', 'productid', 'product id', 'id продукта'],
  skuId: ['skuid', 'sku id', 'id sku'],
};
// Headers written in Kazakh name the Kazakh text unless marked otherwise.
const KAZAKH_HEADERS = new Set(['атауы', 'тауар атауы', 'сипаттама', 'сипаттамасы', 'тауар сипаттамасы']);
const LANGUAGE_MARKS: Record<string, Language> = {
  рус: 'rus',
  ru: 'rus',
  rus: 'rus',
  русский: 'rus',
  русском: 'rus',
  орыс: 'rus',
  орысша: 'rus',
  каз: 'kaz',
  қаз: 'kaz',
  kz: 'kaz',
  kaz: 'kaz',
  kk: 'kaz',
  казахский: 'kaz',
  казахском: 'kaz',
  қазақша: 'kaz',
  қазақ: 'kaz',
};
const LANGUAGE_FILLERS = new Set(['на', 'языке', 'тілінде', 'in', 'язык']);

const FIELD_LABELS: Record<ImportField, string> = {
  productKey: 'product key (article / model)',
  skuKey: 'SKU key',
  shopId: 'shop id',
  category: 'category',
  brand: 'brand',
  isLocalMade: 'made in Kazakhstan',
  'name.rus': 'name (Russian)',
  'name.kaz': 'name (Kazakh)',
  'description.rus': 'description (Russian)',
  'description.kaz': 'description (Kazakh)',
  vat: 'VAT',
  price: 'price',
  barcode: 'barcode',
  photos: 'photos',
  productId: 'marketplace product id',
  skuId: 'marketplace SKU id',
};

/** A readable name of a field, for comments and summaries. */
export function describeImportField(field: ImportField): string {
  return FIELD_LABELS[field];
}

/** Matches every column. Each field is fed by one column at most (photos by several, in column order). */
export function matchColumns(header: readonly SourceColumn[], options: MatchColumnsOptions): ColumnMatch[] {
  const proposals = header.map((column) => guardMarketplaceIds(proposeField(column), column, options));
  const results: ColumnMatch[] = header.map((column) => ({ column, target: { kind: 'none' }, status: 'todo', score: 0, candidates: [] }));

  const modelKeys = proposals.filter((p) => p.kind === 'model');
  const articles = proposals.filter((p) => p.kind === 'article');
  const skus = proposals.filter((p) => p.kind === 'sku');
  const assign = (proposal: FieldProposal | undefined, field: ImportField): void => {
    if (proposal === undefined) return;
    const result = results[proposal.index];
    if (result === undefined || result.target.kind !== 'none') return;
    results[proposal.index] = { ...result, target: { kind: 'field', field }, status: proposal.score === 1 ? 'exact' : 'confident', score: proposal.score, via: 'header' };
  };
  // An article is the usual product key. Only when the article is unique per row and a model
  // column groups rows does the model become the product key and the article the SKU key.
  // A key filled on less than half the rows is never the key (a `Код` filled on 1 row of 1,932).
  const keyable = (list: readonly FieldProposal[]): FieldProposal[] => list.filter((proposal) => isFilledEnoughForKey(proposal.index, results, options, 'the key'));
  const article = bestOf(keyable(articles), options.filledOf);
  const model = bestOf(keyable(modelKeys), options.filledOf);
  const unique = (proposal: FieldProposal | undefined): boolean =>
    proposal !== undefined && options.rows !== undefined && options.rows > 1 && (options.valuesOf?.(proposal.index).length ?? 0) === options.rows;
  const sku = bestOf(keyable(skus), options.filledOf);
  if (article !== undefined && model !== undefined && sku === undefined && unique(article) && !unique(model)) {
    assign(model, 'productKey');
    assign(article, 'skuKey');
  } else {
    assign(article ?? model, 'productKey');
    assign(sku, 'skuKey');
  }
  for (const field of ['productKey', 'skuKey'] as const) explainKey(results, field, options);

  const byField = new Map<ImportField, FieldProposal[]>();
  for (const proposal of proposals) {
    if (proposal.field !== undefined) byField.set(proposal.field, [...(byField.get(proposal.field) ?? []), proposal]);
  }
  for (const [field, list] of byField) {
    if (field === 'photos') for (const proposal of list) assign(proposal, field);
    else assign(bestOf(list, options.filledOf), field);
  }
  assignPriceByContent(results, options);
  assignBarcodeByContent(results, options);
  explainBarcode(results, options);

  const attributeMatcher = options.matchers.attributes();
  results.forEach((result, i) => {
    const isKey = result.target.kind === 'field' && (result.target.field === 'productKey' || result.target.field === 'skuKey');
    if (result.target.kind !== 'none' && !isKey) return;
    const name = stripLanguage(result.column.name).text;
    if (name === '') return;
    const match = matchValue(name, attributeMatcher);
    const values = options.valuesOf?.(result.column.index) ?? [];
    let attribute: Attribute | undefined;
    let score = 0;
    let via: 'header' | 'values' = 'header';
    const acronym = findAcronymAttribute(name, options.matchers);
    if (match.best !== undefined && match.status !== 'todo') {
      attribute = match.best.entry;
      score = match.best.score;
    } else if (acronym !== undefined) {
      attribute = acronym;
      score = ACRONYM_SCORE;
    } else if (!isKey && values.length > 0) {
      // `Размер` fits clothing, children's and shoe sizes alike: the values tell which one.
      const fitting = match.candidates.filter((candidate) => candidate.score >= 0.5 && candidate.entry.type === 'dictionary');
      const picked = pickAttributeByValues(fitting.map((candidate) => candidate.entry), values, options.matchers);
      if (picked !== undefined) {
        attribute = picked.attribute;
        score = picked.share;
        via = 'values';
      } else {
        // A header no attribute name fits (`Рост/разм.`, `Р-р`) over values shaped like sizes.
        const sized = pickSizeAttributeByShape(values, options.matchers);
        if (sized !== undefined) {
          attribute = sized.attribute;
          score = sized.share;
          via = 'values';
        }
      }
    }
    if (isKey) {
      // A key column may also feed the attribute its header names exactly (`Модель` → `model`).
      if (attribute !== undefined && match.status === 'exact') results[i] = { ...result, alsoAttribute: attribute };
      return;
    }
    if (attribute !== undefined) {
      results[i] = { ...result, target: { kind: 'attribute', attribute }, status: via === 'header' && match.status !== 'todo' ? match.status : 'confident', score, via };
    } else {
      results[i] = { ...result, candidates: suggestTargets(result.column.name, match.candidates.map((c) => ({ label: `attribute ${c.label}`, score: c.score }))) };
    }
  });
  keepFilledAttributeColumns(results, options.filledOf);
  dropNearlyEmptyAttributeColumns(results, options);
  return results;
}

/** `filled on 1,930 of 1,932 rows`, or '' when the counts are unknown. */
function describeFill(index: number, options: MatchColumnsOptions): string {
  if (options.filledOf === undefined || options.rows === undefined) return '';
  return `filled on ${options.filledOf(index)} of ${options.rows} rows`;
}

/** A key (or content-found barcode) column must be filled on at least half the rows; an emptier one is passed over, saying why. */
function isFilledEnoughForKey(index: number, results: ColumnMatch[], options: MatchColumnsOptions, what: string): boolean {
  if (options.filledOf === undefined || options.rows === undefined || options.rows === 0) return true;
  if (options.filledOf(index) * 2 >= options.rows) return true;
  const result = results[index];
  if (result !== undefined) results[index] = { ...result, reason: `not ${what}: ${describeFill(index, options)}, under half` };
  return false;
}

/** The reason of the key column: how full it is and whether it is unique per row or groups rows into products. */
function explainKey(results: ColumnMatch[], field: 'productKey' | 'skuKey', options: MatchColumnsOptions): void {
  const i = results.findIndex((result) => result.target.kind === 'field' && result.target.field === field);
  const result = results[i];
  if (result === undefined) return;
  const distinct = options.valuesOf?.(result.column.index).length ?? 0;
  const fill = describeFill(result.column.index, options);
  const shape = options.rows !== undefined && distinct === options.rows ? 'unique on every row' : `${distinct} distinct values`;
  results[i] = { ...result, reason: `the ${field === 'productKey' ? 'product' : 'SKU'} key: ${fill === '' ? '' : `${fill}, `}${shape}` };
}

/** The reason of a barcode column found by its header: how full it is and how many values have a barcode's shape. */
function explainBarcode(results: ColumnMatch[], options: MatchColumnsOptions): void {
  const i = results.findIndex((result) => result.target.kind === 'field' && result.target.field === 'barcode');
  const result = results[i];
  if (result === undefined || result.reason !== undefined) return;
  const values = (options.valuesOf?.(result.column.index) ?? []).slice(0, 200);
  const shaped = values.filter((value) => BARCODE_SHAPE.test(value.trim())).length;
  const fill = describeFill(result.column.index, options);
  results[i] = { ...result, reason: `the barcode by its header${fill === '' ? '' : `, ${fill}`}${values.length === 0 ? '' : `; ${shaped} of the first ${values.length} values have 8, 12, 13 or 14 digits`}` };
}

/** Fewest filled cells of an attribute column, as a share of the rows (and never fewer than 2). */
const MIN_ATTRIBUTE_FILL = 0.01;

/** An attribute column filled on 1 row of 312 is noise, not the size of the goods: it is not imported, saying why. */
function dropNearlyEmptyAttributeColumns(results: ColumnMatch[], options: MatchColumnsOptions): void {
  if (options.filledOf === undefined || options.rows === undefined) return;
  const least = Math.max(2, Math.ceil(options.rows * MIN_ATTRIBUTE_FILL));
  results.forEach((result, i) => {
    if (result.target.kind !== 'attribute') return;
    const fill = describeFill(result.column.index, options);
    if ((options.filledOf?.(result.column.index) ?? 0) >= least) {
      results[i] = { ...result, reason: `${fill}${result.via === 'values' ? ', chosen by its values' : ''}` };
      return;
    }
    const code = result.target.attribute.code;
    results[i] = { ...result, target: { kind: 'none' }, status: 'todo', score: 0, reason: `not attribute ${code}: ${fill}, fewer than ${least}`, candidates: [{ label: `attribute ${code} (nearly empty)`, score: result.score }] };
  });
}

/**
 * `productId`/`skuId` are the marketplace's ids: a seller's own `SKU_ID` is its SKU key, not them.
 * A column feeds them only when its header is the one `export` writes and every value is a number.
 */
function guardMarketplaceIds(proposal: FieldProposal, column: SourceColumn, options: MatchColumnsOptions): FieldProposal {
  if (proposal.field !== 'productId' && proposal.field !== 'skuId') return proposal;
  const values = options.valuesOf?.(column.index) ?? [];
  const exportHeader = column.name.trim() === proposal.field;
  if (exportHeader && values.length > 0 && values.every((value) => /^\d{1,15}$/.test(value.trim()))) return proposal;
  return { index: proposal.index, kind: proposal.field === 'skuId' ? 'sku' : 'article', score: proposal.score };
}

// Words a price header holds among others (`Цена Рекоменд. по РРЦ_БАЗ_ГРН, ГРН`).
const PRICE_WORDS = new Set(['цена', 'цены', 'стоимость', 'price', 'баға', 'бағасы', 'ррц']);

/** No header is a price synonym: a column whose header holds a price word and whose values are amounts is the price. */
function assignPriceByContent(results: ColumnMatch[], options: MatchColumnsOptions): void {
  if (results.some((result) => result.target.kind === 'field' && result.target.field === 'price')) return;
  const amounts = (index: number): number => {
    const values = (options.valuesOf?.(index) ?? []).slice(0, 200);
    if (values.length === 0) return 0;
    return values.filter((value) => /^\s*\d[\d\s\u00a0]*(?:[.,]\d{1,2})?\s*(?:₸|тг\.?|тенге|kzt|грн|руб\.?|₽|\$|€)?\s*$/i.test(value)).length / values.length;
  };
  const fitting = results
    .map((result, i) => ({ result, i }))
    .filter(({ result }) => result.target.kind === 'none' && tokenizeForMatch(result.column.name).some((word) => PRICE_WORDS.has(word)))
    .filter(({ result }) => amounts(result.column.index) >= 0.9)
    .sort((a, b) => (options.filledOf?.(b.result.column.index) ?? 0) - (options.filledOf?.(a.result.column.index) ?? 0));
  const chosen = fitting[0];
  if (chosen === undefined) return;
  results[chosen.i] = { ...chosen.result, target: { kind: 'field', field: 'price' }, status: 'confident', score: 0.9, via: 'values' };
}

const BARCODE_SHAPE = /^(?:\d{8}|\d{12,14})$/;

/** No header is a barcode synonym: an unassigned column of 8, 12, 13 or 14 digits on (nearly) every value is the barcode. */
function assignBarcodeByContent(results: ColumnMatch[], options: MatchColumnsOptions): void {
  if (results.some((result) => result.target.kind === 'field' && result.target.field === 'barcode')) return;
  const fitting = results
    .map((result, i) => ({ result, i, values: (options.valuesOf?.(result.column.index) ?? []).slice(0, 200) }))
    .filter(({ result, values }) => result.target.kind === 'none' && values.length > 0 && values.filter((value) => BARCODE_SHAPE.test(value.trim())).length / values.length >= 0.9)
    .sort((a, b) => (options.filledOf?.(b.result.column.index) ?? 0) - (options.filledOf?.(a.result.column.index) ?? 0));
  const chosen = fitting.find(({ result }) => isFilledEnoughForKey(result.column.index, results, options, 'the barcode'));
  if (chosen === undefined) return;
  const fill = describeFill(chosen.result.column.index, options);
  results[chosen.i] = {
    ...chosen.result,
    target: { kind: 'field', field: 'barcode' },
    status: 'confident',
    score: 0.9,
    via: 'values',
    reason: `the barcode by its values: 8, 12, 13 or 14 digits${fill === '' ? '' : `, ${fill}`}`,
  };
}

/** Two columns for one attribute (`Размер` filled in 1 of 325 rows, `Размер2` in all): the filled one feeds it, the other is not imported. */
function keepFilledAttributeColumns(results: ColumnMatch[], filledOf: ((columnIndex: number) => number) | undefined): void {
  const byCode = new Map<string, number[]>();
  results.forEach((result, i) => {
    if (result.target.kind === 'attribute') byCode.set(result.target.attribute.code, [...(byCode.get(result.target.attribute.code) ?? []), i]);
  });
  for (const [code, indexes] of byCode) {
    if (indexes.length < 2) continue;
    const fill = (i: number): number => filledOf?.(results[i]?.column.index ?? -1) ?? 0;
    const keep = [...indexes].sort((a, b) => fill(b) - fill(a) || a - b)[0];
    for (const i of indexes) {
      const result = results[i];
      if (i === keep || result === undefined) continue;
      results[i] = { ...result, target: { kind: 'none' }, status: 'todo', score: 0, candidates: [{ label: `attribute ${code} (fed by a fuller column)`, score: result.score }] };
    }
  }
}

interface FieldProposal {
  index: number;
  kind: 'model' | 'article' | 'sku' | 'field';
  field?: ImportField;
  score: number;
}

function proposeField(column: SourceColumn): FieldProposal {
  const none: FieldProposal = { index: column.index, kind: 'field', score: 0 };
  const { text, language } = stripLanguage(column.name);
  if (text === '') return none;
  const scoreAgainst = (synonyms: readonly string[]): number => {
    let best = 0;
    for (const synonym of synonyms) {
      const normalized = tokenizeForMatch(synonym).join(' ');
      if (normalized === text) return 1;
      best = Math.max(best, scoreTextSimilarity(text, synonym));
    }
    return best;
  };
  const proposals: FieldProposal[] = [
    { index: column.index, kind: 'model', score: scoreAgainst(MODEL_KEY_SYNONYMS) },
    { index: column.index, kind: 'article', score: scoreAgainst(ARTICLE_SYNONYMS) },
    { index: column.index, kind: 'sku', score: scoreAgainst(SKU_SYNONYMS) },
  ];
  for (const [field, synonyms] of Object.entries(FIELD_SYNONYMS) as [keyof typeof FIELD_SYNONYMS, string[]][]) {
    let target: ImportField = field;
    if (field === 'name.rus' || field === 'description.rus') {
      const kazakh = language === 'kaz' || (language === undefined && KAZAKH_HEADERS.has(text));
      if (kazakh) target = field === 'name.rus' ? 'name.kaz' : 'description.kaz';
    }
    proposals.push({ index: column.index, kind: 'field', field: target, score: scoreAgainst(synonyms) });
  }
  proposals.sort((a, b) => b.score - a.score);
  const [best, second] = proposals;
  if (best === undefined || best.score < DEFAULT_MATCH_THRESHOLDS.minScore) return none;
  if (second !== undefined && best.score < 1 && best.score - second.score < DEFAULT_MATCH_THRESHOLDS.minGap) return none;
  return best;
}

function bestOf(list: readonly FieldProposal[], filledOf?: (columnIndex: number) => number): FieldProposal | undefined {
  // A column far emptier than another that fits as well is not the one (a key filled in 1 row of 1,935).
  const most = filledOf === undefined ? 0 : Math.max(0, ...list.map((proposal) => filledOf(proposal.index)));
  const kept = filledOf === undefined || most === 0 ? list : list.filter((proposal) => filledOf(proposal.index) * 2 >= most);
  let best: FieldProposal | undefined;
  for (const proposal of kept) if (best === undefined || proposal.score > best.score) best = proposal;
  return best;
}

/** The header without language marks (`Наименование (каз)` → `наименование`, kaz). */
function stripLanguage(header: string): { text: string; language: Language | undefined } {
  // `Фото 1`, `Фото2`: the number only orders photos.
  const tokens = tokenizeForMatch(header).filter((token, i, all) => !(i === all.length - 1 && /^\d+$/.test(token) && all.length > 1));
  let language: Language | undefined;
  const kept: string[] = [];
  for (const token of tokens) {
    // `Object.hasOwn`: a header word such as `constructor` is no language mark (never the table's prototype).
    const mark = Object.hasOwn(LANGUAGE_MARKS, token) ? LANGUAGE_MARKS[token] : undefined;
    if (mark !== undefined && tokens.length > 1) language = mark;
    else if (!(LANGUAGE_FILLERS.has(token) && tokens.length > 1)) kept.push(token);
  }
  return { text: kept.join(' '), language };
}

/** The one attribute whose name's initials the header is (`ОС` → `Операционная система`), if exactly one. */
function findAcronymAttribute(header: string, matchers: DirectoryMatchers): Attribute | undefined {
  if (header.includes(' ') || header.length < 2 || header.length > 5) return undefined;
  const found = matchers.index.directories.attributes.filter((attribute) =>
    [attribute.name.rus, attribute.name.kaz].some((name) => {
      const words = tokenizeForMatch(name);
      return words.length >= 2 && words.map((word) => word[0] ?? '').join('') === header;
    }),
  );
  return found.length === 1 ? found[0] : undefined;
}

function pickAttributeByValues(attributes: readonly Attribute[], values: readonly string[], matchers: DirectoryMatchers): { attribute: Attribute; share: number } | undefined {
  const sample = values.slice(0, 50);
  if (sample.length === 0) return undefined;
  const shares = attributes.map((attribute) => {
    const matcher = matchers.values(attribute.code);
    if (matcher === undefined) return { attribute, share: 0 };
    const matched = sample.filter((value) => matchValue(value, matcher).status !== 'todo').length;
    return { attribute, share: matched / sample.length };
  });
  shares.sort((a, b) => b.share - a.share);
  const [best, second] = shares;
  if (best === undefined || best.share < 0.5 || (second !== undefined && second.share >= best.share)) return undefined;
  return best;
}

// Size tokens: letter sizes (XS…5XL), numbers of clothing and shoe sizes, and ranges of either (`44/46`, `S-M`).
const SIZE_TOKEN = /^(?:(?:\d?X{0,3}[SML]|XXS|XS|\d{2}(?:[.,]5)?)(?:\s*[/-]\s*(?:\d?X{0,3}[SML]|XS|\d{2}(?:[.,]5)?))?)$/i;

/**
 * A column whose values are (nearly) all size tokens, a third of them at least letter sizes or
 * ranges, feeds the size attribute whose values they
 * are: each token's first half (`44/46` → 44, `S-M` → S) matched against every dictionary
 * attribute with `size` in its code; none when no such attribute holds most of them.
 */
function pickSizeAttributeByShape(values: readonly string[], matchers: DirectoryMatchers): { attribute: Attribute; share: number } | undefined {
  const sample = values.slice(0, 50).map((value) => value.trim()).filter((value) => value !== '');
  if (sample.length < 2 || sample.filter((value) => SIZE_TOKEN.test(value)).length < sample.length * 0.8) return undefined;
  // Plain two-digit numbers alone (a stock or a quantity column) are no evidence of sizes.
  if (sample.filter((value) => /[a-z]|\d\s*[/-]\s*\d/i.test(value)).length < sample.length / 3) return undefined;
  const sizes = [...matchers.index.attributeByCode.values()].filter((attribute) => attribute.type === 'dictionary' && /size/i.test(attribute.code));
  const firstHalves = sample.map((value) => value.split(/\s*[/-]\s*/)[0] ?? value);
  return pickAttributeByValues(sizes, firstHalves, matchers);
}

function suggestTargets(header: string, attributes: readonly { label: string; score: number }[]): { label: string; score: number }[] {
  const { text } = stripLanguage(header);
  const fields = (Object.keys(FIELD_LABELS) as ImportField[]).map((field) => {
    const synonyms = field === 'productKey' ? [...MODEL_KEY_SYNONYMS, ...ARTICLE_SYNONYMS] : field === 'skuKey' ? SKU_SYNONYMS : (FIELD_SYNONYMS[field as keyof typeof FIELD_SYNONYMS] ?? []);
    let score = 0;
    for (const synonym of synonyms) score = Math.max(score, scoreTextSimilarity(text, synonym));
    return { label: `columns.${field}`, score };
  });
  return [...fields, ...attributes]
    .filter((candidate) => candidate.score >= 0.4)
    .sort((a, b) => b.score - a.score)
    .slice(0, 3);
}

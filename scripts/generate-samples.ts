/**
 * Generates the shipped samples (`samples/`): a realistic seller catalog as XLSX and as the CSV
 * Russian-locale Excel saves, and a copy of both with planted mistakes plus the list of those
 * mistakes (`catalog-with-mistakes.expected.json`).
 *
 * Run with `node --import tsx scripts/generate-samples.ts`. Everything comes from a seeded PRNG
 * and constant tables, so a re-run writes byte-identical CSV and JSON files and workbooks with the
 * same cells (the zip container of an XLSX carries its own timestamps).
 *
 * The build functions are pure and exported, so tests can check that the committed files are what
 * this script produces now.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ExcelJS from 'exceljs';
import { createPrng } from '../src/sandbox/create-prng.js';

/** A number cell: the value Excel stores, its number format, and the text Russian Excel writes to CSV. */
export interface NumberCell {
  number: number;
  numFmt: string;
  csv: string;
}

/** One cell of a sample sheet: text, a number, or empty (`null`). */
export type SampleCell = string | NumberCell | null;

/** A sheet as the generator builds it: title rows above the header, then one row per SKU. */
export interface SampleSheet {
  sheetName: string;
  /** Text of column A of each title row (rows 1, 2, …). */
  titleRows: string[];
  header: string[];
  /** Data rows, each aligned with `header`. */
  rows: SampleCell[][];
}

/** A data row's product, for planting mistakes where they make sense. */
export interface RowMeta {
  productKey: string;
  category: string;
  brand: string;
  /** Number of SKUs (rows) of the product. */
  skuCount: number;
  /** True for products whose rows are not adjacent. */
  split: boolean;
}

/** The clean catalog. */
export interface SampleCatalog {
  sheet: SampleSheet;
  /** `meta[i]` describes `sheet.rows[i]`. */
  meta: RowMeta[];
  products: number;
}

/** One planted mistake and where the validator must report it. */
export interface PlantedMistake {
  code: string;
  severity: 'error' | 'warning';
  /** Row number as Excel and a text editor show it (the same in the XLSX and the CSV). */
  row: number;
  /** Column letter, or null for product-level findings that name no cell. */
  column: string | null;
  header: string | null;
  /** What was planted, for people reading the list. */
  note: string;
}

/** The copy with mistakes. */
export interface MistakeCatalog {
  sheet: SampleSheet;
  mistakes: PlantedMistake[];
}

/** Columns of the seller's sheet, in order: a key for the generator and the seller's header. */
const COLUMNS = [
  ['productKey', 'Артикул модели'],
  ['skuKey', 'Артикул'],
  ['barcode', 'Штрихкод'],
  ['nameRus', 'Наименование'],
  ['nameKaz', 'Атауы (каз)'],
  ['descriptionRus', 'Описание'],
  ['descriptionKaz', 'Сипаттамасы'],
  ['category', 'Категория'],
  ['brand', 'Бренд'],
  ['model', 'Модель'],
  ['color', 'Цвет'],
  ['size', 'Размер'],
  ['shoeSize', 'Размер обуви'],
  ['memory', 'Память'],
  ['os', 'ОС'],
  ['gender', 'Пол'],
  ['material', 'Материал'],
  ['warranty', 'Гарантия, мес.'],
  ['country', 'Страна производства'],
  ['price', 'Цена'],
  ['vat', 'НДС'],
  ['localMade', 'Сделано в РК'],
  ['photo1', 'Фото 1'],
  ['photo2', 'Фото 2'],
  ['photo3', 'Фото 3'],
  ['photo4', 'Фото 4'],
  ['photo5', 'Фото 5'],
] as const;

type ColumnKey = (typeof COLUMNS)[number][0];

const COLUMN_INDEX = Object.fromEntries(COLUMNS.map(([key], i) => [key, i])) as Record<ColumnKey, number>;

/** Header texts of the sample sheet. */
export const SAMPLE_HEADER: readonly string[] = COLUMNS.map(([, header]) => header);

const TITLE_ROWS = ['Каталог товаров ТОО «Dala Trade» на 01.11.2026', 'Цены в тенге с НДС. Жауапты менеджер: Мәһинұр Сейітқызы, +7 701 000 00 00'];

/** Row number (as Excel shows it) of the first data row. */
export const FIRST_DATA_ROW = TITLE_ROWS.length + 2;

const PHOTO_HOST = 'https://cdn.example.kz/dala';

// ---------------------------------------------------------------------------------------------
// The catalog model
// ---------------------------------------------------------------------------------------------

interface SkuSpec {
  skuKey: string;
  barcode: string;
  /** Stored as a number cell (format `0`) in the XLSX, as some sellers do; still intact. */
  barcodeAsNumber: boolean;
  color?: string;
  size?: string;
  shoeSize?: string;
  memory?: string;
  price: number;
  /** Shown with thousands separators (`12 990,50`), as a few sellers format the price column. */
  priceGrouped: boolean;
  photos: string[];
}

interface ProductSpec {
  key: string;
  category: string;
  brand: string;
  nameRus: string;
  nameKaz: string;
  descriptionRus: string;
  descriptionKaz: string;
  model?: string;
  os?: string;
  gender?: string;
  material?: string;
  warranty?: number;
  country: string;
  localMade: boolean;
  /** `16%` as text, or the number 16. */
  vatAsNumber: boolean;
  skus: SkuSpec[];
}

type Rng = () => number;

function pick<T>(rng: Rng, list: readonly T[]): T {
  const item = list[Math.floor(rng() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function pickSome<T>(rng: Rng, list: readonly T[], count: number): T[] {
  const pool = [...list];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) {
    const [item] = pool.splice(Math.floor(rng() * pool.length), 1);
    if (item !== undefined) out.push(item);
  }
  // Keep the list order, as a seller lists colours and sizes.
  return out.sort((a, b) => list.indexOf(a) - list.indexOf(b));
}

/** A run of `count` consecutive entries of `list` starting at a random place. */
function pickRun<T>(rng: Rng, list: readonly T[], count: number): T[] {
  const start = Math.floor(rng() * (list.length - count + 1));
  return list.slice(start, start + count);
}

function between(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

/** Colours as the seller writes them, with a short code for SKU articles and photo names. */
const COLOR_CODES: Readonly<Record<string, string>> = {
  черный: 'BLK',
  белый: 'WHT',
  серый: 'GRY',
  графит: 'GRF',
  синий: 'BLU',
  'темно-синий': 'NVY',
  голубой: 'LBL',
  зеленый: 'GRN',
  мятный: 'MNT',
  хаки: 'KHK',
  бежевый: 'BEI',
  молочный: 'MLK',
  пудровый: 'PWD',
  розовый: 'PNK',
  лавандовый: 'LAV',
  фиолетовый: 'VIO',
  красный: 'RED',
  бордовый: 'BRD',
  коричневый: 'BRN',
  титан: 'TTN',
  золотой: 'GLD',
};

function colorCode(color: string): string {
  const code = COLOR_CODES[color];
  if (code === undefined) throw new Error(`no code for colour ${color}`);
  return code;
}

/** EAN-13 check digit of the first 12 digits. */
export function computeEan13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

const COUNTRY_PREFIXES: Readonly<Record<string, readonly string[]>> = {
  Казахстан: ['487'],
  Китай: ['690', '692', '693', '695'],
  Вьетнам: ['893'],
  Корея: ['880'],
  Турция: ['868', '869'],
  Узбекистан: ['478'],
  Россия: ['460', '463', '469'],
  Индия: ['890'],
};

function createBarcodeFactory(rng: Rng): (country: string) => string {
  const used = new Set<string>();
  return (country) => {
    const prefixes = COUNTRY_PREFIXES[country] ?? ['487'];
    for (;;) {
      let body = pick(rng, prefixes);
      while (body.length < 12) body += String(Math.floor(rng() * 10));
      const code = `${body}${computeEan13CheckDigit(body)}`;
      if (!used.has(code)) {
        used.add(code);
        return code;
      }
    }
  };
}

/** A price with tiyn: most whole, some ending in ,50 or ,90 as sellers' price lists do. */
function buildPrice(rng: Rng, base: number): number {
  const cents = pick(rng, [0, 0, 0, 0.5, 0.9]);
  return Math.round((base + cents) * 100) / 100;
}

function roundPrice(value: number): number {
  return Math.round(value / 100) * 100 - 10;
}

function photoUrls(productKey: string, variant: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${PHOTO_HOST}/${productKey.toLowerCase()}/${variant.toLowerCase()}-${i + 1}.jpg`);
}

interface BuildContext {
  rng: Rng;
  barcode: (country: string) => string;
  products: ProductSpec[];
  /** Counter per key prefix. */
  counters: Map<string, number>;
}

function nextKey(ctx: BuildContext, prefix: string): string {
  const next = (ctx.counters.get(prefix) ?? 100) + 1;
  ctx.counters.set(prefix, next);
  return `${prefix}-${next}`;
}

/** Every SKU gets a few stored as intact numbers; the KZ ones, which have no leading zero issue. */
function isNumberBarcode(ctx: BuildContext, barcode: string): boolean {
  return barcode.startsWith('487') && ctx.rng() < 0.3;
}

// ---- smartphones --------------------------------------------------------------------------------

interface PhoneDef {
  brand: string;
  display: string;
  model: string;
  os: string;
  colors: string[];
  memories: string[];
  price: number;
  screen: string;
  camera: number;
  battery: number;
  country: string;
}

const PHONES: readonly PhoneDef[] = [
  { brand: 'Самсунг', display: 'Samsung', model: 'Galaxy A06', os: 'Android', colors: ['черный', 'голубой'], memories: ['64 ГБ', '128 ГБ'], price: 54990, screen: '6,7', camera: 50, battery: 5000, country: 'Вьетнам' },
  { brand: 'Samsung', display: 'Samsung', model: 'Galaxy A16', os: 'Android', colors: ['черный', 'серый', 'голубой'], memories: ['128 ГБ'], price: 79990, screen: '6,7', camera: 50, battery: 5000, country: 'Вьетнам' },
  { brand: 'Samsung', display: 'Samsung', model: 'Galaxy A26', os: 'Android', colors: ['черный', 'белый'], memories: ['128 ГБ', '256GB'], price: 109990, screen: '6,7', camera: 50, battery: 5000, country: 'Вьетнам' },
  { brand: 'Samsung', display: 'Samsung', model: 'Galaxy A56', os: 'Android', colors: ['графит', 'розовый'], memories: ['128 ГБ', '256GB'], price: 199990, screen: '6,7', camera: 50, battery: 5000, country: 'Вьетнам' },
  { brand: 'Самсунг', display: 'Samsung', model: 'Galaxy S25', os: 'Android', colors: ['черный', 'мятный'], memories: ['256GB', '512 ГБ'], price: 449990, screen: '6,2', camera: 50, battery: 4000, country: 'Корея' },
  { brand: 'Samsung', display: 'Samsung', model: 'Galaxy S25 Ultra', os: 'Android', colors: ['титан', 'черный'], memories: ['256GB', '512 ГБ'], price: 649990, screen: '6,9', camera: 200, battery: 5000, country: 'Корея' },
  { brand: 'Redmi', display: 'Xiaomi Redmi', model: '14C', os: 'Андроид', colors: ['черный', 'зеленый'], memories: ['128 ГБ', '256GB'], price: 59990, screen: '6,88', camera: 50, battery: 5160, country: 'Китай' },
  { brand: 'Redmi', display: 'Xiaomi Redmi', model: 'Note 14', os: 'Андроид', colors: ['черный', 'фиолетовый'], memories: ['128 ГБ', '256GB'], price: 94990, screen: '6,67', camera: 108, battery: 5500, country: 'Китай' },
  { brand: 'Xiaomi', display: 'Xiaomi Redmi', model: 'Note 14 Pro', os: 'Android', colors: ['черный', 'синий'], memories: ['256GB', '512 ГБ'], price: 149990, screen: '6,67', camera: 200, battery: 5110, country: 'Китай' },
  { brand: 'Xiaomi', display: 'Xiaomi', model: '15', os: 'Android', colors: ['черный', 'белый', 'зеленый'], memories: ['256GB'], price: 429990, screen: '6,36', camera: 50, battery: 5240, country: 'Китай' },
  { brand: 'Xiaomi', display: 'Xiaomi POCO', model: 'X7 Pro', os: 'Android', colors: ['черный', 'зеленый'], memories: ['256GB', '512 ГБ'], price: 169990, screen: '6,67', camera: 50, battery: 6000, country: 'Китай' },
  { brand: 'Apple', display: 'Apple', model: 'iPhone 16e', os: 'iOS', colors: ['черный', 'белый'], memories: ['128 ГБ', '256GB'], price: 339990, screen: '6,1', camera: 48, battery: 4005, country: 'Китай' },
  { brand: 'Apple', display: 'Apple', model: 'iPhone 16', os: 'iOS', colors: ['черный', 'розовый', 'синий'], memories: ['128 ГБ', '256GB'], price: 429990, screen: '6,1', camera: 48, battery: 3561, country: 'Индия' },
  { brand: 'Apple', display: 'Apple', model: 'iPhone 16 Pro', os: 'iOS', colors: ['титан', 'черный'], memories: ['256GB', '512 ГБ', '1 ТБ'], price: 599990, screen: '6,3', camera: 48, battery: 3582, country: 'Китай' },
  { brand: 'Honor', display: 'Honor', model: 'X6c', os: 'Android', colors: ['черный', 'зеленый'], memories: ['128 ГБ'], price: 49990, screen: '6,61', camera: 50, battery: 5200, country: 'Китай' },
  { brand: 'Honor', display: 'Honor', model: '400 Lite', os: 'Android', colors: ['черный', 'серый'], memories: ['256GB'], price: 129990, screen: '6,7', camera: 108, battery: 5230, country: 'Китай' },
  { brand: 'realme', display: 'Realme', model: 'C75', os: 'Android', colors: ['черный', 'золотой'], memories: ['128 ГБ', '256GB'], price: 69990, screen: '6,72', camera: 50, battery: 6000, country: 'Китай' },
  { brand: 'Huawei', display: 'Huawei', model: 'nova 13', os: 'HarmonyOS', colors: ['черный', 'белый'], memories: ['256GB', '512 ГБ'], price: 189990, screen: '6,7', camera: 50, battery: 5000, country: 'Китай' },
];

function addPhones(ctx: BuildContext): void {
  for (const def of PHONES) {
    const key = nextKey(ctx, 'PH');
    const title = `${def.display} ${def.model}`;
    const memories = def.memories;
    const skus: SkuSpec[] = [];
    // Four SKUs at most: the seller does not stock every colour in every memory size.
    const pairs = def.colors.flatMap((color) => memories.map((memory) => ({ color, memory })));
    const chosen = pairs.length > 4 ? pickSome(ctx.rng, pairs, 4) : pairs;
    for (const { color, memory } of chosen) {
      const step = memories.indexOf(memory);
      const barcode = ctx.barcode(def.country);
      skus.push({
        skuKey: `${key}-${colorCode(color)}-${memory.replace(/\D/g, '')}`,
        barcode,
        barcodeAsNumber: isNumberBarcode(ctx, barcode),
        color,
        memory,
        price: buildPrice(ctx.rng, def.price + step * roundPrice(def.price * 0.18)),
        priceGrouped: ctx.rng() < 0.15,
        photos: photoUrls(key, colorCode(color), 4),
      });
    }
    const sims = def.brand === 'Apple' ? 'nano-SIM и eSIM' : 'двух SIM-карт';
    const simsKaz = def.brand === 'Apple' ? 'nano-SIM және eSIM' : 'екі SIM-картаны';
    ctx.products.push({
      key,
      category: 'Смартфоны',
      brand: def.brand,
      nameRus: `Смартфон ${title}`,
      nameKaz: `${title} смартфоны`,
      descriptionRus: `<p><strong>${title}</strong> — смартфон с экраном ${def.screen}″ и основной камерой ${def.camera} Мп.</p><p>Аккумулятор ${def.battery} мА·ч, быстрая зарядка, поддержка ${sims}. Официальная гарантия 12 месяцев.</p>`,
      descriptionKaz: `<p><strong>${title}</strong> — ${def.screen}″ экраны және ${def.camera} Мп негізгі камерасы бар смартфон.</p><p>${def.battery} мА·сағ аккумулятор, жылдам зарядтау, ${simsKaz} қолдайды. Ресми кепілдік — 12 ай.</p>`,
      model: def.model,
      os: def.os,
      warranty: 12,
      country: def.country,
      localMade: false,
      vatAsNumber: ctx.rng() < 0.2,
      skus,
    });
  }
}

// ---- phone cases -------------------------------------------------------------------------------

const CASE_KINDS = [
  { rus: 'Силиконовый чехол', kaz: 'силикон қабы', material: 'Силикон', matRus: 'мягкий силикон с микрофиброй внутри', matKaz: 'іші микрофибралы жұмсақ силикон' },
  { rus: 'Чехол-книжка', kaz: 'кітапша-қабы', material: 'Экокожа', matRus: 'экокожа, магнитная застёжка', matKaz: 'экобылғары, магнитті ілгек' },
  { rus: 'Прозрачный чехол', kaz: 'мөлдір қабы', material: 'Пластик', matRus: 'прочный поликарбонат', matKaz: 'берік поликарбонат' },
  { rus: 'Тканевый чехол', kaz: 'мата қабы', material: 'Текстиль', matRus: 'плотная ткань на пластиковой основе', matKaz: 'пластик негіздегі тығыз мата' },
] as const;

const CASE_PHONES = ['iPhone 16', 'iPhone 16 Pro', 'iPhone 16e', 'Galaxy A56', 'Galaxy A16', 'Galaxy S25', 'Redmi Note 14', 'Redmi 14C', 'Honor X6c', 'Galaxy A26', 'iPhone 15', 'Redmi Note 14 Pro'];

function addCases(ctx: BuildContext): void {
  const brands = ['Baseus', 'Hoco', 'Ugreen', 'Borofone'];
  CASE_PHONES.forEach((phone, i) => {
    const kind = CASE_KINDS[i % CASE_KINDS.length] as (typeof CASE_KINDS)[number];
    const key = nextKey(ctx, 'CS');
    const colors = kind.material === 'Пластик' ? ['прозрачный'] : pickSome(ctx.rng, ['черный', 'синий', 'бежевый', 'лавандовый', 'мятный', 'бордовый'], between(ctx.rng, 2, 3));
    const price = pick(ctx.rng, [2990, 3490, 3990, 4990, 5990]);
    const skus = colors.map((color): SkuSpec => {
      const barcode = ctx.barcode('Китай');
      const transparent = color === 'прозрачный';
      const sku: SkuSpec = {
        skuKey: `${key}-${transparent ? 'CLR' : colorCode(color)}`,
        barcode,
        barcodeAsNumber: false,
        price: buildPrice(ctx.rng, price),
        priceGrouped: false,
        photos: photoUrls(key, transparent ? 'clr' : colorCode(color), 2),
      };
      // A transparent case has no colour in the directory: the cell stays empty.
      if (!transparent) sku.color = color;
      return sku;
    });
    ctx.products.push({
      key,
      category: 'Чехлы',
      brand: pick(ctx.rng, brands),
      nameRus: `${kind.rus} для ${phone}`,
      nameKaz: `${phone} арналған ${kind.kaz}`,
      descriptionRus: `<p>Чехол защищает корпус и камеру ${phone} от царапин и ударов, все разъёмы открыты.</p><p><strong>Материал:</strong> ${kind.matRus}.</p>`,
      descriptionKaz: `<p>Қап ${phone} корпусы мен камерасын сызаттан және соққыдан қорғайды, барлық ұяшықтар ашық.</p><p><strong>Материалы:</strong> ${kind.matKaz}.</p>`,
      material: kind.material,
      country: 'Китай',
      localMade: false,
      vatAsNumber: false,
      skus,
    });
  });
}

// ---- wireless headphones -----------------------------------------------------------------------

const HEADPHONES = [
  { brand: 'JBL', model: 'Tune 520BT', colors: ['черный', 'белый'], price: 24990, hours: 57 },
  { brand: 'JBL', model: 'Wave Beam', colors: ['черный'], price: 29990, hours: 32 },
  { brand: 'Sony', model: 'WH-CH520', colors: ['черный', 'бежевый'], price: 27990, hours: 50 },
  { brand: 'Xiaomi', model: 'Redmi Buds 6 Active', colors: ['черный', 'белый'], price: 8990, hours: 30 },
  { brand: 'Samsung', model: 'Galaxy Buds3 FE', colors: ['черный', 'серый'], price: 49990, hours: 30 },
  { brand: 'Apple', model: 'AirPods 4', colors: ['белый'], price: 89990, hours: 30 },
  { brand: 'Huawei', model: 'FreeBuds SE 3', colors: ['черный'], price: 19990, hours: 42 },
  { brand: 'Edifier', model: 'W820NB Plus', colors: ['черный', 'синий'], price: 32990, hours: 49 },
] as const;

/**
 * One colour SKU of a product. The draws from the PRNG keep their order (barcode, number-cell
 * choice, price, grouping), so the samples stay byte-identical.
 */
function buildColorSku(
  ctx: BuildContext,
  key: string,
  color: string,
  options: { country: string; price: number; photos: number; groupedShare?: number; numericBarcode?: boolean },
): SkuSpec {
  const barcode = ctx.barcode(options.country);
  const barcodeAsNumber = options.numericBarcode ? isNumberBarcode(ctx, barcode) : false;
  return {
    skuKey: `${key}-${colorCode(color)}`,
    barcode,
    barcodeAsNumber,
    color,
    price: buildPrice(ctx.rng, options.price),
    priceGrouped: options.groupedShare !== undefined ? ctx.rng() < options.groupedShare : false,
    photos: photoUrls(key, colorCode(color), options.photos),
  };
}

function addHeadphones(ctx: BuildContext): void {
  for (const def of HEADPHONES) {
    const key = nextKey(ctx, 'HP');
    const title = `${def.brand} ${def.model}`;
    const skus = def.colors.map((color) => buildColorSku(ctx, key, color, { country: 'Китай', price: def.price, groupedShare: 0.15, photos: 3 }));
    ctx.products.push({
      key,
      category: 'Наушники беспроводные',
      brand: def.brand,
      nameRus: `Беспроводные наушники ${title}`,
      nameKaz: `${title} сымсыз құлаққабы`,
      descriptionRus: `<p>Bluetooth 5.3, до ${def.hours} часов работы без подзарядки, встроенный микрофон для звонков.</p><p><strong>В комплекте:</strong> кабель USB-C.</p>`,
      descriptionKaz: `<p>Bluetooth 5.3, қайта зарядтаусыз ${def.hours} сағатқа дейін жұмыс істейді, қоңырауға арналған кірістірілген микрофон.</p><p><strong>Жинақта:</strong> USB-C кабелі.</p>`,
      model: def.model,
      warranty: 12,
      country: 'Китай',
      localMade: false,
      vatAsNumber: false,
      skus,
    });
  }
}

// ---- electric kettles --------------------------------------------------------------------------

const KETTLES = [
  { brand: 'Tefal', model: 'KO2001', colors: ['белый'], price: 15990, power: 2400, volume: '1,7', body: ['пластик', 'пластик'] },
  { brand: 'Polaris', model: 'PWK 1725CGL', colors: ['черный', 'белый'], price: 18990, power: 2200, volume: '1,7', body: ['стекло с подсветкой', 'жарықтандырылған шыны'] },
  { brand: 'Redmond', model: 'RK-G178', colors: ['черный'], price: 16490, power: 2200, volume: '1,7', body: ['стекло', 'шыны'] },
  { brand: 'Scarlett', model: 'SC-EK27G', colors: ['серый', 'белый'], price: 9990, power: 2200, volume: '1,7', body: ['стекло', 'шыны'] },
  { brand: 'Kitfort', model: 'KT-6120', colors: ['черный'], price: 21990, power: 2200, volume: '1,7', body: ['нержавеющая сталь', 'тот баспайтын болат'] },
  { brand: 'Xiaomi', model: 'Mi Electric Kettle 2', colors: ['белый'], price: 17990, power: 1800, volume: '1,7', body: ['пластик', 'пластик'] },
  { brand: 'Philips', model: 'HD9350', colors: ['серый'], price: 24990, power: 2200, volume: '1,7', body: ['нержавеющая сталь', 'тот баспайтын болат'] },
  { brand: 'Bosch', model: 'TWK3A011', colors: ['черный', 'белый', 'красный'], price: 19990, power: 2400, volume: '1,7', body: ['пластик', 'пластик'] },
] as const;

function addKettles(ctx: BuildContext): void {
  for (const def of KETTLES) {
    const key = nextKey(ctx, 'KT');
    const title = `${def.brand} ${def.model}`;
    const skus = def.colors.map((color) =>
      buildColorSku(ctx, key, color, { country: def.brand === 'Bosch' ? 'Турция' : 'Китай', price: def.price, groupedShare: 0.2, photos: 3 }),
    );
    ctx.products.push({
      key,
      category: 'Чайники электрические',
      brand: def.brand,
      nameRus: `Электрочайник ${title}, ${def.volume} л`,
      nameKaz: `${title} электр шәйнегі, ${def.volume} л`,
      descriptionRus: `<p>Мощность ${def.power} Вт, объём ${def.volume} л, автоотключение при закипании и при снятии с подставки.</p><p><strong>Корпус:</strong> ${def.body[0]}.</p>`,
      descriptionKaz: `<p>Қуаты ${def.power} Вт, көлемі ${def.volume} л, қайнағанда және тұғырдан алғанда өздігінен сөнеді.</p><p><strong>Корпусы:</strong> ${def.body[1]}.</p>`,
      model: def.model,
      warranty: pick(ctx.rng, [12, 24]),
      country: def.brand === 'Bosch' ? 'Турция' : 'Китай',
      localMade: false,
      vatAsNumber: false,
      skus,
    });
  }
}

// ---- clothes -----------------------------------------------------------------------------------

interface ClothesStyle {
  rus: string;
  kaz: string;
}

const TEE_STYLES: readonly ClothesStyle[] = [
  { rus: 'базовая', kaz: 'негізгі' },
  { rus: 'оверсайз', kaz: 'оверсайз пішімді' },
  { rus: 'с принтом «Алатау»', kaz: '«Алатау» суретті' },
  { rus: 'с орнаментом «Қошқар мүйіз»', kaz: '«Қошқар мүйіз» оюлы' },
  { rus: 'с надписью «Мен қазақпын»', kaz: '«Мен қазақпын» жазуы бар' },
  { rus: 'в рубчик', kaz: 'жолақ тоқымалы' },
  { rus: 'с V-вырезом', kaz: 'V-тәрізді мойынды' },
  { rus: 'с карманом', kaz: 'қалтасы бар' },
  { rus: 'спортивная', kaz: 'спорттық' },
];

const FABRICS = [
  { material: 'Хлопок', rus: 'хлопка', kaz: 'мақтадан', composition: ['100% хлопок', '100% мақта'] },
  { material: 'Хлопок 100%', rus: 'плотного хлопка', kaz: 'тығыз мақтадан', composition: ['100% хлопок', '100% мақта'] },
  { material: 'Хлопок, эластан', rus: 'хлопка с эластаном', kaz: 'эластанды мақтадан', composition: ['95% хлопок, 5% эластан', '95% мақта, 5% эластан'] },
  { material: 'Вискоза', rus: 'вискозы', kaz: 'вискозадан', composition: ['100% вискоза', '100% вискоза'] },
] as const;

const CLOTHES_BRANDS = [
  { brand: 'Qazaq Republic', display: 'Qazaq Republic', local: true },
  { brand: 'Umay', display: 'Umay', local: true },
  { brand: 'Ertis Wear', display: 'Ertis Wear', local: true },
  { brand: 'LCW', display: 'LC Waikiki', local: false },
  { brand: 'DeFacto', display: 'DeFacto', local: false },
  { brand: 'Koton', display: 'Koton', local: false },
  { brand: 'Colins', display: "Colin's", local: false },
] as const;

const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL', '2XL'];

interface ClothesGroup {
  category: string;
  prefix: string;
  count: number;
  gender: string;
  nounRus: string;
  nounKaz: string;
  /** The garment in Kazakh without a possessive ending, for descriptions: `футболка`. */
  itemKaz: string;
  styles: readonly ClothesStyle[];
  colors: readonly string[];
  price: [number, number];
  sizes: readonly string[];
  fabrics: readonly (typeof FABRICS)[number][] | 'hoodie';
}

function addClothes(ctx: BuildContext, group: ClothesGroup): void {
  for (let i = 0; i < group.count; i++) {
    const key = nextKey(ctx, group.prefix);
    const style = group.styles[i % group.styles.length] as ClothesStyle;
    const brand = pick(ctx.rng, CLOTHES_BRANDS);
    const fabric = group.fabrics === 'hoodie' ? HOODIE_FABRIC : pick(ctx.rng, group.fabrics);
    const colors = pickSome(ctx.rng, group.colors, between(ctx.rng, 1, 2));
    const sizes = pickRun(ctx.rng, group.sizes, between(ctx.rng, 3, 4));
    const base = roundPrice(between(ctx.rng, group.price[0], group.price[1]));
    const price = buildPrice(ctx.rng, base);
    const country = brand.local ? pick(ctx.rng, ['Казахстан', 'Казахстан', 'Узбекистан']) : pick(ctx.rng, ['Турция', 'Турция', 'Китай']);
    const skus: SkuSpec[] = [];
    for (const color of colors) {
      for (const size of sizes) {
        const barcode = ctx.barcode(country);
        skus.push({
          skuKey: `${key}-${colorCode(color)}-${size}`,
          barcode,
          barcodeAsNumber: isNumberBarcode(ctx, barcode),
          color,
          size,
          price,
          priceGrouped: false,
          photos: photoUrls(key, colorCode(color), 3),
        });
      }
    }
    const label = `${group.nounRus} ${style.rus}, ${brand.display}`;
    ctx.products.push({
      key,
      category: group.category,
      brand: brand.brand,
      nameRus: label,
      nameKaz: `${group.nounKaz}, ${style.kaz}, ${brand.display}`,
      descriptionRus: `<p>${capitalize(group.nounRus.split(' ')[0] ?? '')} ${style.rus} из ${fabric.rus}. Свободно сидит и не теряет форму после стирки.</p><p><strong>Состав:</strong> ${fabric.composition[0]}. <strong>Уход:</strong> деликатная стирка при 30 °C.</p>`,
      descriptionKaz: `<p>${capitalize(fabric.kaz)} тігілген ${style.kaz} ${group.itemKaz}. Еркін отырады, жуғаннан кейін пішінін жоғалтпайды.</p><p><strong>Құрамы:</strong> ${fabric.composition[1]}. <strong>Күтімі:</strong> 30 °C-та нәзік жуу.</p>`,
      gender: group.gender,
      material: fabric.material,
      country,
      localMade: country === 'Казахстан',
      vatAsNumber: false,
      skus,
    });
  }
}

const HOODIE_FABRIC = { material: 'Хлопок, полиэстер', rus: 'футера с начёсом', kaz: 'жылы футерден', composition: ['80% хлопок, 20% полиэстер', '80% мақта, 20% полиэстер'] } as const;

const HOODIE_STYLES: readonly ClothesStyle[] = [
  { rus: 'с капюшоном', kaz: 'күләпәрасы бар' },
  { rus: 'оверсайз', kaz: 'оверсайз пішімді' },
  { rus: 'с вышивкой «Тұмар»', kaz: '«Тұмар» кестелі' },
  { rus: 'на молнии', kaz: 'сырма ілгекті' },
  { rus: 'с принтом «Көшпенділер»', kaz: '«Көшпенділер» суретті' },
];

const CHAPAN_STYLES: readonly ClothesStyle[] = [
  { rus: 'с вышивкой', kaz: 'кестелі' },
  { rus: 'праздничный', kaz: 'мерекелік' },
  { rus: 'из бархата', kaz: 'барқыттан тігілген' },
];

function addChapans(ctx: BuildContext): void {
  for (let i = 0; i < 6; i++) {
    const key = nextKey(ctx, 'CH');
    const style = CHAPAN_STYLES[i % CHAPAN_STYLES.length] as ClothesStyle;
    const colors = pickSome(ctx.rng, ['бордовый', 'темно-синий', 'зеленый', 'черный'], between(ctx.rng, 1, 2));
    const sizes = pickRun(ctx.rng, ['M', 'L', 'XL', '2XL'], between(ctx.rng, 3, 4));
    const price = buildPrice(ctx.rng, roundPrice(between(ctx.rng, 45000, 120000)));
    const skus: SkuSpec[] = [];
    for (const color of colors) {
      for (const size of sizes) {
        const barcode = ctx.barcode('Казахстан');
        skus.push({
          skuKey: `${key}-${colorCode(color)}-${size}`,
          barcode,
          barcodeAsNumber: isNumberBarcode(ctx, barcode),
          color,
          size,
          price,
          priceGrouped: ctx.rng() < 0.3,
          photos: photoUrls(key, colorCode(color), 5),
        });
      }
    }
    ctx.products.push({
      key,
      category: 'Чапаны',
      brand: 'Umay',
      nameRus: `Чапан мужской ${style.rus}, Umay`,
      nameKaz: `Ерлер шапаны, ${style.kaz}, Umay`,
      descriptionRus: `<p>Чапан ручной работы с традиционным орнаментом, на подкладке. Подходит для тоя и национальных праздников.</p><p><strong>Ткань:</strong> бархат. <strong>Сделано в Алматы.</strong></p>`,
      descriptionKaz: `<p>Дәстүрлі оюмен безендірілген, астарлы, қолдан тігілген шапан. Тойға және ұлттық мерекелерге лайық.</p><p><strong>Матасы:</strong> барқыт. <strong>Алматыда жасалған.</strong></p>`,
      gender: 'мужской',
      material: 'Бархат',
      country: 'Казахстан',
      localMade: true,
      vatAsNumber: false,
      skus,
    });
  }
}

// ---- sneakers ----------------------------------------------------------------------------------

const SNEAKERS = [
  { brand: 'Nike', model: 'Court Vision Low', material: 'Натуральная кожа', matKaz: 'табиғи былғары', price: 44990 },
  { brand: 'Nike', model: 'Air Max 90', material: 'Натуральная кожа', matKaz: 'табиғи былғары', price: 74990 },
  { brand: 'Найк', model: 'Revolution 7', material: 'Сетка', matKaz: 'желдетілетін тор', price: 32990 },
  { brand: 'Adidas', model: 'Samba OG', material: 'Замша', matKaz: 'күдері', price: 59990 },
  { brand: 'Адидас', model: 'Grand Court 2.0', material: 'Экокожа', matKaz: 'экобылғары', price: 34990 },
  { brand: 'Adidas', model: 'Runfalcon 5', material: 'Текстиль', matKaz: 'тоқыма', price: 29990 },
  { brand: 'Puma', model: 'Suede Classic', material: 'Замша', matKaz: 'күдері', price: 39990 },
  { brand: 'New Balance', model: '574', material: 'Замша', matKaz: 'күдері', price: 54990 },
  { brand: 'New Balance', model: '530', material: 'Сетка', matKaz: 'желдетілетін тор', price: 57990 },
  { brand: 'Reebok', model: 'Club C 85', material: 'Натуральная кожа', matKaz: 'табиғи былғары', price: 42990 },
  { brand: 'ASICS', model: 'Gel-Kahana 8', material: 'Текстиль', matKaz: 'тоқыма', price: 49990 },
] as const;

function addSneakers(ctx: BuildContext, women: boolean): void {
  const list = women ? SNEAKERS.slice(0, 10) : SNEAKERS.slice(1);
  for (const def of list) {
    const key = nextKey(ctx, women ? 'SW' : 'SM');
    const brandDisplay = def.brand === 'Найк' ? 'Nike' : def.brand === 'Адидас' ? 'Adidas' : def.brand;
    const title = `${brandDisplay} ${def.model}`;
    const colors = pickSome(ctx.rng, ['белый', 'черный', 'бежевый', 'серый', 'синий'], between(ctx.rng, 1, 2));
    const sizes = pickRun(ctx.rng, women ? ['35', '36', '37', '38', '39', '40', '41'] : ['39', '40', '41', '42', '43', '44', '45', '46'], between(ctx.rng, 3, 5));
    const country = pick(ctx.rng, ['Вьетнам', 'Китай', 'Индия']);
    const skus: SkuSpec[] = [];
    for (const color of colors) {
      for (const size of sizes) {
        const barcode = ctx.barcode(country);
        skus.push({
          skuKey: `${key}-${colorCode(color)}-${size}`,
          barcode,
          barcodeAsNumber: false,
          color,
          shoeSize: size,
          price: buildPrice(ctx.rng, def.price),
          priceGrouped: ctx.rng() < 0.1,
          photos: photoUrls(key, colorCode(color), 4),
        });
      }
    }
    ctx.products.push({
      key,
      category: women ? 'Кроссовки женские' : 'Кроссовки мужские',
      brand: def.brand,
      nameRus: `Кроссовки ${women ? 'женские' : 'мужские'} ${title}`,
      nameKaz: `${title} ${women ? 'әйелдер' : 'ерлер'} кроссовкасы`,
      descriptionRus: `<p>Кроссовки ${title} на каждый день: лёгкая подошва и мягкая стелька.</p><p><strong>Верх:</strong> ${def.material.toLowerCase()}.</p>`,
      descriptionKaz: `<p>Күнделікті киюге арналған ${title} кроссовкасы: жеңіл табан және жұмсақ ұлтарақ.</p><p><strong>Сырты:</strong> ${def.matKaz}.</p>`,
      gender: women ? 'женский' : 'мужской',
      material: def.material,
      country,
      localMade: false,
      vatAsNumber: false,
      skus,
    });
  }
}

// ---- home goods without SKU attributes --------------------------------------------------------

function addSingle(ctx: BuildContext, prefix: string, price: number, product: Omit<ProductSpec, 'key' | 'skus' | 'vatAsNumber'>): void {
  const key = nextKey(ctx, prefix);
  const barcode = ctx.barcode(product.country);
  ctx.products.push({
    ...product,
    key,
    vatAsNumber: ctx.rng() < 0.2,
    skus: [
      {
        skuKey: key,
        barcode,
        barcodeAsNumber: isNumberBarcode(ctx, barcode),
        price: buildPrice(ctx.rng, price),
        priceGrouped: ctx.rng() < 0.15,
        photos: photoUrls(key, 'main', between(ctx.rng, 2, 4)),
      },
    ],
  });
}

const PANS = [
  { brand: 'Tefal', line: 'Easy Cook', size: 24, material: 'Алюминий', price: 12990, country: 'Китай' },
  { brand: 'Tefal', line: 'Easy Cook', size: 28, material: 'Алюминий', price: 14990, country: 'Китай' },
  { brand: 'Tefal', line: 'Ingenio Expertise', size: 26, material: 'Алюминий', price: 24990, country: 'Франция' },
  { brand: 'Rondell', line: 'Mocco & Latte', size: 24, material: 'Алюминий', price: 15990, country: 'Китай' },
  { brand: 'Fissman', line: 'Promo Grill', size: 28, material: 'Алюминий', price: 11490, country: 'Китай' },
  { brand: 'Кукмара', line: 'классическая', size: 24, material: 'Чугун', price: 13990, country: 'Россия' },
  { brand: 'Кукмара', line: 'блинная', size: 22, material: 'Чугун', price: 9990, country: 'Россия' },
  { brand: 'Ulytau Craft', line: 'Шойын', size: 26, material: 'Чугун', price: 16990, country: 'Казахстан' },
  { brand: 'Ulytau Craft', line: 'Дала', size: 30, material: 'Чугун', price: 19990, country: 'Казахстан' },
  { brand: 'Rondell', line: 'Escurion', size: 28, material: 'Нержавеющая сталь', price: 27990, country: 'Китай' },
] as const;

const MATERIAL_KAZ: Readonly<Record<string, string>> = {
  Алюминий: 'алюминий',
  Чугун: 'шойын',
  'Нержавеющая сталь': 'тот баспайтын болат',
  Фарфор: 'фарфор',
  Керамика: 'керамика',
  Стекло: 'шыны',
};

function addPans(ctx: BuildContext): void {
  for (const def of PANS) {
    const title = `${def.brand === 'Кукмара' ? 'Kukmara' : def.brand} ${def.line}`;
    const matKaz = MATERIAL_KAZ[def.material] ?? def.material;
    addSingle(ctx, 'PN', def.price, {
      category: 'Сковороды',
      brand: def.brand,
      nameRus: `Сковорода ${title}, ${def.size} см`,
      nameKaz: `${title} табасы, ${def.size} см`,
      descriptionRus: `<p>Сковорода диаметром ${def.size} см, материал — ${def.material.toLowerCase()}. Подходит для всех плит, включая индукционные.</p><p><strong>Совет:</strong> не нагревайте пустую сковороду.</p>`,
      descriptionKaz: `<p>Диаметрі ${def.size} см таба, материалы — ${matKaz}. Барлық плитаға, соның ішінде индукциялыққа жарамды.</p><p><strong>Кеңес:</strong> бос табаны қыздырмаңыз.</p>`,
      material: def.material,
      country: def.country,
      localMade: def.country === 'Казахстан',
    });
  }
}

const KAZANS = [
  { brand: 'Кукмара', volume: 4, material: 'Чугун', price: 17990, country: 'Россия' },
  { brand: 'Кукмара', volume: 6, material: 'Чугун', price: 22990, country: 'Россия' },
  { brand: 'Кукмара', volume: 8, material: 'Алюминий', price: 15990, country: 'Россия' },
  { brand: 'Ulytau Craft', volume: 8, material: 'Чугун', price: 29990, country: 'Казахстан' },
  { brand: 'Ulytau Craft', volume: 10, material: 'Чугун', price: 34990, country: 'Казахстан' },
  { brand: 'Ulytau Craft', volume: 12, material: 'Чугун', price: 39990, country: 'Казахстан' },
  { brand: 'Ulytau Craft', volume: 16, material: 'Чугун', price: 49990, country: 'Казахстан' },
  { brand: 'Ulytau Craft', volume: 22, material: 'Чугун', price: 64990, country: 'Казахстан' },
  { brand: 'Кукмара', volume: 12, material: 'Алюминий', price: 21990, country: 'Россия' },
  { brand: 'Ulytau Craft', volume: 6, material: 'Чугун', price: 24990, country: 'Узбекистан' },
] as const;

function addKazans(ctx: BuildContext): void {
  for (const def of KAZANS) {
    const cast = def.material === 'Чугун';
    addSingle(ctx, 'KZ', def.price, {
      category: 'Казаны',
      brand: def.brand,
      nameRus: `Казан ${cast ? 'чугунный' : 'алюминиевый'} с крышкой, ${def.volume} л`,
      nameKaz: `Қақпағы бар ${cast ? 'шойын' : 'алюминий'} қазан, ${def.volume} л`,
      descriptionRus: `<p>Казан на ${def.volume} л для плова, куырдака и шурпы. Толстые стенки держат тепло, блюдо не пригорает.</p><p><strong>Материал:</strong> ${def.material.toLowerCase()}.</p>`,
      descriptionKaz: `<p>Палау, қуырдақ және сорпа пісіруге арналған ${def.volume} литрлік қазан. Қалың қабырғасы жылуды ұстайды, тағам күймейді.</p><p><strong>Материалы:</strong> ${MATERIAL_KAZ[def.material] ?? def.material}.</p>`,
      material: def.material,
      country: def.country,
      localMade: def.country === 'Казахстан',
    });
  }
}

const PIALAS = [
  { brand: 'Ulytau Craft', pattern: 'Шаңырақ', material: 'Фарфор', count: 6, volume: 250, price: 8990, country: 'Казахстан' },
  { brand: 'Ulytau Craft', pattern: 'Қошқар мүйіз', material: 'Фарфор', count: 6, volume: 200, price: 9490, country: 'Казахстан' },
  { brand: 'Ulytau Craft', pattern: 'Мәһинұр', material: 'Керамика', count: 4, volume: 300, price: 7990, country: 'Казахстан' },
  { brand: 'Ulytau Craft', pattern: 'Тұмар', material: 'Керамика', count: 6, volume: 250, price: 10990, country: 'Узбекистан' },
  { brand: 'Luminarc', pattern: 'Көктем', material: 'Стекло', count: 6, volume: 250, price: 5490, country: 'Франция' },
  { brand: 'Luminarc', pattern: 'Алтын жиек', material: 'Стекло', count: 6, volume: 200, price: 5990, country: 'Франция' },
  { brand: 'Bormioli Rocco', pattern: 'Дала', material: 'Стекло', count: 6, volume: 280, price: 6990, country: 'Италия' },
  { brand: 'Ulytau Craft', pattern: 'Ою-өрнек', material: 'Фарфор', count: 12, volume: 200, price: 16990, country: 'Казахстан' },
  { brand: 'Ulytau Craft', pattern: 'Ақ сүт', material: 'Фарфор', count: 6, volume: 350, price: 11990, country: 'Казахстан' },
  { brand: 'Luminarc', pattern: 'Айгөлек', material: 'Стекло', count: 4, volume: 250, price: 3990, country: 'Франция' },
] as const;

function addPialas(ctx: BuildContext): void {
  for (const def of PIALAS) {
    addSingle(ctx, 'PI', def.price, {
      category: 'Пиалы',
      brand: def.brand,
      nameRus: `Набор пиал «${def.pattern}», ${def.count} шт., ${def.volume} мл`,
      nameKaz: `«${def.pattern}» кеселер жиынтығы, ${def.count} дана, ${def.volume} мл`,
      descriptionRus: `<p>Пиалы для чая с узором «${def.pattern}», ${def.count} шт. по ${def.volume} мл. Можно мыть в посудомоечной машине.</p>`,
      descriptionKaz: `<p>«${def.pattern}» өрнекті шай кеселері, ${def.count} дана, әрқайсысы ${def.volume} мл. Ыдыс жуғыш машинада жууға болады.</p>`,
      material: def.material,
      country: def.country,
      localMade: def.country === 'Казахстан',
    });
  }
}

const TOWELS = [
  { brand: 'Arya', size: '50×90', material: 'Махра', price: 4990 },
  { brand: 'Arya', size: '70×140', material: 'Махра', price: 8990 },
  { brand: 'Togas', size: '70×140', material: 'Хлопок', price: 12990 },
  { brand: 'Togas', size: '100×150', material: 'Хлопок', price: 17990 },
  { brand: 'English Home', size: '50×90', material: 'Бамбук', price: 6990 },
  { brand: 'English Home', size: '70×140', material: 'Бамбук', price: 11990 },
  { brand: 'Karna', size: '50×100', material: 'Махра', price: 5490 },
  { brand: 'Karna', size: '70×140', material: 'Махра', price: 9490 },
  { brand: 'Samruk Textile', size: '40×70', material: 'Хлопок', price: 2490 },
  { brand: 'Samruk Textile', size: '50×90', material: 'Хлопок', price: 3990 },
  { brand: 'Samruk Textile', size: '70×140', material: 'Махра', price: 7490 },
  { brand: 'Samruk Textile', size: '100×150', material: 'Махра', price: 10990 },
] as const;

function addTowels(ctx: BuildContext): void {
  for (const def of TOWELS) {
    const key = nextKey(ctx, 'TW');
    const local = def.brand === 'Samruk Textile';
    const country = local ? 'Казахстан' : 'Турция';
    const colors = pickSome(ctx.rng, ['белый', 'серый', 'бежевый', 'голубой', 'пудровый', 'мятный'], between(ctx.rng, 2, 3));
    const skus = colors.map((color) => buildColorSku(ctx, key, color, { country, price: def.price, numericBarcode: true, photos: 2 }));
    const kind = def.material === 'Махра' ? ['махровое', 'түкті'] : def.material === 'Бамбук' ? ['бамбуковое', 'бамбук'] : ['хлопковое', 'мақта'];
    ctx.products.push({
      key,
      category: 'Полотенца',
      brand: def.brand,
      nameRus: `Полотенце ${kind[0]} ${def.size} см, ${def.brand === 'Arya' ? 'Arya Home' : def.brand}`,
      nameKaz: `${capitalize(kind[1] ?? '')} сүлгі ${def.size} см, ${def.brand === 'Arya' ? 'Arya Home' : def.brand}`,
      descriptionRus: `<p>Мягкое полотенце ${def.size} см хорошо впитывает влагу и быстро сохнет.</p><p><strong>Уход:</strong> стирка при 40 °C, без отбеливателя.</p>`,
      descriptionKaz: `<p>Өлшемі ${def.size} см жұмсақ сүлгі ылғалды жақсы сіңіреді және тез кебеді.</p><p><strong>Күтімі:</strong> 40 °C-та ағартқышсыз жуу.</p>`,
      material: def.material,
      country,
      localMade: local,
      vatAsNumber: false,
      skus,
    });
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Builds every product of the clean catalog (pure, seeded). */
function buildProducts(seed: number): ProductSpec[] {
  const rng = createPrng(seed);
  const ctx: BuildContext = { rng, barcode: createBarcodeFactory(rng), products: [], counters: new Map() };
  addPhones(ctx);
  addCases(ctx);
  addHeadphones(ctx);
  addKettles(ctx);
  addClothes(ctx, {
    category: 'Футболки женские',
    prefix: 'TSW',
    count: 18,
    gender: 'женский',
    nounRus: 'Футболка женская',
    nounKaz: 'Әйелдер футболкасы',
    itemKaz: 'футболка',
    styles: TEE_STYLES,
    colors: ['белый', 'черный', 'молочный', 'пудровый', 'бежевый', 'голубой', 'хаки', 'лавандовый'],
    price: [5990, 14990],
    sizes: LETTER_SIZES.slice(0, 5),
    fabrics: FABRICS,
  });
  addClothes(ctx, {
    category: 'Футболки мужские',
    prefix: 'TSM',
    count: 16,
    gender: 'мужской',
    nounRus: 'Футболка мужская',
    nounKaz: 'Ерлер футболкасы',
    itemKaz: 'футболка',
    styles: TEE_STYLES,
    colors: ['белый', 'черный', 'серый', 'темно-синий', 'хаки', 'бордовый'],
    price: [5990, 15990],
    sizes: LETTER_SIZES.slice(1),
    fabrics: FABRICS.slice(0, 3),
  });
  addClothes(ctx, {
    category: 'Худи',
    prefix: 'HD',
    count: 10,
    gender: 'унисекс',
    nounRus: 'Худи унисекс',
    nounKaz: 'Унисекс худи',
    itemKaz: 'худи',
    styles: HOODIE_STYLES,
    colors: ['черный', 'серый', 'бежевый', 'хаки', 'темно-синий'],
    price: [14990, 29990],
    sizes: LETTER_SIZES.slice(1),
    fabrics: 'hoodie',
  });
  addChapans(ctx);
  addSneakers(ctx, true);
  addSneakers(ctx, false);
  addPans(ctx);
  addKazans(ctx);
  addPialas(ctx);
  addTowels(ctx);
  return ctx.products;
}

// ---------------------------------------------------------------------------------------------
// Sheets
// ---------------------------------------------------------------------------------------------

/** `1234.5` → `1234,50`, or `1 234,50` with NBSP groups, as Russian Excel writes a `0.00` / `#,##0.00` price. */
export function formatRussianPrice(value: number, grouped: boolean): string {
  const [whole = '0', fraction = '00'] = Math.abs(value).toFixed(2).split('.');
  const digits = grouped ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0') : whole;
  return `${value < 0 ? '-' : ''}${digits},${fraction}`;
}

function priceCell(value: number, grouped: boolean): NumberCell {
  return { number: value, numFmt: grouped ? '#,##0.00' : '0.00', csv: formatRussianPrice(value, grouped) };
}

function buildRow(product: ProductSpec, sku: SkuSpec): SampleCell[] {
  const row: SampleCell[] = COLUMNS.map(() => null);
  const set = (key: ColumnKey, value: SampleCell | undefined): void => {
    row[COLUMN_INDEX[key]] = value ?? null;
  };
  set('productKey', product.key);
  set('skuKey', sku.skuKey);
  set('barcode', sku.barcodeAsNumber ? { number: Number(sku.barcode), numFmt: '0', csv: sku.barcode } : sku.barcode);
  set('nameRus', product.nameRus);
  set('nameKaz', product.nameKaz);
  set('descriptionRus', product.descriptionRus);
  set('descriptionKaz', product.descriptionKaz);
  set('category', product.category);
  set('brand', product.brand);
  set('model', product.model);
  set('color', sku.color);
  set('size', sku.size);
  set('shoeSize', sku.shoeSize);
  set('memory', sku.memory);
  set('os', product.os);
  set('gender', product.gender);
  set('material', product.material);
  set('warranty', product.warranty === undefined ? undefined : { number: product.warranty, numFmt: 'General', csv: String(product.warranty) });
  set('country', product.country);
  set('price', priceCell(sku.price, sku.priceGrouped));
  set('vat', product.vatAsNumber ? { number: 16, numFmt: 'General', csv: '16' } : '16%');
  set('localMade', product.localMade ? 'да' : 'нет');
  sku.photos.slice(0, 5).forEach((url, i) => set(`photo${i + 1}` as ColumnKey, url));
  return row;
}

/** Default seed of the samples. */
export const SAMPLE_SEED = 20261101;

/**
 * Builds the clean catalog (pure). Rows of a product are adjacent, except for two products whose
 * last SKU the seller added further down, as happens when a colour arrives later.
 */
export function buildSampleCatalog(seed = SAMPLE_SEED): SampleCatalog {
  const products = buildProducts(seed);
  const entries: { row: SampleCell[]; meta: RowMeta }[] = [];
  for (const product of products) {
    for (const sku of product.skus) {
      entries.push({
        row: buildRow(product, sku),
        meta: { productKey: product.key, category: product.category, brand: product.brand, skuCount: product.skus.length, split: false },
      });
    }
  }
  // Split two multi-SKU products: their last row moves to a later place in the sheet.
  const moves: [string, number][] = [
    ['PH-103', 60],
    ['TSW-105', 120],
  ];
  for (const [key, distance] of moves) {
    const indexes = entries.map((entry, i) => (entry.meta.productKey === key ? i : -1)).filter((i) => i >= 0);
    const last = indexes.at(-1);
    if (last === undefined || indexes.length < 2) throw new Error(`product ${key} cannot be split`);
    for (const i of indexes) (entries[i] as (typeof entries)[number]).meta.split = true;
    const [moved] = entries.splice(last, 1);
    // Land between two products, so that only this product is split.
    let target = Math.min(entries.length, last + distance);
    while (target < entries.length && entries[target]?.meta.productKey === entries[target - 1]?.meta.productKey) target++;
    if (moved !== undefined) entries.splice(target, 0, moved);
  }
  return {
    sheet: { sheetName: 'Товары', titleRows: [...TITLE_ROWS], header: [...SAMPLE_HEADER], rows: entries.map((entry) => entry.row) },
    meta: entries.map((entry) => entry.meta),
    products: products.length,
  };
}

/** Column letter of a position from 0 (0 → A, 26 → AA). */
export function buildLetter(index: number): string {
  let letter = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letter = String.fromCharCode(65 + ((n - 1) % 26)) + letter;
  return letter;
}

function cellText(cell: SampleCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  return typeof cell === 'string' ? cell : cell.csv;
}

// Kazakh letters and what a Windows-1251 save leaves of them.
const KAZAKH_LETTERS = /[әғқңөұүһіӘҒҚҢӨҰҮҺІ]/g;

/**
 * Builds the copy with planted mistakes (pure): one or more of each kind the validator reports,
 * each on its own product so that the findings do not mask each other, and the list of where
 * each must be reported.
 */
export function buildMistakeCatalog(catalog: SampleCatalog = buildSampleCatalog()): MistakeCatalog {
  const rows = catalog.sheet.rows.map((row) => [...row]);
  const { meta } = catalog;
  const mistakes: PlantedMistake[] = [];
  const used = new Set<string>();

  const rowNumber = (index: number): number => FIRST_DATA_ROW + index;
  const get = (index: number, key: ColumnKey): SampleCell => rows[index]?.[COLUMN_INDEX[key]] ?? null;
  const set = (index: number, key: ColumnKey, value: SampleCell): void => {
    const row = rows[index];
    if (row === undefined) throw new Error(`no row ${index}`);
    row[COLUMN_INDEX[key]] = value;
  };
  const textOf = (index: number, key: ColumnKey): string => cellText(get(index, key));
  const note = (code: string, severity: 'error' | 'warning', index: number, key: ColumnKey | null, what: string): void => {
    mistakes.push({
      code,
      severity,
      row: rowNumber(index),
      column: key === null ? null : buildLetter(COLUMN_INDEX[key]),
      header: key === null ? null : (SAMPLE_HEADER[COLUMN_INDEX[key]] ?? null),
      note: what,
    });
  };
  /** Row indexes of a product. */
  const rowsOf = (productKey: string): number[] => meta.flatMap((entry, i) => (entry.productKey === productKey ? [i] : []));
  /** The `nth` unused, unsplit product matching `test`, marked used; its row indexes. */
  const take = (test: (entry: RowMeta) => boolean, nth = 0): number[] => {
    const keys = [...new Set(meta.filter((entry) => !entry.split && !used.has(entry.productKey) && test(entry)).map((entry) => entry.productKey))];
    const key = keys[Math.min(nth, keys.length - 1)];
    if (key === undefined) throw new Error('no product left for a mistake');
    used.add(key);
    return rowsOf(key);
  };
  const first = (indexes: number[]): number => {
    const index = indexes[0];
    if (index === undefined) throw new Error('a product without rows');
    return index;
  };
  const single = (category: string, nth = 0): number => first(take((entry) => entry.skuCount === 1 && entry.category === category, nth));

  // Directory mistakes.
  {
    const i = single('Сковороды', 2);
    set(i, 'category', 'Сковородки гриль');
    note('unknown_category', 'error', i, 'category', 'a category the mapping does not know');
  }
  {
    const i = single('Сковороды', 0);
    set(i, 'brand', 'Tefall');
    note('unknown_brand', 'error', i, 'brand', 'brand typo Tefall (Tefal)');
  }
  {
    const i = first(take((entry) => entry.category === 'Футболки женские' && entry.skuCount >= 3, 1)) + 1;
    set(i, 'color', 'фуксия');
    note('unknown_attribute_value', 'error', i, 'color', 'colour "фуксия", neither a directory value nor a mapping synonym');
  }
  {
    const i = first(take((entry) => entry.category === 'Футболки мужские' && entry.skuCount >= 3, 0)) + 2;
    set(i, 'size', null);
    note('required_attribute_missing', 'error', i, null, 'a T-shirt SKU without its size');
  }

  // Prices, VAT, flags.
  {
    const i = first(take((entry) => entry.category === 'Смартфоны', 2));
    set(i, 'price', 'договорная');
    note('invalid_price', 'error', i, 'price', 'price as text');
  }
  {
    const i = first(take((entry) => entry.category === 'Наушники беспроводные', 0));
    set(i, 'price', { number: -1500, numFmt: '0.00', csv: formatRussianPrice(-1500, false) });
    note('invalid_price', 'error', i, 'price', 'negative price');
  }
  {
    const i = first(take((entry) => entry.category === 'Полотенца', 1));
    set(i, 'price', { number: 0, numFmt: '0.00', csv: formatRussianPrice(0, false) });
    note('invalid_price', 'error', i, 'price', 'zero price');
  }
  {
    const i = first(take((entry) => entry.category === 'Чехлы', 1));
    set(i, 'price', null);
    note('required_field_missing', 'error', i, 'price', 'empty price');
  }
  {
    const i = single('Пиалы', 1);
    set(i, 'vat', '12%');
    note('invalid_vat', 'error', i, 'vat', 'the 2025 VAT rate 12% left in an old row (16% from 2026)');
  }
  {
    const i = single('Пиалы', 2);
    set(i, 'localMade', 'РК');
    note('invalid_boolean', 'error', i, 'localMade', '"РК" instead of да/нет');
  }

  // Barcodes.
  {
    const i = first(take((entry) => entry.category === 'Кроссовки мужские', 0));
    const code = textOf(i, 'barcode');
    const wrong = `${code.slice(0, 12)}${(Number(code.slice(12)) + 1) % 10}`;
    set(i, 'barcode', wrong);
    note('barcode_check_digit_mismatch', 'error', i, 'barcode', `barcode ${wrong} with a wrong check digit`);
  }
  {
    const i = first(take((entry) => entry.category === 'Худи', 0));
    const code = textOf(i, 'barcode');
    const rounded = Number(code.slice(0, 6)) * 10 ** (code.length - 6);
    set(i, 'barcode', { number: rounded, numFmt: '0.00000E+00', csv: `${code[0]},${code.slice(1, 6)}E+${code.length - 1}` });
    note('barcode_damaged_by_excel', 'error', i, 'barcode', 'barcode shown in exponent form, digits lost');
  }
  {
    const i = first(take((entry) => entry.category === 'Кроссовки женские', 0));
    const code = textOf(i, 'barcode');
    // Typed as a 16-digit number: Excel keeps 15 significant digits and zeroes the rest.
    const typed = `${code}001`.slice(0, 16);
    const kept = Number(`${typed.slice(0, 15)}0`);
    set(i, 'barcode', { number: kept, numFmt: 'General', csv: `${typed[0]},${typed.slice(1, 6)}E+15` });
    note('barcode_damaged_by_excel', 'error', i, 'barcode', 'a 16-digit number: Excel kept 15 digits');
  }
  {
    const earlier = first(take((entry) => entry.category === 'Чапаны', 0));
    const later = first(take((entry) => entry.category === 'Полотенца', 2));
    set(later, 'barcode', textOf(earlier, 'barcode'));
    note('duplicate_barcode', 'error', later, 'barcode', `barcode of row ${rowNumber(earlier)} used again`);
  }
  {
    const earlier = first(take((entry) => entry.category === 'Кроссовки мужские', 1));
    const laterRows = take((entry) => entry.category === 'Кроссовки мужские' && entry.skuCount >= 2, 1);
    const later = first(laterRows);
    if (later <= earlier) throw new Error('the duplicate SKU key must come after its first use');
    set(later, 'skuKey', textOf(earlier, 'skuKey'));
    note('duplicate_sku_key', 'error', later, 'skuKey', `SKU article of row ${rowNumber(earlier)} used again`);
  }

  // Products whose rows disagree.
  {
    const indexes = take((entry) => entry.category === 'Смартфоны' && entry.skuCount >= 3, 3);
    const i = indexes[1] as number;
    set(i, 'nameRus', `${textOf(i, 'nameRus')} (новинка)`);
    note('product_field_conflict', 'error', i, 'nameRus', 'one row of a product with another name');
  }
  {
    const indexes = take((entry) => entry.category === 'Футболки женские' && entry.skuCount >= 3, 2);
    const i = indexes.at(-1) as number;
    set(i, 'category', 'Футболки мужские');
    note('product_field_conflict', 'error', i, 'category', 'one row of a product in another category');
  }
  {
    const indexes = take((entry) => entry.category === 'Худи' && entry.skuCount >= 3, 1);
    const a = indexes[0] as number;
    const b = indexes[1] as number;
    set(b, 'size', get(a, 'size'));
    note('skus_not_distinguished', 'error', b, null, `two SKUs with the same colour and size as row ${rowNumber(a)}`);
  }

  // Photos.
  {
    const i = first(take((entry) => entry.category === 'Кроссовки женские', 1));
    set(i, 'photo2', `C:\\Users\\Айгүл\\Desktop\\фото\\${textOf(i, 'productKey').toLowerCase()}-2.jpg`);
    note('invalid_photo_url', 'error', i, 'photo2', 'a path on the seller\'s computer instead of a URL');
  }
  {
    const i = first(take((entry) => entry.category === 'Футболки мужские', 2));
    set(i, 'photo1', `=HYPERLINK("${textOf(i, 'photo1')}";"Фото")`);
    note('invalid_photo_url', 'error', i, 'photo1', 'a formula-looking text =HYPERLINK(…) pasted as text');
  }
  {
    const i = first(take((entry) => entry.category === 'Чайники электрические' && entry.skuCount === 1, 0));
    for (const key of ['photo1', 'photo2', 'photo3', 'photo4', 'photo5'] as const) set(i, key, null);
    note('too_few_photos', 'error', i, 'photo1', 'no photo at all');
  }

  // Kazakh texts.
  {
    const i = single('Казаны', 1);
    set(i, 'nameKaz', null);
    note('kazakh_text_missing', 'warning', i, 'nameKaz', 'no Kazakh name');
  }
  {
    const i = single('Казаны', 3);
    set(i, 'nameKaz', textOf(i, 'nameKaz').replace(KAZAKH_LETTERS, '?'));
    set(i, 'descriptionKaz', textOf(i, 'descriptionKaz').replace(KAZAKH_LETTERS, '?'));
    note('kazakh_text_lost', 'error', i, 'nameKaz', 'Kazakh name after a Windows-1251 save');
    note('kazakh_text_lost', 'error', i, 'descriptionKaz', 'Kazakh description after a Windows-1251 save');
  }
  {
    const i = single('Сковороды', 5);
    set(i, 'nameKaz', textOf(i, 'nameRus'));
    note('kazakh_same_as_russian', 'warning', i, 'nameKaz', 'the Russian name copied into the Kazakh column');
  }

  mistakes.sort((a, b) => a.row - b.row || (a.column ?? '').localeCompare(b.column ?? ''));
  return { sheet: { ...catalog.sheet, titleRows: [...catalog.sheet.titleRows], rows }, mistakes };
}

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

function quoteCsv(text: string): string {
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * The sheet as Russian-locale Excel saves "CSV UTF-8": BOM, `;` between fields, CRLF, title rows
 * padded to the sheet's width, numbers as their cells show them (decimal comma).
 */
export function buildCsvText(sheet: SampleSheet): string {
  const width = sheet.header.length;
  const lines: string[] = [];
  for (const title of sheet.titleRows) lines.push([quoteCsv(title), ...Array.from({ length: width - 1 }, () => '')].join(';'));
  lines.push(sheet.header.map(quoteCsv).join(';'));
  for (const row of sheet.rows) lines.push(Array.from({ length: width }, (_, i) => quoteCsv(cellText(row[i]))).join(';'));
  return `\ufeff${lines.join('\r\n')}\r\n`;
}

// A fixed date for the workbook's properties, so that re-runs differ only in zip timestamps.
const WORKBOOK_DATE = new Date(Date.UTC(2026, 10, 1, 9, 0, 0));

const TEXT_COLUMNS = new Set<ColumnKey>(['productKey', 'skuKey', 'barcode']);

const COLUMN_WIDTHS: Partial<Record<ColumnKey, number>> = {
  productKey: 12,
  skuKey: 20,
  barcode: 16,
  nameRus: 44,
  nameKaz: 44,
  descriptionRus: 50,
  descriptionKaz: 50,
  category: 22,
  brand: 16,
  model: 18,
  material: 18,
  country: 16,
  price: 12,
};

/** Writes the sheet as a workbook the way the seller keeps it: title, bold header, frozen panes, filter. */
export async function writeSampleWorkbook(sheet: SampleSheet, path: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'ТОО «Dala Trade»';
  workbook.lastModifiedBy = 'Мәһинұр Сейітқызы';
  workbook.created = WORKBOOK_DATE;
  workbook.modified = WORKBOOK_DATE;
  const headerRow = sheet.titleRows.length + 1;
  const worksheet = workbook.addWorksheet(sheet.sheetName, { views: [{ state: 'frozen', xSplit: 2, ySplit: headerRow }] });
  COLUMNS.forEach(([key], i) => {
    worksheet.getColumn(i + 1).width = COLUMN_WIDTHS[key] ?? (key.startsWith('photo') ? 30 : 12);
  });
  sheet.titleRows.forEach((title, i) => {
    const cell = worksheet.getCell(i + 1, 1);
    cell.value = title;
    cell.font = i === 0 ? { bold: true, size: 14 } : { italic: true, color: { argb: 'FF595959' } };
  });
  worksheet.mergeCells(1, 1, 1, 8);
  sheet.header.forEach((header, i) => {
    const cell = worksheet.getCell(headerRow, i + 1);
    cell.value = header;
    cell.font = { bold: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9E1F2' } };
    cell.alignment = { vertical: 'middle', wrapText: true };
  });
  worksheet.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: headerRow, column: sheet.header.length } };
  sheet.rows.forEach((row, r) => {
    row.forEach((value, c) => {
      if (value === null) return;
      const cell = worksheet.getCell(headerRow + 1 + r, c + 1);
      const key = COLUMNS[c]?.[0];
      if (typeof value === 'string') {
        cell.value = value;
        // A careful seller formats key and barcode columns as text, so Excel keeps every digit.
        if (key !== undefined && TEXT_COLUMNS.has(key)) cell.numFmt = '@';
      } else {
        cell.value = value.number;
        if (value.numFmt !== 'General') cell.numFmt = value.numFmt;
      }
    });
  });
  await workbook.xlsx.writeFile(path);
}

/** Writes every sample file into `dir`. */
export async function writeSamples(dir: string): Promise<{ catalog: SampleCatalog; mistakes: MistakeCatalog }> {
  await mkdir(dir, { recursive: true });
  const catalog = buildSampleCatalog();
  const withMistakes = buildMistakeCatalog(catalog);
  await writeSampleWorkbook(catalog.sheet, join(dir, 'catalog.xlsx'));
  await writeFile(join(dir, 'catalog.csv'), buildCsvText(catalog.sheet));
  await writeSampleWorkbook(withMistakes.sheet, join(dir, 'catalog-with-mistakes.xlsx'));
  await writeFile(join(dir, 'catalog-with-mistakes.csv'), buildCsvText(withMistakes.sheet));
  await writeFile(join(dir, 'catalog-with-mistakes.expected.json'), buildExpectedJson(withMistakes.mistakes));
  return { catalog, mistakes: withMistakes };
}

/** The committed list of planted mistakes, as JSON text. */
export function buildExpectedJson(mistakes: readonly PlantedMistake[]): string {
  return `${JSON.stringify({ files: ['catalog-with-mistakes.xlsx', 'catalog-with-mistakes.csv'], mistakes }, null, 2)}\n`;
}

const here = dirname(fileURLToPath(import.meta.url));

/** The repository's `samples/` folder. */
export const SAMPLES_DIR = resolve(here, '..', 'samples');

const entry = globalThis.process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(resolve(entry)).href) {
  const { catalog, mistakes } = await writeSamples(SAMPLES_DIR);
  const rowsCount = catalog.sheet.rows.length;
  globalThis.process.stdout.write(
    `samples written to ${SAMPLES_DIR}: ${catalog.products} products, ${rowsCount} SKU rows; ${mistakes.mistakes.length} planted mistakes\n`,
  );
}

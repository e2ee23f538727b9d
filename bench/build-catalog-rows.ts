/**
 * Deterministic, realistic clothing catalog rows for the benchmarks: Russian and Kazakh names and
 * HTML descriptions, five photo columns, colour/size SKUs of one product on adjacent rows sharing
 * the product's texts, valid unique EAN-13 barcodes. The same options always give the same rows.
 * Every value exists in the sandbox's reference data, so `bench/bench-mapping.yaml` validates the
 * catalog cleanly.
 */

/** Header of the generated sheet, in column order. */
export const CATALOG_HEADER = [
  'Артикул',
  'Штрихкод',
  'Наименование',
  'Атауы',
  'Описание',
  'Сипаттамасы',
  'Категория',
  'Бренд',
  'Цвет',
  'Размер',
  'Пол',
  'Материал',
  'Сезон',
  'Цена',
  'Фото 1',
  'Фото 2',
  'Фото 3',
  'Фото 4',
  'Фото 5',
] as const;

/** One generated row: strings, except the barcode and the price, which a workbook stores as numbers. */
export interface CatalogRow {
  productKey: string;
  barcode: number;
  nameRus: string;
  nameKaz: string;
  descriptionRus: string;
  descriptionKaz: string;
  category: string;
  brand: string;
  color: string;
  size: string;
  gender: string;
  material: string;
  season: string;
  price: number;
  photos: [string, string, string, string, string];
  /** Position of the row within its product, from 0: texts repeat on rows > 0. */
  skuIndex: number;
}

/** Options of `buildCatalogRows`. */
export interface CatalogOptions {
  /** Number of SKU rows. */
  rows: number;
  /** Seed of the generator. Default 1. */
  seed?: number;
  /** Most SKUs of one product (1 = one SKU per product). Default 8. */
  maxSkusPerProduct?: number;
}

/** Seller category text → [Russian type word, Kazakh type word, women's wear]. */
const CATEGORIES: [string, string, string, boolean][] = [
  ['Женская одежда/Платья', 'Платье', 'көйлек', true],
  ['Женская одежда/Юбки', 'Юбка', 'белдемше', true],
  ['Женская одежда/Блузки и рубашки', 'Блузка', 'блузка', true],
  ['Женская одежда/Футболки и топы', 'Футболка женская', 'әйелдер футболкасы', true],
  ['Женская одежда/Джинсы', 'Джинсы женские', 'әйелдер джинсысы', true],
  ['Женская одежда/Брюки', 'Брюки женские', 'әйелдер шалбары', true],
  ['Женская одежда/Куртки', 'Куртка женская', 'әйелдер күртесі', true],
  ['Женская одежда/Свитеры и кардиганы', 'Кардиган', 'кардиган', true],
  ['Женская одежда/Худи и свитшоты', 'Худи женское', 'әйелдер худиі', true],
  ['Мужская одежда/Футболки и поло', 'Поло мужское', 'ерлер полосы', false],
  ['Мужская одежда/Рубашки', 'Рубашка мужская', 'ерлер жейдесі', false],
  ['Мужская одежда/Джинсы', 'Джинсы мужские', 'ерлер джинсысы', false],
  ['Мужская одежда/Брюки', 'Брюки мужские', 'ерлер шалбары', false],
  ['Мужская одежда/Куртки', 'Куртка мужская', 'ерлер күртесі', false],
  ['Мужская одежда/Свитеры и джемперы', 'Джемпер мужской', 'ерлер джемпері', false],
  ['Мужская одежда/Худи и свитшоты', 'Свитшот мужской', 'ерлер свитшоты', false],
];

/** Seller category text → sandbox leaf category id (`bench/bench-mapping.yaml` repeats these). */
export const CATEGORY_IDS: Record<string, number> = {
  'Женская одежда/Платья': 30101,
  'Женская одежда/Юбки': 30102,
  'Женская одежда/Блузки и рубашки': 30103,
  'Женская одежда/Футболки и топы': 30104,
  'Женская одежда/Джинсы': 30105,
  'Женская одежда/Брюки': 30106,
  'Женская одежда/Куртки': 30108,
  'Женская одежда/Свитеры и кардиганы': 30111,
  'Женская одежда/Худи и свитшоты': 30112,
  'Мужская одежда/Футболки и поло': 30201,
  'Мужская одежда/Рубашки': 30202,
  'Мужская одежда/Джинсы': 30203,
  'Мужская одежда/Брюки': 30204,
  'Мужская одежда/Куртки': 30206,
  'Мужская одежда/Свитеры и джемперы': 30209,
  'Мужская одежда/Худи и свитшоты': 30210,
};

const BRANDS = ['Adidas', 'Nike', 'Columbia', 'Mango', 'LC Waikiki', 'DeFacto', 'Koton', "Colin's", 'Befree', 'Qazaq Republic'];

/** [seller text, Kazakh adjective, URL slug]. */
const COLORS: [string, string, string][] = [
  ['Чёрный', 'қара', 'black'],
  ['Белый', 'ақ', 'white'],
  ['Серый', 'сұр', 'gray'],
  ['Красный', 'қызыл', 'red'],
  ['Синий', 'көк', 'blue'],
  ['Голубой', 'көгілдір', 'light-blue'],
  ['Зелёный', 'жасыл', 'green'],
  ['Бежевый', 'беж', 'beige'],
  ['Розовый', 'қызғылт', 'pink'],
  ['Коричневый', 'қоңыр', 'brown'],
  ['Тёмно-синий', 'қою көк', 'navy'],
  ['Бордовый', 'қызыл күрең', 'burgundy'],
];

const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const MATERIALS: [string, string][] = [
  ['Хлопок', 'мақта'],
  ['Хлопок, Эластан', 'мақта мен эластан'],
  ['Полиэстер', 'полиэстер'],
  ['Шерсть, Полиэстер', 'жүн мен полиэстер'],
  ['Лён', 'зығыр'],
  ['Вискоза', 'вискоза'],
  ['Деним', 'деним'],
];
const SEASONS: [string, string][] = [
  ['Лето', 'жазғы'],
  ['Зима', 'қысқы'],
  ['Демисезон', 'демимаусымдық'],
  ['Всесезонный', 'барлық маусымға арналған'],
];

const RUS_PHRASES = [
  'Мягкая ткань приятна к телу и не теряет форму после стирки.',
  'Свободный крой не сковывает движений и подходит на каждый день.',
  'Модель легко сочетается с джинсами, юбками и классическими брюками.',
  'Плотные швы и качественная фурнитура служат долго.',
  'Рекомендуется деликатная стирка при температуре до 30 °C.',
  'Подходит для офиса, прогулок и путешествий.',
  'Размер соответствует российской размерной сетке.',
  'Материал дышит и сохраняет комфорт в течение всего дня.',
];
const KAZ_PHRASES = [
  'Жұмсақ мата денеге жағымды және жуғаннан кейін пішінін жоғалтпайды.',
  'Еркін пішім қозғалысты шектемейді және күнделікті киюге жарайды.',
  'Үлгі джинсымен, белдемшемен және классикалық шалбармен оңай үйлеседі.',
  'Мықты тігістер мен сапалы керек-жарақтар ұзақ қызмет етеді.',
  '30 °C-қа дейінгі температурада нәзік жуу ұсынылады.',
  'Кеңсеге, серуенге және саяхатқа жарайды.',
  'Өлшемі ресейлік өлшем торына сәйкес келеді.',
  'Материал ауа өткізеді және күні бойы жайлылықты сақтайды.',
];

/** A small, fast, seeded PRNG (mulberry32): the catalog must not depend on Math.random. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(list: readonly T[], random: () => number): T {
  return list[Math.floor(random() * list.length)] as T;
}

/** EAN-13 with a valid check digit for a 12-digit body. */
export function buildEan13(body: number): number {
  const digits = String(body).padStart(12, '0');
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  return Number(`${digits}${(10 - (sum % 10)) % 10}`);
}

function buildDescription(phrases: readonly string[], lead: string, random: () => number): string {
  const count = 3 + Math.floor(random() * 3);
  const start = Math.floor(random() * phrases.length);
  const items: string[] = [];
  for (let i = 0; i < count; i++) items.push(phrases[(start + i) % phrases.length] as string);
  const [first, ...rest] = items;
  return `<p><strong>${lead}</strong>. ${first}</p><ul>${rest.map((item) => `<li>${item}</li>`).join('')}</ul>`;
}

/** Yields `rows` catalog rows, the SKUs of each product adjacent. */
export function* buildCatalogRows(options: CatalogOptions): Generator<CatalogRow> {
  const random = createRandom(options.seed ?? 1);
  const maxSkus = Math.max(1, options.maxSkusPerProduct ?? 8);
  let emitted = 0;
  let product = 0;
  while (emitted < options.rows) {
    product += 1;
    const [category, typeRus, typeKaz, women] = pick(CATEGORIES, random);
    const brand = pick(BRANDS, random);
    const [material, materialKaz] = pick(MATERIALS, random);
    const [season, seasonKaz] = pick(SEASONS, random);
    const model = `${brand.slice(0, 2).toUpperCase().replace(/[^A-Z]/g, 'X')}-${100000 + product}`;
    const productKey = `CL-${String(product).padStart(7, '0')}`;
    const nameRus = `${typeRus} ${brand} ${season.toLowerCase()} ${model}`;
    const nameKaz = `${brand} ${seasonKaz} ${typeKaz} ${model}`;
    const descriptionRus = buildDescription(RUS_PHRASES, `${typeRus} ${brand}, материал: ${material.toLowerCase()}`, random);
    const descriptionKaz = buildDescription(KAZ_PHRASES, `${brand} ${typeKaz}, материалы: ${materialKaz}`, random);
    const basePrice = (19 + Math.floor(random() * 480)) * 100 - 10;
    const skuCount = Math.min(options.rows - emitted, 1 + Math.floor(random() * maxSkus));
    // SKUs walk colours and sizes so that each (colour, size) pair appears once per product.
    const colorStart = Math.floor(random() * COLORS.length);
    const sizeStart = Math.floor(random() * (SIZES.length - 2));
    for (let sku = 0; sku < skuCount; sku++) {
      const [color, , slug] = COLORS[(colorStart + Math.floor(sku / 3)) % COLORS.length] as [string, string, string];
      const size = SIZES[sizeStart + (sku % 3)] as string;
      const photo = (n: number): string => `https://cdn.example.kz/catalog/${productKey}/${slug}-${n}.jpg`;
      yield {
        productKey,
        barcode: buildEan13(460_000_000_000 + emitted),
        nameRus,
        nameKaz,
        descriptionRus,
        descriptionKaz,
        category,
        brand,
        color,
        size,
        gender: women ? 'Женский' : 'Мужской',
        material,
        season,
        price: basePrice + (size === 'XXL' ? 500 : 0),
        photos: [photo(1), photo(2), photo(3), photo(4), photo(5)],
        skuIndex: sku,
      };
      emitted += 1;
    }
  }
}

/** The row's cells in `CATALOG_HEADER` order, as text (the CSV form). */
export function buildCatalogTexts(row: CatalogRow): string[] {
  return [
    row.productKey,
    String(row.barcode),
    row.nameRus,
    row.nameKaz,
    row.descriptionRus,
    row.descriptionKaz,
    row.category,
    row.brand,
    row.color,
    row.size,
    row.gender,
    row.material,
    row.season,
    // Russian Excel exports prices with a decimal comma.
    `${row.price},00`,
    ...row.photos,
  ];
}

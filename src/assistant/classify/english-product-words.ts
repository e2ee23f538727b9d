/**
 * English product words, as importers write their names (`Car Phone Holder Magnetic`, `Hair Dryer 1800W`, `Gaming Mouse Pad
 * RGB`), each with the Russian word the directory names such goods by. English puts the head noun last in a compound: a
 * `Gaming Mouse Pad` is a pad, a `Hair Dryer` a dryer, a `Car Phone Holder` a holder. Written from general knowledge of
 * English product words (rules as data), not from any one list's rows.
 *
 * Each word has a role in a name's type:
 * - `goods`: a noun that may be the head (`holder`, `dryer`, `pad`); the last one of the type's words is its head;
 * - `kind`: a word that says which goods (`car`, `hair`, `gaming`, `kids`): a word of the type wherever it stands;
 * - `feature`: a word of how the goods work or look (`wireless`, `magnetic`, `rechargeable`): a word of the type before the
 *   head (`Wireless Charger`), after it the type has ended (`Car Phone Holder Magnetic`).
 * A word the table knows is never a brand by its capital letter (`Mouse` of `Gaming Mouse Pad`): English capitalises goods.
 */

/** What a word is in an English name's type. */
export type EnglishWordRole = 'goods' | 'kind' | 'feature';

/** One English word: its role and the Russian word the directory names such goods or their kind by. */
export interface EnglishProductWord {
  role: EnglishWordRole;
  russian: string;
  /** The Russian word depends on the goods (`adapter`: a cable's переходник, a PC's адаптер, a charger's блок питания): no reading. */
  loose?: true;
  /** Known only to key a type by (`KEY_ONLY_GOODS`): no Russian reading (`russian` is empty), and the words before it are a brand's. */
  keyOnly?: true;
  /** Goods of an importer's cosmetics, chemicals and groceries, whose names open with the brand: the words before it are a brand's (`keyOnly` goods are too). */
  brandFirst?: true;
}

// Words whose Russian depends on what the rest of the name says, which the table does not read: never read in Russian.
const LOOSE: ReadonlySet<string> = new Set(['adapter', 'stick', 'remote']);

// word → [role, Russian word]
const WORDS: readonly (readonly [string, EnglishWordRole, string])[] = [
  // Goods: electronics and their accessories.
  ['adapter', 'goods', 'адаптер'],
  ['amplifier', 'goods', 'усилитель'],
  ['antenna', 'goods', 'антенна'],
  ['band', 'goods', 'ремешок'],
  ['bank', 'goods', 'внешний аккумулятор'],
  ['battery', 'goods', 'аккумулятор'],
  ['bracelet', 'goods', 'браслет'],
  ['cable', 'goods', 'кабель'],
  ['camera', 'goods', 'камера'],
  ['card', 'goods', 'карта'],
  ['case', 'goods', 'чехол'],
  ['charger', 'goods', 'зарядное устройство'],
  ['console', 'goods', 'консоль'],
  ['controller', 'goods', 'контроллер'],
  ['cover', 'goods', 'чехол'],
  ['dock', 'goods', 'док-станция'],
  ['doorbell', 'goods', 'дверной звонок'],
  ['drive', 'goods', 'накопитель'],
  ['drone', 'goods', 'дрон'],
  ['earbuds', 'goods', 'наушники'],
  ['earphones', 'goods', 'наушники'],
  ['film', 'goods', 'пленка'],
  ['gamepad', 'goods', 'геймпад'],
  ['glass', 'goods', 'стекло'],
  ['glasses', 'goods', 'очки'],
  ['headphones', 'goods', 'наушники'],
  ['headset', 'goods', 'гарнитура'],
  ['holder', 'goods', 'держатель'],
  ['hub', 'goods', 'хаб'],
  ['joystick', 'goods', 'джойстик'],
  ['keyboard', 'goods', 'клавиатура'],
  ['laptop', 'goods', 'ноутбук'],
  ['lens', 'goods', 'объектив'],
  ['microphone', 'goods', 'микрофон'],
  ['mic', 'goods', 'микрофон'],
  ['modem', 'goods', 'модем'],
  ['monitor', 'goods', 'монитор'],
  ['mount', 'goods', 'крепление'],
  ['mouse', 'goods', 'мышь'],
  ['pad', 'goods', 'коврик'],
  ['phone', 'goods', 'телефон'],
  ['player', 'goods', 'плеер'],
  ['plug', 'goods', 'розетка'],
  ['printer', 'goods', 'принтер'],
  ['projector', 'goods', 'проектор'],
  ['protector', 'goods', 'защитное стекло'],
  ['radio', 'goods', 'радиоприемник'],
  ['receiver', 'goods', 'ресивер'],
  ['recorder', 'goods', 'регистратор'],
  ['remote', 'goods', 'пульт'],
  ['repeater', 'goods', 'репитер'],
  ['router', 'goods', 'роутер'],
  ['scanner', 'goods', 'сканер'],
  ['smartphone', 'goods', 'смартфон'],
  ['smartwatch', 'goods', 'смарт-часы'],
  ['socket', 'goods', 'розетка'],
  ['soundbar', 'goods', 'саундбар'],
  ['speaker', 'goods', 'колонка'],
  ['splitter', 'goods', 'разветвитель'],
  ['stand', 'goods', 'подставка'],
  ['stick', 'goods', 'палка'],
  ['strap', 'goods', 'ремешок'],
  ['strip', 'goods', 'лента'],
  ['subwoofer', 'goods', 'сабвуфер'],
  ['switch', 'goods', 'выключатель'],
  ['tablet', 'goods', 'планшет'],
  ['tracker', 'goods', 'трекер'],
  ['transmitter', 'goods', 'трансмиттер'],
  ['tripod', 'goods', 'штатив'],
  ['walkie', 'goods', 'рация'],
  ['talkie', 'goods', 'рация'],
  ['watch', 'goods', 'часы'],
  ['webcam', 'goods', 'веб-камера'],
  // Goods: lamps, home appliances, personal care.
  ['blender', 'goods', 'блендер'],
  ['brush', 'goods', 'щетка'],
  ['bulb', 'goods', 'лампа'],
  ['clipper', 'goods', 'машинка для стрижки'],
  ['curler', 'goods', 'плойка'],
  ['diffuser', 'goods', 'диффузор'],
  ['dryer', 'goods', 'фен'],
  ['epilator', 'goods', 'эпилятор'],
  ['fan', 'goods', 'вентилятор'],
  ['flashlight', 'goods', 'фонарь'],
  ['flosser', 'goods', 'ирригатор'],
  ['heater', 'goods', 'обогреватель'],
  ['humidifier', 'goods', 'увлажнитель'],
  ['irrigator', 'goods', 'ирригатор'],
  ['iron', 'goods', 'утюг'],
  ['kettle', 'goods', 'чайник'],
  ['lamp', 'goods', 'лампа'],
  ['light', 'goods', 'светильник'],
  ['lights', 'goods', 'гирлянда'],
  ['lighter', 'goods', 'зажигалка'],
  ['lock', 'goods', 'замок'],
  ['massager', 'goods', 'массажер'],
  ['mat', 'goods', 'коврик'],
  ['mirror', 'goods', 'зеркало'],
  ['mixer', 'goods', 'миксер'],
  ['pump', 'goods', 'насос'],
  ['purifier', 'goods', 'очиститель'],
  ['scale', 'goods', 'весы'],
  ['scales', 'goods', 'весы'],
  ['shaver', 'goods', 'электробритва'],
  ['straightener', 'goods', 'выпрямитель'],
  ['thermometer', 'goods', 'термометр'],
  ['toothbrush', 'goods', 'зубная щетка'],
  ['trimmer', 'goods', 'триммер'],
  ['vacuum', 'goods', 'пылесос'],
  ['bag', 'goods', 'сумка'],
  ['backpack', 'goods', 'рюкзак'],
  ['bottle', 'goods', 'бутылка'],
  ['mug', 'goods', 'кружка'],
  ['toy', 'goods', 'игрушка'],
  // Goods: home, kitchen, storage and cleaning (an importer's household range).
  ['container', 'goods', 'контейнер'],
  ['box', 'goods', 'коробка'],
  ['hanger', 'goods', 'вешалка'],
  ['hook', 'goods', 'крючок'],
  ['organizer', 'goods', 'органайзер'],
  ['shelf', 'goods', 'полка'],
  ['spatula', 'goods', 'лопатка'],
  ['peeler', 'goods', 'овощечистка'],
  ['whisk', 'goods', 'венчик'],
  ['dispenser', 'goods', 'дозатор'],
  ['mop', 'goods', 'швабра'],
  ['sponge', 'goods', 'губка'],
  ['towel', 'goods', 'полотенце'],
  ['curtain', 'goods', 'штора'],
  ['pillow', 'goods', 'подушка'],
  ['thermos', 'goods', 'термос'],
  ['grinder', 'goods', 'мельница'],
  ['steamer', 'goods', 'отпариватель'],
  ['cleaner', 'goods', 'очиститель'],
  ['fryer', 'goods', 'фритюрница'],
  ['sensor', 'goods', 'датчик'],
  ['compressor', 'goods', 'компрессор'],
  ['shaker', 'goods', 'шейкер'],
  ['oximeter', 'goods', 'пульсоксиметр'],
  ['nebulizer', 'goods', 'небулайзер'],
  ['insole', 'goods', 'стелька'],
  ['headlamp', 'goods', 'налобный фонарь'],
  // Goods: food and supplements.
  ['cookie', 'goods', 'печенье'],
  ['bar', 'goods', 'батончик'],
  ['vitamin', 'goods', 'витамин'],
  // Kinds: what the goods are for or whose they are.
  ['car', 'kind', 'автомобильный'],
  ['hair', 'kind', 'для волос'],
  ['nose', 'kind', 'для носа'],
  ['gaming', 'kind', 'игровой'],
  ['game', 'kind', 'игровой'],
  ['kids', 'kind', 'детский'],
  ['kid', 'kind', 'детский'],
  ['children', 'kind', 'детский'],
  ['baby', 'kind', 'детский'],
  ['men', 'kind', 'мужской'],
  ['women', 'kind', 'женский'],
  ['smart', 'kind', 'умный'],
  ['mini', 'kind', 'мини'],
  ['power', 'kind', 'питания'],
  ['flash', 'kind', 'флеш'],
  ['memory', 'kind', 'памяти'],
  ['micro', 'kind', 'микро'],
  ['selfie', 'kind', 'для селфи'],
  ['ring', 'kind', 'кольцевой'],
  ['night', 'kind', 'ночной'],
  ['string', 'kind', 'нить'],
  ['karaoke', 'kind', 'караоке'],
  ['air', 'kind', 'воздушный'],
  ['door', 'kind', 'дверной'],
  ['desk', 'kind', 'настольный'],
  ['table', 'kind', 'настольный'],
  ['desktop', 'kind', 'настольный'],
  ['screen', 'kind', 'экрана'],
  ['action', 'kind', 'экшн'],
  ['dash', 'kind', 'видеорегистратор'],
  ['video', 'kind', 'видео'],
  ['security', 'kind', 'видеонаблюдения'],
  ['oral', 'kind', 'для полости рта'],
  ['adult', 'kind', 'для взрослых'],
  // Whose goods: never a brand before an importer's goods (`Pet Diapers` are no baby's).
  ['pet', 'kind', 'для животных'],
  ['dog', 'kind', 'для собак'],
  ['cat', 'kind', 'для кошек'],
  ['face', 'kind', 'для лица'],
  ['facial', 'kind', 'для лица'],
  ['aroma', 'kind', 'ароматический'],
  ['body', 'kind', 'для тела'],
  ['bathroom', 'kind', 'напольный'],
  ['kitchen', 'kind', 'кухонный'],
  ['tire', 'kind', 'для шин'],
  ['tempered', 'kind', 'закаленный'],
  ['hydrogel', 'kind', 'гидрогелевый'],
  ['mechanical', 'kind', 'механический'],
  ['electric', 'kind', 'электрический'],
  ['sd', 'kind', 'sd'],
  ['usb', 'kind', 'usb'],
  ['ip', 'kind', 'ip'],
  ['otg', 'kind', 'otg'],
  ['rc', 'kind', 'радиоуправляемый'],
  ['uv', 'kind', 'ультрафиолетовый'],
  ['hdmi', 'kind', 'hdmi'],
  ['led', 'kind', 'светодиодный'],
  ['food', 'kind', 'для еды'],
  ['storage', 'kind', 'для хранения'],
  ['soap', 'kind', 'для мыла'],
  ['makeup', 'kind', 'косметический'],
  ['protein', 'kind', 'протеиновый'],
  ['coffee', 'kind', 'для кофе'],
  ['bath', 'kind', 'для ванной'],
  ['shower', 'kind', 'для душа'],
  // Features: how the goods work or look, never which goods.
  ['wireless', 'feature', 'беспроводной'],
  // Bluetooth goods are wireless ones (`Bluetooth Headphones` are Беспроводные наушники): the directory says so, never `bluetooth`.
  ['bluetooth', 'feature', 'беспроводной'],
  ['portable', 'feature', 'портативный'],
  ['rechargeable', 'feature', 'аккумуляторный'],
  ['magnetic', 'feature', 'магнитный'],
  ['foldable', 'feature', 'складной'],
  ['waterproof', 'feature', 'водонепроницаемый'],
  ['adjustable', 'feature', 'регулируемый'],
  ['handheld', 'feature', 'ручной'],
  ['ultrasonic', 'feature', 'ультразвуковой'],
  ['professional', 'feature', 'профессиональный'],
  ['digital', 'feature', 'цифровой'],
  ['wired', 'feature', 'проводной'],
  ['braided', 'feature', 'в оплетке'],
  ['fast', 'feature', 'быстрый'],
  ['wifi', 'feature', 'wi-fi'],
  ['rgb', 'feature', 'rgb'],
  ['tws', 'feature', 'tws'],
  ['gps', 'feature', 'gps'],
  ['silicone', 'feature', 'силиконовый'],
  ['metal', 'feature', 'металлический'],
  ['leather', 'feature', 'кожаный'],
  ['transparent', 'feature', 'прозрачный'],
  ['universal', 'feature', 'универсальный'],
  ['compact', 'feature', 'компактный'],
  ['automatic', 'feature', 'автоматический'],
  ['touchless', 'feature', 'сенсорный'],
  ['airtight', 'feature', 'герметичный'],
  ['cordless', 'feature', 'беспроводной'],
];

/**
 * Goods an importer names in English, brand first (`Missha Sunscreen`, `Merries Diapers`, `Alize Yarn`), whose one Russian word
 * the directory's leaves use (Сыворотки, Эссенции, Солнцезащитные средства, Зубные пасты, Подгузники, Лапша, Пряжа, Бисер): read
 * so, and the words before them are the brand's, as before the goods below. Which leaf of a word's leaves, the kind words before
 * it say (`Hair Serum`, `Kids Toothpaste`, `Adult Diapers`); a word the table does not know leaves the type unread.
 */
const IMPORTER_GOODS: readonly (readonly [string, string])[] = [
  ['serum', 'сыворотка'],
  ['essence', 'эссенция'],
  ['sunscreen', 'солнцезащитное средство'],
  ['sunblock', 'солнцезащитное средство'],
  ['toothpaste', 'зубная паста'],
  ['diaper', 'подгузник'],
  ['nappy', 'подгузник'],
  ['noodle', 'лапша'],
  ['yarn', 'пряжа'],
  ['bead', 'бисер'],
];

/**
 * Trade abbreviations a computer shop names its goods by (`VGA ASUS Dual RTX 4060`, `MSI GeForce RTX 4070 Ventus VGA`, `PSU 750W`,
 * `UPS 650VA`), each of one kind of goods in any price list of the trade, with the Russian words the directory names it by. The
 * trade writes the maker, the chip and the model before them (`Crucial P3 SSD`, `DeepCool PF PSU`): those words are the brand's,
 * and the type is the abbreviation, else every card of a maker's line was a type of its own that no leaf explains. `MB` is left
 * out: it is the megabyte as often.
 */
const TRADE_ABBREVIATIONS: readonly (readonly [string, string])[] = [
  ['cpu', 'процессор'],
  ['hdd', 'жесткий диск'],
  ['psu', 'блок питания'],
  ['ssd', 'ssd накопитель'],
  ['ups', 'источник бесперебойного питания'],
  ['vga', 'видеокарта'],
];

/**
 * Goods an importer of cosmetics, household chemicals and Asian groceries names in English (`Etude Mascara Volume`, `Lion
 * Mouthwash`, `Attack Laundry Gel`, `Nori Sheets`), known as goods so that the type is keyed by them and never by the brand before
 * them, yet with no Russian reading: what each is in the directory depends on words the table does not read (`toner` of the
 * face or of a printer, `gel` for laundry, the shower or the hair, `patch` for the eyes or for acne, `sheets` of nori or of a
 * bed), so a pick is left to the seller's answer, which the key now carries to the same goods of every brand. Each group says why.
 */
const KEY_ONLY_GOODS: readonly { words: readonly string[]; why: string }[] = [
  { words: ['cream', 'lotion', 'emulsion', 'ampoule', 'toner', 'mist', 'cleanser', 'foam', 'balm', 'scrub', 'mask', 'patch'], why: 'face and body care: which leaf depends on the part of the body and the kind (`Hand Cream`, `Eye Patch`, `Toner Pads`)' },
  { words: ['mascara', 'cushion', 'tint', 'foundation', 'concealer', 'primer', 'eyeliner', 'lipstick', 'gloss', 'pencil', 'palette'], why: 'make-up: `Brow Pencil` and `Lip Tint` tell their leaf by a word before them' },
  { words: ['shampoo', 'conditioner', 'treatment', 'oil', 'color', 'colour', 'dye'], why: 'hair care and oils: `Hair Oil`, `Cleansing Oil` and `Sesame Oil` are unlike goods' },
  { words: ['soap', 'wash', 'mouthwash', 'deodorant', 'antiperspirant', 'pants', 'wipe', 'tissue', 'napkin', 'liner'], why: 'hygiene: `Body Wash` and `Dish Wash`, `Wet Wipes` and `Facial Tissue` are told apart by the word before; `Pants` of a diaper brand are pull-up diapers, of a clothes shop trousers' },
  { words: ['detergent', 'softener', 'bleach', 'gel', 'liquid', 'powder', 'tablet', 'capsule', 'pod', 'spray', 'scrubber'], why: 'household chemicals: `Laundry Gel`, `Shower Gel`; `Bath Tablets`, `Dishwasher Tablets` (no `remover`: `IPL Hair Remover` is a device, whose kind in capitals stays in the type)' },
  { words: ['collagen', 'supplement'], why: 'supplements: a vitamin, a cosmetic or a food supplement by the rest of the name' },
  { words: ['ramen', 'ramyun', 'sauce', 'paste', 'mayonnaise', 'sheet', 'tea', 'milk', 'drink', 'soda', 'cider', 'juice', 'chip', 'snack', 'candy', 'jelly', 'seaweed', 'kimchi', 'coffee', 'rice'], why: 'groceries: `Green Tea` or `Milk Tea`, `Banana Milk` or `Body Milk`, `Nori Sheets` or `Sheet Mask`' },
];

/**
 * Words that say which of those goods (`Hand Cream`, `Laundry Gel`, `Banana Milk`, `Green Tea`), kinds with no Russian reading
 * for the same reason: known, they stay in the type before its head, where an unknown word before the goods is the brand's.
 */
const KEY_ONLY_KINDS: readonly { words: readonly string[]; why: string }[] = [
  { words: ['eye', 'lip', 'hand', 'foot', 'brow', 'scalp'], why: 'the part of the body the goods are for: `Eye Cream` and `Hand Cream` are other leaves' },
  { words: ['laundry', 'dish', 'dishwasher', 'toilet', 'fabric', 'stain', 'cleansing', 'sleeping', 'peeling', 'sun', 'wet', 'cotton', 'acne', 'spot', 'sheet'], why: 'what the goods clean or treat, or how they are used: `Laundry Gel`, `Dish Wash`, `Wet Wipes`, `Sheet Mask`' },
  { words: ['shrimp', 'potato', 'sesame', 'soy', 'instant', 'sushi', 'nori'], why: 'a kind of a food: `Sushi Rice`, `Shrimp Chips`, `Instant Noodles`, `Nori Sheets`' },
];

/**
 * Flavours, scents and colours (`Banana Milk`, `Green Tea`, `Hand Cream Peach`): features, words of the type before the head
 * (banana milk is a milk drink, green tea a kind of tea), yet after it no word of the goods: `Hand Cream Peach` and `Hand Cream
 * Shea` are one type, and a question each was asked for nothing.
 */
const KEY_ONLY_FEATURES: readonly string[] = ['banana', 'strawberry', 'melon', 'mango', 'peach', 'lemon', 'citrus', 'apple', 'grape', 'honey', 'chocolate', 'matcha', 'vanilla', 'shea', 'rose', 'lavender', 'green', 'black', 'gold'];

/** English word (normalised, `tokenizeForMatch`) → its role and Russian word. */
export const ENGLISH_PRODUCT_WORDS: ReadonlyMap<string, EnglishProductWord> = readEnglishProductTable();

function readEnglishProductTable(): Map<string, EnglishProductWord> {
  const table = new Map<string, EnglishProductWord>(WORDS.map(([word, role, russian]) => [word, LOOSE.has(word) ? { role, russian, loose: true } : { role, russian }]));
  for (const [word, russian] of [...IMPORTER_GOODS, ...TRADE_ABBREVIATIONS]) table.set(word, { role: 'goods', russian, brandFirst: true });
  // A word the table reads in Russian keeps its reading (`coffee` is a kind of maker, `soap` of a dispenser).
  for (const group of KEY_ONLY_GOODS) for (const word of group.words) if (!table.has(word)) table.set(word, { role: 'goods', russian: '', loose: true, keyOnly: true, brandFirst: true });
  for (const group of KEY_ONLY_KINDS) for (const word of group.words) if (!table.has(word)) table.set(word, { role: 'kind', russian: '', loose: true, keyOnly: true });
  for (const word of KEY_ONLY_FEATURES) if (!table.has(word)) table.set(word, { role: 'feature', russian: '', loose: true, keyOnly: true });
  return table;
}

/**
 * The table's entry of a word as a name writes it, in the plural too (`containers`, `boxes`, `batteries`): English names goods
 * in the plural as often as in the singular (`Food Storage Containers`, `LED Strip Lights`). A plural the table lists itself
 * (`lights`: string lights, no lamps) is its own word.
 */
export function readEnglishProductWord(word: string): EnglishProductWord | undefined {
  const own = ENGLISH_PRODUCT_WORDS.get(word);
  if (own !== undefined || word.length < 4 || !word.endsWith('s') || word.endsWith('ss')) return own;
  for (const singular of readSingulars(word)) {
    const found = ENGLISH_PRODUCT_WORDS.get(singular);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The singulars a plural may have (`batteries` → `battery`, `boxes` → `box`, `lids` → `lid`), the likeliest first. */
export function readSingulars(word: string): string[] {
  if (word.endsWith('ies')) return [`${word.slice(0, -3)}y`];
  if (/(?:x|ch|sh|ss|z)es$/u.test(word)) return [word.slice(0, -2), word.slice(0, -1)];
  return [word.slice(0, -1)];
}

/** Whether the table knows a word, alone, in the plural or as a word of a compound (never a brand by its capital letter). */
export function isEnglishProductWord(word: string): boolean {
  return readEnglishProductWord(word) !== undefined || readCompoundWord(word) !== undefined || readCompoundWord(readSingulars(word)[0] ?? word) !== undefined;
}

/**
 * English compounds whose words together name one kind of goods the directory names by another word than their parts' readings
 * (`night light` is a night-light, Ночники, no `светильник ночной`; `curling iron` is a curler, no iron; `protein cookie` is a
 * sports food, no biscuit), written singular, each with why. A compound reads as one word of its role at its last word.
 */
interface EnglishCompound {
  words: readonly string[];
  role: EnglishWordRole;
  russian: string;
  /** An importer's goods, named brand first (`Kikkoman Soy Sauce`): as `EnglishProductWord.brandFirst`. */
  brandFirst?: true;
  why: string;
}

const COMPOUNDS: readonly EnglishCompound[] = [
  { words: ['night', 'light'], role: 'goods', russian: 'ночник', why: 'a night-light, named as one word by the directory (Ночники)' },
  { words: ['ring', 'light'], role: 'goods', russian: 'кольцевая лампа', why: 'a ring lamp for video and selfies (Кольцевые лампы), no ceiling light' },
  { words: ['strip', 'light'], role: 'goods', russian: 'светодиодная лента', why: 'an LED strip (Светодиодные ленты), no string lights' },
  { words: ['led', 'strip'], role: 'goods', russian: 'светодиодная лента', why: 'an LED strip (Светодиодные ленты)' },
  { words: ['protein', 'cookie'], role: 'goods', russian: 'протеиновое печенье', why: 'a sports food (Протеиновое печенье), no biscuit of the grocery' },
  { words: ['protein', 'bar'], role: 'goods', russian: 'протеиновый батончик', why: 'a sports food (Спортивное питание / Батончики), no chocolate bar' },
  { words: ['sound', 'bar'], role: 'goods', russian: 'саундбар', why: 'a soundbar' },
  { words: ['curling', 'iron'], role: 'goods', russian: 'плойка', why: 'a curling iron is a curler (Плойки), no laundry iron' },
  { words: ['flat', 'iron'], role: 'goods', russian: 'выпрямитель для волос', why: 'a hair straightener, no laundry iron' },
  { words: ['hair', 'iron'], role: 'goods', russian: 'выпрямитель для волос', why: 'a hair straightener, no laundry iron' },
  { words: ['steam', 'iron'], role: 'goods', russian: 'утюг', why: 'a laundry iron: the steam says which of the two `iron` names' },
  { words: ['garment', 'steamer'], role: 'goods', russian: 'отпариватель', why: 'a clothes steamer (Отпариватели), no food steamer' },
  { words: ['clothes', 'steamer'], role: 'goods', russian: 'отпариватель', why: 'a clothes steamer (Отпариватели), no food steamer' },
  { words: ['coffee', 'grinder'], role: 'goods', russian: 'кофемолка', why: 'a coffee grinder (Кофемолки), no angle grinder' },
  { words: ['pepper', 'grinder'], role: 'goods', russian: 'мельница для специй', why: 'a spice mill (Мельницы для специй)' },
  { words: ['spice', 'grinder'], role: 'goods', russian: 'мельница для специй', why: 'a spice mill (Мельницы для специй)' },
  { words: ['vacuum', 'cleaner'], role: 'goods', russian: 'пылесос', why: 'a vacuum cleaner: `cleaner` alone is as often a liquid' },
  { words: ['vacuum', 'sealer'], role: 'goods', russian: 'вакуумный упаковщик', why: 'a vacuum sealer (Вакуумные упаковщики), no vacuum cleaner' },
  { words: ['tv', 'box'], role: 'goods', russian: 'тв-приставка', why: 'a TV set-top box (ТВ-приставки), no storage box' },
  { words: ['lunch', 'box'], role: 'goods', russian: 'контейнер для еды', why: 'a lunch box holds food (Контейнеры для еды)' },
  { words: ['storage', 'box'], role: 'goods', russian: 'коробка для хранения', why: 'a storage box (Коробки для хранения)' },
  { words: ['food', 'storage'], role: 'kind', russian: 'для еды', why: 'goods that keep food (Контейнеры для еды), not things' },
  { words: ['nail', 'polish'], role: 'goods', russian: 'лак для ногтей', why: 'nail varnish (Лаки для ногтей), no polish of furniture' },
  { words: ['nail', 'file'], role: 'goods', russian: 'пилка для ногтей', why: 'a nail file (Пилки для ногтей)' },
  { words: ['soap', 'dispenser'], role: 'goods', russian: 'дозатор для мыла', why: 'a soap dispenser (Дозаторы для мыла)' },
  { words: ['makeup', 'mirror'], role: 'goods', russian: 'зеркало косметическое', why: 'a make-up mirror (Зеркала косметические), no wall mirror' },
  { words: ['tire', 'inflator'], role: 'goods', russian: 'компрессор автомобильный', why: 'a car tyre inflator is a compressor (Компрессоры)' },
  { words: ['air', 'fryer'], role: 'goods', russian: 'аэрогриль', why: 'an air fryer (Аэрогрили), no deep fryer' },
  { words: ['waffle', 'maker'], role: 'goods', russian: 'вафельница', why: 'a waffle maker (Вафельницы)' },
  { words: ['coffee', 'maker'], role: 'goods', russian: 'кофеварка', why: 'a coffee maker (Кофеварки)' },
  { words: ['air', 'freshener'], role: 'goods', russian: 'ароматизатор', why: 'an air freshener (Ароматизаторы), no air purifier' },
  { words: ['compression', 'bag'], role: 'goods', russian: 'вакуумный пакет', why: 'a vacuum storage bag for clothes (Вакуумные пакеты), no vacuum cleaner bag' },
  { words: ['vacuum', 'storage', 'bag'], role: 'goods', russian: 'вакуумный пакет', why: 'a vacuum storage bag for clothes (Вакуумные пакеты), no vacuum cleaner bag' },
  { words: ['hair', 'band'], role: 'goods', russian: 'резинка для волос', why: 'a hair band or tie (Резинки для волос), no watch strap' },
  { words: ['motion', 'sensor'], role: 'goods', russian: 'датчик движения', why: 'a motion sensor (Датчики движения)' },
  { words: ['soy', 'sauce'], role: 'goods', brandFirst: true, russian: 'соевый соус', why: 'soy sauce (Соевый соус), one kind of sauce the directory names' },
  { words: ['instant', 'noodle'], role: 'goods', brandFirst: true, russian: 'лапша быстрого приготовления', why: 'instant noodles (Лапша быстрого приготовления), no plain noodles' },
  { words: ['diaper', 'pants'], role: 'goods', brandFirst: true, russian: 'трусики-подгузники', why: 'pull-up diapers (Трусики-подгузники), no trousers' },
  { words: ['face', 'toner'], role: 'goods', brandFirst: true, russian: 'тоник для лица', why: 'a face toner is a tonic (Тоники), no printer toner' },
  { words: ['facial', 'toner'], role: 'goods', brandFirst: true, russian: 'тоник для лица', why: 'a face toner is a tonic (Тоники), no printer toner' },
  { words: ['toner', 'cartridge'], role: 'goods', russian: 'тонер', why: 'a printer’s toner (Тонеры и чернила)' },
  { words: ['printer', 'toner'], role: 'goods', russian: 'тонер', why: 'a printer’s toner (Тонеры и чернила)' },
  { words: ['cotton', 'pad'], role: 'goods', brandFirst: true, russian: 'ватные диски', why: 'cotton pads (Косметические ватные диски), no mat' },
  { words: ['gel', 'polish'], role: 'goods', brandFirst: true, russian: 'лак для ногтей', why: 'gel nail polish is a nail varnish (Лаки для ногтей; the shared vocabulary reads гель-лаки so)' },
  { words: ['cuticle', 'oil'], role: 'goods', brandFirst: true, russian: 'масло для кутикулы', why: 'a cuticle oil (Масла для кутикулы), no food or hair oil' },
];

const COMPOUNDS_BY_LAST = new Map<string, EnglishCompound[]>();
for (const compound of COMPOUNDS) {
  const last = compound.words[compound.words.length - 1] ?? '';
  COMPOUNDS_BY_LAST.set(last, [...(COMPOUNDS_BY_LAST.get(last) ?? []), compound]);
}
const COMPOUND_WORDS = new Set(COMPOUNDS.flatMap((compound) => compound.words));

/** Whether a word is a word of a compound (`nail` of `nail polish`): English capitalises it as goods, never as a brand. */
function readCompoundWord(word: string): true | undefined {
  return COMPOUND_WORDS.has(word) ? true : undefined;
}

/**
 * English words that name two unlike kinds of goods (`iron`: a laundry iron, or the mineral of a supplement, `Iron
 * Bisglycinate`): read alone they say neither, so they have no Russian reading and never make a pick sure; a compound that says
 * which (`steam iron`, `curling iron`) is read. Each with why, and whether the other kind is a mass noun, which English never
 * writes in the plural (`Irons` are appliances: the mineral has no plural).
 */
const TWO_KINDS: ReadonlyMap<string, { why: string; massNoun?: true }> = new Map([
  ['iron', { why: 'a laundry iron (Утюги) or the mineral of a supplement (`Iron Bisglycinate`, Железо)', massNoun: true }],
  ['bar', { why: 'a sports or chocolate bar, a soundbar, a bar stool or a towel rail' }],
  ['steamer', { why: 'a clothes steamer (Отпариватели) or a food steamer (Пароварки)' }],
  ['grinder', { why: 'a coffee grinder, a spice mill or an angle grinder' }],
  ['cleaner', { why: 'a vacuum cleaner, a cleaning liquid or an ultrasonic cleaner' }],
  ['box', { why: 'a storage box, a TV box, a lunch box, a gift or mystery box' }],
  ['tablets', { why: 'tablet computers (Планшеты) or pills (`Dishwasher Tablets`, `Effervescent Tablets`)' }],
  ['pumps', { why: 'pumps (Насосы) or court shoes (Туфли)' }],
  ['toner', { why: 'a face toner (Тоники) or a printer’s toner (Тонеры и чернила)', massNoun: true }],
]);

/** Why a word names two kinds of goods (`TWO_KINDS`), in the singular, or in the plural where both kinds have one; undefined for any other word. */
export function readTwoKindsWord(word: string): string | undefined {
  const own = TWO_KINDS.get(word);
  if (own !== undefined) return own.why;
  if (!word.endsWith('s')) return undefined;
  return readSingulars(word).map((singular) => TWO_KINDS.get(singular)).find((found) => found !== undefined && found.massNoun !== true)?.why;
}

/** One word of an English type as the table reads it: its entry, and whether it is no word of its own but a compound's first part. */
export interface EnglishWordReading {
  entry: EnglishProductWord | undefined;
  /** The word opens a compound read at a later word (`nail` of `nail polish`). */
  partOfCompound?: true;
  /** The word ends a compound, whose reading `entry` is (`ночник` at `light` of `night light`). */
  compound?: true;
}

/**
 * The table's reading of each word of an English type, in order, compounds first (`night light` is one `ночник`, read at
 * `light`; `night` is part of it): a compound's words must stand together, in the singular or the plural.
 */
export function readEnglishWords(words: readonly string[]): EnglishWordReading[] {
  // Each word as written and as the singulars it may be (`lights` is a word of its own and the plural of `light`).
  const forms = words.map((word) => (word.length >= 4 && word.endsWith('s') && !word.endsWith('ss') ? [word, ...readSingulars(word)] : [word]));
  const readings: EnglishWordReading[] = words.map((word) => ({ entry: readEnglishProductWord(word) }));
  for (const [at, written] of forms.entries()) {
    const compound = written.flatMap((word) => COMPOUNDS_BY_LAST.get(word) ?? []).find((each) => each.words.length <= at + 1 && each.words.every((part, i) => forms[at - each.words.length + 1 + i]?.includes(part) === true));
    if (compound === undefined) continue;
    for (let i = at - compound.words.length + 1; i < at; i += 1) readings[i] = { entry: readings[i]?.entry, partOfCompound: true };
    readings[at] = { entry: { role: compound.role, russian: compound.russian, ...(compound.brandFirst === true ? { brandFirst: true as const } : {}) }, compound: true };
  }
  return readings;
}

/**
 * English words for a part or an accessory of other goods (`Curtain Rod`, `Storage Box Lid`, `Nebulizer Mask`): after the
 * head noun such a word is the goods themselves, which English names last, so the name is never the main goods it names
 * first. Short and capitalised as they are written (`Rod`, `Lid`, `Pins`), they are never a brand: the word stays in the
 * type, which the English table does not read, and the seller is asked (a question, never a wrong answer).
 * Written from general knowledge of English product words (rules as data), not from any one list's rows.
 */
const PART_WORDS: ReadonlySet<string> = new Set([
  'basket', 'blade', 'bracket', 'cap', 'clip', 'cutter', 'filter', 'handle', 'head', 'hose', 'insert', 'lid', 'liner',
  'mask', 'mold', 'mould', 'nozzle', 'opener', 'pin', 'refill', 'rod', 'tape', 'tieback', 'tip', 'warmer', 'wrapper',
]);

/** Whether a word (normalised, `tokenizeForMatch`), singular or plural (`readSingulars`), names a part or an accessory of other goods. */
export function isEnglishPartWord(word: string): boolean {
  return PART_WORDS.has(word) || (word.endsWith('s') && readSingulars(word).some((singular) => PART_WORDS.has(singular)));
}

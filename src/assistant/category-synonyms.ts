/**
 * A small vocabulary of how sellers name categories in other words: common English category words
 * (`Laptops`, `Women's dresses`, `Winter tires`) and Russian colloquial names or synonyms
 * (`Дроны`, `Зарядки`, `Дворники`) with the words a directory uses for the same goods. It is general
 * language, not a list of any seller's labels: a phrase is rewritten word by word, and the matcher
 * uses a rewritten label to add candidates to a TODO, and to match confidently only when the label's
 * own words name no leaf and every rewritten word means the same or names a kind of it (`Laptops`,
 * `Незамерзайка`, `Антиперспиранты`).
 */
import { tokenizeForMatch } from './normalize-for-match.js';
import { stemWord } from './stem-word.js';

// A word whose rewrite is near, not the same (`food` may be a person's, `колонки` need not be
// portable, `резина` need not be tyres): it only ever adds candidates.
const LOOSE = 'loose';
// A kind of what the directory's words name (`Антиперспиранты` are `Дезодоранты`, `Гель-лаки` are
// `Лаки для ногтей`): the leaf named exactly so is where the kind belongs, as long as no leaf is
// named by the label's own words (the matcher tries those first), so it counts as the same.
const KIND = 'kind';

/**
 * `[what sellers write, what directories say, how near]`, lower case; longer phrases are tried first.
 * A rewrite made of the same words or kinds only may be matched confidently (see `rewriteWithSynonyms`).
 */
const SYNONYMS: readonly (readonly [string, string, (typeof LOOSE | typeof KIND)?])[] = [
  // English: goods
  ['smartphones', 'смартфоны'], ['smartphone', 'смартфоны'], ['mobile phones', 'телефоны', LOOSE], ['phones', 'телефоны', LOOSE], ['phone', 'телефона', LOOSE],
  ['laptops', 'ноутбуки'], ['laptop', 'ноутбуки'], ['notebooks', 'ноутбуки'], ['tablets', 'планшеты'], ['monitors', 'мониторы'],
  ['computer mouse', 'компьютерные мыши'], ['mouse', 'мыши'], ['mice', 'мыши'], ['keyboards', 'клавиатуры'], ['printers', 'принтеры'],
  ['headphones', 'наушники'], ['earphones', 'наушники'], ['earbuds', 'наушники'], ['speakers', 'колонки', LOOSE], ['tvs', 'телевизоры'], ['tv', 'телевизоры'],
  ['televisions', 'телевизоры'], ['cameras', 'фотоаппараты', LOOSE], ['drones', 'квадрокоптеры'], ['gamepads', 'геймпады'], ['video games', 'видеоигры'],
  ['power banks', 'внешние аккумуляторы'], ['power bank', 'внешние аккумуляторы'], ['chargers', 'зарядные устройства'], ['cables', 'кабели'],
  ['routers', 'роутеры'], ['smart watches', 'смарт-часы'], ['smartwatches', 'смарт-часы'], ['watches', 'часы'],
  ['refrigerators', 'холодильники'], ['fridges', 'холодильники'], ['washing machines', 'стиральные машины'], ['vacuum cleaners', 'пылесосы'],
  ['kettles', 'чайники'], ['irons', 'утюги'], ['microwaves', 'микроволновые печи'], ['hair dryers', 'фены'],
  ['dresses', 'платья'], ['jeans', 'джинсы'], ['t-shirts', 'футболки'], ['t shirts', 'футболки'], ['tshirts', 'футболки'], ['tees', 'футболки'],
  ['shirts', 'рубашки'], ['hoodies', 'худи'], ['sweatshirts', 'свитшоты'], ['sweaters', 'свитеры'], ['jackets', 'куртки'], ['coats', 'пальто'],
  ['skirts', 'юбки'], ['shorts', 'шорты'], ['trousers', 'брюки'], ['pants', 'брюки', LOOSE], ['socks', 'носки'], ['underwear', 'белье', LOOSE], ['swimsuits', 'купальники'],
  ['shoes', 'обувь', LOOSE], ['sneakers', 'кроссовки'], ['trainers', 'кроссовки'], ['boots', 'ботинки', LOOSE], ['sandals', 'сандалии'], ['slippers', 'тапочки'],
  ['bags', 'сумки'], ['backpacks', 'рюкзаки'], ['wallets', 'кошельки'], ['belts', 'ремни'], ['sunglasses', 'солнцезащитные очки'], ['hats', 'головные уборы', LOOSE],
  ['frying pans', 'сковороды'], ['pans', 'сковороды', LOOSE], ['pots', 'кастрюли', LOOSE], ['knives', 'ножи'], ['plates', 'тарелки'], ['mugs', 'кружки'],
  ['towels', 'полотенца'], ['pillows', 'подушки'], ['blankets', 'одеяла'], ['bedding', 'постельное белье', LOOSE], ['lamps', 'лампы', LOOSE], ['bulbs', 'лампы', LOOSE],
  ['toys', 'игрушки'], ['dolls', 'куклы'], ['books', 'книги'], ['bicycles', 'велосипеды'], ['bikes', 'велосипеды'], ['scooters', 'самокаты'], ['tents', 'палатки'],
  ['tires', 'шины'], ['tyres', 'шины'], ['wheels', 'диски', LOOSE], ['rims', 'диски', LOOSE], ['car', 'автомобильные', LOOSE],
  ['dog food', 'корм для собак'], ['cat food', 'корм для кошек'], ['food', 'корм', LOOSE], ['perfume', 'парфюмерия'], ['shampoo', 'шампуни'], ['lipstick', 'помада'],
  // English: whom for, what kind
  ["women's", 'женские'], ['womens', 'женские'], ['women', 'женские'], ['ladies', 'женские'], ["men's", 'мужские'], ['mens', 'мужские'], ['men', 'мужские'],
  ["kids'", 'детские'], ['kids', 'детские'], ["children's", 'детские'], ['baby', 'детские', LOOSE], ['girls', 'для девочек'], ['boys', 'для мальчиков'],
  ['winter', 'зимние'], ['summer', 'летние'], ['gaming', 'игровые'], ['wireless', 'беспроводные'], ['electric', 'электрические', LOOSE],
  // Russian: colloquial names and synonyms
  ['дроны', 'квадрокоптеры'], ['джойстики', 'геймпады'], ['зарядки', 'зарядные устройства'], ['зарядка', 'зарядные устройства'], ['лампочки', 'лампы'],
  ['градусники', 'термометры'], ['антиперспиранты', 'дезодоранты', KIND], ['спальник', 'спальные мешки'], ['резина', 'шины', LOOSE], ['покрышки', 'шины'],
  ['авточехлы', 'чехлы на сиденья'], ['дворники', 'щетки стеклоочистителя'], ['незамерзайка', 'омыватели стекол'], ['регистратор', 'видеорегистраторы', LOOSE],
  ['свч', 'микроволновые'], ['микроволновки', 'микроволновые печи'], ['электроплиты', 'электрические плиты'], ['мешки для мусора', 'мусорные пакеты'],
  ['гель-лаки', 'лаки для ногтей', KIND], ['гель лаки', 'лаки для ногтей', KIND], ['кпб', 'постельное белье'], ['пмм', 'посудомоечной машины', LOOSE], ['конвекторы', 'обогреватели', KIND],
  ['тепловентиляторы', 'обогреватели', KIND], ['шапки', 'головные уборы'], ['кепки', 'головные уборы', KIND], ['духи', 'парфюмерия', KIND], ['туалетная вода', 'парфюмерия', KIND],
  ['тв', 'телевизоры'], ['смеси молочные', 'детское питание', KIND], ['детские смеси', 'детское питание', KIND], ['эргорюкзаки', 'слинги и кенгуру', KIND], ['кенгуру', 'слинги и кенгуру'],
  ['мобильники', 'телефоны', LOOSE], ['сотовые', 'телефоны', LOOSE], ['компьютеры', 'системные блоки', LOOSE], ['пк', 'системные блоки', LOOSE], ['колонки', 'портативные колонки', LOOSE],
  ['батареи', 'аккумуляторы', LOOSE], ['пауэрбанки', 'внешние аккумуляторы'], ['повербанки', 'внешние аккумуляторы'], ['литые', 'колесные', LOOSE],
  // Russian, by department: the everyday or trade names of goods the directory names otherwise.
  // Electronics
  ['фитнес-трекеры', 'фитнес-браслеты'], ['фитнес трекеры', 'фитнес-браслеты'], ['умные часы', 'смарт-часы'], ['смарт часы', 'смарт-часы'],
  ['маршрутизаторы', 'роутеры'], ['портативная акустика', 'портативные колонки'], ['блютуз колонки', 'портативные колонки'], ['bluetooth колонки', 'портативные колонки'],
  ['беспроводные колонки', 'портативные колонки'], ['ноуты', 'ноутбуки'], ['телики', 'телевизоры'], ['флешки', 'usb-флешки'], ['мышки', 'компьютерные мыши'],
  ['планшетники', 'планшеты'], ['игровые приставки', 'игровые консоли'], ['фотики', 'фотоаппараты'], ['вебки', 'веб-камеры'], ['кронштейны для телевизора', 'кронштейны для тв'],
  // Appliances
  ['посудомойки', 'посудомоечные машины'], ['морозильные камеры', 'морозильники'], ['морозильная камера', 'морозильники'], ['духовки', 'духовые шкафы'],
  ['сплит-системы', 'кондиционеры', KIND], ['сплит системы', 'кондиционеры', KIND], ['утюжки для волос', 'выпрямители для волос'], ['щипцы для завивки', 'плойки'],
  ['бритвы электрические', 'электробритвы'], ['электрические бритвы', 'электробритвы'], ['небулайзеры', 'ингаляторы'],
  // Clothes, shoes, accessories
  ['толстовки', 'худи и свитшоты', KIND], ['бюстгальтеры', 'нижнее белье', KIND], ['трусы', 'нижнее белье', KIND], ['майки', 'футболки', LOOSE], ['кофты', 'свитеры', LOOSE],
  ['сланцы', 'шлепанцы'], ['вьетнамки', 'шлепанцы', KIND], ['кроссы', 'кроссовки'], ['берцы', 'ботинки', KIND],
  ['панамы', 'головные уборы', KIND], ['шляпы', 'головные уборы', KIND], ['солнечные очки', 'солнцезащитные очки'], ['очки солнечные', 'солнцезащитные очки'],
  ['портмоне', 'кошельки'], ['бананки', 'поясные сумки'], ['сережки', 'серьги'], ['кулоны', 'подвески'],
  // Home
  ['занавески', 'шторы'], ['паласы', 'ковры'], ['покрывала', 'пледы', LOOSE], ['ночники', 'светильники', KIND], ['бра', 'светильники', KIND],
  ['кухонные ножи', 'ножи кухонные'], ['ланчбоксы', 'контейнеры для еды', KIND], ['стиральные порошки', 'средства для стирки', KIND], ['порошки стиральные', 'средства для стирки', KIND],
  ['гели для стирки', 'средства для стирки', KIND], ['таблетки для посудомоечных машин', 'средства для мытья посуды', KIND], ['средства для посуды', 'средства для мытья посуды'],
  ['умывальники', 'раковины'], ['душевые стойки', 'душевые системы', KIND], ['сетевые фильтры', 'удлинители', KIND], ['провода', 'кабель', LOOSE],
  // Children
  ['памперсы', 'подгузники'], ['пустышки', 'бутылочки и соски', KIND], ['автолюльки', 'автокресла', KIND], ['настолки', 'настольные игры'],
  ['радиоуправляемые машинки', 'радиоуправляемые игрушки', KIND], ['ранцы', 'школьные рюкзаки', KIND], ['гуашь', 'краски и кисти', KIND], ['акварель', 'краски и кисти', KIND],
  ['книжки', 'книги'],
  // Beauty and health
  ['тональный крем', 'тональные средства', KIND], ['тональные кремы', 'тональные средства', KIND], ['консилеры', 'тональные средства', KIND],
  ['солнцезащитный крем', 'солнцезащитные средства', KIND], ['солнцезащитные кремы', 'солнцезащитные средства', KIND], ['санскрины', 'солнцезащитные средства', KIND],
  ['пенки для умывания', 'средства для умывания', KIND], ['гели для умывания', 'средства для умывания', KIND], ['мицеллярная вода', 'средства для умывания', KIND],
  ['кондиционеры для волос', 'бальзамы и кондиционеры'], ['бальзамы для волос', 'бальзамы и кондиционеры'], ['лаки для волос', 'средства для укладки', KIND],
  ['тени', 'тени для век'], ['парфюм', 'парфюмерия', KIND], ['одеколоны', 'мужская парфюмерия', KIND], ['пены для бритья', 'средства для бритья', KIND],
  ['ортопедические стельки', 'ортопедические товары', KIND], ['стельки ортопедические', 'ортопедические товары', KIND],
  // Sport
  ['коврики для фитнеса', 'коврики для йоги'], ['гимнастические мячи', 'фитболы'], ['велики', 'велосипеды'], ['тюбинги', 'санки и тюбинги'], ['ватрушки', 'санки и тюбинги'],
  ['сывороточный протеин', 'протеин', KIND], ['протеиновые батончики', 'батончики'], ['bcaa', 'аминокислоты', KIND],
  // Cars
  ['летняя резина', 'летние шины'], ['зимняя резина', 'зимние шины'], ['всесезонная резина', 'всесезонные шины'], ['литые диски', 'колесные диски', KIND],
  ['авторегистраторы', 'видеорегистраторы'], ['антирадары', 'радар-детекторы'], ['магнитолы', 'автомагнитолы'], ['автодержатели', 'автомобильные держатели'],
  ['тосол', 'антифризы', KIND], ['омывайка', 'омыватели стекол'], ['автоковрики', 'коврики в салон'],
  // Pets, tools, books
  ['котов', 'кошек'], ['коты', 'кошки'], ['попугаев', 'птиц', KIND], ['лежаки', 'лежанки'], ['когтедралки', 'когтеточки'],
  ['ушм', 'болгарки'], ['сварочники', 'сварочные аппараты'], ['книги по бизнесу', 'бизнес-литература'], ['фэнтези', 'фантастика', KIND], ['стихи', 'поэзия'],
];

// Compared by word stems, so `Дрон` finds `дроны` and `Frying pan` finds `frying pans`; longer phrases first.
const ORDERED = [...SYNONYMS]
  .map(([from, to, nearness]) => ({ stems: tokenizeForMatch(from).map(stemWord), to, loose: nearness === LOOSE }))
  .filter((entry) => entry.stems.length > 0)
  .sort((a, b) => b.stems.length - a.stems.length);

/** A label in the directory's words; `exact` when every word rewritten means the same or names a kind of it. */
export interface SynonymRewrite {
  text: string;
  exact: boolean;
}

/**
 * The label in the directory's words, or `undefined` when the vocabulary knows none of its words:
 * `Women's dresses` → `женские платья`, `Дроны` → `квадрокоптеры`.
 */
export function rewriteWithSynonyms(text: string): SynonymRewrite | undefined {
  let changed = false;
  let exact = true;
  // Each level of a path on its own, so the path stays a path.
  const segments = text.split('/').map((segment) => {
    const words = tokenizeForMatch(segment);
    const stems = words.map(stemWord);
    const out: string[] = [];
    for (let at = 0; at < words.length; ) {
      const entry = ORDERED.find((candidate) => candidate.stems.every((stem, i) => stems[at + i] === stem));
      if (entry === undefined) {
        out.push(words[at] ?? '');
        at++;
        continue;
      }
      out.push(entry.to);
      at += entry.stems.length;
      changed = true;
      if (entry.loose) exact = false;
    }
    return out.join(' ');
  });
  return changed ? { text: segments.join(' / '), exact } : undefined;
}

/** Every word of the vocabulary, both sides, normalised: words a directory's readers know the meaning of. */
export function listSynonymWords(): string[] {
  return [...new Set(SYNONYMS.flatMap(([from, to]) => [...tokenizeForMatch(from), ...tokenizeForMatch(to)]))];
}

/**
 * A small vocabulary of how sellers name categories in other words: common English category words
 * (`Laptops`, `Women's dresses`, `Winter tires`) and Russian colloquial names or synonyms
 * (`Дроны`, `Зарядки`, `Дворники`) with the words a directory uses for the same goods. It is general
 * language, not a list of any seller's labels: a phrase is rewritten word by word, and the matcher
 * uses a rewritten label only to add candidates to a TODO, never to match confidently.
 */
import { normalizeForMatch } from './normalize-for-match.js';

/** `[what sellers write, what directories say]`, lower case; longer phrases are tried first. */
const SYNONYMS: readonly (readonly [string, string])[] = [
  // English: goods
  ['smartphones', 'смартфоны'], ['smartphone', 'смартфоны'], ['mobile phones', 'телефоны'], ['phones', 'телефоны'], ['phone', 'телефона'],
  ['laptops', 'ноутбуки'], ['laptop', 'ноутбуки'], ['notebooks', 'ноутбуки'], ['tablets', 'планшеты'], ['monitors', 'мониторы'],
  ['computer mouse', 'компьютерные мыши'], ['mouse', 'мыши'], ['mice', 'мыши'], ['keyboards', 'клавиатуры'], ['printers', 'принтеры'],
  ['headphones', 'наушники'], ['earphones', 'наушники'], ['earbuds', 'наушники'], ['speakers', 'колонки'], ['tvs', 'телевизоры'], ['tv', 'телевизоры'],
  ['televisions', 'телевизоры'], ['cameras', 'фотоаппараты'], ['drones', 'квадрокоптеры'], ['gamepads', 'геймпады'], ['video games', 'видеоигры'],
  ['power banks', 'внешние аккумуляторы'], ['power bank', 'внешние аккумуляторы'], ['chargers', 'зарядные устройства'], ['cables', 'кабели'],
  ['routers', 'роутеры'], ['smart watches', 'смарт-часы'], ['smartwatches', 'смарт-часы'], ['watches', 'часы'],
  ['refrigerators', 'холодильники'], ['fridges', 'холодильники'], ['washing machines', 'стиральные машины'], ['vacuum cleaners', 'пылесосы'],
  ['kettles', 'чайники'], ['irons', 'утюги'], ['microwaves', 'микроволновые печи'], ['hair dryers', 'фены'],
  ['dresses', 'платья'], ['jeans', 'джинсы'], ['t-shirts', 'футболки'], ['t shirts', 'футболки'], ['tshirts', 'футболки'], ['tees', 'футболки'],
  ['shirts', 'рубашки'], ['hoodies', 'худи'], ['sweatshirts', 'свитшоты'], ['sweaters', 'свитеры'], ['jackets', 'куртки'], ['coats', 'пальто'],
  ['skirts', 'юбки'], ['shorts', 'шорты'], ['trousers', 'брюки'], ['pants', 'брюки'], ['socks', 'носки'], ['underwear', 'белье'], ['swimsuits', 'купальники'],
  ['shoes', 'обувь'], ['sneakers', 'кроссовки'], ['trainers', 'кроссовки'], ['boots', 'ботинки'], ['sandals', 'сандалии'], ['slippers', 'тапочки'],
  ['bags', 'сумки'], ['backpacks', 'рюкзаки'], ['wallets', 'кошельки'], ['belts', 'ремни'], ['sunglasses', 'солнцезащитные очки'], ['hats', 'головные уборы'],
  ['frying pans', 'сковороды'], ['pans', 'сковороды'], ['pots', 'кастрюли'], ['knives', 'ножи'], ['plates', 'тарелки'], ['mugs', 'кружки'],
  ['towels', 'полотенца'], ['pillows', 'подушки'], ['blankets', 'одеяла'], ['bedding', 'постельное белье'], ['lamps', 'лампы'], ['bulbs', 'лампы'],
  ['toys', 'игрушки'], ['dolls', 'куклы'], ['books', 'книги'], ['bicycles', 'велосипеды'], ['bikes', 'велосипеды'], ['scooters', 'самокаты'], ['tents', 'палатки'],
  ['tires', 'шины'], ['tyres', 'шины'], ['wheels', 'диски'], ['rims', 'диски'], ['car', 'автомобильные'],
  ['dog food', 'корм для собак'], ['cat food', 'корм для кошек'], ['food', 'корм'], ['perfume', 'парфюмерия'], ['shampoo', 'шампуни'], ['lipstick', 'помада'],
  // English: whom for, what kind
  ["women's", 'женские'], ['womens', 'женские'], ['women', 'женские'], ['ladies', 'женские'], ["men's", 'мужские'], ['mens', 'мужские'], ['men', 'мужские'],
  ["kids'", 'детские'], ['kids', 'детские'], ["children's", 'детские'], ['baby', 'детские'], ['girls', 'для девочек'], ['boys', 'для мальчиков'],
  ['winter', 'зимние'], ['summer', 'летние'], ['gaming', 'игровые'], ['wireless', 'беспроводные'], ['electric', 'электрические'],
  // Russian: colloquial names and synonyms
  ['дроны', 'квадрокоптеры'], ['джойстики', 'геймпады'], ['зарядки', 'зарядные устройства'], ['зарядка', 'зарядные устройства'], ['лампочки', 'лампы'],
  ['градусники', 'термометры'], ['антиперспиранты', 'дезодоранты'], ['спальник', 'спальные мешки'], ['резина', 'шины'], ['покрышки', 'шины'],
  ['авточехлы', 'чехлы на сиденья'], ['дворники', 'щетки стеклоочистителя'], ['незамерзайка', 'омыватели стекол'], ['регистратор', 'видеорегистраторы'],
  ['свч', 'микроволновые'], ['микроволновки', 'микроволновые печи'], ['электроплиты', 'электрические плиты'], ['мешки для мусора', 'мусорные пакеты'],
  ['гель-лаки', 'лаки для ногтей'], ['гель лаки', 'лаки для ногтей'], ['кпб', 'постельное белье'], ['пмм', 'посудомоечной машины'], ['конвекторы', 'обогреватели'],
  ['тепловентиляторы', 'обогреватели'], ['шапки', 'головные уборы'], ['кепки', 'головные уборы'], ['духи', 'парфюмерия'], ['туалетная вода', 'парфюмерия'],
  ['тв', 'телевизоры'], ['смеси молочные', 'детское питание'], ['детские смеси', 'детское питание'], ['эргорюкзаки', 'слинги и кенгуру'], ['кенгуру', 'слинги и кенгуру'],
  ['мобильники', 'телефоны'], ['сотовые', 'телефоны'], ['компьютеры', 'системные блоки'], ['пк', 'системные блоки'], ['колонки', 'портативные колонки'],
  ['батареи', 'аккумуляторы'], ['пауэрбанки', 'внешние аккумуляторы'], ['повербанки', 'внешние аккумуляторы'], ['литые', 'колесные'],
];

const ORDERED = [...SYNONYMS].map(([from, to]) => [normalizeForMatch(from), to] as const).sort((a, b) => b[0].length - a[0].length);

/**
 * The label in the directory's words, or `undefined` when the vocabulary knows none of its words:
 * `Women's dresses` → `женские платья`, `Дроны` → `квадрокоптеры`.
 */
export function rewriteWithSynonyms(text: string): string | undefined {
  let changed = false;
  // Each level of a path on its own, so the path stays a path.
  const segments = text.split('/').map((segment) => {
    let rest = ` ${normalizeForMatch(segment)} `;
    for (const [from, to] of ORDERED) {
      const needle = ` ${from} `;
      if (from === '' || !rest.includes(needle)) continue;
      rest = rest.split(needle).join(` ${to} `);
      changed = true;
    }
    return rest.trim();
  });
  return changed ? segments.join(' / ') : undefined;
}

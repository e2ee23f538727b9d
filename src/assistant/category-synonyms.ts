/**
 * A vocabulary of how sellers name categories and goods in other words: common English category
 * words (`Laptops`, `Women's dresses`, `Winter tires`), Russian colloquial names or synonyms
 * (`Дроны`, `Зарядки`, `Дворники`) and the general retail vocabulary of Russian and Kazakh price
 * lists by department (`Газировка`, `АКБ`, `Сгущенка`, `Наждачка`), with the words a directory uses
 * for the same goods. It is general
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
  // English goods by the original directory's leaves, as a seller writing English names them (issue 33, labels32: English
  // labels, `Dog collars`, `Wall clocks`, were left questions for want of the word): one common name per kind, the leaf's
  // words as the directory says them, where the classifier's English product table (`english-product-words.ts`) does not
  // already read every word of it. A word that names two kinds is loose (`chairs`, `beds`) or left out (`conditioners`,
  // `switches`, `caps`, `cases`, `mats` of a car). (`Coffee machines`, `Cat litter`, `Gaming chairs` were added after the
  // round's fresh labels, which hold them word for word, were measured.)
  ['external hard drives', 'внешние жесткие диски'],
  ['gaming chairs', 'игровые кресла'], ['office chairs', 'компьютерные кресла'], ['computer chairs', 'компьютерные кресла'], ['chairs', 'стулья', LOOSE],
  ['coffee machines', 'кофемашины'], ['coffee makers', 'кофеварки'],
  ['toasters', 'тостеры'], ['juicers', 'соковыжималки'], ['meat grinders', 'мясорубки'], ['multicookers', 'мультиварки'], ['slow cookers', 'мультиварки'],
  ['bread makers', 'хлебопечки'],
  ['dishwashers', 'посудомоечные машины'], ['freezers', 'морозильники'], ['cooker hoods', 'вытяжки'], ['range hoods', 'вытяжки'], ['ovens', 'духовые шкафы', LOOSE],
  ['microwave ovens', 'микроволновые печи'], ['robot vacuums', 'роботы-пылесосы'], ['robot vacuum cleaners', 'роботы-пылесосы'], ['garment steamers', 'отпариватели'],
  ['air conditioners', 'кондиционеры'],
  ['sewing machines', 'швейные машины'], ['curling irons', 'плойки'],
  ['blouses', 'блузки'], ['cardigans', 'кардиганы'], ['pajamas', 'пижамы'], ['pyjamas', 'пижамы'], ['tracksuits', 'спортивные костюмы'], ['down jackets', 'пуховики'],
  ['tights', 'колготки'], ['leggings', 'леггинсы'], ['ankle boots', 'ботильоны'], ['loafers', 'мокасины'], ['moccasins', 'мокасины'], ['flip flops', 'шлепанцы'],
  ['ballet flats', 'балетки'], ['rubber boots', 'резиновые сапоги'], ['suitcases', 'чемоданы'], ['cosmetic bags', 'косметички'],
  ['earrings', 'серьги'], ['pendants', 'подвески'], ['brooches', 'броши'], ['umbrellas', 'зонты'], ['gloves', 'перчатки'], ['scarves', 'шарфы'],
  ['ties', 'галстуки', LOOSE], ['saucepans', 'кастрюли'], ['cutlery', 'столовые приборы'], ['cutting boards', 'разделочные доски'],
  ['kitchen knives', 'ножи кухонные'], ['teapots', 'чайники', LOOSE], ['rugs', 'ковры'], ['carpets', 'ковры'], ['tablecloths', 'скатерти'],
  ['bed linen', 'постельное белье'], ['bedding sets', 'постельное белье'], ['duvets', 'одеяла'], ['plaids', 'пледы'], ['throws', 'пледы', LOOSE], ['mattresses', 'матрасы'],
  ['sofas', 'диваны'], ['beds', 'кровати', LOOSE], ['wardrobes', 'шкафы'], ['chests of drawers', 'комоды'], ['dressers', 'комоды', LOOSE],
  ['chandeliers', 'люстры'], ['floor lamps', 'торшеры'],
  ['garlands', 'гирлянды'], ['vases', 'вазы'], ['candles', 'свечи'], ['photo frames', 'фоторамки'], ['artificial flowers', 'искусственные цветы'],
  ['wall clocks', 'настенные часы'], ['clocks', 'часы', LOOSE], ['seeds', 'семена'], ['garden hoses', 'шланги'], ['lawn mowers', 'газонокосилки'], ['flower pots', 'горшки и кашпо'],
  ['laundry detergent', 'средства для стирки'], ['dishwashing liquid', 'средства для мытья посуды'], ['trash bags', 'мусорные пакеты'], ['garbage bags', 'мусорные пакеты'],
  ['clothes dryers', 'сушилки для белья', LOOSE], ['strollers', 'коляски'], ['prams', 'коляски'],
  ['car seats', 'автокресла', LOOSE], ['puzzles', 'пазлы'], ['jigsaw puzzles', 'пазлы'], ['board games', 'настольные игры'], ['soft toys', 'мягкие игрушки'], ['plush toys', 'мягкие игрушки'],
  ['building blocks', 'конструкторы'], ['construction sets', 'конструкторы'], ['balance bikes', 'беговелы'],
  ['high chairs', 'стульчики для кормления'], ['school backpacks', 'школьные рюкзаки'], ['pencil cases', 'пеналы'], ['face creams', 'кремы для лица'],
  ['face masks', 'маски для лица', LOOSE], ['toners', 'тоники', LOOSE], ['foundation', 'тональные средства', LOOSE], ['mascara', 'тушь для ресниц'],
  ['lip gloss', 'блески для губ'], ['nail polish', 'лаки для ногтей'], ['hair masks', 'маски для волос'], ['hair dye', 'краски для волос'], ['hair oils', 'масла для волос'],
  ['shower gels', 'гели для душа'], ['shower gel', 'гели для душа'], ['body creams', 'кремы для тела'], ['body lotion', 'кремы для тела', LOOSE], ['deodorants', 'дезодоранты'],
  ['blood pressure monitors', 'тонометры'], ['medical masks', 'медицинские маски'],
  ['treadmills', 'беговые дорожки'], ['exercise bikes', 'велотренажеры'], ['dumbbells', 'гантели'], ['yoga mats', 'коврики для йоги'], ['resistance bands', 'эспандеры'],
  ['fitness balls', 'фитболы'], ['electric scooters', 'электросамокаты'], ['sleeping bags', 'спальные мешки'], ['thermoses', 'термосы'],
  ['torches', 'фонарики', LOOSE], ['skis', 'лыжи'], ['snowboards', 'сноуборды'], ['skates', 'коньки', LOOSE], ['sleds', 'санки'],
  ['footballs', 'футбольные мячи', LOOSE], ['soccer balls', 'футбольные мячи'], ['basketballs', 'баскетбольные мячи'], ['volleyballs', 'волейбольные мячи'],
  ['gainers', 'гейнеры'], ['amino acids', 'аминокислоты'], ['dash cams', 'видеорегистраторы'], ['dashcams', 'видеорегистраторы'],
  ['motor oil', 'моторные масла'], ['engine oil', 'моторные масла'], ['antifreeze', 'антифризы'], ['wiper blades', 'щетки стеклоочистителя'],
  ['car seat covers', 'чехлы на сиденья'], ['seat covers', 'чехлы на сиденья'], ['bird food', 'корм для птиц'], ['fish food', 'корм для рыб'], ['pet beds', 'лежанки'],
  ['scratching posts', 'когтеточки'], ['cat litter', 'наполнители'], ['collars', 'ошейники'], ['leashes', 'поводки'], ['pet carriers', 'переноски'],
  ['drills', 'дрели'], ['rotary hammers', 'перфораторы'], ['angle grinders', 'болгарки'], ['jigsaws', 'лобзики', LOOSE], ['welding machines', 'сварочные аппараты'],
  ['tool sets', 'наборы инструментов'], ['tool kits', 'наборы инструментов'], ['hammers', 'молотки'], ['tape measures', 'рулетки'], ['faucets', 'смесители'],
  ['sinks', 'раковины'], ['toilets', 'унитазы'], ['extension cords', 'удлинители'], ['novels', 'романы'], ['fairy tales', 'сказки'],
  ['dictionaries', 'словари'], ['textbooks', 'учебники'], ['encyclopedias', 'энциклопедии'],
  // English: whom for, what kind
  ["women's", 'женские'], ['womens', 'женские'], ['women', 'женские'], ['ladies', 'женские'], ["men's", 'мужские'], ['mens', 'мужские'], ['men', 'мужские'],
  ["kids'", 'детские'], ['kids', 'детские'], ["children's", 'детские'], ['baby', 'детские', LOOSE], ['girls', 'для девочек'], ['boys', 'для мальчиков'],
  ['winter', 'зимние'], ['summer', 'летние'], ['gaming', 'игровые'], ['wireless', 'беспроводные'], ['electric', 'электрические', LOOSE],
  // Russian: colloquial names and synonyms
  ['дроны', 'квадрокоптеры'], ['джойстики', 'геймпады'], ['зарядки', 'зарядные устройства'], ['зарядка', 'зарядные устройства'], ['лампочки', 'лампы'],
  ['градусники', 'термометры'], ['антиперспиранты', 'дезодоранты', KIND], ['спальник', 'спальные мешки'], ['резина', 'шины', LOOSE], ['покрышки', 'шины'],
  ['авточехлы', 'чехлы на сиденья'], ['дворники', 'щетки стеклоочистителя'], ['незамерзайка', 'омыватели стекол'], ['регистратор', 'видеорегистраторы', LOOSE],
  ['свч', 'микроволновые'], ['микроволновки', 'микроволновые печи'], ['электроплиты', 'электрические плиты'], ['мешки для мусора', 'мусорные пакеты'],
  ['гель-лаки', 'лаки для ногтей', KIND], ['гель лаки', 'лаки для ногтей', KIND], ['кпб', 'постельное белье'], ['пмм', 'посудомоечных машин', LOOSE], ['конвекторы', 'обогреватели', KIND],
  ['тепловентиляторы', 'обогреватели', KIND], ['шапки', 'головные уборы'], ['кепки', 'головные уборы', KIND], ['духи', 'парфюмерия', KIND], ['туалетная вода', 'парфюмерия', KIND], ['парфюмерная вода', 'парфюмерия', KIND],
  ['тв', 'телевизоры'], ['смеси молочные', 'детское питание', KIND], ['детские смеси', 'детское питание', KIND], ['эргорюкзаки', 'слинги и кенгуру', KIND], ['кенгуру', 'слинги и кенгуру'],
  ['мобильники', 'телефоны', LOOSE], ['сотовые', 'телефоны', LOOSE], ['компьютеры', 'системные блоки', LOOSE], ['пк', 'системные блоки', LOOSE], ['колонки', 'портативные колонки', LOOSE],
  ['батареи', 'аккумуляторы', LOOSE], ['пауэрбанки', 'внешние аккумуляторы'], ['повербанки', 'внешние аккумуляторы'], ['литые', 'колесные', LOOSE],
  // Russian, by department: the everyday or trade names of goods the directory names otherwise.
  // Electronics
  ['фитнес-трекеры', 'фитнес-браслеты'], ['фитнес трекеры', 'фитнес-браслеты'], ['умные часы', 'смарт-часы'], ['смарт часы', 'смарт-часы'],
  ['маршрутизаторы', 'wi-fi роутеры'], ['портативная акустика', 'портативные колонки'], ['блютуз колонки', 'портативные колонки'], ['bluetooth колонки', 'портативные колонки'],
  ['беспроводные колонки', 'портативные колонки'], ['ноуты', 'ноутбуки'], ['телики', 'телевизоры'], ['флешки', 'usb-флешки'], ['мышки', 'компьютерные мыши'],
  // A mouse said wireless, gaming or optical is a computer mouse, never the cat toy a bare `Мыши` may be (both word orders: a
  // reversed phrase alone is only read loosely).
  ['беспроводная мышь', 'компьютерные мыши', KIND], ['мышь беспроводная', 'компьютерные мыши', KIND], ['игровая мышь', 'компьютерные мыши', KIND], ['мышь игровая', 'компьютерные мыши', KIND],
  ['оптическая мышь', 'компьютерные мыши', KIND], ['мышь оптическая', 'компьютерные мыши', KIND], ['компьютерная мышь', 'компьютерные мыши'], ['мышь компьютерная', 'компьютерные мыши'],
  ['беспроводные мыши', 'компьютерные мыши', KIND], ['мыши беспроводные', 'компьютерные мыши', KIND], ['игровые мыши', 'компьютерные мыши', KIND], ['мыши игровые', 'компьютерные мыши', KIND],
  ['оптические мыши', 'компьютерные мыши', KIND], ['мыши оптические', 'компьютерные мыши', KIND], ['мыши компьютерные', 'компьютерные мыши'],
  ['gaming mouse', 'компьютерные мыши', KIND], ['wireless mouse', 'компьютерные мыши', KIND],
  ['планшетники', 'планшеты'], ['игровые приставки', 'игровые консоли'], ['фотики', 'фотоаппараты'],
  // A hand-held steamer is a garment steamer; the seeds of vegetables or flowers are a garden's seeds (the price list's order too).
  ['ручной отпариватель', 'отпариватели', KIND], ['отпариватель ручной', 'отпариватели', KIND], ['ручные отпариватели', 'отпариватели', KIND], ['отпариватели ручные', 'отпариватели', KIND],
  ['семена овощей', 'семена', KIND], ['семена цветов', 'семена', KIND],
  // A wall-mounted pull-up bar is a pull-up bar; a euro-size bedding set is bedding.
  ['турник настенный', 'турники', KIND], ['настенный турник', 'турники', KIND], ['турники настенные', 'турники', KIND], ['настенные турники', 'турники', KIND],
  ['постельное белье евро', 'постельное белье', KIND], ['кпб евро', 'постельное белье', KIND],
  // Children's wristwatches are the children's watches (both word orders).
  ['детские наручные часы', 'детские часы', KIND], ['часы детские наручные', 'детские часы', KIND], ['часы наручные детские', 'детские часы', KIND],
  // Goods named with what they are for or made of that the directory files plainly: a cat litter, a wheeled suitcase,
  // microfibre cloths, a perfume gift set, a tourist tent. (Left out, as the label rules keep them questions on purpose: a
  // carrier for cats beside the marketplace's cats' branch, a stroller for walks beside `Коляски 2 в 1`, a planetary mixer
  // beside builders' mixers, a kitchen mixer tap beside toy kitchens, a bilingual dictionary beside `Изучение английского
  // языка`, a car mat, which may be a boot mat.)
  ['наполнитель для кошачьего туалета', 'наполнители', KIND], ['наполнители для кошачьего туалета', 'наполнители', KIND], ['наполнители для кошачьих туалетов', 'наполнители', KIND],
  ['чемоданы на колесах', 'чемоданы', KIND], ['чемодан на колесах', 'чемоданы', KIND],
  ['салфетки из микрофибры', 'губки и салфетки', KIND], ['подарочный набор парфюмерии', 'парфюмерные наборы', KIND], ['подарочные наборы парфюмерии', 'парфюмерные наборы', KIND],
  ['туристические палатки', 'палатки', KIND], ['палатки туристические', 'палатки', KIND],
  // A gaming laptop is a laptop.
  ['игровые ноутбуки', 'ноутбуки', KIND], ['ноутбуки игровые', 'ноутбуки', KIND], ['игровой ноутбук', 'ноутбуки', KIND], ['ноутбук игровой', 'ноутбуки', KIND],
  // A reflex, mirrorless or compact camera is a camera; a smart or Android TV box a TV box; a reed diffuser a home fragrance.
  ['зеркальные фотоаппараты', 'фотоаппараты', KIND], ['фотоаппараты зеркальные', 'фотоаппараты', KIND], ['беззеркальные фотоаппараты', 'фотоаппараты', KIND], ['фотоаппараты беззеркальные', 'фотоаппараты', KIND],
  ['смарт тв приставки', 'тв-приставки', KIND], ['смарт-тв приставки', 'тв-приставки', KIND], ['smart tv приставки', 'тв-приставки', KIND], ['андроид приставки', 'тв-приставки', KIND], ['android приставки', 'тв-приставки', KIND],
  ['ароматические диффузоры', 'ароматы для дома', KIND], ['диффузоры ароматические', 'ароматы для дома', KIND], ['аромадиффузоры', 'ароматы для дома', KIND], ['вебки', 'веб-камеры'], ['кронштейны для телевизора', 'кронштейны для тв'],
  // Appliances
  ['посудомойки', 'посудомоечные машины'], ['морозильные камеры', 'морозильники'], ['морозильная камера', 'морозильники'], ['духовки', 'духовые шкафы'],
  ['сплит-системы', 'кондиционеры', KIND], ['сплит системы', 'кондиционеры', KIND], ['утюжки для волос', 'выпрямители для волос'], ['щипцы для завивки', 'плойки'],
  ['бритвы электрические', 'электробритвы'], ['электрические бритвы', 'электробритвы'], ['небулайзеры', 'ингаляторы'],
  // Heating and plumbing: a radiator is `батарея` in everyday speech (`батареи` alone stay cells, loosely); a `бойлер` is most
  // often a storage water heater, but also an indirect-heating tank (a leaf of its own), so only loosely.
  ['батареи отопления', 'радиаторы отопления'], ['батарея отопления', 'радиаторы отопления'], ['бойлеры', 'водонагреватели', LOOSE],
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
  ['коврики для фитнеса', 'коврики для йоги'], ['гимнастические мячи', 'фитболы', LOOSE], ['велики', 'велосипеды'], ['тюбинги', 'санки и тюбинги'], ['ватрушки', 'санки и тюбинги'],
  ['сывороточный протеин', 'протеин', KIND], ['протеин сывороточный', 'протеин', KIND], ['протеиновые батончики', 'батончики'], ['bcaa', 'аминокислоты', KIND],
  // Cars
  ['летняя резина', 'летние шины'], ['зимняя резина', 'зимние шины'], ['всесезонная резина', 'всесезонные шины'], ['литые диски', 'колесные диски', KIND], ['диски литые', 'колесные диски', KIND],
  ['авторегистраторы', 'видеорегистраторы'], ['антирадары', 'радар-детекторы'], ['магнитолы', 'автомагнитолы'], ['автодержатели', 'автомобильные держатели'],
  ['автодержатели для телефона', 'автомобильные держатели', KIND], ['автодержатели для телефонов', 'автомобильные держатели', KIND],
  ['тосол', 'антифризы', KIND], ['омывайка', 'омыватели стекол'], ['автоковрики', 'коврики в салон'],
  // Pets, tools, books
  ['котов', 'кошек'], ['коты', 'кошки'], ['попугаев', 'птиц', KIND], ['лежаки', 'лежанки'], ['когтедралки', 'когтеточки'],
  ['ушм', 'болгарки'], ['сварочники', 'сварочные аппараты'], ['книги по бизнесу', 'бизнес-литература'], ['фэнтези', 'фантастика', KIND], ['стихи', 'поэзия'],
  // General retail vocabulary of Russian and Kazakh price lists: shop and trade words, short forms
  // and abbreviations for goods the directories name otherwise, by department.
  // Food and drinks
  ['газировка', 'газированные напитки'], ['газированная вода', 'газированные напитки'], ['газдалған сусын', 'газированные напитки'],
  ['энергетики', 'энергетические напитки'], ['энергетикалық сусын', 'энергетические напитки'], ['минералка', 'вода минеральная'],
  ['сгущенка', 'сгущенное молоко'], ['пломбир', 'мороженое', KIND], ['эскимо', 'мороженое', KIND], ['жвачка', 'жевательная резинка'],
  ['шоколадка', 'шоколад'], ['конфитюр', 'варенье и джемы', KIND], ['повидло', 'варенье и джемы', KIND],
  ['изюм', 'сухофрукты', KIND], ['курага', 'сухофрукты', KIND], ['чернослив', 'сухофрукты', KIND],
  ['фисташки', 'орехи', KIND], ['миндаль', 'орехи', KIND], ['фундук', 'орехи', KIND], ['кешью', 'орехи', KIND], ['семки', 'семечки'],
  ['пельмешки', 'пельмени'], ['ядрица', 'гречка', KIND], ['гречневая крупа', 'гречка'], ['крупа гречневая', 'гречка'], ['геркулес', 'овсяные хлопья'],
  ['овсянка', 'овсяные хлопья', LOOSE], ['манная крупа', 'манка'], ['крупа манная', 'манка'], ['пшенная крупа', 'пшено'], ['крупа пшенная', 'пшено'],
  ['перловая крупа', 'перловка'], ['крупа перловая', 'перловка'], ['рафинад', 'сахар', KIND], ['сахарный песок', 'сахар'], ['песок сахарный', 'сахар'],
  ['вермишель', 'макароны', LOOSE], ['макаронные изделия', 'макароны'], ['кукурузные хлопья', 'хлопья для завтрака', KIND],
  ['цыпленок', 'курица', KIND], ['цыплята', 'курица', KIND], ['бройлер', 'курица', KIND], ['окорочка', 'курица', KIND], ['тушка цыпленка', 'курица'],
  ['сервелат', 'колбасы копченые', KIND], ['салями', 'колбасы копченые', KIND], ['шпроты', 'рыбные консервы', KIND], ['сайра', 'рыбные консервы', LOOSE],
  ['картошка', 'картофель'], ['мандарины', 'цитрусовые', KIND], ['апельсины', 'цитрусовые', KIND], ['арбузы', 'бахчевые', KIND], ['дыни', 'бахчевые', KIND],
  ['горох', 'бобовые', KIND], ['нут', 'бобовые', KIND], ['сырок', 'сырки глазированные', LOOSE], ['творожок', 'творог', LOOSE], ['тан', 'айран', LOOSE],
  ['куриное филе', 'курица'], ['филе куриное', 'курица'], ['филе грудки', 'курица', LOOSE], ['куриные крылья', 'курица'], ['крылья куриные', 'курица'],
  ['крылышки куриные', 'курица'], ['голень куриная', 'курица'], ['бедро куриное', 'курица'], ['томат-паста', 'томатная паста'], ['уксусная эссенция', 'уксус', KIND],
  ['ириски', 'карамель и леденцы', KIND], ['бутилированная вода', 'вода питьевая'], ['вода бутилированная', 'вода питьевая'], ['сельдь', 'рыба соленая', LOOSE],
  ['брынза', 'сыры мягкие', KIND], ['моцарелла', 'сыры мягкие', KIND], ['сулугуни', 'сыры мягкие', KIND], ['фета', 'сыры мягкие', KIND], ['пармезан', 'сыры твердые', KIND],
  ['спред', 'сливочное масло', LOOSE], ['маргарин', 'сливочное масло', LOOSE], ['лукум', 'восточные сладости', KIND], ['рахат-лукум', 'восточные сладости', KIND],
  ['пахлава', 'восточные сладости', KIND], ['щербет', 'восточные сладости', KIND], ['маршмеллоу', 'зефир и пастила', KIND], ['печенюшки', 'печенье'],
  // Household chemicals and paper
  ['белизна', 'отбеливатели', KIND], ['хозмыло', 'хозяйственное мыло'], ['ополаскиватель для белья', 'кондиционеры для белья'],
  ['антижир', 'средства для кухни', KIND], ['антинакипин', 'средства от накипи'], ['антинакипь', 'средства от накипи'],
  ['бумажные платочки', 'носовые платки бумажные'], ['пакеты для мусора', 'мусорные пакеты'], ['липучка от мух', 'липкие ленты от мух'],
  ['средства для мытья окон', 'средства для стекол'], ['пищевая пленка', 'фольга и пергамент', LOOSE],
  ['ароматизатор для дома', 'ароматы для дома'],
  ['платочки бумажные', 'носовые платки бумажные'], ['средство для унитаза', 'средства для туалета'], ['средство для смягчения воды', 'смягчители воды'],
  ['очиститель для посудомоечной машины', 'средства для посудомоечных машин', KIND],
  ['моющее для пола', 'средства для пола'], ['кір жұмсартқыш', 'кондиционеры для белья'], ['әйнек тазалағыш', 'средства для стекол'],
  ['еден жуғыш', 'средства для пола'], ['ас үй тазалағыш', 'средства для кухни'], ['әмбебап тазалағыш', 'универсальные чистящие средства'],
  ['шампунь для ковров', 'средства для ковров', KIND], ['гель антисептический', 'антисептики для рук', KIND], ['очиститель накипи', 'средства от накипи'],
  ['полироль для мебели', 'средства для мебели', KIND], ['пластины от комаров', 'средства от комаров', KIND],
  // Cosmetics
  ['дезик', 'дезодоранты'], ['тоналка', 'тональные средства'], ['мицеллярка', 'мицеллярная вода'], ['бальзам-ополаскиватель', 'бальзамы и кондиционеры', LOOSE],
  ['туалетное мыло', 'мыло'], ['гель для бритья', 'средства для бритья', KIND], ['лосьон после бритья', 'бальзамы после бритья', LOOSE],
  ['бритвенные станки', 'станки для бритья'], ['одноразовые бритвы', 'станки для бритья'], ['бритвы одноразовые', 'станки для бритья'],
  ['сменные кассеты', 'лезвия и кассеты', LOOSE], ['ватные диски', 'косметические ватные диски'], ['хна для волос', 'краски для волос', KIND],
  ['гигиеническая помада', 'бальзамы для губ', KIND], ['гигиеничка', 'бальзамы для губ'],
  ['жидкость для снятия лака', 'средства для снятия лака'], ['пилочки для ногтей', 'пилки для ногтей'], ['пилочки', 'пилки для ногтей', LOOSE], ['массажки', 'расчески', KIND],
  // Auto parts
  ['акб', 'автомобильные аккумуляторы'], ['тормозуха', 'тормозная жидкость'], ['ароматизатор в машину', 'автомобильные ароматизаторы'],
  ['автопарфюм', 'автомобильные ароматизаторы'],
  ['трансмиссионка', 'трансмиссионные масла'], ['автоаптечка', 'автомобильные аптечки'], ['буксировочный трос', 'буксировочные тросы'], ['автокомпрессор', 'компрессоры', LOOSE],
  // Electronics
  ['флеш-накопители', 'usb-флешки'], ['флеш накопители', 'usb-флешки'], ['флэшки', 'usb-флешки'], ['usb-накопители', 'usb-флешки'], ['usb накопители', 'usb-флешки'],
  ['элементы питания', 'батарейки', KIND], ['пальчиковые батарейки', 'батарейки'], ['мизинчиковые батарейки', 'батарейки'],
  ['шнур', 'кабели', LOOSE], ['гарнитура', 'наушники', LOOSE], ['tws наушники', 'беспроводные наушники'], ['патч-корд', 'сетевые кабели', KIND],
  ['зарядник', 'зарядные устройства'], ['сзу', 'зарядные устройства'], ['клава', 'клавиатуры'], ['азу', 'автомобильные зарядные устройства'],
  ['бустер', 'пуско-зарядные устройства', LOOSE], ['пусковое устройство', 'пуско-зарядные устройства', LOOSE], ['дистиллят', 'дистиллированная вода'],
  // Building materials and tools
  ['шпатлевка', 'шпаклевки'], ['грунт', 'грунтовки', LOOSE], ['гкл', 'гипсокартон'], ['силикон', 'герметики', LOOSE], ['кафель', 'плитка керамическая', KIND],
  ['наждачка', 'шлифовальная бумага'], ['наждачная бумага', 'шлифовальная бумага'], ['шкурка шлифовальная', 'шлифовальная бумага'],
  ['хомуты пластиковые', 'кабельные стяжки'], ['нейлоновые хомуты', 'кабельные стяжки'], ['малярная лента', 'малярный скотч'], ['водоэмульсионка', 'краски интерьерные', LOOSE],
  ['дифавтоматы', 'автоматические выключатели', KIND], ['дюбель-гвозди', 'дюбели'], ['уайт-спирит', 'растворители', KIND], ['штукатурка', 'штукатурки'],
  ['затирка', 'затирки'], ['обойный клей', 'клей строительный', LOOSE],
  // Stationery
  ['стерка', 'ластики'], ['стирательная резинка', 'ластики'], ['резинка стирательная', 'ластики'], ['замазка', 'корректоры', KIND],
  ['корректирующая жидкость', 'корректоры', KIND], ['корректирующая лента', 'корректоры', KIND], ['бумага для записей', 'бумага для заметок'],
  ['бумага для принтера', 'бумага офисная'], ['тетрадки', 'тетради'],
  ['текстовыделители', 'маркеры', KIND], ['клей-карандаш', 'клей канцелярский', KIND], ['мультифоры', 'файлы'], ['файлы-вкладыши', 'файлы'], ['простые карандаши', 'карандаши чернографитные'],
  ['цветные карандаши', 'карандаши художественные', LOOSE],
  // Kids' goods
  ['плюшевый мишка', 'мягкие игрушки'], ['плюшевые игрушки', 'мягкие игрушки'], ['игрушечные машинки', 'машинки'], ['слюнявчики', 'нагрудники'],
  ['плюшевый медведь', 'мягкие игрушки'], ['құрастырғыш', 'конструкторы'], ['ойыншық тапанша', 'игрушечное оружие'],
  ['кукла-пупс', 'пупсы', KIND], ['машина-трансформер', 'трансформеры', KIND], ['симпл-димпл', 'игрушки-антистресс', KIND], ['бояу кітабы', 'раскраски'],
  ['раскраска по номерам', 'картины по номерам', KIND],
  ['соски-пустышки', 'пустышки'], ['подгузники-трусики', 'трусики-подгузники'], ['лизуны', 'слаймы', KIND], ['поп-иты', 'игрушки-антистресс', KIND], ['прорезыватели для зубов', 'прорезыватели'],
  ['водяной пистолет', 'игрушечное оружие', LOOSE], ['бластеры', 'игрушечное оружие', KIND], ['неваляшка', 'развивающие игрушки', LOOSE],
  // Clothing and shoes
  ['штаны', 'брюки', KIND], ['спортивки', 'спортивные брюки'], ['треники', 'спортивные брюки'], ['джемперы', 'свитеры', KIND], ['пуловеры', 'свитеры', KIND],
  ['лонгсливы', 'футболки', LOOSE], ['ветровки', 'куртки', KIND], ['сарафаны', 'платья', KIND], ['тапки', 'тапочки'], ['шлепки', 'шлепанцы'],
  ['носочки', 'носки'], ['колготы', 'колготки'], ['бейсболки', 'головные уборы', KIND],
  ['лифчики', 'нижнее белье', KIND], ['лосины', 'леггинсы'], ['олимпийки', 'спортивные куртки', KIND], ['галоши', 'резиновые сапоги', LOOSE], ['калоши', 'резиновые сапоги', LOOSE],
  ['блузы', 'блузки и рубашки', KIND], ['семейники', 'нижнее белье', KIND], ['боксеры', 'нижнее белье', LOOSE], ['кроксы', 'сабо', KIND],
  // Computers and networks: the trade's own words and abbreviations (`Свитч`, `СЖО`, Kazakh `жедел жады`, RAM) for goods the
  // directory names otherwise. (`кейс`, a PC case as often as a carrying case, is left out: known, `Wireless Earbuds Кейсик` read
  // its diminutive as goods.)
  ['свитч', 'коммутаторы'], ['жедел жады', 'оперативная память'], ['сжо', 'системы охлаждения'],
  ['ультрабук', 'ноутбуки', KIND],
  ['флеш диск', 'usb-флешки'], ['флеш накопитель', 'usb-флешки'],
  ['охлаждающая подставка', 'подставки для ноутбуков'], ['термоинтерфейс', 'термопаста', KIND], ['репитер', 'усилители сигнала', LOOSE],
  ['камера для пк', 'веб-камеры'], ['камера для компьютера', 'веб-камеры'], ['сетевое зарядное', 'зарядные устройства'],
  // Camping, hunting and fishing: Kazakh and trade words for goods named otherwise (`пышақ`, a knife; `манок`, a game call, whose
  // plural `манки` the stemmer reads as semolina's `манка`; `гермобаул`, a dry bag). `пончо` is left out: known, `Пончик` (a
  // design's name, `Water Bottle Пончик`) read as its diminutive.
  ['пышақ', 'ножи'], ['манок', 'манки и приманки для охоты'],
  ['гермобаул', 'гермомешки', KIND], ['термосумка', 'сумки-холодильники'], ['репеллент от комаров', 'средства от комаров'],
  // Asked by the label round of loop24 (mend24b): the trade's and everyday words for goods the directory names otherwise.
  // Computers: `ОЗУ` (RAM), `UPS` (uninterruptible power supply), a CPU's cooling (its coolers and liquid systems). `ИБП` is
  // left out: the label reader reads it as an acronym, a question led by its leaf (`label-acronyms`), never sure, and `ИБП для
  // ПК` must not lead with it.
  ['озу', 'оперативная память'], ['ups', 'источники бесперебойного питания'],
  ['охлаждение процессора', 'кулеры и системы охлаждения'],
  // Home: hair clippers are the directory's trimmers; LED bulbs its LED lamps; `гардины` (sheer curtains) and `клеенки`
  // (oilcloths laid on a table) kinds of curtains and tablecloths; `кесе`, `касешки` (Kazakh and colloquial) are tea bowls.
  ['машинки для стрижки', 'триммеры'], ['led лампочки', 'светодиодные лампы'],
  ['гардины', 'шторы', KIND], ['клеенки', 'скатерти', KIND], ['кесе', 'пиалы'], ['касешки', 'пиалы'],
  // Clothes and beauty: stockings are hosiery the directory files with tights; gel polish in either order and the singular.
  ['чулки', 'колготки', KIND], ['гель-лак', 'лаки для ногтей', KIND], ['лаки гель', 'лаки для ногтей', KIND], ['лак гель', 'лаки для ногтей', KIND],
  // Camping: backpacks for hiking are the directory's tourist backpacks.
  ['hiking backpacks', 'туристические рюкзаки'],
  // Asked by the label round of loop25 (labels25, mend25b): everyday and trade words for goods the directory names otherwise.
  // Electronics: goods for smartphones are the directory's goods for phones (a smartphone is a phone; `Смартфоны` alone stays
  // the leaf of the phones); a TV mount is the directory's TV bracket; console games are video games.
  ['для смартфонов', 'для телефонов'], ['крепления для тв', 'кронштейны для тв'], ['крепления для телевизора', 'кронштейны для тв'],
  ['игры для ps4', 'видеоигры'], ['игры для ps5', 'видеоигры'], ['игры для playstation', 'видеоигры'], ['игры для xbox', 'видеоигры'],
  // Home: `сковородки` is the everyday diminutive of frying pans; pots for flowers are the garden's pots, not a child's potty.
  // (`цветочные горшки` is left out: the vocabulary's words are words of the directory, and `цветочный` must stay a flavour,
  // `Мёд цветочный`. Aroma diffusers are left out: the directory files them under air fresheners as well as home fragrances,
  // and the entry made a household-chemicals list's diffusers sure and wrong.)
  ['сковородки', 'сковороды'], ['горшки для цветов', 'горшки и кашпо'],
  // Soups by their own names (issue 33, real lists: a distributor's ready-meal line writes `Харчо`, `Солянка по-кубански`, `Уха
  // скандинавская`, never `суп`): a dish every Russian menu lists among its first courses is a soup, which the directory keeps as
  // ready soups. A general class of dishes, not one file's words. Left out: `бульон` (also the directory's stock cubes), `рамен`
  // and `лагман` (as often noodles sold dry), `окрошка` (as often the kvass or the vegetable mix for it).
  ['борщ', 'супы готовые', KIND], ['щи', 'супы готовые', KIND], ['солянка', 'супы готовые', KIND], ['харчо', 'супы готовые', KIND],
  ['уха', 'супы готовые', KIND], ['рассольник', 'супы готовые', KIND], ['свекольник', 'супы готовые', KIND], ['шурпа', 'супы готовые', KIND],
  ['том ям', 'супы готовые', KIND], ['минестроне', 'супы готовые', KIND], ['гаспачо', 'супы готовые', KIND], ['крем-суп', 'супы готовые', KIND],
  ['суп-пюре', 'супы готовые', KIND], ['суп-лапша', 'супы готовые', KIND],
  // (`машинки на радиоуправлении` is left out: `match-category.test.ts` keeps that label a question as the example of a complement
  // word that is what another leaf is; the entry would need that example changed first.)
];

// Compared by word stems, so `Дрон` finds `дроны` and `Frying pan` finds `frying pans`; longer phrases first.
const WRITTEN = [...SYNONYMS]
  .map(([from, to, nearness]) => ({ from, stems: tokenizeForMatch(from).map(stemWord), to, loose: nearness === LOOSE }))
  .filter((entry) => entry.stems.length > 0);
// A price list writes the head noun first (`Диски литые`, `Протеин сывороточный`): a two-word phrase may be the same phrase
// in the other order, or another trade's (`Пистолет водяной` of a garden spray gun, `Кассета сменная` of a water filter):
// read reversed, it only adds candidates, never a sure rewrite. A hyphenated compound (`бальзам-ополаскиватель`) is one
// word whose order is its meaning, not a phrase. After the written entries, so a reversal written out on its own
// (`крупа гречневая`) is the one read.
const REVERSED = WRITTEN.filter((entry) => entry.stems.length === 2 && !entry.from.includes('-')).map((entry) => ({ ...entry, stems: [...entry.stems].reverse(), loose: true }));
const ORDERED = [...WRITTEN, ...REVERSED].sort((a, b) => b.stems.length - a.stems.length);
// The entries by their first stem, in the order above: every word of every label and product type is looked up here.
const BY_FIRST_STEM = new Map<string, (typeof ORDERED)[number][]>();
for (const entry of ORDERED) BY_FIRST_STEM.set(entry.stems[0] ?? '', [...(BY_FIRST_STEM.get(entry.stems[0] ?? '') ?? []), entry]);

/** A label in the directory's words; `exact` when every word rewritten means the same or names a kind of it. */
export interface SynonymRewrite {
  text: string;
  exact: boolean;
  /** The rewrite names a use beside another use the seller wrote (`saysOtherUse`), which made it loose. */
  otherUse?: true;
}

// Prepositions that open where or for what goods are used (`для дома`, `в машину`, `на кухню`).
const USE_PREPOSITIONS: ReadonlySet<string> = new Set(['для', 'в', 'во', 'на', 'под', 'от', 'к', 'for']);

/**
 * `Диффузоры ароматические в машину` → `ароматы для дома в машину`: a rewrite whose words name a use (`для дома`) beside a
 * use the seller wrote (`в машину`) that they do not hold says two uses, and the vocabulary's may be the wrong one: a car
 * diffuser is no home fragrance. The rewrite only adds candidates then.
 */
function saysOtherUse(said: readonly string[], own: readonly string[]): boolean {
  if (!said.some((word) => USE_PREPOSITIONS.has(word))) return false;
  const saidStems = new Set(said.map(stemWord));
  return own.some((word, at) => USE_PREPOSITIONS.has(word) && own[at + 1] !== undefined && !saidStems.has(stemWord(own[at + 1] ?? '')));
}

/**
 * The label in the directory's words, or `undefined` when the vocabulary knows none of its words:
 * `Women's dresses` → `женские платья`, `Дроны` → `квадрокоптеры`.
 */
export function rewriteWithSynonyms(text: string): SynonymRewrite | undefined {
  let changed = false;
  let exact = true;
  let otherUse = false;
  // Each level of a path on its own, so the path stays a path.
  const segments = text.split('/').map((segment) => {
    const words = tokenizeForMatch(segment);
    const stems = words.map(stemWord);
    const out: string[] = [];
    const own: string[] = [];
    const said: string[] = [];
    for (let at = 0; at < words.length; ) {
      const entry = BY_FIRST_STEM.get(stems[at] ?? '')?.find((candidate) => candidate.stems.every((stem, i) => stems[at + i] === stem));
      if (entry === undefined) {
        out.push(words[at] ?? '');
        own.push(words[at] ?? '');
        at++;
        continue;
      }
      out.push(entry.to);
      said.push(...tokenizeForMatch(entry.to));
      at += entry.stems.length;
      changed = true;
      if (entry.loose) exact = false;
    }
    // An English label names its goods last: a last word the vocabulary left unread (`remover`, `brushes`) is other goods than the leaf the first words name, so the rewrite is no exact name.
    const lastWord = words[words.length - 1] ?? '';
    if (said.length > 0 && !/\p{Script=Cyrillic}/u.test(segment) && own.at(-1) === lastWord && out.at(-1) === lastWord && /^[a-z]{3,}$/.test(lastWord)) exact = false;
    if (saysOtherUse(said, own)) otherUse = true;
    return out.join(' ');
  });
  if (!changed) return undefined;
  return otherUse ? { text: segments.join(' / '), exact: false, otherUse } : { text: segments.join(' / '), exact };
}

/**
 * Model lines every seller of the goods knows, with the kind of goods they are in the directory's words: a name
 * writes the line where a kind's adjective would be (`Наушники Apple AirPods Pro 2` are wireless headphones, of which
 * the generic `Наушники` is no exact leaf). Only the line names the kind, never the brand alone: Apple, Samsung and
 * Xiaomi make wired goods too.
 */
const MODEL_LINES: readonly (readonly [string, string])[] = [
  ['airpods', 'беспроводные наушники'], ['galaxy buds', 'беспроводные наушники'], ['freebuds', 'беспроводные наушники'], ['redmi buds', 'беспроводные наушники'],
  ['iphone', 'смартфоны'], ['ipad', 'планшеты'], ['galaxy tab', 'планшеты'], ['macbook', 'ноутбуки'],
  ['apple watch', 'смарт-часы'], ['galaxy watch', 'смарт-часы'], ['mi band', 'фитнес-браслеты'],
  ['playstation', 'игровые консоли'], ['xbox', 'игровые консоли'], ['nintendo switch', 'игровые консоли'],
];
const MODEL_LINE_WORDS = MODEL_LINES.map(([line, kind]) => ({ words: tokenizeForMatch(line), kind: tokenizeForMatch(kind) }));

/** The directory's words for the kinds of goods the model lines a name writes (`tokenizeForMatch` words) are: `airpods` → `беспроводные наушники`. */
export function readModelLineKinds(tokens: readonly string[]): string[] {
  const kinds: string[] = [];
  for (const { words, kind } of MODEL_LINE_WORDS) {
    const at = tokens.indexOf(words[0] ?? '');
    if (at >= 0 && words.every((word, i) => tokens[at + i] === word)) kinds.push(...kind);
  }
  return kinds;
}

/** Every word of the vocabulary, both sides, normalised: words a directory's readers know the meaning of. */
export function listSynonymWords(): string[] {
  return [...new Set(SYNONYMS.flatMap(([from, to]) => [...tokenizeForMatch(from), ...tokenizeForMatch(to)]))];
}

import { describe, expect, it } from 'vitest';
import { buildClassifierIndex } from '../../../src/assistant/classify/build-classifier-index.js';
import { extractProductType } from '../../../src/assistant/classify/extract-product-type.js';
import { readKnownBrands } from '../../../src/assistant/classify/known-brands.js';
import { buildClassifierDirectories } from './classifier-directory.js';

describe('extractProductType', () => {
  it('reads the words before brand, model, size, volume, colour and count', () => {
    expect(extractProductType('Смартфон Samsung Galaxy A54 256 ГБ черный').text).toBe('смартфон');
    expect(extractProductType('Шампунь Head&Shoulders 400 мл').text).toBe('шампунь');
    expect(extractProductType('Кроссовки мужские 42 черные').text).toBe('кроссовки мужские');
    // A colour right after the head stays in it: it may be what tells two leaves apart (`Чай зелёный`).
    expect(extractProductType('Чай зелёный Ahmad Tea 100 г').text).toBe('чай зеленый');
    expect(extractProductType('Көк шай Greenfield 100 г').text).toBe('көк шай');
    // A letter right after the head names the kind; a capital `С` there is the letter, not the preposition.
    expect(extractProductType('Витамин С Solgar 1000 мг').text).toBe('витамин c');
    expect(extractProductType('Витамин Д 500 МЕ').text).toBe('витамин д');
    expect(extractProductType('Футболка M белая').text).toBe('футболка');
    // One letter repeated (`AA`, `ААА`) is kept beside the type, in either script: a kind only where the directory names one by it.
    expect(extractProductType('Аккумулятор AAA 2 шт')).toMatchObject({ text: 'аккумулятор', codes: ['aaa'] });
    expect(extractProductType('Аккумулятор ААА Robiton')).toMatchObject({ text: 'аккумулятор', codes: ['ааа'] });
    expect(extractProductType('Кастрюля эмалированная 3 л').text).toBe('кастрюля эмалированная');
  });

  it('reads the material after `из` as a word of the type, and the purpose after a colour as the type\'s', () => {
    expect(extractProductType('Гирлянда из бумаги 3 м')).toMatchObject({ text: 'гирлянда бумаги', madeOf: ['бумаги'] });
    // Only a word after `из` is a material: a genitive alone names what the goods are of (`Семена льна` are flax seeds).
    expect(extractProductType('Семена льна 200 г').madeOf).toBeUndefined();
    // Capitalised right after the head, a material's genitive is still no brand (`Семена Льна`): the leaf must explain it.
    expect(extractProductType('Семена Льна 200 г').text).toBe('семена льна');
    expect(extractProductType('Краска акриловая белая для стен 5 л')).toMatchObject({ text: 'краска акриловая', purpose: ['стен'] });
    // A colour before anything but a purpose still ends the type.
    expect(extractProductType('Краска акриловая белая матовая 5 л')).toMatchObject({ text: 'краска акриловая', purpose: [] });
  });

  it('keeps a purpose apart and drops a composition or a second phrase', () => {
    expect(extractProductType('Сыворотка для лица с витамином C 30 мл')).toMatchObject({ text: 'сыворотка', purpose: ['лица'] });
    // A place right after the purpose is kept as the type's place, as one right after the head is.
    expect(extractProductType('Держатель для телефона в авто')).toMatchObject({ text: 'держатель', purpose: ['телефона'], form: ['авто'] });
    expect(extractProductType('Паяльная кислота 30 мл … Хлористый цинк').text).toBe('паяльная кислота');
    expect(extractProductType('Паяльная кислота (хлористый цинк)').text).toBe('паяльная кислота');
    expect(extractProductType('Кабель для микрофона 3 м')).toMatchObject({ text: 'кабель', purpose: ['микрофона'] });
    expect(extractProductType('Сверло по бетону Зубр 6х100 мм')).toMatchObject({ text: 'сверло', purpose: ['бетону'] });
    // `через` is a preposition: how goods are worn is no word of what they are.
    expect(extractProductType('Сумка мужская через плечо кожаная')).toMatchObject({ text: 'сумка мужская', purpose: [] });
  });

  it('skips a brand or model written before a Russian type, and the brand given', () => {
    expect(extractProductType('Xiaomi Робот-пылесос S10').text).toBe('робот пылесос');
    expect(extractProductType('Bosch, дрель ударная 750 Вт').text).toBe('дрель ударная');
    expect(extractProductType('Бабушкин рецепт шампунь', 'Бабушкин рецепт').text).toBe('шампунь');
    // A capitalised word inside a lower-case name is a brand; capitals (`ГРМ`) are an abbreviation of the type.
    expect(extractProductType('Лапша б/п Роллтон острая 70 г').text).toBe('лапша б п');
    expect(extractProductType('Ремень ГРМ Gates 5462XS').text).toBe('ремень грм');
    // A brand or model ends the head, not the purpose after it.
    expect(extractProductType('Молоко Nivea для тела 250 мл')).toMatchObject({ text: 'молоко', purpose: ['тела'] });
    expect(extractProductType('Корм Royal Canin Indoor для кошек 400 г')).toMatchObject({ text: 'корм', purpose: ['кошек'] });
    expect(extractProductType('Свеча зажигания NGK BKR6E для мотоцикла')).toMatchObject({ text: 'свеча зажигания', purpose: ['мотоцикла'] });
    // Anything else after the brand still ends the reading.
    expect(extractProductType('Корм Whiskas 85 г для кошек')).toMatchObject({ text: 'корм', purpose: [] });
    // The brand and model words that end the head are kept apart, to be read against the directory's brands.
    expect(extractProductType('Свеча NGK BKR6E 4 шт').brand).toEqual(['ngk', 'bkr', '6', 'e']);
    expect(extractProductType('Свечи NGK').brand).toEqual(['ngk']);
    expect(extractProductType('Свечи 4 шт').brand).toBeUndefined();
    // A count before the head (`4 шт`, `1 шт.`) is no word of the type, as a unit is not.
    expect(extractProductType('Norplast 4 шт Коврики резиновые в салон').text).toBe('коврики резиновые');
    expect(extractProductType('1 шт. Реле поворотов 12V').text).toBe('реле поворотов');
    expect(extractProductType('2 уп. Салфетки влажные').text).toBe('салфетки влажные');
    // `к-т` is one count, never the preposition `к` opening a purpose; other letter pairs (`р-р`) stay letters.
    expect(extractProductType('Пружины подвески задн. к-т ТЗПП K-9090 Nexia')).toMatchObject({ text: 'пружины подвески задн', purpose: [] });
    expect(extractProductType('Диски тормозные передние к-т TRW DF9376')).toMatchObject({ text: 'диски тормозные передние', purpose: [] });
    expect(extractProductType('Подгузники Merries р-р 2 66 шт').text).toBe('подгузники');
    // `д/` is `для` cut short, no letter of the type (`Витамин Д3` keeps its letter).
    expect(extractProductType('Альбом д/рис. Hatber на скобе 24 л.')).toMatchObject({ text: 'альбом', purpose: ['рис'] });
    expect(extractProductType('ПОДВОДКА Д/ВОДЫ Г-Ш 60СМ')).toMatchObject({ text: 'подводка', purpose: ['воды'] });
    expect(extractProductType('Витамин Д3 2000 МЕ').text).toBe('витамин д');
    // A unit word with no number before it, opening a purpose, is a word cut short (`мл.` of `младших`), no measure.
    expect(extractProductType('Дневник для мл. классов 48 л').purpose).toEqual(['мл', 'классов']);
    expect(extractProductType('Шприц для 5 мл').purpose).toEqual([]);
    // A one-word type in parentheses is another name of the goods; a phrase after a quoted brand is none.
    expect(extractProductType('Насос водяной (помпа) Luzar LWP 4877').asides).toEqual(['помпа']);
    expect(extractProductType('Вафли "Баян Сулу" с орехами 300 г').asides).toBeUndefined();
    expect(extractProductType('Чипсы "Pringles" сметана и лук 150 г').asides).toBeUndefined();
    // A word capitalised because it opens a phrase, or one the name also writes in lower case, is no brand.
    expect(extractProductType('Салфетки влажные / Влажные салфетки Ola 100 шт').text).toBe('салфетки влажные');
    expect(extractProductType('Светодиодная лампа / Лампа светодиодная E27 10 Вт').text).toBe('светодиодная лампа');
    expect(extractProductType('Молоко пастеризованное / Молоко Простоквашино 2,5%').text).toBe('молоко пастеризованное');
    // A word cut short with a dot is kept as cut; a unit after a number is no word of the type.
    expect(extractProductType('Свечи зажиг. NGK 4 шт.')).toMatchObject({ text: 'свечи зажиг', cut: ['зажиг'] });
    expect(extractProductType('Свечи NGK 4 шт.').cut).toBeUndefined();
    // The head noun before a full stop is whole (`Мясо. Говядина`): only a qualifier is cut.
    expect(extractProductType('Мясо. Говядина охлажденная 1 кг').cut).toBeUndefined();
    expect(extractProductType('Ключ. 10х12 мм').cut).toBeUndefined();
  });

  it('reads a Kazakh name, where the purpose comes before the thing', () => {
    expect(extractProductType('Ерлерге арналған күрте')).toMatchObject({ text: 'күрте', purpose: ['ерлерге'] });
    // With nothing after `арналған` the name says only what the goods are for: no type.
    expect(extractProductType('Шашқа арналған')).toMatchObject({ text: '', words: [] });
    // A brand, model or article number before the Kazakh purpose is skipped as before a Russian type: no word of the purpose.
    expect(extractProductType('Persil Кір жууға арналған гель')).toMatchObject({ text: 'гель', purpose: ['кір', 'жууға'] });
    expect(extractProductType('арт. 27177 Кір жууға арналған гель')).toMatchObject({ text: 'гель', purpose: ['кір', 'жууға'] });
  });

  it('skips a shop code before the name, whatever its alphabet (probe 13)', () => {
    // `ДК-1843`, `ДК1843`, `ML-6478`: capitals joined to digits open the name as a code; the type is what follows it.
    expect(extractProductType('ДК-1843 Полотенце махровое 70х140').text).toBe('полотенце махровое');
    expect(extractProductType('ДК1843 Полотенце махровое').text).toBe('полотенце махровое');
    expect(extractProductType('ДК-516 ПРОЖЕКТОР LED 100Вт').text).toBe('прожектор');
    expect(extractProductType('ML-6478 Стул кухонный').text).toBe('стул кухонный');
    // The name's words keep the code: only the head is read past it.
    expect(extractProductType('ДК-1843 Полотенце махровое 70х140').tokens.slice(0, 2)).toEqual(['дк', '1843']);
  });

  it('keeps a `с …` phrase right after the head beside the type, never in it (probe 16)', () => {
    expect(extractProductType('КОМОД С ПЕЛЕНАЛЬНИКОМ')).toMatchObject({ text: 'комод', with: ['пеленальником'] });
    expect(extractProductType('Комод белый')).not.toHaveProperty('with');
  });

  it('skips a shop code written with a space before its five digits or more (probe 16)', () => {
    // `ДМ 92803 …` made one type `дм` of 26 rows of a baby store, chests, strollers and cot bumpers.
    expect(extractProductType('ДМ 92803 Комод пеленальный Гандылян').text).toBe('комод пеленальный');
    expect(extractProductType('ДМ 92803 Комод пеленальный Гандылян').tokens.slice(0, 2)).toEqual(['дм', '92803']);
  });

  it('keeps a word before a number of four digits or fewer, or with nothing after it (probe 16 traps)', () => {
    // A measure (`ЧАЙ 1000 г`) or a model (`ВАЗ 2107`) has fewer digits; a code alone names no goods either way.
    expect(extractProductType('ЧАЙ 1000 г').text).toBe('чай');
    expect(extractProductType('ВАЗ 2107 Фара').text).toBe('ваз');
    expect(extractProductType('ДМ 92803').text).toBe('дм');
  });

  it('reads `р` before a number as a size\'s mark, no letter of the kind (probe 16)', () => {
    expect(extractProductType('HRC-0423 САПОГИ ПВХ МБС Р.43').text).toBe('сапоги пвх мбс');
    expect(extractProductType('Сапоги ПВХ КЩС р.41').text).toBe('сапоги пвх кщс');
    expect(extractProductType('П/КОМБ. УТЕПЛ. р-р 52').text).toBe('комб утепл');
    // Another letter after the head still names the kind; `р` alone at the end is no size.
    expect(extractProductType('Витамин С 500 мг').text).toBe('витамин c');
    expect(extractProductType('Витамин Р').text).toBe('витамин р');
  });

  it('keeps a word with a number after it, which is no code (probe 13 traps)', () => {
    // Five letters or more are a word (`Омега-3`, `ОМЕГА-3`), and so are letters not all capitals (`Дк-1843`).
    expect(extractProductType('ОМЕГА-3 КАПСУЛЫ 60 шт').text).toBe('омега');
    expect(extractProductType('Омега-3 капсулы').text).toBe('омега');
    expect(extractProductType('Дк-1843 полотенце').text).toBe('дк');
  });

  it('finds no type in a bare code', () => {
    expect(extractProductType('A54 256 8/128').text).toBe('');
  });

  it('opens the type after a leading measure, purpose or composition, never on a preposition', () => {
    expect(extractProductType('до 5 кг Весы кухонные Polaris синий').text).toBe('весы кухонные');
    expect(extractProductType('Весы напольные до 180 кг').text).toBe('весы напольные');
    expect(extractProductType('на 2 ломтика Тостер Scarlett').text).toBe('тостер');
    expect(extractProductType('для iPhone 15 Гидрогелевая пленка матовая')).toMatchObject({ text: 'гидрогелевая пленка матовая', purpose: ['iphone'] });
    // Goods the name names in Latin only have no Cyrillic type: what comes with them is no type either.
    expect(extractProductType('MicroSDXC 64GB SanDisk с адаптером').text).toBe('');
    expect(extractProductType('Адаптер HDMI на VGA 4K').text).toBe('адаптер');
    expect(extractProductType('с подогревом Зеркало боковое левое TYC').text).toBe('зеркало боковое левое');
    // Another preposition before the type is skipped alone, as before.
    expect(extractProductType('на Samsung A34 Стекло защитное Remax').text).toBe('стекло защитное');
    // `12V` is twelve volts, no preposition `в` opening a phrase.
    expect(extractProductType('Exide 12V Аккумулятор автомобильный 100 Ач').text).toBe('аккумулятор автомобильный');
  });

  it('reads a cut word before a whole noun as the noun\'s adjective, the noun as the head (probe 12)', () => {
    expect(extractProductType('ФУТБ. МЯЧ SELECT')).toMatchObject({ text: 'футб мяч', cut: ['футб'] });
    expect(extractProductType('Футб. мяч Select р.5')).toMatchObject({ text: 'футб мяч', cut: ['футб'] });
    // A dot before a capitalised word ends a sentence: the word before it is no cut adjective.
    expect(extractProductType('Мясо. Говядина охлаждённая').cut).toBeUndefined();
  });

  it('reads a word after the contents\' measure of goods named in Latin as their flavour, and the Latin words as the goods (probe 12)', () => {
    const known = readKnownBrands(buildClassifierIndex(buildClassifierDirectories([{ id: 9101, parentId: null, name: { rus: 'BCAA', kaz: 'BCAA' }, path: { rus: 'BCAA', kaz: 'BCAA' }, isLeaf: true }])));
    expect(extractProductType('BCAA Maxler 8:1:1 400 г арбуз', undefined, undefined, known).text).toBe('bcaa');
    expect(extractProductType('BCAA 2:1:1 200 г арбуз', undefined, undefined, known).text).toBe('bcaa');
    // Goods the directory does not name in Latin (a brand alone before the measure) keep the Russian word, as before.
    expect(extractProductType('Nutrend 1 кг Протеин', undefined, undefined, known).text).toBe('протеин');
    expect(extractProductType('BCAA Maxler 8:1:1 400 г арбуз').text).toBe('арбуз');
    // A Russian word before the measure is the type, as before.
    expect(extractProductType('Арбуз Астраханский 5 кг', undefined, undefined, known).text).toBe('арбуз астраханский');
  });

  it('reads a code label and its code as one code, wherever it stands', () => {
    expect(extractProductType('арт. 27177 Пижама жен. Oodji сатин M').text).toBe('пижама жен');
    expect(extractProductType('АРТ. 67506 СВИТЕР МУЖСКОЙ COLIN\'S ШЕРСТЬ 50').text).toBe('свитер мужской');
    expect(extractProductType('Артикул 4410 Кабель HDMI 2 м').words[0]).toBe('кабель');
    expect(extractProductType('Пижама арт. 27177 сатин').text).toBe('пижама');
    // A type of only a code label is no type; the word with no code after it is the goods' own (`Модель самолета`).
    expect(extractProductType('Артикул 27177').text).toBe('');
    expect(extractProductType('Модель самолета 1:72').text).toBe('модель самолета');
  });
});

/**
 * The product type of a name: its head phrase, what the product *is*. Sellers write the type first
 * and then qualify it — brand, model, size, volume, colour, count (`Шампунь Head&Shoulders 400 мл`,
 * `Кроссовки мужские Nike Air черные 42`) — or say what it is for or made of (`Чехол для iPhone`,
 * `Сыворотка для лица с витамином C`, `Паяльная кислота … Хлористый цинк`). Only the head says
 * which leaf the product belongs to; what follows a purpose preposition is kept apart as purpose
 * (it may tell two leaves of one type apart, never choose a leaf alone), a material (`из бумаги`) is
 * a word of the type, and a composition (`с …`) or a second phrase after a separator is dropped.
 */
import { tokenizeForMatch, UNIT_TOKENS } from '../normalize-for-match.js';
import { ADJECTIVE_FORM, GENITIVE_FORM, markBrandWords, readDirectoryAbbreviations, readDirectoryKindHeads, readDirectoryLatinWords, type KnownBrands } from './known-brands.js';
import { CODE_LABEL_WORDS } from '../match-columns.js';
import { isMaterialGenitive } from './neutral-modifiers.js';
import { expandCutWords, type CutWordVocabulary } from './expand-cut-words.js';
import { NOMINATIVE_ADJECTIVE_ENDING } from './nominative-adjective.js';
import { countLeadingShopNotes, isShopNotePhrase, markNotesAnywhere } from './shop-notes.js';
import { isDiminutiveForm, isDirectoryWordVariant } from './directory-word-variants.js';
import { readEnglishCapitalWords, readEnglishHead, readEnglishModelWords } from './read-english-type.js';
import { isEnglishProductWord, readEnglishProductWord } from './english-product-words.js';
import { isFlavourPhrase } from './russian-flavour-words.js';
import { findLaterBrandFirstGoods, isLeftOutAsGoods } from './find-later-brand-first-goods.js';
import { isKindLeadWord } from './kind-lead-words.js';
import { isCapitalsWord, isWrittenInCapitals } from './is-written-in-capitals.js';
import { readKindLetter, stemForIndex } from './stem-for-index.js';
import { isVehicleMakerWord, readVehicleModel } from './vehicle-makers.js';
import { readCodeAfterGoods } from './maker-codes.js';
import { readModelCode, readNameNumbers } from './part-numbers.js';
import { readPurposeAfterQuote } from './purpose-after-quote.js';

/** The head phrase of a name and the words around it. */
export interface ProductType {
  /** The head words joined (`паяльная кислота`): the key products of one type share. */
  text: string;
  /** The head words, normalised (`tokenizeForMatch`). */
  words: string[];
  /** Words of the purpose phrase right after the head (`лица` of `для лица`, `iphone` of `для iPhone`). */
  purpose: string[];
  /** Words of a `в …` phrase right after the head (`зернах` of `Кофе в зёрнах`) or its purpose (`авто` of `Держатель для телефона в авто`): its form or place, which may tell leaves apart, never a purpose. */
  form: string[];
  /** Every word of the name (brand words left out), normalised: read once, for whoever needs the rest. */
  tokens: string[];
  /** Words of the type the name cuts short with a dot (`зажиг` of `Свечи зажиг.`), normalised: each opens a longer word. */
  cut?: string[];
  /** Whether the head noun itself is written cut short with a dot (`батар` of `Аккумуляторные батар.`): a word the directory cannot read. */
  headCut?: true;
  /** One letter repeated right after the head (`aa` of `Аккумулятор AA`), normalised: a kind where the directory names one by it, else a size. */
  codes?: string[];
  /** The word of the type read after `из` (`шерсти` of `Шапка из шерсти`), normalised: what the goods are made of, not what they are. */
  madeOf?: string[];
  /** The brand and model words that end the head (`ngk bkr 6 e` of `Свеча NGK BKR6E`), normalised; a brand of the directory's Cyrillic list is not among them. */
  brand?: string[];
  /** The one-word types the name writes in parentheses (`помпа` of `Насос водяной (помпа)`), normalised: another name of the goods. */
  asides?: string[];
  /** Words of a `с …` phrase right after the head (`пеленальником` of `Комод с пеленальником`), normalised: what the goods come with, which may say whose goods they are, never what they are. */
  with?: string[];
  /** A vehicle maker's model the name says the goods fit (`ГАЗ-53`, `ВАЗ 2107`; a maker of the closed list before a number), as written. */
  vehicle?: string;
  /**
   * The file's maker code the type reader dropped right after the goods (`вс` of `Кефир ВС 2,5%`, `maker-codes.ts`), normalised:
   * no word of the type, so one kind is one key; but no word the leaf explains either, which the classifier still doubts
   * (`Защита ДВС стальная`: the engine's, not a maker's).
   */
  makerCode?: string;
  /** A maker's part number the name writes (`100-733` of `Адаптер 90гр. 100-733`, `part-numbers.ts`), as written: one part of a system, which a bare one-word type does not say. */
  partNumber?: string;
  /** A number a size range may be (`100-132`, `110-140`; `part-numbers.ts`), as written: a size beside goods sold by size, a part number beside others. */
  sizeRange?: string;
  /** A maker's model code in Latin letters and digits (`AD-1024c`; `part-numbers.ts`), as written, beside a one-word type where no word of the name is a brand the directory lists. */
  modelCode?: string;
  /** The words of a `для …` phrase written after a quoted name (`удаления стойких загрязнений` of `Спонж «Инволвер» … для удаления стойких загрязнений`), normalised: a purpose the head's phrase ended before (`purpose-after-quote.ts`). */
  purposeAfterQuote?: string[];
}

// What the product is for (or against: `от блох`; or works on: `по бетону`): its words may tell leaves of one type apart, never name the type.
/** The Russian prepositions of a purpose (`для лица`, `под телевизор`, `от комаров`); a synonym may be written with any of them. */
export const PURPOSE_PREPOSITIONS: ReadonlySet<string> = new Set(['для', 'к', 'ко', 'под', 'на', 'от', 'против', 'по']);
// Prepositions that open the same use as another, compared as that one (`Средства против моли` are `Средства от моли`).
const SAME_USE_PREPOSITIONS: Readonly<Record<string, string>> = { ко: 'к', против: 'от' };
const PURPOSE_WORDS: ReadonlySet<string> = new Set([...PURPOSE_PREPOSITIONS, 'for', 'арналған']);
// What the product is made of or comes with, or how it is worn (`через плечо`): never the type.
const COMPOSITION_WORDS = new Set(['с', 'со', 'из', 'без', 'в', 'во', 'при', 'через', 'with', 'of', 'in', 'and', 'и', 'или', 'мен', 'пен', 'бен', 'және']);
// A second phrase: a list, an aside, a subtitle.
const PHRASE_BREAK = /[,;:()[\]{}|…"«»“”]|\.{2,}|\s[-–—/]\s|\s[–—]|[–—]\s/u;
const MAX_HEAD_WORDS = 4;
// What a product comes as (`в зёрнах`, `в пакетиках`): read beside the type, never as the type or a purpose.
const FORM_WORDS = new Set(['в', 'во']);
// What the goods come with (`Комод с пеленальником`): read beside the type, never as the type.
const WITH_WORDS = new Set(['с', 'со']);
const COLOUR = /^(?:черн|бел|красн|син|зелен|желт|сер|розов|голуб|коричнев|бежев|фиолетов|оранжев|бордов|золотист|серебрист|прозрачн|бирюзов|малинов|графитов|песочн|пудров|оливков|сиренев|персиков|горчичн|изумрудн|кремов|лилов|салатов|терракотов)(?:ый|ий|ая|яя|ое|ее|ые|ие|ого|ой|ых|их)$/u;
// The genitive, dative or prepositional of an adjective (`черного`, `белых`): a case the nominative head never takes.
const OBLIQUE_ADJECTIVE = /(?:ого|его|ых|их)$/u;
// Colours written as one word that no ending tells (Kazakh, English; Russian nouns and indeclinables: `хаки`, `графит`, `камуфляж`,
// and the `темно`, `светло` of `темно-синий`): a qualifier of the goods as any colour is.
const COLOUR_WORDS = new Set(['қара', 'ақ', 'қызыл', 'көк', 'жасыл', 'сары', 'сұр', 'қоңыр', 'black', 'white', 'red', 'blue', 'green', 'grey', 'gray', 'pink', 'хаки', 'графит', 'камуфляж', 'мультиколор', 'беж', 'темно', 'светло']);
const SIZE_WORD = /^(?:x{0,4}[sl]|m|\d?xl|one|size)$/;
/** How many pieces or packs (`4 шт`, `2 уп.`, `1 компл.`, `к-т`): a count is no word of a type, even first in a name (`Norplast 4 шт Коврики …`). */
export const COUNT_WORDS: ReadonlySet<string> = new Set(['шт', 'штук', 'штуки', 'штука', 'уп', 'упак', 'компл', 'кт', 'ед', 'дана', 'pcs', 'pc']);
const CYRILLIC = /[\u0400-\u04ff]/;
const LATIN = /^[a-z][a-z'&.+-]*$/;
const WORD = /[\p{L}\p{N}]+/gu;

/** Words that name a pack, not a type (`Набор отверток`): the type is what follows them too. */
export const CONTAINER_WORDS: ReadonlySet<string> = new Set(['набор', 'наборы', 'комплект', 'комплекты', 'упаковка', 'пачка', 'пара', 'коробка', 'жиынтық', 'set', 'kit', 'pack']);

/**
 * Reads the product type of a name (`brand`, when given, and `excludeWords` are no part of it; a phrase of `knownBrands`,
 * the directory's brands, ends the type, or is skipped where it opens the name). An empty type means the name says
 * nothing a type could be read from (a bare model or code).
 */
export function extractProductType(name: string, brand?: string, excludeWords?: ReadonlySet<string>, knownBrands?: KnownBrands): ProductType {
  // The review and the lookup read one name's type two or three times in a row (its key, its answer, its leaf): the last few are kept.
  const recent = RECENT.find((entry) => entry.name === name && entry.brand === brand && entry.excludeWords === excludeWords && entry.knownBrands === knownBrands);
  if (recent !== undefined) return recent.type;
  const type = readProductType(name, brand, excludeWords, knownBrands);
  RECENT.unshift({ name, brand, excludeWords, knownBrands, type });
  if (RECENT.length > RECENT_SIZE) RECENT.pop();
  return type;
}

// Two letters joined by a hyphen, each alone (`к-т`).
const LETTER_PAIR = /(?<![\p{L}\p{N}])(\p{L})-(\p{L})(?![\p{L}\p{N}])/gu;
// A colon with a Latin letter on each side and no space (`Ma:nyo`); `1С:Бухгалтерия` is a product and its edition.
const LETTERS_COLON = /(?<=[A-Za-z]):(?=[A-Za-z])/gu;
// Two letters joined by a slash, the second a one-letter preposition (`б/к`, без колец; `б/у`): one abbreviation. (`д/` is `FOR_CUT`'s.)
const LETTERS_SLASH = /(?<![\p{L}\p{N}])(\p{L})\/([ксвоуКСВОУ])(?![\p{L}\p{N}])/gu;
// A first letter that is itself a preposition (`с/к`, `в/с`) opens a phrase as it always did: no abbreviation of this kind.
const PREPOSITION_LETTERS: ReadonlySet<string> = new Set(['с', 'в', 'к', 'о', 'у', 'и', 'а']);
// `д/` before a word: `для` as sellers cut it.
const FOR_CUT = /(?<![\p{L}\p{N}])[дД]\/(?=\s*\p{L})/gu;
const RECENT: { name: string; brand: string | undefined; excludeWords: ReadonlySet<string> | undefined; knownBrands: KnownBrands | undefined; type: ProductType }[] = [];
const RECENT_SIZE = 4;
// Stands for a word of a known brand in a phrase: no word of the type, and the type ends at it.
const BRAND_MARK = '\u0000';

function readProductType(asWritten: string, brand?: string, excludeWords?: ReadonlySet<string>, knownBrands?: KnownBrands): ProductType {
  // `ЧАЙНИК ЭЛ.` is read as `ЧАЙНИК ЭЛЕКТРИЧЕСКИЙ` where the directory's or the file's words say what the cut word is (`expand-cut-words.ts`).
  const written = expandCutWords(asWritten, knownBrands?.cutWords, COUNT_WORDS);
  const brandWords = new Set([...(brand === undefined ? [] : tokenizeForMatch(brand)), ...(excludeWords ?? [])]);
  // A capital `С` alone after a word of a name not in capitals is the letter (`Витамин С`), never the preposition `с`.
  // The Unicode regexes below scan every name of a file: each is run only on a name that has the character it looks for.
  const cased = !written.includes('С') || written === written.toUpperCase() ? written : written.replace(/(?<=\p{L}\s)С(?=\s|$|[,.;])/gu, 'C');
  // `к-т` (комплект) is one count, which the hyphen would split into the preposition `к` and a letter: `Пружины подвески задн. к-т`
  // read a purpose `т`. Other letter pairs (`р-р`: размер or раствор) stay letters, no word of a type.
  // `д/` is `для` cut short (`Альбом д/рис.`, `Подводка д/воды`): read as the letter `д` after the head (`Витамин Д`), it made the
  // purpose's words words of the type.
  const paired = cased.includes('-') ? cased.replace(LETTER_PAIR, (pair: string, first: string, second: string) => (COUNT_WORDS.has(`${first}${second}`.toLowerCase()) ? `${first}${second}` : pair)) : cased;
  // `Удилище поплавочное б/к Max` (без колец): read apart, the `к` was the preposition and `Max` its purpose, so the names of
  // one kind were one type each. The abbreviation is a note on the goods (used, no bones, no sugar), never what they are: kept as
  // a word, `бу` was a word no leaf explains, and a used-parts shop's sure rows became questions (review18b). It is dropped.
  const slashed = paired.includes('/') ? paired.replace(FOR_CUT, (cut: string) => (cut === 'Д/' ? 'ДЛЯ ' : 'для ')).replace(LETTERS_SLASH, (pair: string, first: string) => (PREPOSITION_LETTERS.has(first.toLowerCase()) ? pair : ' ')) : paired;
  // A colon between two letters is a brand's spelling (`Ma:nyo Hand Cream`), no break between phrases: split there, its first
  // half became the type of every product of the brand.
  const name = slashed.includes(':') ? slashed.replace(LETTERS_COLON, '') : slashed;
  // `Печенье ВС сахарное`: a brand written as a maker's code right after the goods (`maker-codes.ts`) is no word of the type, nor
  // does it end it: it is dropped, and the words on either side read as one type (`печенье сахарное`), whatever code stands between.
  const code = knownBrands === undefined ? undefined : readCodeAfterGoods(name);
  let dropped: string | undefined;
  const phrases = name
    .split(PHRASE_BREAK)
    .filter((phrase) => /\p{L}{2}/u.test(phrase))
    .map((phrase) => {
      // `Душка арналган гель`: the Kazakh purpose word typed on a Russian keyboard is the one the readers know.
      const words = tokenizeForMatch(phrase).filter((word) => !brandWords.has(word));
      const marked = markBrandWords(words, knownBrands);
      const read: string[] = [];
      for (const [i, word] of words.entries()) {
        if (marked[i] === true && word === code) dropped = code;
        else read.push(marked[i] === true ? BRAND_MARK : word);
      }
      return read;
    });
  // A loop, not `flat().filter()`: this runs for every name of a file, and `Array.prototype.flat` is slow in V8 (~0.8 s of 100,000 names).
  const tokens: string[] = [];
  let listsBrand = false;
  for (const phrase of phrases) for (const word of phrase) if (word !== BRAND_MARK) tokens.push(word); else listsBrand = true;
  dropNotesAnywhere(name, phrases);
  dropLeadingCode(name, phrases);
  dropLeadingShopNotes(name, phrases);
  markCyrillicBrandOfLatinName(name, phrases, knownBrands?.cutWords);
  markRussianWordsAroundLatinGoods(name, phrases, knownBrands?.cutWords);
  const designAfterGoods = readLatinGoodsWithDiminutive(phrases, knownBrands?.cutWords);
  // A name that opens with a code or a bare brand (`Samsung, смартфон …`) has its type in a later phrase.
  const russian = phrases.some(hasRussianWord);
  // A name in English capitalises its goods and writes models in letters and digits (`read-english-type.ts`).
  const brandLike = findBrandLikeWords(name, readDirectoryAbbreviations(knownBrands));
  // `Вело Фонарь передний`, `Бэби Шампунь`: goods capitalised after a first word that says their kind are the goods, no brand.
  const [lead, next] = phrases[0] ?? [];
  if (lead !== undefined && next !== undefined && brandLike.has(next) && isKindLeadWord(lead, knownBrands?.cutWords)) brandLike.delete(next);
  const models = russian ? undefined : readEnglishModelWords(name);
  // Only against the directory, whose brands are marked already: read without it, `Свечи NGK иридиевые` tells no brand from a standard.
  const abbreviations = russian && knownBrands !== undefined ? readLatinAbbreviations(name) : undefined;
  const capitals = russian ? undefined : readEnglishCapitalWords(name);
  if (models !== undefined) markLeadingModel(phrases, models);
  const toType = (read: HeadReading): ProductType => {
    const found = joinVariety(read, tokens, knownBrands);
    // The head noun is never cut (`Мясо. Говядина …` is meat, no `Мясорубки`): a cut shortens a qualifier (`Свечи зажиг.`).
    // A cut word before a whole noun of the type in capitals or lower case (`ФУТБ. МЯЧ`, `футб. мяч`), not a sentence's end
    // before a capitalised word (`Мясо. Говядина`), shortens that noun's adjective: the noun is the head.
    const written = readCutWords(name);
    const nouns = found.words.filter((word) => !ADJECTIVE_FORM.test(word));
    const shortened = (word: string): boolean => written.includes(word) && !SENTENCE_AFTER_CUT.test(name) && nouns.some((other) => other !== word && !written.includes(other));
    const head = nouns.find((word) => !shortened(word)) ?? nouns[0];
    const cut = written.filter((word) => word !== head && found.words.includes(word));
    const asides = readAsides(name, brandLike);
    const vehicle = readVehicleModel(name);
    const { partNumber, sizeRange } = readNameNumbers(asWritten);
    // Read against the directory only, beside a one-word type only (the doubt's, `other-systems-number.ts`: a key apart for no
    // other name): a brand it lists (`Samsung SM-A525`) says whose goods they are, and they are the directory's.
    const modelCode = knownBrands === undefined || listsBrand || found.words.length !== 1 ? undefined : readModelCode(asWritten);
    const purposeAfterQuote = found.purpose.length === 0 ? readPurposeAfterQuote(asWritten) : undefined;
    return { text: found.words.join(' '), words: found.words, purpose: found.purpose, form: found.form, tokens, ...(cut.length === 0 ? {} : { cut }), ...(head !== undefined && written.includes(head) ? { headCut: true as const } : {}), ...(found.codes.length === 0 ? {} : { codes: found.codes }), ...(found.madeOf === undefined ? {} : { madeOf: [found.madeOf] }), ...(found.with === undefined || found.with.length === 0 ? {} : { with: found.with }), ...(found.brand === undefined ? {} : { brand: found.brand }), ...(asides.length === 0 ? {} : { asides }), ...(vehicle === undefined ? {} : { vehicle }), ...(dropped === undefined ? {} : { makerCode: dropped }), ...(partNumber === undefined ? {} : { partNumber }), ...(sizeRange === undefined ? {} : { sizeRange }), ...(modelCode === undefined ? {} : { modelCode }), ...(purposeAfterQuote === undefined ? {} : { purposeAfterQuote }) };
  };
  // `Артикул`, `Модель` alone name a code, not goods.
  const namesGoods = (found: HeadReading): boolean => found.words.length > 0 && !found.words.every((word) => CODE_LABEL_WORDS.has(word));
  if (designAfterGoods !== undefined) return toType({ words: designAfterGoods, purpose: [], form: [], codes: [] });
  const earlier: string[] = [];
  for (const [at, phrase] of phrases.entries()) {
    earlier.push(...phrase);
    if (russian && !hasRussianWord(phrase)) continue;
    // English capitalises goods and puts the head noun last (`Car Phone Holder Magnetic` is a holder).
    const read = models === undefined ? readHead(phrase, brandLike, abbreviations) : readEnglishHead((words) => readHead(phrase, words), brandLike, models, capitals);
    const later = models === undefined ? -1 : findLaterBrandFirstGoods(phrase, read.words, isQualifier);
    const found = later < 0 || models === undefined ? read : readEnglishHead((words) => readHead(phrase.slice(later), words), brandLike, models, capitals);
    // A trade abbreviation in capitals read as the head (`Kingston SSD Heatsink M.2`) is left out as `findLaterBrandFirstGoods` leaves it.
    if (models !== undefined && isLeftOutTradeHead(name, phrase, found.words)) continue;
    // `BCAA Maxler 8:1:1 400 г арбуз`: a word after the measure of goods named in Latin is their flavour, no type: the goods
    // are what the Latin words before it name, read as a name in Latin only is.
    if (found.words.length === 1 && followsLatinGoodsMeasure(earlier, earlier.length - phrase.length + phrase.indexOf(found.words[0] ?? ''), readDirectoryLatinWords(knownBrands))) {
      const latin = phrases.slice(0, at + 1).map((words) => readHead(words.filter((word) => !CYRILLIC.test(word)), brandLike)).find(namesGoods);
      return latin === undefined ? { text: '', words: [], purpose: [], form: [], tokens } : toType(latin);
    }
    if (namesGoods(found)) return toType(found);
  }
  return { text: '', words: [], purpose: [], form: [], tokens };
}

/** Whether the type read is one trade abbreviation written in capitals (`SSD`) which the name says is no goods of its own here. */
function isLeftOutTradeHead(name: string, phrase: readonly string[], words: readonly string[]): boolean {
  const [word] = words;
  if (word === undefined || words.length !== 1 || readEnglishProductWord(word)?.brandFirst !== true || !new RegExp(`\\b${word.toUpperCase()}\\b`, 'u').test(name)) return false;
  return isLeftOutAsGoods(phrase, phrase.indexOf(word), isQualifier);
}

/**
 * The head with the word read as a brand right after a one-word head the directory never names alone but splits into kinds
 * (`Сулугуни` of `Сыр Сулугуни 125 г`, beside `Сыры твёрдые` and `Сыры мягкие`; `Кочхуджан` of `Паста Кочхуджан`, beside `Зубные
 * пасты` and `Томатная паста`): it may be the variety that says the kind, so it is a word of the type, which the leaf must explain:
 * read as a brand, the bare head matched one kind's leaf (food pastes were styling pastes), and the review's key carried one
 * kind's answer to the others. A brand the directory lists, a Latin word, or one after a head the directory names alone (`Молоко
 * Емшан`) is a brand as before; nothing without the directory.
 */
function joinVariety(found: HeadReading, tokens: readonly string[], knownBrands: KnownBrands | undefined): HeadReading {
  const [head] = found.words;
  const [variety, ...brand] = found.brand ?? [];
  const kinds = readDirectoryKindHeads(knownBrands);
  if (kinds === undefined || head === undefined || variety === undefined || found.words.length !== 1 || found.purpose.length > 0 || found.form.length > 0) return found;
  if (tokens[tokens.indexOf(head) + 1] !== variety || !VARIETY_WORD.test(variety) || knownBrands?.has(variety) === true || !kinds.has(stemForIndex(head))) return found;
  const { brand: _brand, ...rest } = found;
  return { ...rest, words: [head, variety], ...(brand.length === 0 ? {} : { brand }) };
}

const VARIETY_WORD = /^[\u0400-\u04ff]{3,}$/u;

// A shop's code before the name (`ДК-1843 Полотенце …`, `ML-6478 Стул …`, `АБ12 Лампа …`): up to four capitals of any alphabet
// joined to digits by a hyphen or nothing. A word of five letters or more (`ОМЕГА-3`) is a word, not a code.
const LEADING_CODE = /^\s*\p{Lu}{1,4}-?\d[\p{N}\p{Lu}]*(?:[-/.][\p{N}\p{Lu}]+)*(?=\s)/u;
// The same code with a space before its digits (`ДМ 92803 Комод пеленальный`): five digits or more, which no measure or model
// the type could be read from has (`ЧАЙ 1000 г`, `ВАЗ 2107`), before a word in letters.
const SPACED_CODE = /^\s*\p{Lu}{1,4}\s\d{5,}(?=\s+\p{L})/u;

/**
 * Drops a shop's code that opens the name from the first phrase's words the head is read from (the name's `tokens` keep it): its
 * letters are no type (`дк` of `ДК-1843 Полотенце махровое` made one type of every ДК row of a shop, towels, lamps and stools),
 * whatever the alphabet, as a Latin model before a Russian type is skipped.
 */
function dropLeadingCode(name: string, phrases: string[][]): void {
  const code = (LEADING_CODE.exec(name) ?? SPACED_CODE.exec(name))?.[0];
  const first = phrases[0];
  if (code === undefined || first === undefined) return;
  const words = tokenizeForMatch(code);
  if (words.every((word, i) => first[i] === word)) first.splice(0, words.length);
}

/**
 * Drops the words of a note that may stand anywhere (`Китай`, `(копия)`, `оптом`, `2024 New`, `shop-notes.ts`) from the words
 * the head is read from (the name's `tokens` keep them), and a phrase left with no word: in a name in English the note was
 * the only Russian word, and became the type of every product that carried it.
 */
function dropNotesAnywhere(name: string, phrases: string[][]): void {
  for (let at = phrases.length - 1; at >= 0; at -= 1) {
    const phrase = phrases[at] ?? [];
    const marked = markNotesAnywhere(phrase, name);
    if (marked === undefined) continue;
    // `түсі қара Фонарь`: the colour `түсі` announces is the goods' colour, no goods either.
    for (const [i, word] of phrase.entries()) if (word === 'түсі' && marked[i] === true && isColourWord(phrase[i + 1] ?? '')) marked[i + 1] = true;
    const kept = phrase.filter((_, i) => marked[i] !== true);
    if (kept.some((word) => /\p{L}{2}/u.test(word))) phrases[at] = kept;
    else if (phrases.length > 1) phrases.splice(at, 1);
  }
}

/**
 * Marks as a brand the one Cyrillic word of a name whose goods are named in Latin around it (`Актив` of `Omega 3 Актив Triple
 * Strength`, `Collagen Актив Peptides`, `Isotonic Бомбар Lemon`): capitalised as a proper name, no adjective, and no word of
 * the directory's (`vocabulary`: neither a whole word of its names nor a stem its leaves are named by). Read as the name's
 * only Russian word it became the type, one type of omega-3, collagen and gainers, and one answer sent them all to one leaf.
 * A Russian word of goods after a Latin brand (`Xiaomi Робот-пылесос`, `Baseus Кабель`) is the directory's and stays the type;
 * read without the directory, no word is marked.
 */
function markCyrillicBrandOfLatinName(name: string, phrases: string[][], vocabulary: CutWordVocabulary | undefined): void {
  if (vocabulary === undefined || !CYRILLIC.test(name)) return;
  const only = readOnlyRussianWord(phrases);
  if (only === undefined || only.i === 0 || !LATIN.test(phrases[only.at]?.[0] ?? '')) return;
  // Latin words on both sides, or two before it (`Collagen Актив Peptides`, `L-Arginine Актив`): the goods are named in Latin.
  // One Latin word before it and none after (`Baseus Повербанк 20000`, `Fairy Лимон 1л`) may be a brand before a Russian type.
  const phrase = phrases[only.at] ?? [];
  const latin = (words: readonly string[]): number => words.filter((each) => LATIN.test(each)).length;
  if (latin(phrase.slice(0, only.i)) < 2 && latin([...phrase.slice(only.i + 1), ...phrases.slice(only.at + 1).flat()]) === 0) return;
  const { word } = only;
  if (ADJECTIVE_FORM.test(word) || isDiminutiveForm(word) || isDirectoryWordOrForm(word, vocabulary)) return;
  const written = (name.match(WORD) ?? []).filter((each) => tokenizeForMatch(each)[0] === word);
  if (written.length === 0 || !written.every((each) => PROPER_NAME.test(each))) return;
  phrase[only.i] = BRAND_MARK;
}

/**
 * Marks as no words of the type the Russian words of a name whose goods are named in English (`english-product-words.ts`):
 * a brand written in Cyrillic before them (`Косрикс Cushion No.23`, `Ла Дор Shampoo`, `Аттак Laundry Powder`: capitalised as
 * proper names, and no word, stem or start of a word of the directory's), and a flavour, scent or colour after them (`Dish Wash
 * цитрус`, `Fabric Softener зеленый чай`, `Kimchi манго`: `russian-flavour-words.ts`; a Russian word of goods after a Latin brand
 * that holds an English word, `Ahmad Tea чай зелёный`, stays the type). Read as the name's Russian words they became the type, the brand's for every one of
 * its goods and the citrus fruit's or green tea's for a detergent, and one answer sent them to one leaf. Only where every Russian
 * word is one of the two; read without the directory, no word is marked.
 */
function markRussianWordsAroundLatinGoods(name: string, phrases: string[][], vocabulary: CutWordVocabulary | undefined): void {
  // Most names name no goods in English: that is asked before their words are listed.
  if (vocabulary === undefined || !CYRILLIC.test(name) || !phrases.some((phrase) => phrase.some(isEnglishGoodsWord))) return;
  const flat = phrases.flatMap((phrase, at) => phrase.map((word, i) => ({ at, i, word })));
  const goods = flat.flatMap((each, place) => (isEnglishGoodsWord(each.word) ? [place] : []));
  const first = goods[0];
  const last = goods[goods.length - 1];
  if (first === undefined || last === undefined) return;
  const russian = flat.flatMap((each, place) => (isRussianGoodsWord(each.word) ? [{ ...each, place }] : []));
  if (russian.length === 0) return;
  const written = name.match(WORD) ?? [];
  const isProperName = (word: string): boolean => {
    const found = written.filter((each) => tokenizeForMatch(each)[0] === word);
    return found.length > 0 && found.every((each) => PROPER_NAME.test(each));
  };
  // No start of a directory's word either (`Микроволновка Candy`: `микроволн…` opens `Микроволновые печи`): a Russian word of goods.
  const isBrandWord = (word: string, shortest: number): boolean => isProperName(word) && !vocabulary.known.has(word) && vocabulary.leafWords(stemForIndex(word)).length === 0 && (word.length <= shortest || !isDirectoryWord(word.slice(0, 6), vocabulary));
  const isBrand = (word: string, place: number): boolean => place < first && isBrandWord(word, 3);
  // After the goods a short word is no start of a longer one (a cut word's dot was read before): only a longer word's first
  // letters are (`Дива` opens `диван`, yet is a whole word there).
  // A diminutive or another form of a word of goods (`Кейсик` of `Wireless Earbuds Кейсик`) is the goods sold, never a brand.
  const isBrandAfter = (word: string): boolean => isBrandWord(word, 6) && !isDiminutiveForm(word) && !isDirectoryWordVariant(word, vocabulary, (each) => isDirectoryWord(each, vocabulary));
  // The Russian words after the goods, a colour among them (`зеленый чай`), measures and prepositions left out; those of a `без …`
  // or `с …` phrase (`Fabric Softener без запаха`, `Dish Gel с ароматом`) say what the goods lack or hold, whatever they name.
  const rest = flat.slice(last + 1).map(({ word }) => word);
  const composed = rest.findIndex((word) => WITH_OR_WITHOUT.has(word));
  const after = (composed === -1 ? rest : rest.slice(0, composed)).filter((word) => CYRILLIC.test(word) && !/\d/u.test(word) && !UNIT_TOKENS.has(word) && !COUNT_WORDS.has(word) && !PURPOSE_WORDS.has(word) && !COMPOSITION_WORDS.has(word));
  // `Gel polish Дива #66`: a proper name after the goods that no word of the directory's opens is their brand, as before them.
  if (!russian.every(({ word, place }) => place > last || isBrand(word, place)) || (after.length > 0 && !isFlavourPhrase(after) && !after.every(isBrandAfter))) return;
  for (const { at, i } of russian) {
    const phrase = phrases[at];
    if (phrase !== undefined) phrase[i] = BRAND_MARK;
  }
}

/** Whether a word is a Latin word the English table reads as goods (`shampoo`, `cushion`). */
function isEnglishGoodsWord(word: string): boolean {
  return LATIN.test(word) && readEnglishProductWord(word)?.role === 'goods';
}

/**
 * The type of goods named in English with a Russian diminutive right after them whose base the directory does not know
 * (`Phone Case Смайлик`, `Water Bottle Пончик`, `Wireless Earbuds Кейсик`): the English goods and the word, as the name has them.
 * The word is a design's or print's name as often as the goods' own (a smiley case, a donut bottle, a little case for earbuds):
 * read alone as the type, one key held cases, bottles and donuts, and one answer sent them to one leaf; read as a brand, the
 * English goods were sure where the name may sell other goods. Both together, the key is one kind of English goods, and the
 * leaf must explain the word too. A diminutive of a directory word (`Чехольчик`, `Кабельчик`) is read as before.
 */
function readLatinGoodsWithDiminutive(phrases: readonly string[][], vocabulary: CutWordVocabulary | undefined): string[] | undefined {
  if (vocabulary === undefined) return undefined;
  const only = readOnlyRussianWord(phrases);
  if (only === undefined || !isDiminutiveForm(only.word)) return undefined;
  const phrase = phrases[only.at] ?? [];
  let from = only.i;
  while (from > 0 && LATIN.test(phrase[from - 1] ?? '')) from -= 1;
  // From the first word the English table knows (a brand or a model before the goods is no word of their type).
  while (from < only.i && readEnglishProductWord(phrase[from] ?? '') === undefined) from += 1;
  const latin = phrase.slice(from, only.i);
  if (!latin.some((word) => readEnglishProductWord(word)?.role === 'goods')) return undefined;
  if (isDirectoryWordOrForm(only.word, vocabulary)) return undefined;
  return [...latin, only.word];
}

/**
 * Marks as a brand the model code that opens a name in English before goods the table knows (`Skin1004` of `Skin1004 Eye Patch
 * Gold`, read as `skin 1004`): its letters ended the type before it began, and the name had no type, or the letters' own.
 */
function markLeadingModel(phrases: string[][], models: ReadonlySet<string>): void {
  const first = phrases[0];
  if (first === undefined || !models.has(first[0] ?? '') || !/^\d+$/u.test(first[1] ?? '') || !first.slice(2).some((word) => readEnglishProductWord(word)?.role === 'goods')) return;
  first[0] = BRAND_MARK;
  first[1] = BRAND_MARK;
}

/**
 * Whether the directory names goods by a word: a whole word of its names, a stem its leaves are named by, or the start of one of
 * its words (`беговел` of `Беговелы`, whose stems differ by the fleeting vowel).
 */
function isDirectoryWord(word: string, vocabulary: CutWordVocabulary): boolean {
  if (vocabulary.known.has(word) || vocabulary.leafWords(stemForIndex(word)).length > 0) return true;
  const { sorted } = vocabulary;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] ?? '') < word) low = middle + 1;
    else high = middle;
  }
  return (sorted[low] ?? '').startsWith(word);
}

// The prepositions of what goods hold or lack (`с ароматом`, `без запаха`): the phrase after one says no goods.
const WITH_OR_WITHOUT = new Set(['с', 'со', 'без', 'with', 'without']);

// A word written as a proper name: a capital and small letters (`Актив`), no word in capitals (`РК`, a note or an abbreviation).
const PROPER_NAME = /^\p{Lu}\p{Ll}+$/u;

/**
 * Drops a shop's note that opens the name (`УЦЕНКА Гречка ядрица`, `Уценка - Геймпад`, `Витрина Наушники JBL`, `shop-notes.ts`)
 * from the words the head is read from (the name's `tokens` keep it): the note became the type of dozens of unlike goods.
 */
function dropLeadingShopNotes(name: string, phrases: string[][]): void {
  while (phrases.length > 1 && isShopNotePhrase(phrases[0] ?? [])) phrases.shift();
  const first = phrases[0];
  if (first === undefined) return;
  // The words as written are read only for a name that opens with a note word that may also be goods (few names do).
  let written: string[] | undefined;
  const readWritten = (): string[] => (written ??= isWrittenInCapitals(name) ? [] : (name.split(PHRASE_BREAK).find((phrase) => /\p{L}{2}/u.test(phrase) && tokenizeForMatch(phrase)[0] === first[0])?.match(WORD) ?? []));
  const count = countLeadingShopNotes(first, (at) => /^\p{Lu}/u.test(readWritten()[at] ?? ''), (at) => isCapitalsWord(readWritten()[at] ?? ''));
  if (count > 0 && count < first.length) first.splice(0, count);
}

/**
 * The words in parentheses that are by themselves a one-word type, read from their first word (`помпа` of `Насос водяной
 * (помпа)`): another name the seller gives the goods. Other phrases (a composition after a quoted brand, `с орехами`, a
 * flavour, `сметана и лук`) say what the goods hold, no name of them; a word with a number after it (`(ВАЗ 2110)`) is a model.
 */
function readAsides(name: string, brandLike: ReadonlySet<string>): string[] {
  // Most names have no parentheses: the regex's iterator is made only for one that has.
  if (!name.includes('(')) return [];
  return [...name.matchAll(ASIDE)].flatMap((match) => {
    const tokens = tokenizeForMatch(match[1] ?? '');
    const found = readHead(tokens, brandLike);
    const [word] = found.words;
    // `(ВАЗ 2110)`, `(Camry 40)`: a word with a number right after it is a model the goods fit, no name of the goods.
    return found.words.length === 1 && found.purpose.length === 0 && word !== undefined && word === tokens[0] && !/\d/u.test(tokens[1] ?? '') ? [word] : [];
  });
}

const ASIDE = /\(([^()]*)\)/gu;

// A word of four letters or more cut short by a dot (`пастер.`, `зажиг.`); units (`шт.`, `табл.`) are shorter or no words of a type.
const CUT_WORD = /(?<![\p{L}\p{N}])\p{L}{4,}(?=\.(?:\s|$|[,;)/]))/gu;

// A dot after a cut word followed by a capitalised word in lower case: a sentence ends there (`Мясо. Говядина охлаждённая`).
const SENTENCE_AFTER_CUT = /\p{L}{4,}\.\s+\p{Lu}\p{Ll}/u;

/** The words a name writes cut short with a dot, normalised. */
function readCutWords(name: string): string[] {
  const found = name.includes('.') ? name.match(CUT_WORD) : null;
  return found === null ? [] : tokenizeForMatch(found.join(' '));
}

/** Whether a word is a colour (Russian, Kazakh or English). */
export function isColourWord(word: string): boolean {
  return COLOUR.test(word) || COLOUR_WORDS.has(word);
}

/**
 * The one Russian word of a name's phrases that may be goods (no qualifier, preposition or link), with its phrase and place;
 * undefined where there is none or more than one. Read for every name of a file: a loop that stops at the second word.
 */
function readOnlyRussianWord(phrases: readonly string[][]): { at: number; i: number; word: string } | undefined {
  let only: { at: number; i: number; word: string } | undefined;
  for (let at = 0; at < phrases.length; at += 1) {
    const phrase = phrases[at] ?? [];
    for (let i = 0; i < phrase.length; i += 1) {
      const word = phrase[i] ?? '';
      if (!isRussianGoodsWord(word)) continue;
      if (only !== undefined) return undefined;
      only = { at, i, word };
    }
  }
  return only;
}

/** Whether a word is Russian and may be goods: no qualifier, preposition or link (the sets first: they are the cheap tests). */
function isRussianGoodsWord(word: string): boolean {
  return !PURPOSE_WORDS.has(word) && !COMPOSITION_WORDS.has(word) && CYRILLIC.test(word) && !isQualifier(word);
}

/** Whether a word is the directory's, or one of its words written otherwise (a diminutive, two as one, a compound's end). */
function isDirectoryWordOrForm(word: string, vocabulary: CutWordVocabulary): boolean {
  return isDirectoryWord(word, vocabulary) || isDirectoryWordVariant(word, vocabulary, (each) => isDirectoryWord(each, vocabulary));
}

/** Whether a word can be a word of the head (a Cyrillic word that is no qualifier, preposition or link). */
function isHeadWord(word: string): boolean {
  return word.length >= 2 && isRussianGoodsWord(word);
}

// `р` of `Р.43`, `р-р 52` (размер): a size's mark before its number, no letter of a kind.
const SIZE_MARKS = new Set(['р']);

/** The letters from `at` that mark the size after them (`р` of `р 43`, `р р` of `р-р 52`), no kind (`Сапоги ПВХ Р.43`); empty where there are none. */
export function readSizeMarks(tokens: readonly string[], at: number): string[] {
  let next = at;
  while (SIZE_MARKS.has(tokens[next] ?? '')) next++;
  return next > at && /^\d/u.test(tokens[next] ?? '') ? tokens.slice(at, next) : [];
}

/** Whether a word ends a head phrase: a number, a unit, a count, a size, a colour, a limit (`до 5 кг`). */
function isQualifier(word: string): boolean {
  return /\d/.test(word) || UNIT_TOKENS.has(word) || COUNT_WORDS.has(word) || SIZE_WORD.test(word) || COLOUR.test(word) || COLOUR_WORDS.has(word) || LIMIT_WORDS.has(word);
}

// The prepositions whose phrase before the type is no part of it: a purpose (`для iPhone 15 Пленка`), a composition (`с адаптером`)
// or a part the goods lack (`CPU без кулера`: read as the name's only Russian word, `кулера` was the type of processors, and
// coolers were proposed). What the goods lack before them is read into the review's key (`readLacked`) where the directory tells it.
const LEADING_PHRASE_WORDS = new Set(['для', 'for', 'с', 'со', 'with', 'без']);
// A limit before a measure (`до 5 кг`, `свыше 100 л`): a qualifier, never a word of the type.
const LIMIT_WORDS = new Set(['до', 'свыше', 'более', 'менее']);

/**
 * Where the type may open after a qualifier phrase at `at` before it (`до 5 кг Весы`, `на 2 ломтика Тостер`): a preposition, a
 * number and the word it counts; `at` itself when there is none.
 */
function skipLeadingMeasure(tokens: readonly string[], at: number): number {
  const word = tokens[at] ?? '';
  if (!(LIMIT_WORDS.has(word) || PURPOSE_WORDS.has(word) || COMPOSITION_WORDS.has(word)) || !/\d/.test(tokens[at + 1] ?? '')) return at;
  let next = at + 2;
  while (next < tokens.length && /\d/.test(tokens[next] ?? '')) next++;
  // The word the number counts (`кг`, `ломтика`), when the name goes on after it.
  return next + 1 < tokens.length && CYRILLIC.test(tokens[next] ?? '') ? next + 1 : next;
}

// The units of what a pack holds (`400 г`, `1 л`): a word after one is of the contents; after `12 V` it may be the goods.
const CONTENT_UNITS: ReadonlySet<string> = new Set(['г', 'гр', 'кг', 'мл', 'л', 'g', 'kg', 'ml']);

/**
 * Whether the word at `at` comes right after a measure (`400 г`) of goods the name names in Latin before it, by a word the
 * directory names goods by (`BCAA`, `readDirectoryLatinWords`; none when read without the directory), with no Russian
 * word between (`BCAA Maxler 8:1:1 400 г арбуз`): a word after the measure is a flavour or colour of those goods, never what
 * they are (melons). Such a name has no type the classifier can read, and is a question.
 */
function followsLatinGoodsMeasure(tokens: readonly string[], at: number, latinGoods: ReadonlyMap<string, unknown> | undefined): boolean {
  const before = tokens.slice(0, at);
  return CONTENT_UNITS.has(tokens[at - 1] ?? '') && /\d/u.test(tokens[at - 2] ?? '') && before.some((word) => latinGoods?.has(word) === true) && !before.some((word, i) => CYRILLIC.test(word) && !isQualifier(word) && !isCodeLabelAt(before, i));
}

/**
 * Whether a phrase has a Cyrillic word that is no unit or qualifier (`мАч` of `Power bank 20000 мАч` is not one), nor what the goods
 * lack (`кулера` of `CPU AMD Ryzen 5 5600 без кулера`: the goods are named in Latin).
 */
function hasRussianWord(tokens: readonly string[]): boolean {
  return tokens.some((word, at) => isRussianGoodsWord(word) && !isCodeLabelAt(tokens, at) && tokens[at - 1] !== 'без');
}

/** Whether the word at `at` labels the code right after it (`арт` of `арт. 27177`, `код` of `код 0451`): the two are one code. */
function isCodeLabelAt(tokens: readonly string[], at: number): boolean {
  return CODE_LABEL_WORDS.has(tokens[at] ?? '') && /\d/.test(tokens[at + 1] ?? '');
}

/** What `readHead` found in one phrase. */
interface HeadReading {
  words: string[];
  purpose: string[];
  form: string[];
  codes: string[];
  /** The word read after `из`, when the type has one. */
  madeOf?: string;
  /** The brand and model words that ended the head, when they did. */
  brand?: string[];
  /** The words of a `с …` phrase right after the head. */
  with?: string[];
}

/**
 * The Latin words a Russian name writes in capitals, two to four letters (`AHD`, `UTP`, `LED`), normalised; undefined in a name
 * written all in capitals (its case says nothing) or with none.
 */
function readLatinAbbreviations(name: string): ReadonlySet<string> | undefined {
  if (!LATIN_CAPITALS.test(name) || isWrittenInCapitals(name)) return undefined;
  const words = (name.match(WORD) ?? []).filter((word) => LATIN_ABBREVIATION.test(word));
  return words.length === 0 ? undefined : new Set(tokenizeForMatch(words.join(' ')));
}

const LATIN_CAPITALS = /[A-Z]{2}/u;
const LATIN_ABBREVIATION = /^[A-Z]{2,4}$/u;
// An adjective in the nominative, as one agreeing with the head is written after it (`уличная`, `медный`, `купольные`).
const NOMINATIVE_ADJECTIVE = new RegExp(`^[а-яё]+${NOMINATIVE_ADJECTIVE_ENDING.source}`, 'u');

/**
 * Whether a Latin abbreviation in capitals right after the head (`abbreviations`: the name's, `readLatinAbbreviations`) stands before
 * an adjective of the goods in the nominative (`Видеокамера AHD уличная`, `Кабель UTP медный`): a standard or kind the goods are
 * of, written inside the type, no brand ending it (a brand stands after the type's words). The adjective is still the type's:
 * read as ending at the abbreviation, an outdoor CCTV camera was a bare `видеокамера`, a camcorder for sure.
 */
function isAbbreviationInsideType(tokens: readonly string[], at: number, words: readonly string[], abbreviations: ReadonlySet<string> | undefined, brandLike: ReadonlySet<string>): boolean {
  const word = tokens[at] ?? '';
  const next = tokens[at + 1] ?? '';
  return abbreviations?.has(word) === true && words.length > 0 && words[words.length - 1] === tokens[at - 1] && NOMINATIVE_ADJECTIVE.test(next) && !brandLike.has(next);
}

function readHead(tokens: readonly string[], brandLike: ReadonlySet<string>, abbreviations?: ReadonlySet<string>): HeadReading {
  const hasCyrillic = hasRussianWord(tokens);
  // Kazakh puts the purpose first: `Ерлерге арналған күрте` is a jacket.
  const kazakh = tokens.indexOf('арналған');
  // `Шашқа арналған` ("for hair") with nothing after it names a purpose and no goods.
  if (kazakh > 0 && kazakh === tokens.length - 1) return { words: [], purpose: tokens.slice(0, kazakh).filter((word) => word !== BRAND_MARK && !isQualifier(word)), form: [], codes: [] };
  if (kazakh > 0 && kazakh < tokens.length - 1) {
    const after = readHead(tokens.slice(kazakh + 1), brandLike);
    // A brand or model before the Kazakh purpose (`Persil Кір жууға арналған гель`) is skipped, as before a Russian type.
    const from = skipBrandAndCodes(tokens, 0, kazakh, hasCyrillic);
    return { ...after, purpose: [...tokens.slice(from, kazakh).filter((word) => word !== BRAND_MARK && !isQualifier(word)), ...after.purpose] };
  }
  const words: string[] = [];
  const purpose: string[] = [];
  const form: string[] = [];
  const codes: string[] = [];
  let at = skipBrandAndCodes(tokens, 0, tokens.length, hasCyrillic);
  for (; at < tokens.length && words.length < MAX_HEAD_WORDS; at++) {
    const word = tokens[at] ?? '';
    if (word === BRAND_MARK && words.length === 0) continue;
    // A code with its label ends the head as a code does (`Пижама арт. 27177`), and is skipped before it.
    if (isCodeLabelAt(tokens, at)) {
      if (words.length > 0) break;
      continue;
    }
    if (words.length === 0) {
      // Before the type: a measure (`до 5 кг Весы`), a brand or model after it (`2 шт Xiaomi Робот-пылесос`), a purpose
      // (`для iPhone 15 Пленка`: the purpose, then the goods) and a composition (`MicroSDXC 64GB с адаптером`: what comes with
      // goods the name names in Latin only) are no words of it.
      const skipped = skipLeadingMeasure(tokens, at);
      if (skipped > at) {
        at = skipped - 1;
        continue;
      }
      if (hasCyrillic && LATIN.test(word)) continue;
      // Only `для` and `с` open such a phrase for sure: `в` after a number is the volt of `12 В`, `на` may be a measure's.
      if (LEADING_PHRASE_WORDS.has(word) && !/\d/.test(tokens[at - 1] ?? '')) {
        const phrase = readPurpose(tokens, at + 1, brandLike);
        if (PURPOSE_WORDS.has(word)) purpose.push(...phrase);
        at += phrase.length;
        continue;
      }
    }
    if (PURPOSE_WORDS.has(word)) {
      if (words.length === 0) continue;
      readPurposeAndPlace(tokens, at, brandLike, purpose, form);
      break;
    }
    // A colour right after the head noun may be what tells two leaves apart (`Чай зелёный`): it stays in the type, where it
    // changes no kind unless a leaf names it.
    // A Latin colour after a Cyrillic head is a brand's word (`Энергетик Red Bull`), not the goods' colour.
    if (words.length === 1 && words[0] === tokens[at - 1] && isColourWord(word) && !(hasCyrillic && LATIN.test(word))) {
      words.push(word);
      continue;
    }
    // So does one before it (`Зелёный чай`, Kazakh `Көк шай`, English `Green Tea`), when the head follows at once.
    if (words.length === 0 && isColourWord(word) && (isHeadWord(tokens[at + 1] ?? '') || (!hasCyrillic && isEnglishProductWord(tokens[at + 1] ?? '')))) {
      words.push(word);
      continue;
    }
    // A letter right after the head names the kind (`Витамин C`, `Витамин Д`).
    if (words.length > 0 && words[words.length - 1] === tokens[at - 1] && Array.from(word).length === 1 && /\p{L}/u.test(word) && !isQualifier(word) && !COMPOSITION_WORDS.has(word) && !PURPOSE_WORDS.has(word) && readSizeMarks(tokens, at).length === 0) {
      words.push(word);
      continue;
    }
    // In English one letter repeated before goods is their kind (`Missha BB Cream`): a word of the type, which the brand before
    // it does not join (`read-english-type.ts`); kept beside the type, the key `cream bb` was not the name's words, and the answer
    // for plain creams reached BB creams.
    if (!hasCyrillic && words.length > 0 && readKindLetter(word) !== undefined && isEnglishProductWord(tokens[at + 1] ?? '')) {
      words.push(word);
      continue;
    }
    // So may one letter repeated (`Аккумулятор AA`, `ААА`), kept beside the type: it names a kind only where the directory does.
    if (words.length > 0 && words[words.length - 1] === tokens[at - 1] && Array.from(word).length > 1 && readKindLetter(word) !== undefined) {
      codes.push(word);
      continue;
    }
    // `Гирлянда из бумаги`, `Гирлянда из флажков`: what the goods are made of may make them another kind, as its adjective does
    // (`бумажная`): the material's noun is a word of the type, which the leaf must explain (ordinary materials never change a kind).
    if (word === 'из' && words.length > 0 && words[words.length - 1] === tokens[at - 1] && isHeadWord(tokens[at + 1] ?? '') && !brandLike.has(tokens[at + 1] ?? '')) {
      const material = tokens[at + 1] ?? '';
      words.push(material);
      return { words, purpose, form, codes, madeOf: material };
    }
    // `Краска акриловая белая для стен`: a colour after the type ends it, yet the purpose right after it is still the type's.
    if (words.length > 0 && isColourWord(word) && PURPOSE_WORDS.has(tokens[at + 1] ?? '')) continue;
    if (COMPOSITION_WORDS.has(word) || isQualifier(word)) {
      if (words.length > 0 && FORM_WORDS.has(word) && words[words.length - 1] === tokens[at - 1]) form.push(...readPurpose(tokens, at + 1, brandLike));
      if (words.length > 0 && WITH_WORDS.has(word) && words[words.length - 1] === tokens[at - 1]) return { words, purpose, form, codes, with: readPurpose(tokens, at + 1, brandLike) };
      if (words.length > 0) break;
      continue;
    }
    // A brand or model ends the head (`Шампунь Head&Shoulders`, `Лапша б/п Роллтон острая`), not the purpose: `Молоко Nivea для тела`
    // is for the body, `Корм Whiskas для кошек` for cats.
    if (isAbbreviationInsideType(tokens, at, words, abbreviations, brandLike)) continue;
    if (words.length > 0 && isBrandOrModel(word, brandLike, hasCyrillic)) {
      let next = at + 1;
      while (next < tokens.length && isBrandOrModel(tokens[next] ?? '', brandLike, hasCyrillic)) next++;
      if (tokens[next] === 'для') readPurposeAndPlace(tokens, next, brandLike, purpose, form);
      // A brand of the directory's Cyrillic list is known for one; any other is read again against the whole brand list.
      if (word !== BRAND_MARK) return { words, purpose, form, codes, brand: tokens.slice(at, next).filter((token) => token !== BRAND_MARK) };
      break;
    }
    if (word.length < 2) continue;
    words.push(word);
  }
  return { words, purpose, form, codes };
}

/**
 * Where the words from `from` (before `end`) that are no type's begin to be one: a brand or model before a Russian type
 * (`iPhone чехол`, `Xiaomi Робот-пылесос`, `Адал кефир`) and an article number with its label (`арт. 27177 Пижама`) are skipped.
 */
function skipBrandAndCodes(tokens: readonly string[], from: number, end: number, hasCyrillic: boolean): number {
  let at = from;
  while (at < end && (tokens[at] === BRAND_MARK || isCodeLabelAt(tokens, at) || (hasCyrillic && (LATIN.test(tokens[at] ?? '') || /\d/.test(tokens[at] ?? ''))))) at++;
  return at;
}

/**
 * Whether a word after the head is a brand's or a model's: a known brand's, a Latin word after a Russian head
 * (`Шампунь Head&Shoulders`), a capitalised word inside a name written in lower case (`Роллтон`), or a part of one
 * (`6` of `BKR6E`, which `findBrandLikeWords` reads whole).
 */
function isBrandOrModel(word: string, brandLike: ReadonlySet<string>, hasCyrillic: boolean): boolean {
  return word === BRAND_MARK || brandLike.has(word) || (hasCyrillic && LATIN.test(word));
}

/** Reads the purpose phrase after the preposition at `at`, and a place right after it (`Держатель для телефона в авто`). */
function readPurposeAndPlace(tokens: readonly string[], at: number, brandLike: ReadonlySet<string>, purpose: string[], form: string[]): void {
  purpose.push(...readPurpose(tokens, at + 1, brandLike));
  // A place right after the purpose says where the goods are used, as one after the head does.
  const next = at + 1 + purpose.length;
  if (purpose.length > 0 && FORM_WORDS.has(tokens[next] ?? '')) form.push(...readPurpose(tokens, next + 1, brandLike));
}

/** The words of a purpose phrase, up to the next preposition, number or qualifier (`лица` of `для лица с витамином C`). */
function readPurpose(tokens: readonly string[], from: number, brandLike: ReadonlySet<string>): string[] {
  const words: string[] = [];
  for (let at = from; at < tokens.length && words.length < MAX_HEAD_WORDS; at++) {
    const word = tokens[at] ?? '';
    // `для мл. классов`: a unit word with no number before it opens the purpose as a word cut short (`младших`), no measure.
    const cutWord = at === from && UNIT_TOKENS.has(word) && /\p{L}{2}/u.test(word) && isHeadWord(tokens[at + 1] ?? '');
    // `для стирки черного (белья)`: a colour in an oblique case after the purpose's noun is what the purpose's object is, no
    // colour of the goods (which agrees with the head, `Краска белая`); first in the purpose (`для белого`) it stays a qualifier.
    // Only where the purpose ends with it or the object's noun follows: `белого цвета` is how sellers write the goods' own colour
    // (`Краска для стен белого цвета`), and the purpose stops there either way.
    if (words.length > 0 && COLOUR.test(word) && OBLIQUE_ADJECTIVE.test(word)) {
      const next = tokens[at + 1];
      const objectNoun = next !== undefined && isHeadWord(next) && !ADJECTIVE_FORM.test(next) && !COLOUR_NOUNS.has(next);
      if (objectNoun) words.push(word, next);
      else if (next === undefined || endsPurpose(next, words, brandLike)) words.push(word);
      break;
    }
    if (!cutWord && endsPurpose(word, words, brandLike)) break;
    words.push(word);
  }
  return words;
}

/**
 * The Russian preposition the name writes its purpose with (`под` of `Кронштейн под телевизор`): the one right before the
 * purpose's own words, not the first time the purpose's first word occurs; undefined where there is none (`for`, a Kazakh name).
 */
export function readPurposePreposition(type: Pick<ProductType, 'tokens' | 'purpose'>): string | undefined {
  if (type.purpose.length === 0) return undefined;
  for (let at = 0; at + type.purpose.length < type.tokens.length; at++) {
    const word = type.tokens[at] ?? '';
    if (PURPOSE_PREPOSITIONS.has(word) && type.purpose.every((each, i) => type.tokens[at + 1 + i] === each)) return SAME_USE_PREPOSITIONS[word] ?? word;
  }
  return undefined;
}

/** Whether a word ends a purpose phrase of `words` so far: a brand's mark, a preposition, a qualifier, or a brand's word after the first. */
function endsPurpose(word: string, words: readonly string[], brandLike: ReadonlySet<string>): boolean {
  return word === BRAND_MARK || PURPOSE_WORDS.has(word) || COMPOSITION_WORDS.has(word) || isQualifier(word) || (words.length > 0 && brandLike.has(word));
}

// The nouns a seller writes the goods' colour with (`белого цвета`, `черного окраса`): after an oblique colour they say it is the goods'.
const COLOUR_NOUNS: ReadonlySet<string> = new Set(['цвета', 'окраса', 'оттенка', 'тона']);

/**
 * Words of the name (normalised) that read as a brand or model rather than a description: a Latin
 * word in a Cyrillic name (`Корм для кошек Whiskas`), or a capitalised word inside a name written in
 * lower case (`Молоко пастеризованное Емшан`). A word in capitals (`ГРМ`, `АКБ`, `ВВГнг`) is an
 * abbreviation of a description, not a brand, unless it is a vehicle maker a number follows and the
 * directory does not name goods by it (`ВАЗ 2110` is a model; `АКПП 35330`, `ПВХ 10` stay); a name in capitals, or
 * with every long word capitalised (`Свечи Зажигания Ngk`), says nothing by its case.
 */
export function findBrandLikeWords(name: string, abbreviations?: ReadonlySet<string>): Set<string> {
  const original = name.match(WORD) ?? [];
  const allCaps = isWrittenInCapitals(name);
  const cyrillicName = CYRILLIC.test(original[0] ?? '');
  // `Свечи Зажигания Ngk`: a name whose long words are all capitalised says nothing by its case either.
  const long = original.slice(1).filter((word) => /^\p{L}{4,}$/u.test(word));
  const titleCase = long.length >= 2 && long.every((word) => /^\p{Lu}/u.test(word));
  const byCase = !allCaps && !titleCase;
  // `Салфетки влажные / Влажные салфетки Ola`: a word opening a phrase, or one the name also writes in lower case, is capitalised by the sentence, not by a brand.
  // Read only for a name that has a capitalised word to ask about (most have none): this runs for every name of a file.
  let sentence: { lower: Set<string>; openers: Set<string> } | undefined;
  const readSentence = (): { lower: Set<string>; openers: Set<string> } =>
    (sentence ??= { lower: new Set(original.filter((word) => /^\p{Ll}/u.test(word)).map((word) => word.toLowerCase())), openers: new Set(name.split(PHRASE_BREAK).map((phrase) => phrase.match(WORD)?.[0]).filter((word) => word !== undefined)) });
  // `Свечи Ректальные`: the one long word after the first, capitalised, is a Title Case label's qualifier when it reads as one.
  const titleLabel = long.length === 1;
  const byCaseBrand = (word: string): boolean =>
    byCase && /^\p{Lu}\p{Ll}/u.test(word) && !readSentence().openers.has(word) && !readSentence().lower.has(word.toLowerCase()) && !(titleLabel && isInflectedWord(word.toLowerCase()));
  // `ВАЗ 2110`, `ГАЗ 3110`: a vehicle maker (a closed class, `isVehicleMakerWord`) right before a number, in a name not in
  // capitals, is a model the goods fit, as `Camry 40` is, unless the directory names goods by it. Any other word in capitals
  // (`Перчатки ПВХ 10`, `Светильник ЖКУ 250`) is a material or a kind and stays. Read without the directory, no word is a model.
  const modelCode = (word: string, next: string | undefined): boolean =>
    abbreviations !== undefined && !allCaps && isVehicleMakerWord(word) && next !== undefined && /^\d+$/u.test(next) && !abbreviations.has(tokenizeForMatch(word)[0] ?? word);
  const brandLike = original.filter((word, i) => i > 0 && ((cyrillicName && /^[A-Za-z]/.test(word)) || byCaseBrand(word) || modelCode(word, original[i + 1])));
  // Normalised as the name's words are, all at once.
  return new Set(brandLike.length === 0 ? [] : tokenizeForMatch(brandLike.join(' ')));
}

/**
 * `Свечи Ректальные`, `Свечи Накаливания`, `Ремни Безопасности`: the only long word after the first, capitalised and in an
 * adjective's or a genitive's form, is a Title Case label's qualifier that may make the goods another thing, not a brand (the
 * directory's own one-word brands are never such words, `collectKnownBrandNames`). Beside words in lower case (`Сгущёнка
 * Алексеевское варёное`, `Фен компактный Свечной двор`) such a word may still be a brand: the name is in sentence case.
 */
function isInflectedWord(word: string): boolean {
  // A material's genitive (`Семена Льна`) is one too: what the goods are of, which `GENITIVE_FORM`'s endings miss.
  return ADJECTIVE_FORM.test(word) || (GENITIVE_FORM.test(word) && !SURNAME_FORM.test(word)) || isMaterialGenitive(word);
}

// `-ов`, `-ев`: the genitive plural's endings are also those of the surnames and towns many brands are named after (`Сгущенка
// Рогачев`, `Водка Смирнов`); such a word after the head stays a brand by its case.
const SURNAME_FORM = /(?:ов|ев|ёв)$/u;

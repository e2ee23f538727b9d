/**
 * The vehicle makers sellers write in capitals before a model number (`ВАЗ 2110`, `ГАЗ 3110`, `КАМАЗ 5320`, `МТЗ 82`):
 * a closed class, like position words and colours. Such a word is the model the goods fit, not a word of what they are,
 * so it ends the product type (`findBrandLikeWords`). Any other word in capitals before a number is a material or a kind
 * (`Перчатки ПВХ 10`, `Светильник ЖКУ 250`, `Труба ПНД 32`) and stays in the type: guessing it away would make the generic
 * leaf sure (issue 33).
 */
// Cars, lorries and buses, tractors, motorcycles; the engine makers named with them (`ЗМЗ 406`, `ЯМЗ 236`); and the plants
// whose parts sellers name the same way (`Фара ДААЗ 2110`, `Катушка зажигания СОАТЭ 3705`).
const VEHICLE_MAKERS: ReadonlySet<string> = new Set([
  'ВАЗ', 'ГАЗ', 'УАЗ', 'ЗАЗ', 'АЗЛК', 'ИЖ', 'ТАГАЗ',
  'КАМАЗ', 'ЗИЛ', 'МАЗ', 'КРАЗ', 'БЕЛАЗ', 'УРАЛАЗ',
  'ПАЗ', 'ЛАЗ', 'ЛИАЗ', 'КАВЗ', 'НЕФАЗ', 'ГОЛАЗ',
  'МТЗ', 'ЮМЗ', 'ЛТЗ', 'ВТЗ', 'ХТЗ', 'ЧТЗ', 'ДТЗ',
  'ЗМЗ', 'УМЗ', 'ЯМЗ', 'ММЗ', 'КМЗ', 'ТМЗ',
  'ДААЗ', 'СААЗ', 'СОАТЭ', 'КЗАТЭ', 'БАТЭ', 'ОСВАР',
]);

/** Whether a word of a name, as written, is a vehicle maker in capitals (`ВАЗ`, `КамАЗ` written `КАМАЗ`; see the file comment). */
export function isVehicleMakerWord(word: string): boolean {
  // Asked of many words of every name: the string is rewritten only when it has an `Ё`.
  return VEHICLE_MAKERS.has(word.includes('Ё') ? word.replace(/Ё/gu, 'Е') : word);
}

// A maker of the closed list in capitals, then a model number after a hyphen or a space (`ГАЗ-53`, `ВАЗ 2107`, `ЗИЛ-130`).
const TWO_CYRILLIC_CAPITALS = /[А-ЯЁ]{2}/u;
const VEHICLE_MODEL = /(?<![\p{L}\p{N}])(\p{Lu}{2,6})(?:-|\s)?\d+/gu;

/**
 * The vehicle model a name says its goods fit (`ГАЗ-53 Подушка`, `Стартер ВАЗ 2107`): a vehicle maker's word before a number,
 * wherever it stands. Read so that the classifier never makes such goods sure in a leaf of another section than vehicles'
 * (`ГАЗ-53 Подушка` is a truck's mount or seat cushion, not a pillow).
 */
export function readVehicleModel(name: string): string | undefined {
  // `Машинка металлическая Toyota Camry 1:32`: a scale says a model of the vehicle (a toy), not goods that fit it.
  if (name.includes(':') && SCALE.test(name)) return undefined;
  return readCyrillicVehicleModel(name) ?? readLatinVehicleMaker(name);
}

const SCALE = /(?<![\p{L}\p{N}])1\s?:\s?\d{2,3}(?![\p{L}\p{N}])/u;

function readCyrillicVehicleModel(name: string): string | undefined {
  // A model has a number: most names of a file have no digit to look for one by.
  if (!/\d/u.test(name)) return undefined;
  // Every maker is two capital Cyrillic letters or more: a name without two such letters in a row has none (most names in
  // sentence case), and the model regex is not run over it.
  if (!TWO_CYRILLIC_CAPITALS.test(name)) return undefined;
  for (const match of name.matchAll(VEHICLE_MODEL)) if (isVehicleMakerWord(match[1] ?? '')) return match[0];
  return undefined;
}

/**
 * Makers of lorries, buses and cars that sellers write in Latin beside a part (`Осушитель воздуха VOLVO с/о`, `Насос водяной
 * DAF XF105`, `Компрессор воздушный MB Axor`), and the lorry lines written for their maker (`Actros`, `Axor`, `Atego`): the
 * maker's name alone says the vehicle the goods fit, no model number needed. A truck-parts stock list (classify31) had 29 sure
 * picks of such parts in household leaves (air dryers as dehumidifiers, engine water pumps as garden pumps, U-bolts `Стремянка`
 * as stepladders). Only makers whose name brands no other goods: `Hyundai` (power tools), `Honda` (generators, mowers),
 * `Mitsubishi` (air conditioners), `Peugeot` (pepper mills), `Foton` (lamps), `Daewoo`, `Yamaha`, `Suzuki` are left out. Normalised (lower case).
 */
const LATIN_VEHICLE_MAKERS: ReadonlySet<string> = new Set([
  'volvo', 'scania', 'daf', 'iveco', 'renault', 'mercedes', 'howo', 'shacman', 'actros', 'axor', 'atego',
  'toyota', 'kia', 'nissan', 'mazda', 'skoda', 'volkswagen', 'audi', 'opel', 'citroen', 'chevrolet', 'lexus', 'subaru',
]);
// Makers whose name is a common word or a unit in other cases: only as a word in capitals (`MAN`, not `Spider-Man`), never right
// after a number (`512 MB`) or another Latin word (`SPIDER MAN`, `IRON MAN`), and only before what names a lorry (a line, an
// engine, a maker's or a thread's code: `MB Axor`, `MAN PE 03091800A`, `MB 907136`, `MB М12х1,25`). Alone or before a measure
// it is a line of cosmetics or clothes (`Гель для душа MAN`, `Туалетная вода MAN 100 мл`), or a computer's (`Материнская плата MB`).
const CAPITALS_ONLY_VEHICLE_MAKERS: ReadonlySet<string> = new Set(['MAN', 'MB']);
const NUMBER_OR_WORD_BEFORE = /(?:\d|(?<![\p{L}\p{N}])[A-Za-z]+)\s*$/u;
const LORRY_AFTER = /^[\s,]*(?:\p{Lu}|\d+(?![\d\s]*[\p{L}%]))/u;
// A Latin word; one hyphen joins it to another Latin word (`Mercedes-Benz`), after which neither is read alone (`Spider-Man`).
const LATIN_WORD = /(?<![\p{L}\p{N}-])([A-Za-z]{2,})(?![\p{L}\p{N}]|-(?![A-Za-z]))/gu;

function readLatinVehicleMaker(name: string): string | undefined {
  for (const match of name.matchAll(LATIN_WORD)) {
    const word = match[1] ?? '';
    if (LATIN_VEHICLE_MAKERS.has(word.toLowerCase())) return word;
    if (CAPITALS_ONLY_VEHICLE_MAKERS.has(word) && !NUMBER_OR_WORD_BEFORE.test(name.slice(0, match.index)) && LORRY_AFTER.test(name.slice(match.index + word.length))) return word;
  }
  return undefined;
}

/**
 * A maker's or line's code in a name (issue 33, real lists): a distributor's 1C catalogue writes two to four Cyrillic capitals
 * right after the goods (`Печенье ВС сахарное`, `Молоко СЗ 3,2%`, `Грудка ЧБ в-к`) for whose goods they are, and the same code
 * after unlike goods (biscuits, marshmallow, kefir); its makers' names in capitals stand there too (`Молоко ВКУСНЯЕВО 2,5%`,
 * `Катык ВКУСНЯЕВО`), which the case reading of brands never takes (`collect-file-brands.ts` reads capitalised words only). Read as a word of the type, one kind of goods became dozens of types, one per
 * code, and 50 answers reached fewer. The file says which capitals are codes (`collect-file-brands.ts`); the type reader skips
 * them where they stand right after the head, and reads on (`extract-product-type.ts`): `печенье сахарное`.
 *
 * What a name writes in Cyrillic capitals may also say what the goods are or are made to: a standard (`ГОСТ`), a material
 * (`ПВХ`, `ДСП`), a kind of the trade's (`ИБП`, `АКБ`). Those are no maker's, whatever goods they follow: the classes below, the
 * directory's own abbreviations and the vocabulary's words (`readCutWordVocabulary`) are never read as codes.
 */
import { tokenizeForMatch } from '../normalize-for-match.js';
import type { Classification } from './classifier-types.js';
import type { ProductType } from './extract-product-type.js';
import { isWrittenInCapitals } from './is-written-in-capitals.js';
import { isCyrillicWord } from './is-cyrillic-word.js';

// Two Cyrillic capitals or more: a maker's code (`ВС`, `КЕЗ`) or a maker's name (`ВКУСНЯЕВО`) as a catalogue writes it in capitals.
const CODE = /^[А-ЯЁ]{2,}$/u;

/**
 * The Russian abbreviations that say what goods are, are made of or are made to, normalised: general classes, each with why,
 * never a maker's code.
 */
const KIND_ABBREVIATIONS: readonly { words: readonly string[]; why: string }[] = [
  { words: ['гост', 'ост', 'ту', 'сто', 'снип', 'санпин'], why: 'a standard the goods are made to (state, branch, technical conditions, company, building, sanitary)' },
  { words: ['пвх', 'пэ', 'пп', 'пнд', 'пвд', 'пэт', 'пэнд', 'абс', 'эва', 'дсп', 'лдсп', 'мдф', 'двп', 'осб', 'хб', 'пу', 'нерж'], why: 'a material by its abbreviation (plastics, boards, cotton, polyurethane, stainless steel)' },
  { words: ['ибп', 'акб', 'бп', 'зу', 'узо', 'жк', 'свч'], why: 'a kind of electrical goods by its abbreviation (UPS, battery, power supply, charger, RCD, LCD, microwave; Latin ones, `LED`, `USB`, are never codes)' },
];

const KIND_WORDS: ReadonlySet<string> = new Set(KIND_ABBREVIATIONS.flatMap((entry) => entry.words));

/** Whether a normalised word is an abbreviation of what goods are, are made of or are made to (`гост`, `пвх`, `ибп`). */
export function isKindAbbreviation(word: string): boolean {
  return KIND_WORDS.has(word);
}

/**
 * The word a name writes where a catalogue writes its maker's code: right after the goods, the name's first word, in Cyrillic
 * capitals (`вс` of `Печенье ВС сахарное`, `вкусняево` of `Молоко ВКУСНЯЕВО 2,5%`), normalised; undefined where there is none, or the name is written all in
 * capitals (its case says nothing). Only there: a word in capitals later in the name (`Бинокль охотничий ЮКОН прорезиненный`)
 * is a brand, which ends the type as before. The file's reading and the type reader both ask it.
 */
export function readCodeAfterGoods(name: string): string | undefined {
  if (!TWO_CAPITALS.test(name) || isWrittenInCapitals(name)) return undefined;
  const [first = '', second = ''] = name.match(WORD) ?? [];
  return isCyrillicWord(first) && CODE.test(second) ? tokenizeForMatch(second)[0] : undefined;
}

const TWO_CAPITALS = /[А-ЯЁ]{2}/u;
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * A sure pick whose name had a maker code dropped from its type (`ProductType.makerCode`) that the leaf does not explain
 * (`explains`) is a question, the code held as a word the seller may confirm harmless (sheet Words), as every word the leaf does
 * not explain is. The file's reading of codes only groups names (one key for `Кефир ВС`, `Кефир СЗ`): a trade's abbreviation of
 * what goods belong to follows many goods as a code does (`Защита ДВС`, `Подушка ДВС`, `Опора ДВС`: the engine's), and read
 * as a maker's it made `Защита ДВС стальная` a sure sports guard. A code can never remove a doubt.
 */
export function askUnexplainedMakerCode(decided: Classification, type: ProductType, explains: (code: string) => boolean): Classification {
  const code = type.makerCode;
  if (!decided.confident || code === undefined || explains(code)) return decided;
  return { ...decided, confident: false, doubt: describeMakerCodeDoubt(code), heldBy: [code] };
}

/** The doubt of a sure pick held by its maker code alone (`askUnexplainedMakerCode`): what the file's reading of codes recognises. */
export function describeMakerCodeDoubt(code: string): string {
  return `the leaf does not explain "${code}", which the file writes after other goods too (a maker's code, or what the goods are part of)`;
}

/** Whether a classification is sure but for its maker code (`askUnexplainedMakerCode`), or sure. */
export function isSureButForCode(classified: Classification, code: string): boolean {
  return classified.confident || (classified.heldBy?.length === 1 && classified.heldBy[0] === code && classified.doubt === describeMakerCodeDoubt(code));
}

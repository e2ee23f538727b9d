/**
 * A measure written in a name says the size class of the goods as surely as a word does: a capacity in milliampere-hours
 * (`2000 mAh`, `1500 мАч`) is a small cell's (a phone's, a power bank's, an AA cell's, a toy's), while a vehicle's starter
 * battery is sold by ampere-hours (`60 Ач`). Where the measure names a size no goods of the best leaf have, the leaf is another
 * sense of the word: a phone-parts list's `АКБ универсальная 3,7v Li-Pol 2000 mAh` (38 sure car batteries in one file) is a
 * question. Rules as data: each row a unit as `tokenizeForMatch` writes it and the leaves whose goods are never measured so,
 * by the top-level section and a stem of the leaf's own name (so a jump starter's `12000 mAh` beside car goods is read as it is).
 */
import { tokenizeForMatch } from '../normalize-for-match.js';
import { stemForIndex } from './stem-for-index.js';

/** A measure and the leaves whose goods it never measures. */
interface MeasureOfOtherGoods {
  /** The unit after a number, normalised (`мач`: `mAh` and `мАч` alike). */
  unit: string;
  /**
   * Its spellings as `tokenizeForMatch` splits them: one word (`mAh`, `мАч`) or two (`мА/ч`, `мА*ч`, `mA/h`, the commonest
   * Russian price-list spellings, which the tokenizer cuts at the sign).
   */
  spellings: readonly (readonly string[])[];
  /** What the measure says of the goods, for the doubt. */
  says: string;
  /** The top-level section of the leaves it speaks against. */
  section: string;
  /** Stems (`stemForIndex`) of a word of those leaves' own names. */
  leafStems: readonly string[];
}

const MEASURES_OF_OTHER_GOODS: readonly MeasureOfOtherGoods[] = [
  { unit: 'мач', spellings: [['мач'], ['ма', 'ч'], ['ma', 'h']], says: "a capacity in mAh, a small cell's (a phone's, a power bank's), no vehicle battery's", section: 'Автотовары', leafStems: ['аккумулятор'].map(stemForIndex) },
];

const PATH_SEPARATOR = ' / ';
const NUMBER = /^\d/u;

/** The units of `MEASURES_OF_OTHER_GOODS` the name's words (`tokenizeForMatch`) write right after a number, in the table's order. */
export function readMeasuresOfGoods(tokens: readonly string[]): string[] {
  return MEASURES_OF_OTHER_GOODS.filter((measure) => measure.spellings.some((spelling) => tokens.some((_, at) => isSpellingAfterNumber(tokens, at, spelling)))).map((measure) => measure.unit);
}

/** Whether `tokens` write `spelling` from `at` on, right after a number. */
function isSpellingAfterNumber(tokens: readonly string[], at: number, spelling: readonly string[]): boolean {
  return NUMBER.test(tokens[at - 1] ?? '') && spelling.every((word, offset) => tokens[at + offset] === word);
}

/** What a measure of the name (`readMeasuresOfGoods`) says against a leaf of the path, if one does. */
export function describeMeasureAgainstLeaf(units: readonly string[], path: string): string | undefined {
  if (units.length === 0) return undefined;
  const levels = path.split(PATH_SEPARATOR);
  const own = new Set(tokenizeForMatch(levels.at(-1) ?? '').map(stemForIndex));
  const measure = MEASURES_OF_OTHER_GOODS.find((each) => units.includes(each.unit) && levels[0] === each.section && each.leafStems.some((stem) => own.has(stem)));
  return measure === undefined ? undefined : `the name gives ${measure.says}`;
}

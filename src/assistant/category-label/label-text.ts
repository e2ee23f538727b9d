/**
 * How a seller's label text is cut: a 1C code before it, the levels of a path, parentheses, stop words and prepositions.
 */

/** Words that name no goods: conjunctions, prepositions, `арналған` and `адам`. */
export const STOP_WORDS = new Set(['и', 'для', 'в', 'во', 'на', 'с', 'со', 'из', 'от', 'под', 'по', 'к', 'без', 'при', 'против', 'мен', 'пен', 'бен', 'және', 'and', 'for', 'the', 'of', 'with', 'арналған', 'адам', 'адамдар', 'адамға', 'адамдарға']);
/** Prepositions: the head of a name or label is the words before the first. */
export const PREPOSITIONS = new Set(['для', 'в', 'во', 'на', 'с', 'со', 'из', 'от', 'под', 'по', 'к', 'без', 'при', 'против', 'for', 'with', 'of']);
/**
 * A slash between digits is a size (`205/55` of `Шины 205/55 R16 зимние`), and one after a single letter a shortening: initials
 * (`б/п` of `Лапша б/п`, `read-label-initials.ts`) or a preposition (`д/` of `Смесители д/ванной`, which read as a path took
 * `ванной` for the leaf, Ванны at 0.99), not a step of a path: no level of a path is one letter.
 */
export const PATH_SEPARATOR = new RegExp(String.raw`\s*(?:(?!(?<=\d)\/\d)(?<!(?:^|[^\p{L}\p{N}])\p{L})\/|[>›»\\|])\s*`, 'u');
/** `12.04 `, `001-`, `01.03.005 `, `КТ-00087 `, `УТ-0000391 `, `ЦБ-00012 ` before the label. */
const CODE_PREFIX = /^\s*(?:[\p{L}]{1,4}-?)?\d[\d.\-/]*[\s.\-)]+/u;
/** Letters only Kazakh has (`stem-for-index.ts`): a word with one is Kazakh. */
export const KAZAKH_LETTER = /[әғқңөұүһі]/u;
/** An aside in parentheses or brackets (`Пылесосы (роботы)`). */
export const PARENTHESES = /\([^)]*\)|\[[^\]]*\]/g;
/** A word the seller shortened with a dot (`жен.`). */
export const ABBREVIATION = /(\p{L}+)\./gu;

/** The last level of a label's path (the label itself when plain), without a 1C code or asides. */
export function readLabelHead(text: string): string {
  return readLabelLevels(text).pop() ?? '';
}

/** A label without its 1C code (kept where nothing else has letters), and the levels of its path (`splitPathLevels`). */
export function cutLabelLevels(text: string): { cleaned: string; segments: string[] } {
  const withoutCode = text.replace(CODE_PREFIX, '');
  const cleaned = /\p{L}{2}/u.test(withoutCode) ? withoutCode : text;
  return { cleaned, segments: splitPathLevels(cleaned) };
}

/** The levels of a label's path (one for a plain label), without a 1C code or asides. */
export function readLabelLevels(text: string): string[] {
  const { cleaned, segments } = cutLabelLevels(text);
  return (segments.length === 0 ? [cleaned] : segments).map((segment) => segment.replace(PARENTHESES, ' '));
}

/**
 * The levels of a path with letters in them. A level that opens with a preposition names no goods: it is a use or a trait
 * of the level above (`Смесители / Для кухни`, `Шампуни / Для сухих волос`, `Мебель / Для спальни`), and is read as one
 * level with it, as the seller would have written it without the slash (never `Детские кухни`, `Сухие шампуни`, `Спальные
 * мешки` by the use's words alone).
 */
export function splitPathLevels(text: string): string[] {
  const levels: string[] = [];
  for (const segment of text.split(PATH_SEPARATOR).filter((part) => /\p{L}/u.test(part))) {
    const opensWithPreposition = PREPOSITIONS.has(segment.trim().split(/\s+/u)[0]?.toLowerCase() ?? '');
    if (opensWithPreposition && levels.length > 0) levels[levels.length - 1] = `${levels[levels.length - 1] ?? ''} ${segment}`;
    else levels.push(segment);
  }
  return levels;
}

/** Words before the first preposition; in Kazakh, the words after `арналған` (`ерлерге арналған футболка`). */
export function splitHead(tokens: readonly string[]): string[] {
  const kazakh = tokens.indexOf('арналған');
  if (kazakh >= 0) return tokens.slice(kazakh + 1);
  const first = tokens.findIndex((token) => PREPOSITIONS.has(token));
  return first > 0 ? tokens.slice(0, first) : [...tokens];
}

/**
 * Labels and names that say nothing of what a product is (`Прочее`, `Разное`, `Товары без группы`,
 * `Новинки`, `Распродажа`): a seller's label of this kind is no evidence, and a leaf named so is
 * never a confident answer.
 */
import { tokenizeForMatch } from '../normalize-for-match.js';

// Stems of words that name no kind of goods: leftovers, novelty, sales, grouping itself.
const CATCH_ALL_STEMS = [
  'проч', 'друг', 'разн', 'остальн', 'ин', 'иное', 'всяк', 'новинк', 'новое', 'нов', 'акци', 'распродаж', 'скидк', 'хит', 'топ', 'популярн',
  'товар', 'позици', 'группы', 'групп', 'категори', 'без', 'все', 'всё', 'общ', 'смешанн', 'сопутствующ', 'basic', 'misc', 'other', 'others', 'new', 'sale',
  'uncategorized', 'various', 'all', 'items', 'products', 'басқа', 'әртүрлі', 'тауарлар', 'жаңа',
];
const STOP = new Set(['и', 'для', 'в', 'на', 'с', 'без', 'and', 'of', 'мен']);

/** True when every word of the text is a catch-all word (`Прочее`, `Товары без группы`, `Новинки 2024`). */
export function isCatchAllText(text: string): boolean {
  const words = tokenizeForMatch(text).filter((word) => !/\d/.test(word) && !STOP.has(word));
  return words.length > 0 && words.every(isCatchAllWord);
}

/** True when a word of the text is one of those that say nothing of a kind (`Прочие аксессуары`, `Разное для дома`, `Новинки`). */
export function containsCatchAllWord(text: string): boolean {
  return tokenizeForMatch(text).some((word) => /^(?:проч|друг|разн|остальн|всяк|новинк|распродаж|misc|other)/u.test(word) || word === 'иное' || word === 'иные');
}

/** True when a leaf's own name opens with a catch-all word (`Прочее`, `Другие аксессуары`, `Разное для дома`). */
export function isCatchAllName(name: string): boolean {
  const [first] = tokenizeForMatch(name);
  return first !== undefined && /^(?:проч|друг|разн|остальн|иное|иные)/u.test(first);
}

function isCatchAllWord(word: string): boolean {
  return CATCH_ALL_STEMS.some((stem) => (stem.length <= 3 ? word === stem || word.startsWith(stem) && word.length <= stem.length + 3 : word.startsWith(stem)));
}

import { ADJECTIVE } from '../read-label-kinds.js';

/**
 * How a surface is finished: matte, glossy or pearly (`матовый`, `глянцевый`, `перламутровый`), a general class of Russian
 * adjectives. Like a colour, such a word says how the goods look, never what they are: `Помада матовая` is lipstick, `Лак
 * глянцевый` varnish. Left out on purpose: `зеркальный`, which also names a kind (`Фотоаппараты зеркальные` are reflex
 * cameras) and is an adjective of the directory's `Зеркала`; `лакированный`, an adjective of `Лаки`; `сатиновый`, a fabric.
 */
const FINISH = /^(?:матов|глянцев|перламутров)/u;

/** Whether a word (normalised) says how the goods' surface is finished (`матовая`, `глянцевые`). */
export function isFinishWord(word: string): boolean {
  return ADJECTIVE.test(word) && FINISH.test(word);
}

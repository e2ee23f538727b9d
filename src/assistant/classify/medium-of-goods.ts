/**
 * What a name says the goods come in (`Говядина в соусе`, `Пельмени в сливочном соусе`, `Орехи в шоколаде`): a `в …` phrase
 * in the prepositional case after the head. Where the leaf explains none of its words, and it is no pack the goods are sold in
 * (`в коробке`, `в банке`) nor a shop's note (`в ассортименте`), the goods may be another kind than the leaf's plain goods
 * (a ready dish, a sweet, canned food): the pick is a question, never sure.
 */
import { stemForIndex } from './stem-for-index.js';

/** The ending of a noun in the prepositional case after `в` (`соусе`, `тубе`, `зёрнах`, `сетях`); the accusative says a place (`в машину`). */
export const PREPOSITIONAL_ENDING = /(?:е|и|ах|ях)$/u;

// Packs and wrappings goods are sold in, and a shop's notes written with `в` (a general class, not goods of one trade): they
// say nothing of what the goods are.
const PACK_WORDS = [
  'упаковке', 'коробке', 'коробочке', 'пачке', 'пакете', 'пакетике', 'банке', 'бутылке', 'флаконе', 'тубе', 'тюбике', 'ведре',
  'канистре', 'блистере', 'футляре', 'чехле', 'кейсе', 'тубусе', 'сетке', 'пленке', 'вакууме', 'шкатулке', 'мешке',
  'мешочке', 'корзине', 'контейнере', 'лотке', 'ящике', 'конверте', 'обертке', 'ассортименте',
  'наличии', 'сборе', 'комплекте', 'цвете', 'размере', 'подарочной', 'индивидуальной', 'заводской', 'фирменной',
];
const PACK_STEMS: ReadonlySet<string> = new Set(PACK_WORDS.map(stemForIndex));

/**
 * The `в …` phrase (`form`, its words normalised) when it says what the goods come in and neither the leaf explains it
 * (`explains`, by a word's stem and the word) nor is it a pack or a shop's note; otherwise undefined.
 */
export function findUnexplainedMedium(form: readonly string[], explains: (stem: string, word: string) => boolean): string | undefined {
  const noun = form.at(-1);
  if (noun === undefined || !PREPOSITIONAL_ENDING.test(noun)) return undefined;
  if (form.some((word) => PACK_STEMS.has(stemForIndex(word)) || explains(stemForIndex(word), word))) return undefined;
  return `в ${form.join(' ')}`;
}

/**
 * Where on a whole a part sits: left or right, front or rear, upper or lower, outer or inner
 * (`Рычаг передний нижний правый`, `Фара лев.`, `Подкрылок передний левый`). A closed grammatical
 * class, like colours. It never changes the kind of a *part*: a left and a right headlight are one
 * leaf's goods. It may change the kind of a whole thing (`Фонарь задний` is a car's tail light, not a
 * flashlight; `Зеркало наружное` a car's mirror, not the hall's), so it is no neutral word
 * everywhere: only where the leaf's own top-level section sorts goods by position itself, the names of
 * its leaves saying two positions at least (`Автотовары / … / Задние фонари`, `Зеркала боковые`), is it a
 * word the leaf explains (`isPositionOfLeafSection`, `classify-product.ts`). One position alone names a kind of goods,
 * not where a part sits (`Одежда / … / Нижнее бельё`: `Штаны нижние` may be underwear, not trousers), and a section with
 * no such leaf (`Дом и сад`, `Спорт и отдых`) leaves it a doubt too.
 */
// The stems of the class, whole or cut short with a dot (`передн.`, `лев.`), with an adjective's endings; Kazakh
// `алдыңғы` (front), `артқы` (rear). `средний` is left out: it is also a size.
const POSITION_WORD = /^(?:(передн|задн|лев|прав|нижн|верхн|боков|наружн|внутренн)(?:ий|ый|яя|ая|ее|ое|ие|ые|его|ого|ей|ой|их|ых|юю|ую)?|(алдыңғы|артқы))$/u;

/** Whether a word (normalised) says where on a whole a part sits (see the file comment). */
export function isPositionWord(word: string): boolean {
  return POSITION_WORD.test(word);
}

// A Kazakh name says the position its Russian name says (`Артқы шамдар` of `Задние фонари`): one position, not two.
const KAZAKH_POSITIONS: Readonly<Record<string, string>> = { алдыңғы: 'передн', артқы: 'задн' };

/** Which position a word (normalised) says, as its stem (`задн` of `задние`, `задн.`), or undefined when it says none. */
export function readPositionStem(word: string): string | undefined {
  const found = POSITION_WORD.exec(word);
  if (found === null) return undefined;
  return found[1] ?? KAZAKH_POSITIONS[found[2] ?? ''];
}

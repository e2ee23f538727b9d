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
import { tokenizeForMatch } from '../normalize-for-match.js';

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
function readPositionStem(word: string): string | undefined {
  const found = POSITION_WORD.exec(word);
  if (found === null) return undefined;
  return found[1] ?? KAZAKH_POSITIONS[found[2] ?? ''];
}

// A section sorts goods by where they sit when its leaves' names say this many positions at least: one alone names a kind.
const SECTION_POSITIONS = 2;

/**
 * The top-level sections that sort goods by where a part sits: those whose leaves' names (as written) say two positions at
 * least (`Автотовары`: `Задние фонари`, `Зеркала боковые`). One position alone is the name of a kind of goods (`Одежда`:
 * `Нижнее бельё`, where `Штаны нижние` may be underwear). Read once per directory (`buildClassifierIndex`).
 */
export function collectPositionSections(leaves: readonly { section: string; names: readonly string[] }[]): string[] {
  const said = new Map<string, Set<string>>();
  for (const leaf of leaves) {
    const positions = leaf.names.flatMap((name) => tokenizeForMatch(name).flatMap((token) => readPositionStem(token) ?? []));
    if (positions.length > 0) said.set(leaf.section, new Set([...(said.get(leaf.section) ?? []), ...positions]));
  }
  return [...said].filter(([, positions]) => positions.size >= SECTION_POSITIONS).map(([section]) => section).sort();
}

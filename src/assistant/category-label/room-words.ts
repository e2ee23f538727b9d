import { stemForIndex } from '../classify/stem-for-index.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import { ADJECTIVE } from '../read-label-kinds.js';
import { isAdjectiveOfPurposeNoun } from '../read-word-forms.js';

/**
 * The rooms of a home and an office, as a use after `для` says them (`для кухни`, `для ванной`, `для спальни`): a general
 * class of words of where goods are used. Such a use places the goods, it never makes them another kind: `Стулья для кухни`
 * are chairs, `Полки для ванной` shelves. Written as the genitive and the other cases a label uses, never by stem: the
 * stem of `ванной` is that of `ванн` (bathtubs), and `Соль для ванн` is no table salt. Left out: `детская` (whom goods are
 * for, the demographic rules'), `туалет` and `сад`, which also name goods or a trade of their own (`Ножницы садовые`).
 */
const ROOMS: readonly (readonly string[])[] = [
  ['кухня', 'кухни', 'кухню', 'кухонь'],
  ['ванная', 'ванной', 'ванную', 'ванных'],
  ['спальня', 'спальни', 'спальню', 'спален'],
  ['гостиная', 'гостиной', 'гостиную'],
  ['прихожая', 'прихожей', 'прихожую'],
  ['коридор', 'коридора'],
  ['балкон', 'балкона', 'балконов'],
  ['кабинет', 'кабинета'],
];
// Each form of a room, to all the forms of its room: one look-up per word.
const ROOM_OF_FORM: ReadonlyMap<string, readonly string[]> = new Map(ROOMS.flatMap((group) => group.map((form) => [form, group] as const)));

/**
 * Places outside a home (a general class: garden, country house, plot, kitchen garden, street, yard), by stem: a leaf whose
 * path names one (`Сад и дача / Шланги и полив`) holds goods of outdoors, which no room of the label's is.
 */
const OUTDOOR_STEMS: ReadonlySet<string> = new Set(['сад', 'дач', 'участк', 'огород', 'улиц', 'двор']);

/**
 * The room a label's purpose says (`Шланги для кухни`) when the leaf's path names a place outdoors (`Сад и дача / Шланги и
 * полив`): a room the goods are for is no place of outdoor goods. Only the branches under the top-level section count
 * (`Дом и сад` holds the home's goods too).
 */
export function findRoomOfOutdoorLeaf(leafPath: string, purpose: readonly string[]): string | undefined {
  const room = purpose.find(isRoomWord);
  if (room === undefined) return undefined;
  const branchStems = leafPath.split(' / ').slice(1, -1).flatMap((level) => tokenizeForMatch(level)).map(stemForIndex);
  return branchStems.some((stem) => OUTDOOR_STEMS.has(stem)) ? room : undefined;
}

/** Whether a word (normalised) names a room where goods are used (`кухни`, `ванной`). */
export function isRoomWord(word: string): boolean {
  return ROOM_OF_FORM.has(word);
}

/**
 * Whether a leaf is filed by the room a seller's path names (`Кухня / Ножи`, any form of the room): its path says the room
 * (`Посуда и кухня`, `Техника для кухни`, `Ванная комната`) or the adjective made of it (`Кухонные принадлежности`), or its
 * name does as a use or an adjective (`Шторы для ванной`, `Ножи кухонные`). A name's own noun is goods, no room (`Детские
 * кухни`, toy kitchens).
 */
export function isLeafOfRoom(leafPath: string, room: string): boolean {
  const forms = ROOM_OF_FORM.get(room) ?? [];
  const ofRoom = (word: string): boolean => isFormOrAdjectiveOf(word, forms);
  const levels = leafPath.split(' / ');
  const name = tokenizeForMatch(levels.pop() ?? '');
  return levels.flatMap((level) => tokenizeForMatch(level)).some(ofRoom) || name.some((word, i) => (ADJECTIVE.test(word) && ofRoom(word)) || (name[i - 1] === 'для' && forms.includes(word)));
}

/** Whether a word is a form of the room a room word names (`кухни` of `кухня`) or the adjective made of it (`кухонные`). */
export function isWordOfRoom(word: string, room: string): boolean {
  return isFormOrAdjectiveOf(word, ROOM_OF_FORM.get(room) ?? []);
}

/** Whether a word is the adjective made of any room (`кухонный`, `ванный`): it says where goods are used, not what they are. */
export function isRoomAdjective(word: string): boolean {
  return ADJECTIVE.test(word) && ROOMS.some((forms) => isFormOrAdjectiveOf(word, forms));
}

function isFormOrAdjectiveOf(word: string, forms: readonly string[]): boolean {
  return forms.includes(word) || (ADJECTIVE.test(word) && forms.some((form) => isAdjectiveOfPurposeNoun(word, form)));
}

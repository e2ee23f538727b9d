/**
 * A label that lists kinds (`Смартфоны и аксессуары`, `Семена, удобрения`) names every one of them:
 * it is one leaf only when that leaf's own name is a list holding each kind (`Кабели и переходники`
 * for `Переходники и кабели`). Taking one part and dropping the rest (`Семена` for `Семена и
 * удобрения`) is a confident wrong pick.
 */
import { findDemographicMark } from './demographic-words.js';
import { tokenizeForMatch } from './normalize-for-match.js';
import { splitListName, splitNamePhrase } from './classify/split-name-phrase.js';
import { stemForIndex } from './classify/stem-for-index.js';

// An adjective's ending: `Летние и зимние шины`, `Мужские и женские`: a part of adjectives only qualifies the kind after it, it names none.
export const ADJECTIVE = /(?:ые|ие|ая|яя|ое|ее|ый|ий|ой|ую|юю)$/u;

// `Сумки/рюкзаки`: a slash between two words, the second in lower case, lists kinds; a path's level begins with a capital
// (`Электроника/Телефоны`), and a shortening is a letter or two (`ч/б`, `б/у`, `д/телефонов`, `об/мин`).
const SLASH_LIST = /(\p{L}{3,})\/(?=\p{Ll}{3,})/gu;

/**
 * The label with a slash that lists kinds (`Куртки/ветровки`) written as the comma it means; any other slash is left,
 * and so is one beside a level the directory names a section or group (`isBranchName`): `Мебель/стулья`, written in lower
 * case, is still a path.
 */
export function readSlashList(text: string, isBranchName: (level: string) => boolean = () => false): string {
  return text.replace(SLASH_LIST, (whole: string, before: string, at: number) => {
    const left = text.slice(0, at + before.length).split('/').at(-1) ?? '';
    const right = text.slice(at + whole.length).split('/')[0] ?? '';
    return isBranchName(left) || isBranchName(right) ? whole : `${before}, `;
  });
}

/** The parts of a label's list (`splitListName`); a decimal comma (`КПБ 1,5-спальный`) separates no kinds. */
export function splitLabelParts(head: string): string[] {
  return splitListName(head.replace(/(\d),(\d)/gu, '$1.$2'));
}

/** The head stems of each kind a label lists (one entry for a label naming one kind). */
export function readLabelKinds(head: string): string[][] {
  const parts = splitLabelParts(head);
  const kinds: string[][] = [];
  parts.forEach((part, i) => {
    const words = splitNamePhrase(tokenizeForMatch(part), 'rus').head.filter((word) => /\p{L}{2}/u.test(word) && findDemographicMark(word) === undefined);
    if (words.length === 0) return;
    if (i < parts.length - 1 && words.every((word) => ADJECTIVE.test(word))) return;
    kinds.push(words.map(stemForIndex));
  });
  return kinds;
}

/**
 * Whether one of the names is a list (two parts or more) in which every kind of the label is a head
 * word of some part: a purpose word (`Профили для гипсокартона`) or a piece of a compound
 * (`Велоаксессуары`) names no kind of the list.
 */
export function namesEveryKind(kinds: readonly (readonly string[])[], names: readonly string[]): boolean {
  return names.some((name) => {
    const parts = splitListName(name);
    if (parts.length < 2) return false;
    const heads = new Set(parts.flatMap((part) => splitNamePhrase(tokenizeForMatch(part), 'rus').head.map(stemForIndex)));
    return kinds.every((kind) => kind.some((stem) => heads.has(stem)));
  });
}

/** The stems of the nouns of a label's kinds (`сапог` of `Сапоги резиновые`), the adjectives left out. */
export function readLabelNouns(head: string): string[] {
  return splitLabelParts(head).flatMap((part) =>
    splitNamePhrase(tokenizeForMatch(part), 'rus')
      .head.filter((word) => /\p{L}{2}/u.test(word) && !ADJECTIVE.test(word) && findDemographicMark(word) === undefined)
      .map(stemForIndex),
  );
}

/**
 * A Latin word the directory names goods by (`USB` of `Хабы USB`, `IP` of `IP-камеры`, `Wi-Fi` of `Wi-Fi роутеры`) says what
 * kind the goods are, where a seller writes it (`Удлинитель USB 3.0`, `Камера видеонаблюдения IP`): read as a brand's or a
 * model's word it was dropped, and the bare Russian noun took a leaf of another trade (power extension leads, camcorders).
 * Such a word, where the best leaf does not hold it, keeps that leaf from being sure when a leaf named by the word is of the
 * same goods (`IP-камеры` for a camera), or when no leaf of the best leaf's section is named by it (`USB` beside
 * `Строительство и ремонт / Электрика / Удлинители`): the section does not sell goods of that kind.
 */
import { tokenizeForMatch } from '../normalize-for-match.js';
import type { ClassifierIndex, IndexedLeaf } from './classifier-types.js';
import { readTopSection } from './file-sections.js';
import { isProtectionRating } from './protection-rating.js';

/** Why the best leaf is not sure: the Latin word and, where one is, the leaf of the same goods it names. */
export interface LatinKindDoubt {
  word: string;
  leaf?: IndexedLeaf;
}

/** Latin word of a leaf name → the leaves whose names hold it, read once per index. */
const leavesByWord = new WeakMap<ClassifierIndex, Map<string, IndexedLeaf[]>>();

/** The leaves whose names hold a Latin word (`IP-камеры`, `SSD-накопители`), by that word, read once per index. */
export function readLeavesByLatinWord(index: ClassifierIndex): Map<string, IndexedLeaf[]> {
  let found = leavesByWord.get(index);
  if (found !== undefined) return found;
  found = new Map();
  for (const leaf of index.leaves) {
    const words = new Set(leaf.names.flatMap((name) => tokenizeForMatch(name.text)).filter((word) => LATIN_WORD.test(word)));
    for (const word of words) found.set(word, [...(found.get(word) ?? []), leaf]);
  }
  leavesByWord.set(index, found);
  return found;
}

// Two letters or more (`ip`, `usb`): one letter is a size or a kind letter (`Витамин C`), read elsewhere.
const LATIN_WORD = /^[a-z]{2,}$/u;

/** The name's words the directory names goods by in Latin (`usb`, `ip`), in order: what a memo of a type's answer must tell apart. */
export function readLatinKindWords(index: ClassifierIndex, tokens: readonly string[], purpose: readonly string[]): string[] {
  const byWord = readLeavesByLatinWord(index);
  // `Кронштейн для IP-камеры`: a word of the purpose says what the goods are for, not what they are.
  return tokens.filter((word, at) => LATIN_WORD.test(word) && byWord.has(word) && !purpose.includes(word) && !isProtectionRating(tokens, at));
}

/**
 * The doubt a Latin kind word of the name (`readLatinKindWords`) casts on the best leaf: undefined where the best leaf holds
 * the word, or a leaf of its own section is named by it and no leaf of the type's head is (`Кабель USB` under
 * `Электроника / … / Кабели и переходники`).
 */
export function findLatinKindDoubt(index: ClassifierIndex, best: IndexedLeaf, words: readonly string[], headStems: readonly string[]): LatinKindDoubt | undefined {
  const byWord = readLeavesByLatinWord(index);
  const section = readTopSection(best.path);
  for (const word of words) {
    const leaves = (byWord.get(word) ?? []).filter((leaf) => leaf !== best);
    if (leaves.length === 0 || (byWord.get(word) ?? []).includes(best)) continue;
    const sameGoods = leaves.find((leaf) => leaf.names.some((name) => name.head.some((stem) => headStems.includes(stem) || headStems.some((own) => own.length >= 4 && stem.endsWith(own)))));
    if (sameGoods !== undefined) return { word, leaf: sameGoods };
    if (!leaves.some((leaf) => readTopSection(leaf.path) === section)) return { word };
  }
  return undefined;
}

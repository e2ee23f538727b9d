/**
 * Groups the unsure types no leaf group takes by their first head word and purpose (pure): `насос дренажный`, `насос
 * погружной` and `насос вибрационный` are one question, `корм для кошек` and `корм для кур` are not. The long tail of a
 * file is types of a row or two whose proposals are mostly absent or wrong, so no leaf group can take them; but the seller
 * knows the goods of one word, and one leaf written on the question's row answers every type of it not marked `no`, each
 * under its own key (learning stays by type, as in a leaf group). The question proposes no leaf: its types are proposed
 * none or different ones, none of them sure enough for a leaf group, so a `yes` there takes nothing, and a seller who
 * answers `yes` on every group's row without reading places no row by it.
 */
import { CONTAINER_WORDS } from '../classify/extract-product-type.js';
import { stemForIndex } from '../classify/stem-for-index.js';
import type { ProductTypeGroup } from './collect-product-types.js';
import { readClassifierDoubt } from './find-proposal-doubt.js';
import { MOST_TYPES_IN_QUESTION, type LeafGroup } from './group-types-by-leaf.js';
import { readProductTypeParts } from './read-product-type-key.js';

/** The types asked by head word (questions of two types or more), and the types still asked alone. */
export interface TypesByHeadWord {
  headGroups: LeafGroup[];
  singles: ProductTypeGroup[];
}

/**
 * Groups the types of `types` (the singles `groupTypesByLeaf` left) that share their first head word and purpose, the
 * most rows first, in questions of at most `MOST_TYPES_IN_QUESTION` types; the order of `types` is kept among the singles.
 * A head word that names a pack (`набор`, `комплект`) says nothing of the goods: its types stay alone. A type whose noun names
 * no leaf while an adjective of it does (`удилище спиннинговое`, proposed `Спиннинги`) is asked with the types proposed that
 * leaf so, not with its head word's: its adjective says its kind, which the head word's other types (`удилище поплавочное`)
 * are not (one leaf on their question's row left it out by `no`). Such a question is `byAdjective`, its `headWord` the leaf's
 * name: its types need not begin with one word (`вилка десертная`, `вино десертное`), and its row says so (review18b).
 */
export function groupTypesByHeadWord(types: readonly ProductTypeGroup[]): TypesByHeadWord {
  const byHead = new Map<string, ProductTypeGroup[]>();
  for (const type of types) {
    const head = readClassifierDoubt(type.classification.doubt ?? '')?.asksAlone === true ? readAdjectiveLeafKey(type) : readHeadWordKey(type);
    if (head === undefined) continue;
    byHead.set(head, [...(byHead.get(head) ?? []), type]);
  }
  const byRows = (a: ProductTypeGroup, b: ProductTypeGroup): number => b.rows - a.rows || a.type.localeCompare(b.type);
  const headGroups: LeafGroup[] = [];
  for (const list of byHead.values()) {
    const sorted = [...list].sort(byRows);
    for (let start = 0; start < sorted.length; start += MOST_TYPES_IN_QUESTION) {
      const chunk = sorted.slice(start, start + MOST_TYPES_IN_QUESTION);
      const first = chunk[0] as ProductTypeGroup;
      if (chunk.length < 2) continue;
      const leafName = readClassifierDoubt(first.classification.doubt ?? '')?.asksAlone === true ? first.classification.path?.split(' / ').at(-1) : undefined;
      headGroups.push(leafName === undefined ? { leafId: undefined, types: chunk, headWord: readHeadWords(first) } : { leafId: undefined, types: chunk, headWord: leafName, byAdjective: true });
    }
  }
  const grouped = new Set(headGroups.flatMap((group) => group.types));
  return { headGroups, singles: types.filter((type) => !grouped.has(type)) };
}

/** The key of a type proposed a leaf by an adjective of its name alone (`asksAlone`): that leaf. */
function readAdjectiveLeafKey(type: ProductTypeGroup): string | undefined {
  const { leafId } = type.classification;
  return leafId === undefined ? undefined : `leaf named by an adjective ${leafId}`;
}

const PACK_STEMS: ReadonlySet<string> = new Set([...CONTAINER_WORDS].map(stemForIndex));

/**
 * The stems of a type's first head word and of the first word of its purpose, with the preposition (`корм для кош` of `корм
 * для кошек стерилизованных`), and the Latin words of its key the directory names goods by (`кабель hdmi`): the purpose and
 * those words tell kinds of one head apart (cats' food from hens', HDMI cables from USB ones: on probe 20's electrical 2k list
 * `кабель hdmi`, `кабель usb` and `кабель` asked together left 101 rows out by `no`); the words after the purpose's first are
 * often a brand or a kind the type adds (`гель для дизайна аквагель` beside `гель для дизайна`). Undefined for a type of no
 * head, whose head word names a pack, or whose first word is Latin.
 */
function readHeadWordKey(type: ProductTypeGroup): string | undefined {
  const { key, head: [first], tail } = readProductTypeParts(type.type);
  // An English name puts its head noun last: its first word is a brand or a modifier (`lotte`, `car floor mats`, `nail art
  // stickers`); asked together by it, probe 18's china 2k list left 79 rows out by `no` within 50 cells.
  if (first === undefined || PACK_STEMS.has(stemForIndex(first)) || LATIN_WORD.test(first)) return undefined;
  // The key, read again without the directory, drops those Latin words (`кабель` of `кабель hdmi`): they are what it drops.
  const kept = new Set(key.split(' '));
  const named = type.type.split(' ').filter((word) => LATIN_WORD.test(word) && !kept.has(word));
  return [first, ...tail.slice(0, 2), ...named].map(stemForIndex).join(' ');
}

const LATIN_WORD = /^[a-z]{2,}$/u;

/** The words of `readHeadWordKey` as the type writes them (`гель для дизайна` of `гель для дизайна аквагель`), for the question's row. */
function readHeadWords(type: ProductTypeGroup): string {
  const { head: [first], tail } = readProductTypeParts(type.type);
  return [first ?? '', ...tail.slice(0, 2)].join(' ');
}

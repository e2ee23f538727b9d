import { tokenizeForMatch } from '../normalize-for-match.js';
import { isCompoundOf } from '../read-word-forms.js';
import { STOP_WORDS } from './label-text.js';
import { type PreparedLeaf, splitThingsList } from './prepare-leaf.js';

/**
 * Whether a leaf is filed under other goods: its group is named by goods it holds as leaves of their own (`Велосипеды и
 * самокаты`, beside its leaves `Велосипеды` and `Самокаты`), and the leaf's own name is none of them, nor a compound of one (`Шлемы и защита`; not `Электросамокаты`).
 * Such a leaf is those goods' kind of its own (bike helmets), as `Шлемы для единоборств` and `Шлемы горнолыжные` are kinds
 * of helmets in other groups: it is no plain leaf of a bare `Шлемы`. A group named by a purpose or a class (`Уход за
 * волосами`, `Первая помощь`, `Женская обувь`) holds its goods as they are. Read once per directory, when first asked.
 */
export function createOtherGoodsReader(leaves: readonly PreparedLeaf[]): (leaf: PreparedLeaf) => boolean {
  let goodsWords: ReadonlyMap<string, ReadonlySet<string>> | undefined;
  return (leaf) => {
    goodsWords ??= collectGoodsNamedGroups(leaves);
    const words = goodsWords.get(leaf.groupKey);
    return words !== undefined && !leaf.variants.some((variant) => variant.language === 'rus' && variant.words.some((word) => isGroupWord(word, words)));
  };
}

/** Whether a word of a leaf's name is one of its group's goods words, or a compound of one (`Электросамокаты`). */
function isGroupWord(word: string, words: ReadonlySet<string>): boolean {
  if (words.has(word)) return true;
  for (const own of words) if (isCompoundOf(word, own)) return true;
  return false;
}

/** The groups whose last level names leaves of the group (`Велосипеды и самокаты`), each with the words of that level. */
function collectGoodsNamedGroups(leaves: readonly PreparedLeaf[]): Map<string, ReadonlySet<string>> {
  const names = new Map<string, Set<string>>();
  for (const leaf of leaves) {
    for (const variant of leaf.variants) {
      if (!variant.full || variant.language !== 'rus') continue;
      let group = names.get(leaf.groupKey);
      if (group === undefined) names.set(leaf.groupKey, (group = new Set()));
      group.add(variant.words.join(' '));
    }
  }
  const named = new Map<string, ReadonlySet<string>>();
  for (const [groupKey, leafNames] of names) {
    const level = groupKey.split(' / ').pop() ?? '';
    const parts = splitThingsList(level);
    const words = (parts.length > 0 ? parts : [level]).map((part) => tokenizeForMatch(part).filter((word) => !STOP_WORDS.has(word)));
    if (words.every((part) => part.length > 0 && leafNames.has(part.join(' ')))) named.set(groupKey, new Set(words.flat()));
  }
  return named;
}

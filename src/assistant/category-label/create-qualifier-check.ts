import { tokenizeForMatch } from '../normalize-for-match.js';
import { sharesStem } from '../read-word-forms.js';
import { stemWord } from '../stem-word.js';
import { addTo, prefixKey } from './index-leaves.js';
import { MIN_RELATED_PREFIX } from './label-scores.js';
import { STOP_WORDS } from './label-text.js';
import type { PreparedLeaf } from './prepare-leaf.js';
import { isRoomWord } from './room-words.js';
import type { LeafRelations } from './score-by-name.js';

/**
 * Whether the words after a preposition (`для кухни` of `Стулья для кухни`, `на колесах`) only
 * qualify a leaf whose whole name is the label's head. They do when:
 * - no other leaf is what the head names (`Краска для стен`: `Краски` for children and `Краски
 *   для волос` both are paints, and the use is what would choose between them), unless the use is one the leaf's own group
 *   names and the other leaf's does not (`Фен для волос` beside `Строительные фены`: `Выпрямители для волос` stand beside
 *   `Фены`), so the use chooses the leaf;
 * - no complement word begins like what another leaf is (`радиоуправлении` of `Радиоуправляемые
 *   игрушки` in `Машинки на радиоуправлении`), but a room beside a leaf of another top-level section (`Детские кухни`
 *   for `Смеситель для кухни`);
 * - no complement word is a word of another branch under the same root (`волос` of `Уход за
 *   волосами` in `Сыворотка для волос`, whose leaf `Сыворотки` is for the face; `кухни` of `Посуда
 *   и кухня` in `Стулья для кухни`, so the kitchen chairs stay a question too).
 * Words of other roots are left to `createRelatedElsewhere` (`Шампунь автомобильный`).
 */
export function createQualifierCheck(leaves: readonly PreparedLeaf[]): LeafRelations['onlyQualifies'] {
  const byHeadPrefix = new Map<string, Set<PreparedLeaf>>();
  const groupWords = new Map<string, Map<string, Set<string>>>();
  // The words of the uses the leaves of each group name (`волос` of `Выпрямители для волос` in `Техника для красоты`).
  const groupUses = new Map<string, Set<string>>();
  for (const leaf of leaves) {
    for (const variant of leaf.variants.filter((candidate) => candidate.language === 'rus')) {
      for (const word of variant.head) addTo(byHeadPrefix, prefixKey(word), leaf);
      for (const word of variant.words) if (!variant.head.includes(word) && !STOP_WORDS.has(word)) addTo(groupUses, leaf.groupKey, word);
    }
    let groups = groupWords.get(leaf.rootKey);
    if (groups === undefined) {
      groups = new Map();
      groupWords.set(leaf.rootKey, groups);
    }
    for (const segment of leaf.groupKey.split(' / ').slice(1)) for (const word of tokenizeForMatch(segment)) if (!STOP_WORDS.has(word)) addTo(groups, leaf.groupKey, word);
  }
  const beginsAlike = (a: string, b: string): boolean => {
    let common = 0;
    while (common < a.length && common < b.length && a[common] === b[common]) common += 1;
    return common >= MIN_RELATED_PREFIX;
  };
  const sameWord = (a: string, b: string, similarity: (x: string, y: string) => number): boolean => a === b || similarity(a, b) >= 0.9 || sharesStem(a, b) || (stemWord(a) === stemWord(b) && stemWord(a).length >= 4);
  return (head, complement, leaf, similarity) => {
    if (head.length === 0 || complement.length === 0) return false;
    // `Фен для волос`: `Выпрямители для волос` stand beside `Фены`, nothing beside `Строительные фены` is for hair.
    const usedIn = (group: string): boolean => {
      const uses = groupUses.get(group);
      if (uses === undefined) return false;
      return complement.every((word) => {
        for (const other of uses) if (sameWord(word, other, similarity)) return true;
        return false;
      });
    };
    // The leaf's own group, read once and only where a rival leaf names the head.
    let usedInOwn: boolean | undefined;
    for (const other of byHeadPrefix.get(prefixKey(head[0] ?? '')) ?? []) {
      if (other === leaf) continue;
      const names = other.variants.filter((variant) => variant.language === 'rus');
      if (names.some((variant) => head.every((word) => variant.head.some((name) => similarity(word, name) >= 0.9))) && !((usedInOwn ??= usedIn(leaf.groupKey)) && !usedIn(other.groupKey))) return false;
    }
    for (const word of complement) {
      // A room names goods of another trade that furnish it (`Детские кухни` are toys, `Средства для кухни` cleaners): not what
      // the label's goods are (`Смеситель для кухни`); goods of the leaf's own section that furnish it (`Кухни`, `Прихожие` of
      // furniture beside `Шкафы для прихожей`) may be.
      const room = isRoomWord(word);
      for (const other of byHeadPrefix.get(prefixKey(word)) ?? []) {
        if (other === leaf || (room && other.rootKey !== leaf.rootKey)) continue;
        if (other.variants.some((variant) => variant.language === 'rus' && variant.head.some((name) => beginsAlike(word, name)))) return false;
      }
      // A room is where goods are used, whichever branch names it (`кухни` of `Посуда и кухня` in `Стулья для кухни`).
      if (room) continue;
      for (const [group, words] of groupWords.get(leaf.rootKey) ?? []) {
        if (group !== leaf.groupKey && [...words].some((other) => sameWord(word, other, similarity))) return false;
      }
    }
    return true;
  };
}

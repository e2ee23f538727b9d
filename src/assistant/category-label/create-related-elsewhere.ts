import { isNeutralModifier } from '../classify/neutral-modifiers.js';
import { stemForIndex } from '../classify/stem-for-index.js';
import { isAdjectiveOfOwnPath } from '../read-own-path-adjective.js';
import { isRelatedWord } from '../read-word-forms.js';
import { stemWord } from '../stem-word.js';
import { addTo, readOrAdd } from './index-leaves.js';
import { MIN_RELATED_PREFIX } from './label-scores.js';
import { isPlacementWord } from '../classify/placement-words.js';
import { isRoomWord } from './room-words.js';
import type { PreparedLeaf } from './prepare-leaf.js';

/**
 * Whether an extra word of the label points to another leaf: a word of another leaf of the same
 * root (`радиоуправлении` of `Радиоуправляемые игрушки`), or a word of another root whose leaves
 * also name what the label is (`автомобильный` of `Автотовары`, where `Автошампуни` holds
 * `шампун`). A word of another root that has nothing else to do with the label (`зимние` of
 * `Зимние шины` in `Ботинки женские зимние`) points nowhere, nor does a word of a class that qualifies the leaf's goods
 * (`qualifiesLeaf`: `аккумуляторный` of `Шуруповерт аккумуляторный` is no car battery, `миди` of `Юбка миди` no mussels).
 */
export function createRelatedElsewhere(leaves: readonly PreparedLeaf[], qualifiesLeaf: (word: string, leaf: PreparedLeaf) => boolean): (word: string, leaf: PreparedLeaf, matched: readonly string[]) => boolean {
  // By first letter, then word.
  const nameWordLeaves = new Map<string, Map<string, Set<PreparedLeaf>>>();
  const pathWordRoots = new Map<string, Map<string, Set<string>>>();
  const rootWords = new Map<string, Set<string>>();
  for (const leaf of leaves) {
    // Russian names only: Kazakh ones share short stems across unrelated leaves (`электр` of every electric thing).
    for (const variant of leaf.variants.filter((candidate) => candidate.language === 'rus')) {
      for (const word of variant.words) {
        addTo(readOrAdd(nameWordLeaves, word.charAt(0)), word, leaf);
        addTo(rootWords, leaf.rootKey, word);
      }
    }
    for (const word of leaf.pathWords) addTo(readOrAdd(pathWordRoots, word.charAt(0)), word, leaf.rootKey);
  }
  const relates = (a: string, b: string): boolean => isRelatedWord(a, b, MIN_RELATED_PREFIX);
  const related = new Map<string, { leaves: Set<PreparedLeaf>; roots: Set<string> }>();
  const inRoot = new Map<string, boolean>();
  const namesInRoot = (word: string, root: string): boolean => {
    const key = `${word}\u0001${root}`;
    let found = inRoot.get(key);
    if (found === undefined) {
      const stem = stemWord(word);
      found = stem.length >= MIN_RELATED_PREFIX - 1 && [...(rootWords.get(root) ?? [])].some((other) => other.includes(stem) || relates(word, other));
      inRoot.set(key, found);
    }
    return found;
  };
  const isUseOnly = (word: string, owner: PreparedLeaf): boolean => {
    const names = owner.variants.filter((variant) => variant.language === 'rus');
    const inUse = names.some((variant) => variant.words.some((other) => !variant.head.includes(other) && relates(word, other)));
    return inUse && !names.some((variant) => variant.head.some((other) => relates(word, other)));
  };
  return (word, leaf, matched) => {
    // What the leaf's path says of its goods (`строительный` under `Строительство`), and a word that never changes a kind
    // (`кожаные` of `Папки кожаные`: a material), or where goods are mounted (`настенные` of `Зеркала настенные`, beside
    // `Настенные часы`), qualify any goods: they point to no other leaf.
    if (isAdjectiveOfOwnPath(word, leaf.pathWords) || isNeutralModifier(stemForIndex(word), word, false) || isPlacementWord(word)) return false;
    if (qualifiesLeaf(word, leaf)) return false;
    let found = related.get(word);
    if (found === undefined) {
      found = { leaves: new Set(), roots: new Set() };
      // Related words begin alike: only the words of the same first letter are compared.
      for (const [other, owners] of nameWordLeaves.get(word.charAt(0)) ?? []) if (relates(word, other)) for (const owner of owners) found.leaves.add(owner);
      for (const [other, roots] of pathWordRoots.get(word.charAt(0)) ?? []) if (relates(word, other)) for (const root of roots) found.roots.add(root);
      for (const owner of found.leaves) found.roots.add(owner.rootKey);
      related.set(word, found);
    }
    // A room is where goods are used: the goods of another section that furnish it (`Детские кухни`, toys) are not the label's.
    const room = isRoomWord(word);
    for (const owner of found.leaves) {
      if (owner === leaf || (room && owner.rootKey !== leaf.rootKey)) continue;
      // Beside the leaf, any word of another leaf's name; further away, only what that leaf is (`Ароматы` of `Ароматы для дома`, not `Зимние` of `Зимние шины`).
      // A word of a sibling's use only (`лица` of `Кремы для лица` in `Сыворотка для лица`) says what both are for, not what the label is.
      if (owner.groupKey === leaf.groupKey && !isUseOnly(word, owner)) return true;
      if (owner.variants.some((variant) => variant.full && relates(word, variant.head[variant.head.length - 1] ?? ''))) return true;
    }
    return !room && [...found.roots].some((root) => root !== leaf.rootKey && matched.some((other) => namesInRoot(other, root)));
  };
}

/**
 * A label naming a group of goods (`Молочная продукция`, `Сүт өнімдері`, `Хлебобулочные изделия`, `Тұрмыстық химия
 * тауарлары`) names a section of the directory, not one leaf of it, however its rows read: a seller's `Dairy products`
 * holds milk today and kefir tomorrow. Only a leaf whose own name holds the group word (`Ватные изделия`, `Веганские
 * продукты`) is named by such a label. The group words are the classifier's (`GROUP_STEMS`), read by stem, so every
 * Kazakh form of one (`өнімі`, `өнімдері`, `тауарлары`) is that word.
 */
import { GROUP_STEMS } from './classify/group-stems.js';
import type { IndexedLeaf } from './classify/classifier-types.js';
import { stemForIndex } from './classify/stem-for-index.js';

/** Whether a word of a label is a word for goods in general (`продукция`, `өнімі`, `бұйымдары`). */
export function isGroupWord(word: string): boolean {
  return GROUP_STEMS.has(stemForIndex(word));
}

/** The words of a label's type that name a group of goods none of the leaf's own names holds: the label is a section, never that leaf. */
export function findUnheldGroupWords(words: readonly string[], leaf: IndexedLeaf): string[] {
  return words.filter((word) => {
    const stem = stemForIndex(word);
    return GROUP_STEMS.has(stem) && !leaf.names.some((name) => name.head.includes(stem));
  });
}

import type { IndexedLeaf } from './classifier-types.js';
import type { ProductType } from './extract-product-type.js';
import { stemForIndex } from './stem-for-index.js';

/**
 * `Шампуни для сухих волос` against `Сухие шампуни`: a word the leaf's Russian name says of what its goods are (before its
 * preposition), that the label says only of what its goods are for (after its own), qualifies another thing in each: the
 * hair is dry, not the shampoo. The leaf is then no sure reading of the label; the word, if any. A use the leaf makes an
 * adjective of (`Весы для кухни`, `Кухонные весы`) is another word by its stem, and stays the leaf's.
 */
export function findUseWordOfLeafKind(leaf: IndexedLeaf, type: ProductType): string | undefined {
  const said = new Set(type.words.map(stemForIndex));
  const kindStems = new Set(leaf.names.filter((name) => name.language === 'rus').flatMap((name) => name.head).filter((stem) => !said.has(stem)));
  // Only a word before the purpose's last word qualifies what the goods are for (`для сухих волос`); one after it agrees with
  // the goods themselves (`Корм для собак сухой` is dry food, the leaf `Сухие корма для собак`).
  return type.purpose.slice(0, -1).find((word) => kindStems.has(stemForIndex(word)));
}

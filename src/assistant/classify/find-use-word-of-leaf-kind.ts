import type { IndexedLeaf } from './classifier-types.js';
import type { ProductType } from './extract-product-type.js';
import { isHeadAdjectiveAfterPurpose } from './split-name-phrase.js';
import { stemForIndex } from './stem-for-index.js';

// An adjective's endings after `для`, which takes the genitive: the adjective qualifies what the goods are for (`для сухих`).
const GENITIVE_ADJECTIVE = /\p{L}{3}(?:ого|его|ых|их|ой)$/u;
const FOR = 'для';
// A link between two such adjectives (`для сухих и поврежденных`).
const LINK = 'и';

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
  // the goods themselves (`Корм для собак сухой` is dry food, the leaf `Сухие корма для собак`), and so does an adjective in the
  // nominative agreeing with the head, wherever the purpose reader left it (`Маска для лица тканевая, увлажняющая`).
  const head = type.words[0] ?? '';
  const beforeLast = type.purpose.slice(0, -1).filter((word) => !isHeadAdjectiveAfterPurpose(word, head));
  return [...beforeLast, ...readAdjectivesAfterFor(type.tokens)].find((word) => kindStems.has(stemForIndex(word)));
}

/**
 * The adjectives right after a `для` of the name, wherever the purpose reader stopped (`Шампунь для волос для сухих и
 * поврежденных`: a second purpose whose noun goes unsaid): in the genitive the preposition takes, they qualify what the goods
 * are for, never the goods.
 */
function readAdjectivesAfterFor(tokens: readonly string[]): string[] {
  const found: string[] = [];
  for (const [at, token] of tokens.entries()) {
    if (token !== FOR) continue;
    for (let next = at + 1; next < tokens.length; next += 1) {
      const word = tokens[next] ?? '';
      if (GENITIVE_ADJECTIVE.test(word)) found.push(word);
      else if (word !== LINK || !GENITIVE_ADJECTIVE.test(tokens[next + 1] ?? '')) break;
    }
  }
  return found;
}

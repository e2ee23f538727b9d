/**
 * A type whose noun names no leaf of the directory may still say, by an adjective, goods a leaf is named by: `Удилище
 * спиннинговое` (a spinning rod; no leaf says `удилище`) is the leaf `Спиннинги`, `спиннинговое` being the adjective of its
 * one word. The head noun is unknown to the directory, so what it is is the seller's to confirm (`Тубус спиннинговый` is a
 * rod tube, no spinning rod): the leaf is proposed, never taken, and its doubt names it, so no group's one `yes` takes it.
 * Russian makes such an adjective of a noun by a suffix after its stem: `-ов-`/`-ев-` (`спиннинг` → `спиннинговый`), `-н-`
 * (`зонт` → `зонтный`), `-онн-`/`-ионн-` of a noun in `-ция` (`канализация` → `канализационный`).
 * Where a leaf is proposed and such a word (or the noun of another leaf's one-word name) is what it does not explain, the word
 * may say that other leaf's goods (`Труба канализационная` under `Трубы и фитинги`, beside `Канализация`): the proposal is no
 * line a group's one `yes` takes (`classify-product.ts`, `askHeldWordNamingLeaf`).
 */
import type { Classification, ClassifierIndex, IndexedLeaf, IndexedName } from './classifier-types.js';
import type { ProductType } from './extract-product-type.js';
import { ADJECTIVE_FORM } from './known-brands.js';
import { stemForIndex } from './stem-for-index.js';

/**
 * The suffixes by which Russian makes an adjective's stem (`stemForIndex`) of a noun's stem, longest first (a general
 * linguistic class): `-ионн-`/`-онн-` (`канализация` → `канализационный`), `-ов-`/`-ев-` (`сад` → `садовый`), `-ск-` (`город` →
 * `городской`), `-н-` (`лес` → `лесной`). One table for every reader of such an adjective (`classify-product.ts` too).
 */
export const NOUN_ADJECTIVE_SUFFIXES: readonly string[] = ['ионн', 'онн', 'ов', 'ев', 'ск', 'н'];

/** The shortest noun stem read so: a shorter one opens too many unrelated adjectives (`сад` of `садн…`). */
const MIN_NOUN_STEM = 5;

/** How sure a proposal by an adjective alone is: below every group's floor, a question of its own. */
const ADJECTIVE_LEAF_CONFIDENCE = 0.5;

/** The doubt of such a proposal; the review reads it as naming a leaf the seller must confirm (`find-proposal-doubt.ts`). */
export const NOUN_NAMES_NO_LEAF = "the type's noun names no leaf";

/** The leaf a word of the type names as an adjective of its one-word Russian name, with that name, or undefined. */
export function findLeafOfAdjective(index: ClassifierIndex, word: string): { leaf: IndexedLeaf; name: IndexedName } | undefined {
  if (!ADJECTIVE_FORM.test(word)) return undefined;
  const stem = stemForIndex(word);
  for (const suffix of NOUN_ADJECTIVE_SUFFIXES) {
    if (!stem.endsWith(suffix)) continue;
    const noun = stem.slice(0, -suffix.length);
    if (Array.from(noun).length < MIN_NOUN_STEM) continue;
    // A noun that heads names of several leaves (`аккумулятор`: the car's, a tool's, a phone's) leaves the adjective no one
    // leaf's: `Батарея аккумуляторная для шуруповерта` was proposed the car `Аккумуляторы`.
    if (new Set(index.byHeadStem[noun] ?? []).size !== 1) continue;
    const found = (index.byHeadStem[noun] ?? [])
      .map((at) => index.leaves[at])
      .flatMap((leaf) => (leaf === undefined ? [] : leaf.names.filter((name) => name.language === 'rus' && name.full && name.purpose.length === 0 && name.head.length === 1 && name.head[0] === noun).map((name) => ({ leaf, name }))));
    // Two leaves of one name (`Сумки` of two sections) leave the adjective no one leaf's.
    if (new Set(found.map((item) => item.leaf.id)).size === 1) return found[0];
  }
  return undefined;
}

/**
 * Where the type names no leaf (`decided` proposes none), the one leaf an adjective of the type (any word but its noun, the
 * first word of no adjective's form) names by its one-word name, proposed unsure with the doubt `NOUN_NAMES_NO_LEAF`; else
 * `decided` as it is. A head noun the name cuts short with a dot (`ProductType.headCut`) is no noun the directory lacks, only one it cannot read
 * (`Аккумуляторные батар.` are batteries, not the car `Аккумуляторы`): nothing is proposed for it.
 */
export function proposeLeafOfAdjective(index: ClassifierIndex, decided: Classification, type: ProductType): Classification {
  const noun = type.words.find((word) => !ADJECTIVE_FORM.test(word));
  if (decided.leafId !== undefined || noun === undefined || type.words.length < 2 || type.headCut === true) return decided;
  const said = type.words.filter((word) => word !== noun).map((word) => ({ word, found: findLeafOfAdjective(index, word) }));
  const leaves = new Set(said.flatMap(({ found }) => (found === undefined ? [] : [found.leaf.id])));
  const first = said.find(({ found }) => found !== undefined);
  if (leaves.size !== 1 || first?.found === undefined) return decided;
  const { word, found } = first;
  const { leaf, name: leafName } = found;
  return {
    ...decided,
    leafId: leaf.id,
    path: leaf.path,
    confidence: ADJECTIVE_LEAF_CONFIDENCE,
    confident: false,
    evidence: [{ phrase: type.text, source: 'name', matched: leafName.text, via: 'name', leafId: leaf.id, path: leaf.path }],
    alternatives: [],
    doubt: `${NOUN_NAMES_NO_LEAF} ("${noun}"); "${word}" is said of "${leafName.text}"`,
  };
}

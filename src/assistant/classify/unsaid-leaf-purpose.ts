/**
 * A leaf named for a purpose or a recipient the product says nothing of (`Джинсы для беременных` for `Әйелдер джинсысы
 * скинни`, women's jeans) is proposed by its head alone: where the directory has the same goods without that purpose (`Женская
 * одежда / Джинсы`), the purpose is what tells the twins apart, and the name does not say it. The proposal is then no line a
 * group's one `yes` takes: a seller who answers a block of jeans would accept maternity jeans for every woman's pair.
 */
import type { ClassifierIndex, IndexedLeaf, IndexedName } from './classifier-types.js';

/** The best leaf's name whose purpose the product does not say, and the leaf of the same goods without it. */
export interface UnsaidPurposeTwin {
  /** The name as the directory writes it (`Джинсы для беременных`). */
  name: string;
  twin: IndexedLeaf;
  /** No leaf of the same goods is without a purpose: the twin has one of its own (`Кремы для обуви` beside `Кремы для лица`). */
  ownPurpose?: true;
}

/** Whether a stem of a leaf's purpose is said by one of the product's stems: the same, or one it opens or that opens it (`д/кош`). */
function isSaid(stem: string, said: ReadonlySet<string>): boolean {
  return [...said].some((word) => word === stem || (word.length >= 3 && stem.startsWith(word)) || (stem.length >= 3 && word.startsWith(stem)));
}

/**
 * Whether the product says the purpose of one of the leaf's Kazakh names (`бет` of `Бет кремі` opens `бетк` of `Бетке арналған
 * кремдер`, the Kazakh name of `Кремы для лица`): it says the leaf's purpose in the other language.
 */
function saysKazakhPurpose(leaf: IndexedLeaf, said: ReadonlySet<string>): boolean {
  return leaf.names.some((name) => name.language === 'kaz' && name.purpose.some((stem) => isSaid(stem, said)));
}

/** Whether two stem lists hold the same stems. */
export function haveSameStems(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((stem) => b.includes(stem));
}

/**
 * For the Russian names of `best` whose purpose none of the product's stems (`said`: its words, purpose and place) says, the
 * first leaf of the directory with a Russian name of the same head and none of that purpose (`Джинсы` beside `Джинсы для
 * беременных`), with that name of `best`.
 */
export function findUnsaidPurposeTwin(index: ClassifierIndex, best: IndexedLeaf, said: ReadonlySet<string>): UnsaidPurposeTwin | undefined {
  if (saysKazakhPurpose(best, said)) return undefined;
  for (const name of best.names) {
    // A Kazakh name's purpose is every word before its last (`Қара шай`): only a Russian name's words after `для` are a purpose.
    if (name.language !== 'rus' || name.purpose.length === 0 || name.purpose.some((stem) => isSaid(stem, said))) continue;
    const plain = (other: IndexedName): boolean => other.language === 'rus' && haveSameStems(other.head, name.head) && !other.purpose.some((stem) => name.purpose.includes(stem));
    const twins = (index.byHeadStem[name.head[0] ?? ''] ?? []).map((at) => index.leaves[at]).filter((leaf): leaf is IndexedLeaf => leaf !== undefined && leaf.id !== best.id && leaf.names.some(plain));
    // A twin with no purpose at all is the one to name; one for another purpose still tells the name does not say which.
    const bare = twins.find((leaf) => leaf.names.some((other) => plain(other) && other.purpose.length === 0));
    const twin = bare ?? twins[0];
    if (twin !== undefined) return bare === undefined ? { name: name.text, twin, ownPurpose: true } : { name: name.text, twin };
  }
  return undefined;
}

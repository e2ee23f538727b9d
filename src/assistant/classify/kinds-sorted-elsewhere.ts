/**
 * A plain leaf whose kinds the directory sorts in a branch of their own (sure26): `Зоотовары / Корма / Корм для кошек` beside
 * `Зоотовары / Товары для кошек / Сухие корма для кошек`, `… / Влажные корма для кошек`, `… / Лечебные корма для кошек`. The
 * directory holds the goods twice, once plain and once by kind; a name that says no kind (`Корм для кошек Whiskas 2 кг`) is
 * goods of one of those kinds as often as of the plain leaf, and which one only the seller knows: the pick is a question.
 * One kind elsewhere (`Сухие шампуни` beside `Шампуни`) is a special product, the plain leaf stays the goods; kinds of
 * another top-level section (`Внешние аккумуляторы` beside car `Аккумуляторы`) are other goods of the head, read by the
 * classifier's rule of a kind of another branch; a kind for another purpose (`Игровые наборы` beside `Наборы для творчества`)
 * is no kind of these goods. A text that is its type alone (`Корм для кошек`, `Мысық жемі`: no maker, no measure) names a
 * category as a seller's label or group does, and the plain leaf is that category: only a product's name is asked.
 */
import { PURPOSE_PREPOSITIONS, type ProductType } from './extract-product-type.js';
import { readBranch, readParentPath, readTopSection } from './file-sections.js';
import type { ClassifierIndex, IndexedLeaf } from './classifier-types.js';
import { haveSameStems } from './unsaid-leaf-purpose.js';
import { KAZAKH_PURPOSE_WORD } from '../kazakh-purpose-word.js';

/** A leaf that is a kind of the plain one: its path, the stems its name adds to the plain name's head, and its purpose stems. */
export interface KindOfLeaf {
  leafId: number;
  path: string;
  /** Stems of the kind's name beyond the plain name's head (`сух` of `Сухие корма для кошек`). */
  extra: readonly string[];
  /** Stems of the kind's name after `для` (`кошк`). */
  purpose: readonly string[];
}

/** The fewest kinds one branch must sort for it to be the goods sorted by kind, not one special product. */
const FEWEST_SORTED_KINDS = 2;

/**
 * The branch that sorts the plain leaf's goods by kind, with the kinds' paths, when there is one: a branch other than the
 * plain leaf's (`readBranch`: an overflow group, `Освещение: дополнительно`, is its own branch's), in its top-level section,
 * holding `FEWEST_SORTED_KINDS` leaves at least whose names are the plain name with words added to its head and the same
 * purpose. `branch` is the kinds' own parent path as the directory writes it (`readParentPath`), for the seller to read.
 * Undefined when there is none.
 */
export function findKindsSortedElsewhere(plainPath: string, plainPurpose: readonly string[], kinds: readonly KindOfLeaf[]): { branch: string; paths: string[] } | undefined {
  const section = readTopSection(plainPath);
  const ownBranch = readBranch(plainPath);
  const byBranch = new Map<string, Map<number, string>>();
  for (const kind of kinds) {
    const branch = readBranch(kind.path);
    if (branch === ownBranch || readTopSection(kind.path) !== section || isSectionOverflow(kind.path) || kind.extra.length === 0 || !haveSameStems(kind.purpose, plainPurpose)) continue;
    byBranch.set(branch, (byBranch.get(branch) ?? new Map<number, string>()).set(kind.leafId, kind.path));
  }
  for (const leaves of byBranch.values()) {
    if (leaves.size < FEWEST_SORTED_KINDS) continue;
    const paths = [...leaves.values()].sort();
    return { branch: [...new Set(paths.map(readParentPath))].join('; '), paths };
  }
  return undefined;
}

/**
 * Whether a leaf lies in its top-level section's own overflow group (`Книги / Книги: дополнительно / Исторические романы`): a
 * catch-all of the section's other goods named after the section, no branch that sorts goods by kind (`Романы` beside historical
 * and love novels there is no plain leaf of sorted kinds: review26 D-3). Another branch's overflow group (`Дом и сад / Освещение:
 * дополнительно`) is that branch's (`readBranch`).
 */
function isSectionOverflow(path: string): boolean {
  const [section, group, ...deeper] = readParentPath(path).split(' / ');
  return deeper.length === 0 && group !== undefined && group.includes(':') && group.split(':')[0] === section;
}

/** How the doubt of kinds sorted elsewhere opens; the kinds' parent path and the kinds follow (`describeKindsSortedElsewhere`). */
export const KINDS_SORTED_ELSEWHERE_DOUBT = 'more than one narrower leaf fits the name, which says none of the kinds ';

/** The doubt of a plain leaf whose kinds are sorted elsewhere (`findKindsSortedElsewhere`), naming their parent path and paths. */
export function describeKindsSortedElsewhere(found: { branch: string; paths: readonly string[] }): string {
  return `${KINDS_SORTED_ELSEWHERE_DOUBT}${found.branch} sorts the goods by (${found.paths.join('; ')})`;
}

/** The kinds' paths a doubt written by `describeKindsSortedElsewhere` names; `undefined` for any other doubt. */
export function readKindsSortedElsewhereDoubt(doubt: string): string[] | undefined {
  if (!doubt.startsWith(KINDS_SORTED_ELSEWHERE_DOUBT)) return undefined;
  // The paths are the last bracket: the parent paths before it may hold `; ` too, never ` sorts the goods by (`.
  const found = / sorts the goods by \((.+)\)$/u.exec(doubt);
  return found?.[1]?.split('; ');
}

/**
 * The branch that sorts by kind the goods of a leaf the name met by its Kazakh name (`Иттерге арналған жем` of `Корм для
 * собак`), read from the leaf's Russian names: the directory names the kinds in Russian only (`Сухие корма для собак`), so the
 * Kazakh words rank none of them, and the kinds are the same goods' whatever language named the plain leaf. Read once per leaf.
 */
export function findKindsOfRussianName(index: ClassifierIndex, leaf: IndexedLeaf): { branch: string; paths: string[] } | undefined {
  if (byLeaf.has(leaf)) return byLeaf.get(leaf);
  let found: { branch: string; paths: string[] } | undefined;
  for (const plain of leaf.names) {
    if (plain.language !== 'rus' || !plain.full || plain.head.length === 0) continue;
    const kinds: KindOfLeaf[] = [];
    for (const at of index.byHeadStem[plain.head[0] ?? ''] ?? []) {
      const other = index.leaves[at];
      if (other === undefined || other === leaf) continue;
      for (const name of other.names) {
        if (name.language !== 'rus' || name.head.length <= plain.head.length || !plain.head.every((stem) => name.head.includes(stem))) continue;
        kinds.push({ leafId: other.id, path: other.path, extra: name.head.filter((stem) => !plain.head.includes(stem)), purpose: name.purpose });
      }
    }
    found = findKindsSortedElsewhere(leaf.path, plain.purpose, kinds);
    if (found !== undefined) break;
  }
  byLeaf.set(leaf, found);
  return found;
}

const byLeaf = new WeakMap<IndexedLeaf, { branch: string; paths: string[] } | undefined>();

/**
 * Whether the name says more than its type (a maker, a model, a measure, a flavour: `Корм для кошек Whiskas 2 кг`): one
 * product, not a category's words (`Корм для кошек`), whose kind the rule asks.
 */
export function saysMoreThanType(type: ProductType): boolean {
  // `арналған` says a Kazakh purpose as `для` says a Russian one (`Иттерге арналған жем` is its type alone).
  return type.tokens.some((token) => !type.words.includes(token) && !type.purpose.includes(token) && !PURPOSE_PREPOSITIONS.has(token) && token !== KAZAKH_PURPOSE_WORD);
}

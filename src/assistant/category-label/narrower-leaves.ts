import { contradictsDemographic, type Demographic, isDemographicEmpty } from '../demographic-words.js';
import { isCompoundOf, isKazakhPossessiveOf, isRelatedWord } from '../read-word-forms.js';
import { MIN_NARROWING_PREFIX } from './label-scores.js';
import type { PreparedLeaf } from './prepare-leaf.js';
import type { Scored } from './rank-leaves.js';

/** The leaf the product classifier proposes for one product name (`undefined` when nothing fits), and whether it is sure. */
export interface ProductReading {
  leaf: PreparedLeaf | undefined;
  sure: boolean;
  /** The kinds the reading's only doubt says its plain leaf's goods are sorted by (`readUnsaidKinds`), when that is its doubt. */
  unsaidKinds: readonly string[] | undefined;
}

/** What the file says beside the label that could point at a narrower leaf (`Роботы-пылесосы` for `Пылесосы`). */
export interface NarrowingContext {
  /** Words of the rows' product names and of the label's parentheses. */
  words: readonly string[];
  /** The words of each product name, and of the label's parentheses as one more: what the seller says of the goods, name by name. */
  sayings: readonly (readonly string[])[];
  demographic: Demographic;
  /** Groups of the leaves the seller's other categories were confidently matched to. */
  siblingGroups: ReadonlySet<string>;
  /** The roots of those groups. */
  siblingRoots: ReadonlySet<string>;
  /**
   * The product classifier's reading of each product name, read alone: read only when a rule asks (a narrower leaf of another
   * root, a children's leaf beside an adults' one).
   */
  productReadings: () => readonly ProductReading[];
  /** Whether a leaf is filed under other goods (`createOtherGoodsReader`). */
  isUnderOtherGoods: (leaf: PreparedLeaf) => boolean;
}

/**
 * The label is this leaf's own name (or a form of it), nothing in the file says otherwise, and no
 * gender or age word of the leaf's name goes unsaid: the plain leaf, whose narrower leaves are not
 * its rivals. (A bare `Подгузники` under `Детские товары` is that leaf, though not `# exact`.)
 */
export function isPlainName(first: Scored): boolean {
  return (first.nameExact || (first.formExact && !first.typo) || first.kindNamed) && !first.contained && !first.narrower && !first.contradicted;
}

/**
 * Whether `item` is a narrower leaf of the plain leaf `first` that nothing in the file points at.
 * Narrower: one of its names holds every word of one of the plain leaf's names (a word as it is,
 * or as the end of a compound: `Электросамокаты`) among more words, which the label does not have
 * (`Роботы-пылесосы`, `Вертикальные пылесосы`, `Пледы с рукавами`). Stay rivals: a leaf of another
 * root (`Аккумуляторы` of cars and `Внешние аккумуляторы` of phones are both what a bare
 * `Аккумуляторы` may mean; `Автомобильные пылесосы`) unless the classifier, reading every product
 * name alone, is sure of the plain leaf (`Платки` with `Платок шелковый`, beside the paper
 * handkerchiefs of household goods); a leaf the label only
 * resembles (`Тёплые полы` for `Поло`), one sharing the name (`Кроссовки` for women, men and
 * kids), and one for other people than the plain leaf's path says. What points at it: a word of its name or path beyond the plain leaf's in the
 * product names or the label's parentheses (`Робот-пылесос Xiaomi`), the gender or age words the
 * seller gives that it says and the plain leaf does not, a seller path it holds better, or the
 * seller's other categories mapped beside it and not beside the plain leaf.
 */
export function isNarrowerApart(first: Scored, item: Scored, narrowing: NarrowingContext): boolean {
  if (!item.contained || item.nameExact || !holdsName(item.leaf, first.leaf)) return false;
  // A leaf for other people is no narrower kind (`Подгузники для взрослых` beside the babies' `Подгузники`): which of them a bare label means, the file must say.
  // A leaf filed for nobody beside a plain leaf filed for adults is a kind of its goods (`Национальные платья` beside the women's
  // `Платья`): adults are the people goods are for when nothing says otherwise; only children's goods are others' then.
  if (!isDemographicEmpty(first.leaf.demographic) && ((isDemographicEmpty(item.leaf.demographic) && first.leaf.demographic.kids === true) || contradictsDemographic(first.leaf.demographic, item.leaf.demographic))) return false;
  if (isPointedAtByFile(first, item, narrowing)) return false;
  const says = !isDemographicEmpty(narrowing.demographic);
  if (says && !isDemographicEmpty(item.leaf.demographic) && !contradictsDemographic(narrowing.demographic, item.leaf.demographic) && isDemographicEmpty(first.leaf.demographic)) return false;
  if (item.pathSupport > first.pathSupport) return false;
  if (narrowing.siblingGroups.has(item.leaf.groupKey) && !narrowing.siblingGroups.has(first.leaf.groupKey)) return false;
  if (narrowing.siblingRoots.has(item.leaf.rootKey) && !narrowing.siblingRoots.has(first.leaf.rootKey)) return false;
  if (isKindElsewhereOfGoodsUnder(first, item, narrowing)) return false;
  return item.leaf.rootKey === first.leaf.rootKey || isEveryProductOf(first.leaf, narrowing);
}

/**
 * Whether the rows' product names or the label's parentheses say a word of `item`'s name or path that `first`'s do not
 * (`Робот-пылесос Xiaomi` of `Роботы-пылесосы` beside `Пылесосы`): the file points at that leaf.
 */
export function isPointedAtByFile(first: Scored, item: Scored, narrowing: NarrowingContext): boolean {
  const own = first.leaf.pathWords;
  const relates = (a: string, b: string): boolean => isRelatedWord(a, b, MIN_NARROWING_PREFIX);
  const beyond = item.leaf.pathWords.filter((word) => !own.some((other) => relates(word, other)));
  return narrowing.words.some((word) => !own.some((other) => relates(word, other)) && beyond.some((other) => relates(word, other)));
}

/**
 * `Шлемы` beside `Велосипеды и самокаты / Шлемы и защита`: a leaf filed under other goods (`NarrowingContext.isUnderOtherGoods`)
 * is those goods' kind of its own (bike helmets), so a leaf of the label's goods in another group (`Единоборства / Шлемы для
 * единоборств`, `Зимний спорт: дополнительно / Шлемы горнолыжные`) is another kind of the same goods, no narrower kind of it.
 */
export function isKindElsewhereOfGoodsUnder(first: Scored, item: Scored, narrowing: NarrowingContext): boolean {
  return item.contained && !item.nameExact && item.leaf.groupKey !== first.leaf.groupKey && holdsName(item.leaf, first.leaf) && narrowing.isUnderOtherGoods(first.leaf);
}

/**
 * Whether the seller's goods are the plain leaf's by their own names: the classifier reads each alone, and is sure only
 * where no leaf of another branch is a kind of its goods (a bare `Термос 1 л` stays unsure beside `Термосы для еды`, as the
 * label does). A label with no rows given stays a question.
 */
function isEveryProductOf(plain: PreparedLeaf, narrowing: NarrowingContext): boolean {
  const readings = narrowing.productReadings();
  return readings.length > 0 && readings.every((reading) => reading.sure && reading.leaf?.key === plain.key);
}

/** Whether a name of `narrower` holds every word of a name of `plain` (same language) among more. */
function holdsName(narrower: PreparedLeaf, plain: PreparedLeaf): boolean {
  return plain.variants.some((name) =>
    name.words.length > 0 &&
    narrower.variants.some(
      (other) =>
        other.full &&
        other.language === name.language &&
        other.words.join(' ') !== name.words.join(' ') &&
        name.words.every((word) => other.words.some((held) => held === word || isCompoundOf(held, word) || (other.language === 'kaz' && isKazakhPossessiveOf(held, word)))),
    ),
  );
}

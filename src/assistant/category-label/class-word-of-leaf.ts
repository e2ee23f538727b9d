import { rewriteWithSynonyms } from '../category-synonyms.js';
import type { Directories } from '../../domain/index.js';
import type { ClassifierIndex, IndexedLeaf } from '../classify/classifier-types.js';
import { readTopSection } from '../classify/file-sections.js';
import type { ProductType } from '../classify/extract-product-type.js';
import { stemForIndex } from '../classify/stem-for-index.js';
import { collectDemographic, type Demographic } from '../demographic-words.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import { isConstructionWord } from './construction-words.js';
import { isFinishWord } from './finish-words.js';
import { isDecorativeWord, isDecorSection, isOccasionWord, isShownGoodsLeaf } from './occasion-words.js';
import { isGarmentCutWord } from './garment-cut-words.js';
import { isMachineWord } from './machine-words.js';
import { readLeafMetals, readPreciousMetal } from './precious-metal-words.js';
import { readGarmentLeaves, readPoweredLeaves, readVolumeLeaves } from './read-attribute-leaves.js';
import { isStateWord } from './state-words.js';
import { isPlacementStem, isPlacementWord } from '../classify/placement-words.js';
import { isOtherGoodsWord, readSortingWords, type SortingWord } from './sorting-words.js';

/**
 * Whether a word of a label the leaf's names do not hold is a word of a general class that only qualifies the leaf's goods
 * here: where they are mounted (`Диваны угловые`, `Светильники потолочные`), how they are built (`Гантели разборные`,
 * `Холодильники двухкамерные`), how their surface is finished (`Помада матовая`), how a machine works (`Миксер планетарный`, `Соковыжималка шнековая`), how a garment is cut
 * (`Юбка миди`, `Костюм женский брючный`), whether goods are liquid or solid (`Мыло жидкое`), which precious metal goods are
 * made of (`Кольца золотые`), when they are used (`Тарелки обеденные`, `Коляски прогулочные`) or that they are for show
 * (`Подушки декоративные`, of a section that files decor). It does when
 * - for a placement, the leaf's own top-level section sorts goods by such words (`Настенные часы`, `Напольные весы`): its
 *   goods are things placed in a room, where a flashlight of `Туризм` or a car organiser of `Автотовары` is not (`Фонари
 *   настенные` are lanterns on a wall); and no other leaf of that section is a placed kind of the label's noun: one named by
 *   a placement and the noun (`Потолочные светильники`: the directory sorts the noun by placement itself, so the general
 *   leaf is no answer for `Светильники напольные`) or by a kind of it in the synonyms table (`Бра` of `светильники`);
 * - the label's other words say a whole name of the leaf, so the word is not what the matcher read as a misspelling of the
 *   leaf's own (`угловые` as `игровые` of `Игровые кресла`, `подвесные` as `придверные` of `Коврики придверные`), and the
 *   people the leaf is for, where its path or name says them (`Шезлонги складные` name no `Шезлонги для малышей`);
 * - for a build, no leaf of another top-level section is named by the label's head noun: the noun then names two things
 *   (`Ручки` of pens and of `Дверные ручки`), and a word of the build does not say which (`Ручки складные`), where a
 *   placement in a room does; for a gated class, no such leaf whose goods the class qualifies too (`Триммеры садовые` for
 *   `Триммер аккумуляторный`; the car vacuums the directory links no power to do not hold `Пылесосы аккумуляторные` back);
 * - and the directory does not say the word makes other goods (`isOtherGoodsWord`).
 */
export function isClassWordOfLeafGoods(index: ClassifierIndex, word: string, leaf: IndexedLeaf, type: Pick<ProductType, 'words' | 'purpose'>, directories: Directories): boolean {
  const typeWords = type.words;
  const sorting = readSortingWords(index);
  const placement = isPlacementWord(word);
  const gated = placement ? undefined : GATED_CLASSES.find((one) => one.is(word));
  if (!placement && gated === undefined && !isConstructionWord(word) && !isFinishWord(word) && !isOccasionWord(word)) return false;
  if (gated !== undefined && !gated.holds(word, leaf, () => index, directories)) return false;
  const section = readTopSection(leaf.path);
  if (placement && !readPlacementSections(sorting).has(section)) return false;
  const said = [...new Set(typeWords.filter((other) => other !== word).map(stemForIndex))];
  if (placement && hasPlacedKindOfNoun(index, leaf, section, said)) return false;
  const named = leaf.names.some((name) => name.language === 'rus' && name.head.length > 0 && [...name.head, ...name.purpose].every((stem) => said.includes(stem)));
  // A placement says which: the goods of a room's section, never the car's `Зеркала боковые` for `Зеркала настенные`. So does
  // `декоративные` beside sections that file no decor (`Дорожные подушки`, `Ортопедические подушки` for `Подушки декоративные`).
  const decorative = isDecorativeWord(word);
  const elsewhere = (stem: string): boolean =>
    (index.byHeadStem[stem] ?? []).some((at) => {
      const other = index.leaves[at];
      const path = other?.path ?? leaf.path;
      // A gated word names no goods its class cannot qualify (`аккумуляторные` of no car vacuum the directory links no power to).
      const qualifiable = gated === undefined || other === undefined || gated.holds(word, other, () => index, directories);
      return readTopSection(path) !== section && (!decorative || isDecorSection(index, path)) && qualifiable;
    });
  if (!named || !saysPeopleOfLeaf(index, leaf, collectDemographic([...type.words, ...type.purpose])) || (!placement && said.some(elsewhere))) return false;
  const entry = sorting.get(stemForIndex(word));
  return entry === undefined || !isOtherGoodsWord(entry, word, leaf, typeWords);
}

/** A class of words that qualifies only goods the directory's attributes say are of its kind; a build's word is of any goods. */
interface GatedClass {
  is(word: string): boolean;
  /** Whether the leaf (its id and Russian path) is of the goods the class qualifies; the classifier index read only when asked. */
  holds(word: string, leaf: GatedLeaf, readIndex: () => ClassifierIndex, directories: Directories): boolean;
}

/** What a gate reads of a leaf. */
interface GatedLeaf {
  id: number;
  path: string;
}

/** The gated classes, in the order a word is read (a word of the first it belongs to). */
const GATED_CLASSES: readonly GatedClass[] = [
  { is: isMachineWord, holds: (_word, leaf, _index, directories) => readPoweredLeaves(directories).has(leaf.id) },
  { is: isGarmentCutWord, holds: (_word, leaf, _index, directories) => readGarmentLeaves(directories).has(leaf.id) },
  { is: isStateWord, holds: (_word, leaf, _index, directories) => readVolumeLeaves(directories).has(leaf.id) },
  { is: isDecorativeWord, holds: (_word, leaf, readIndex) => isShownGoodsLeaf(readIndex(), leaf.path) },
  {
    is: (word) => readPreciousMetal(word) !== undefined,
    holds: (word, leaf, readIndex) => readLeafMetals(readIndex()).get(leaf.id)?.has(readPreciousMetal(word) ?? '') === true,
  },
];

/**
 * Whether a word is of a gated class whose goods the leaf is (`миди` of a garment, `электрический` of a machine): such a word
 * says which of the leaf's goods, and points to no other leaf that holds it (`Мидии`, `Рубанки электрические`).
 */
export function isGatedClassWordOf(word: string, leaf: GatedLeaf, readIndex: () => ClassifierIndex, directories: Directories): boolean {
  const gated = GATED_CLASSES.find((one) => one.is(word));
  return gated !== undefined && gated.holds(word, leaf, readIndex, directories);
}

/**
 * Whether the label's words say the people the leaf is for: always those its own name says (`Шезлонги для малышей`), and
 * those its path says where its noun also names goods of other people (`Детская обувь / Кроссовки`); a noun only ever of
 * children's goods (`Детские товары / Коляски`) needs no word for them.
 */
function saysPeopleOfLeaf(index: ClassifierIndex, leaf: IndexedLeaf, said: Demographic): boolean {
  const says = (people: Demographic): boolean => (people.kids !== true || said.kids === true) && (people.gender === undefined || said.gender === people.gender);
  if (!says(leaf.nameDemographic)) return false;
  if (says(leaf.demographic)) return true;
  const heads = leaf.names.filter((name) => name.language === 'rus').flatMap((name) => name.head);
  const others = heads.flatMap((stem) => index.byHeadStem[stem] ?? []).flatMap((at) => index.leaves[at] ?? []).filter((other) => other.id !== leaf.id);
  return others.every((other) => other.demographic.kids === leaf.demographic.kids && other.demographic.gender === leaf.demographic.gender);
}

const placementSections = new WeakMap<ReadonlyMap<string, SortingWord>, ReadonlySet<string>>();

/** The top-level sections whose leaves or branches are named by a word of where goods are mounted, read once per directory. */
export function readPlacementSections(sorting: ReadonlyMap<string, SortingWord>): ReadonlySet<string> {
  let sections = placementSections.get(sorting);
  if (sections === undefined) {
    sections = new Set([...sorting].filter(([stem]) => isPlacementStem(stem)).flatMap(([, entry]) => [...entry.sections]));
    placementSections.set(sorting, sections);
  }
  return sections;
}

const placedKinds = new WeakMap<ClassifierIndex, ReadonlyMap<string, readonly { id: number; noun: readonly string[] }[]>>();

/**
 * The nouns each leaf is a placed kind of, by top-level section, read once per directory: a name of a placement and a noun
 * (`Потолочные светильники` → `светильник`), or of a kind of a noun in the synonyms table (`Бра` → `светильник`).
 */
function readPlacedKinds(index: ClassifierIndex): ReadonlyMap<string, readonly { id: number; noun: readonly string[] }[]> {
  let bySection = placedKinds.get(index);
  if (bySection !== undefined) return bySection;
  const found = new Map<string, { id: number; noun: readonly string[] }[]>();
  for (const leaf of index.leaves) {
    for (const name of leaf.names.filter((one) => one.language === 'rus')) {
      const rewrite = rewriteWithSynonyms(name.text);
      const nouns = [
        name.head.some(isPlacementStem) ? name.head.filter((stem) => !isPlacementStem(stem)) : [],
        rewrite?.exact === true ? tokenizeForMatch(rewrite.text).map(stemForIndex).filter((stem) => !name.head.includes(stem)) : [],
      ];
      const section = readTopSection(leaf.path);
      for (const noun of nouns.filter((one) => one.length > 0)) found.set(section, [...(found.get(section) ?? []), { id: leaf.id, noun }]);
    }
  }
  bySection = found;
  placedKinds.set(index, bySection);
  return bySection;
}

/**
 * Whether another leaf of the section is a placed kind of the noun the label's other words say (`Бра` for `Светильники
 * настенные`) and of the leaf's own whole noun: `Садовые светильники` are a narrower noun than `Бра` is a kind of.
 */
function hasPlacedKindOfNoun(index: ClassifierIndex, leaf: IndexedLeaf, section: string, said: readonly string[]): boolean {
  const ownHeads = leaf.names.filter((name) => name.language === 'rus').map((name) => name.head);
  const ofLeafNoun = (noun: readonly string[]): boolean => ownHeads.some((head) => head.every((stem) => noun.includes(stem)));
  return (readPlacedKinds(index).get(section) ?? []).some((kind) => kind.id !== leaf.id && kind.noun.every((stem) => said.includes(stem)) && ofLeafNoun(kind.noun));
}

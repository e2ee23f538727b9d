/**
 * A number or code beside a bare one-word type that may say one part of a system the leaf does not hold (issue 33): the one word
 * names unlike goods of many trades (a PC's adapter and a blood-pressure monitor's mains adapter, an extension cord and a
 * fitting's extension), and what the seller wrote beside it says the product is one part of a maker's range, not the household
 * goods the directory's one leaf of that word holds. Each reading is a row of `OTHER_SYSTEMS_NUMBERS`; the classifier asks the
 * first that holds (`classify-product.ts`'s earlier doubts), never beside goods of the vehicles' section (`Фара 2106-3711010` is
 * the part the leaf holds), nor where the name names the machine the part is of (the vehicle rules read that).
 */
import type { ClassifierIndex, IndexedLeaf, IndexedName } from './classifier-types.js';
import { readBranch } from './file-sections.js';
import type { ProductType } from './extract-product-type.js';
import { findUnlistedBrand } from './known-brands.js';
import { isSoldBySize, isThreadSize } from './part-numbers.js';

/** What a row reads of the leaf beyond the type. */
interface LeafFacts {
  index: ClassifierIndex;
  leaf: IndexedLeaf;
  /** The leaf's name the type matched. */
  name: IndexedName;
  /** Whether the leaf is no goods of the vehicles' section, whose parts are its goods (read only where a row asks). */
  outsideVehicles: () => boolean;
}

/** One reading of a number beside a bare type that may say one part of a system, and what the seller reads of it. */
interface OtherSystemsNumber {
  name: string;
  holds: (type: ProductType, facts: LeafFacts) => boolean;
  describe: (type: ProductType, leafName: string) => string;
}

// How many branches of the directory (`readBranch`) leaves headed by one word must stand in for it to name unlike goods.
const MANY_BRANCHES = 2;
const headBranches = new WeakMap<ClassifierIndex, Map<string, number>>();

/** How many branches hold leaves whose name is headed by the stem (`адап`: cables, PC controllers, powerline, HDMI), read once per stem. */
function countHeadBranches(index: ClassifierIndex, stem: string): number {
  let counts = headBranches.get(index);
  if (counts === undefined) headBranches.set(index, (counts = new Map()));
  let count = counts.get(stem);
  if (count === undefined) counts.set(stem, (count = new Set((index.byHeadStem[stem] ?? []).map((at) => readBranch(index.leaves[at]?.path ?? ''))).size));
  return count;
}

const sizedLeaves = new WeakMap<ClassifierIndex, ReadonlySet<number>>();

/** Whether the directory sizes the leaf's goods by a size attribute (`Типоразмер`, `Размер одежды`, …; `collectSizedLeafIds`). */
function isSizedLeaf(index: ClassifierIndex, leaf: IndexedLeaf): boolean {
  let ids = sizedLeaves.get(index);
  if (ids === undefined) sizedLeaves.set(index, (ids = new Set(index.sizedLeafIds)));
  return ids.has(leaf.id);
}

const OTHER_SYSTEMS_NUMBERS: readonly OtherSystemsNumber[] = [
  {
    // `Адаптер 90гр. 100-733`; a metric thread with its pitch beside goods the directory sizes (`Болт М12х1,5`) is the bolt's size.
    name: 'a part number',
    holds: (type, { index, leaf, outsideVehicles }) => type.partNumber !== undefined && outsideVehicles() && !(isThreadSize(type.partNumber) && isSizedLeaf(index, leaf)),
    describe: (_type, leafName) => `a maker's part number says one part of a system the name does not name, which the leaf's name "${leafName}" does not say`,
  },
  {
    // `Удлинитель 100-132`: no extension cord comes in sizes. Goods the directory sizes by an attribute (a clamp's `170-190`, a
    // football kit's) or the path sizes where none does (`isSoldBySize`: bedding) keep the range as a size.
    name: 'a size range beside goods sold in no sizes',
    holds: (type, { index, leaf, outsideVehicles }) => type.partNumber === undefined && type.sizeRange !== undefined && outsideVehicles() && !isSoldBySize(leaf) && !isSizedLeaf(index, leaf),
    describe: (_type, leafName) => `a number range beside goods sold in no sizes may say one part of a system the name does not name, which the leaf's name "${leafName}" does not say`,
  },
  {
    // `Адаптер AD-1024c` (medhouse: a blood-pressure monitor's mains adapter, placed among PC adapters): a maker's model code of
    // a brand the directory does not list is the only word beside a one word that heads leaves of several branches (cables, PC
    // controllers, network adapters): nothing tells which goods. A brand the directory lists is left out: it is a known gap, not
    // a right answer — `Адаптер Samsung EP-TA200` and `Адаптер Microlife AD-1024c` (a charger, the same mains adapter) stay sure
    // PC adapters, because the index holds no brand → leaves table to say the brand's goods lie in another branch. A word of one
    // branch's goods (`Отвертка BAKU BK-338`, `Батарейка Трофи CR2032`: 60 right sure picks of the real files) names them
    // itself: no doubt.
    name: 'a model code of no brand the directory lists beside a word of several branches',
    holds: (type, { index, name, outsideVehicles }) =>
      type.partNumber === undefined && type.sizeRange === undefined && type.modelCode !== undefined && name.head.length === 1 && countHeadBranches(index, name.head[0] ?? '') >= MANY_BRANCHES && outsideVehicles() && findUnlistedBrand(index, type.brand) !== undefined,
    describe: (type, leafName) => `the model code "${type.modelCode ?? ''}" of no brand the directory lists may say one part of a system the name does not name, which the leaf's name "${leafName}" does not say`,
  },
];

/** Whether the name writes a number or code any row reads (cheap: asked before whether the type is bare). */
export function writesOtherSystemsNumber(type: ProductType): boolean {
  return type.partNumber !== undefined || type.sizeRange !== undefined || type.modelCode !== undefined;
}

/**
 * What the seller reads of the first reading that holds of a number beside a bare type (the caller asks whether the type is bare),
 * or undefined; `outsideVehicles` says whether the leaf is no goods of the vehicles' section.
 */
export function describeOtherSystemsNumber(index: ClassifierIndex, leaf: IndexedLeaf, name: IndexedName, type: ProductType, outsideVehicles: () => boolean): string | undefined {
  const facts: LeafFacts = { index, leaf, name, outsideVehicles };
  return OTHER_SYSTEMS_NUMBERS.find((reading) => reading.holds(type, facts))?.describe(type, name.text);
}

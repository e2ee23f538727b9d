import type { Directories } from '../../domain/index.js';
import { tokenizeForMatch } from '../normalize-for-match.js';

/** What an attribute's Russian name says of the goods it is linked to, by its words (normalised). */
type AttributeKind = (words: readonly string[]) => boolean;

// `Мощность, Вт`: the goods work on power (appliances, power tools, lamps).
const POWER: AttributeKind = (words) => words.some((word) => word.startsWith('мощност'));
// `Размер одежды`, `Размер детской одежды (рост)`: the goods are garments.
const GARMENT_SIZE: AttributeKind = (words) => words.includes('размер') && words.some((word) => word.startsWith('одежд'));
// `Объём, мл`: the goods are sold by volume (liquids, gels, creams; a pot's capacity too).
const VOLUME: AttributeKind = (words) => words.some((word) => word.startsWith('объем') || word.startsWith('объём'));

const leavesByKind = new WeakMap<Directories, Map<AttributeKind, ReadonlySet<number>>>();

/** The categories the directory links an attribute of that kind to, read once per directory and kind. */
function readLeavesWithAttribute(directories: Directories, kind: AttributeKind): ReadonlySet<number> {
  let byKind = leavesByKind.get(directories);
  if (byKind === undefined) leavesByKind.set(directories, (byKind = new Map()));
  let leaves = byKind.get(kind);
  if (leaves === undefined) {
    const linked = directories.attributes.filter((attribute) => kind(tokenizeForMatch(attribute.name.rus)));
    byKind.set(kind, (leaves = new Set(linked.flatMap((attribute) => attribute.categories.map((link) => link.categoryId)))));
  }
  return leaves;
}

/**
 * The categories the directory links an attribute of power to (`Мощность, Вт`): its own word that their goods are machines
 * working on power (appliances, power tools, lamps). Rings, car parts and dishes have none.
 */
export function readPoweredLeaves(directories: Directories): ReadonlySet<number> {
  return readLeavesWithAttribute(directories, POWER);
}

/** The categories the directory links a garment size to (`Размер одежды`): its own word that their goods are clothes. */
export function readGarmentLeaves(directories: Directories): ReadonlySet<number> {
  return readLeavesWithAttribute(directories, GARMENT_SIZE);
}

/** The categories the directory links a volume to (`Объём, мл`): its own word that their goods are measured in millilitres. */
export function readVolumeLeaves(directories: Directories): ReadonlySet<number> {
  return readLeavesWithAttribute(directories, VOLUME);
}

import type { Directories } from '../../domain/index.js';
import { tokenizeForMatch } from '../normalize-for-match.js';

const poweredByDirectories = new WeakMap<Directories, ReadonlySet<number>>();

/**
 * The categories the directory links an attribute of power to (`Мощность, Вт`): its own word that their goods are machines
 * working on power (appliances, power tools, lamps), read once per directory. Rings, car parts and dishes have none.
 */
export function readPoweredLeaves(directories: Directories): ReadonlySet<number> {
  let powered = poweredByDirectories.get(directories);
  if (powered === undefined) {
    const power = directories.attributes.filter((attribute) => tokenizeForMatch(attribute.name.rus).some((word) => word.startsWith('мощност')));
    powered = new Set(power.flatMap((attribute) => attribute.categories.map((link) => link.categoryId)));
    poweredByDirectories.set(directories, powered);
  }
  return powered;
}

import { stemForIndex } from '../classify/stem-for-index.js';
import { ADJECTIVE_FORM } from '../classify/known-brands.js';

/**
 * Where goods are fixed or stand in a room: a general class of Russian adjectives (wall, ceiling, floor, corner, hanging,
 * against a wall, beside a bed). Such a word says how a thing of a room is mounted, never what it is: `Диваны угловые` are
 * sofas, `Светильники потолочные` lamps (where it qualifies, `isClassWordOfLeafGoods` says). Left out on purpose: `настольный`, which also names the
 * table version of a game or sport (`Теннис настольный`, `Хоккей настольный`: other goods than the game's), `навесной`
 * (`Замок навесной` is a padlock, a castle for a directory that has only toy ones) and `встраиваемый`, which directories
 * sort appliances by in a branch of their own (the sorting-word rules read that).
 */
const PLACEMENTS = ['настенный', 'потолочный', 'напольный', 'угловой', 'подвесной', 'пристенный', 'прикроватный'];

// The class's stems in the index's stemming; every case and number of an adjective meets one of them.
const PLACEMENT_STEMS: ReadonlySet<string> = new Set(PLACEMENTS.map(stemForIndex));

/** Whether a word (normalised) says where goods are mounted or stand (`настенные`, `угловой`); never a noun (`углов` of `Защита углов`). */
export function isPlacementWord(word: string): boolean {
  return ADJECTIVE_FORM.test(word) && isPlacementStem(stemForIndex(word));
}

/** Whether a stem (`stemForIndex`) is one of a word of where goods are mounted (`настенн`). */
export function isPlacementStem(stem: string): boolean {
  return PLACEMENT_STEMS.has(stem);
}

import { stemForIndex } from './stem-for-index.js';
import { ADJECTIVE_FORM } from './known-brands.js';
import { measureEditDistance } from '../score-candidates.js';

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

/**
 * The whole class as words, for how they are spelt: the list above and the three it leaves out for what they mean, not for
 * how they are written (`настольный`, `навесной`, `встраиваемый` are still words of where goods stand or are fixed). Two of
 * them are two words however near their letters (`настенные`/`настольные`, `напольные`/`настольные`, `навесные`/`подвесные`).
 */
const PLACEMENT_SPELLING_STEMS: readonly string[] = [...PLACEMENTS, 'настольный', 'навесной', 'встраиваемый'].map(stemForIndex);

// A misspelt word of the class is one letter from its stem (`настен` of `настеные`), a stem this long at least.
const MIN_MISSPELT_STEM = 6;

/**
 * Which word of where goods stand or are fixed a word (normalised) is, as its stem (`настенн` of `настенные`), also where
 * it is misspelt by one letter, one word of the class alone that near (`настеные`); undefined for any other word. The
 * label matcher's word scorer reads two words of different stems as two words, never one's misspelling of the other.
 */
export function readPlacementSpelling(word: string): string | undefined {
  if (!ADJECTIVE_FORM.test(word)) return undefined;
  const stem = stemForIndex(word);
  if (PLACEMENT_SPELLING_STEMS.includes(stem)) return stem;
  const near = PLACEMENT_SPELLING_STEMS.filter((member) => member.length >= MIN_MISSPELT_STEM && Math.abs(member.length - stem.length) <= 1 && measureEditDistance(stem, member) <= 1);
  return near.length === 1 ? near[0] : undefined;
}

/**
 * First words of names that say a kind of the goods after them, never a brand (review24b): a who-for word borrowed from English
 * (`Бэби Шампунь`, `Кидс Куртка`, `Леди Бритва`) or size prefix (`Мини Холодильник`), and the first part of compound words of the directory (whose rest is a directory word) that sellers write apart
 * (`Вело Держатель` of `Велоаксессуары`, `Велосипеды`; `Мото Шлем` of `Мотошлемы`, `Мотоциклы`). Read as a brand, baby shampoo
 * joined adult shampoo's key and answer; read as the type alone, every bicycle part was one type.
 */
import { readRange, type CutWordVocabulary } from './expand-cut-words.js';
import { buildLatinSkeleton, transliterateToLatin } from '../transliterate.js';

// Who-for words borrowed from English and written in Cyrillic: a general class of loanwords that say whom goods are for, as
// `детский` and `женский` do, with the borrowed size prefixes written apart (`Мини Холодильник`, `Макси Пакет`), which say a kind
// the same way. Each is the English word as Russian speakers say it, in the sound key of `readBorrowedSoundKey`, so that the class
// holds the word, never one seller's spelling of it (`Бэби`, `Беби`, `Бейби`; `Кидс`, `Кидз`; `Джуниор`, `Юниор`).
const BORROWED_WHO_FOR_SOUNDS: ReadonlySet<string> = new Set(['bebi', 'kids', 'kidi', 'ledi', 'men', 'vumen', 'bois', 'gerls', 'junior', 'tinedzher', 'mini', 'maksi']);
// Longer than any word of the class, in letters: the key is not built for such words.
const MAX_WHO_FOR_LETTERS = 10;

// How many different words of the directory a first word must begin to be their first part.
const MIN_COMPOUNDS = 2;
// A compound's first part is a short word (`вело`, `мото`, `авто`); its rest is a word of its own, three letters at least.
const MIN_PART = 4;
const MAX_PART = 6;
const MIN_REST = 3;

/** Whether a word (normalised) opening a name is a kind of the goods after it; compound parts only where `vocabulary` (the directory's words) is given. */
export function isKindLeadWord(word: string, vocabulary: CutWordVocabulary | undefined): boolean {
  const length = Array.from(word).length;
  if (length <= MAX_WHO_FOR_LETTERS && BORROWED_WHO_FOR_SOUNDS.has(readBorrowedSoundKey(word))) return true;
  if (vocabulary === undefined || length < MIN_PART || length > MAX_PART) return false;
  // The rest is a word of the directory itself (`аксессуары` of `велоаксессуары`): no ending (`пасталар`, Kazakh plural of `паста`).
  return readRange(vocabulary.sorted, word).filter((each) => each.length >= word.length + MIN_REST && vocabulary.known.has(each.slice(word.length))).length >= MIN_COMPOUNDS;
}

/**
 * A loanword's sound key: the Latin letters (`transliterateToLatin`, `ё` as `е`) in the sound skeleton brand spellings meet by
 * (`buildLatinSkeleton`: `y` as `i`, doubled letters once), with the spellings of one sound folded: `ей` as `е` (`бейби`, `беби`),
 * a final `з` as `с` (`бойз`, `бойс`), an opening `дж` or `й` before `у` as `j` (`джуниор`, `юниор`).
 */
function readBorrowedSoundKey(word: string): string {
  return buildLatinSkeleton(transliterateToLatin(word.replace(/ё/gu, 'е')))
    .replace(/ei/gu, 'e')
    .replace(/z$/u, 's')
    .replace(/^(?:dzh|i)u/u, 'ju');
}

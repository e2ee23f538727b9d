/**
 * Words that say who a category is for (`мужские`, `жен.`, `для девочек`, `ерлерге`,
 * `балаларға`), in Russian and Kazakh. The category matcher takes them out of the words it matches
 * by name and compares them with the words of a directory entry's path instead: `Футболки мужские`
 * is the men's branch's T-shirts, never the kids' `Футболки`, whatever the names alone say.
 */

/** Who a text is for: a gender, and whether it is for children. Empty when the text does not say. */
export interface Demographic {
  gender?: 'female' | 'male';
  kids?: boolean;
}

type Mark = Demographic;

// Russian stems are matched as prefixes (`жен` in `женские`, `женщин`, `жен.`); Kazakh words,
// often short and close to other words (`ер` in `ерін` "lip"), only whole or with their endings.
const PREFIX_MARKS: readonly [string, Mark][] = [
  ['жен', { gender: 'female' }],
  ['дамск', { gender: 'female' }],
  ['девуш', { gender: 'female' }],
  ['муж', { gender: 'male' }],
  ['девоч', { gender: 'female', kids: true }],
  ['мальчик', { gender: 'male', kids: true }],
  ['дет', { kids: true }],
  ['ребен', { kids: true }],
  ['малыш', { kids: true }],
  ['подрост', { kids: true }],
  ['әйел', { gender: 'female' }],
  ['балалар', { kids: true }],
  ['қыздар', { gender: 'female', kids: true }],
  ['ерлер', { gender: 'male' }],
  ['ұлдар', { gender: 'male', kids: true }],
];
const WORD_MARKS: ReadonlyMap<string, Mark> = new Map([
  // A seller's shortenings of `девочек`, `мальчиков` (`Сапоги дев.`, `Кроссовки мальч.`), as whole words only: no other
  // word is spelt so, while `дев` begins `девайс` and `девиз`.
  ['дев', { gender: 'female', kids: true }],
  ['мальч', { gender: 'male', kids: true }],
  ['ер', { gender: 'male' }],
  ['ерге', { gender: 'male' }],
  ['бала', { kids: true }],
  ['балаға', { kids: true }],
  ['қыз', { gender: 'female', kids: true }],
  ['қызға', { gender: 'female', kids: true }],
  ['ұл', { gender: 'male', kids: true }],
  ['ұлға', { gender: 'male', kids: true }],
  // English marks only as whole words and their plural or possessive forms: as prefixes they were
  // brands and other words (`Boya` microphones, `Mentos`, `menthol`, `kidney`).
  ...latinForms(['woman', 'women'], { gender: 'female' }),
  ...latinForms(['man', 'men'], { gender: 'male' }),
  ...latinForms(['female'], { gender: 'female' }),
  ...latinForms(['male'], { gender: 'male' }),
  ...latinForms(['kid'], { kids: true }),
  ...latinForms(['girl'], { gender: 'female', kids: true }),
  ...latinForms(['boy'], { gender: 'male', kids: true }),
]);
// Words that start like a mark but are not one (`женьшень`, `мужество` are rare in a catalog; these are not):
// beginnings of words in any form (`детектив`, `детективы`, `детали`).
const NOT_MARK_BEGINNINGS = ['детал', 'детект', 'детокс'];

/** A word with its `s` and `'s` forms (`men`, `mens`, `men's`), each with the same mark. */
function latinForms(words: readonly string[], mark: Mark): [string, Mark][] {
  return words.flatMap((word) => [word, `${word}s`, `${word}'s`, `${word}’s`].map((form): [string, Mark] => [form, mark]));
}

/** The mark of one word (already normalised by `tokenizeForMatch`), if it is one. */
export function findDemographicMark(word: string): Demographic | undefined {
  // Most words of a file (numbers, sizes, models, most nouns) open with a letter no mark opens with: no lookup for them.
  if (!MARK_OPENERS.has(word.charAt(0))) return undefined;
  // Every directory word and label word is asked about again and again: each is read once.
  let known = MARK_OF_WORD.get(word);
  if (known === undefined) {
    known = readDemographicMark(word) ?? null;
    if (MARK_OF_WORD.size >= MAX_MARKED_WORDS) MARK_OF_WORD.clear();
    MARK_OF_WORD.set(word, known);
  }
  return known ?? undefined;
}

const MARK_OF_WORD = new Map<string, Mark | null>();
// The first letters of every mark, whole word or prefix: a word opening with another letter is none (`readDemographicMark`).
const MARK_OPENERS: ReadonlySet<string> = new Set([...WORD_MARKS.keys(), ...PREFIX_MARKS.map(([prefix]) => prefix)].map((mark) => mark.charAt(0)));
const MAX_MARKED_WORDS = 100_000;

function readDemographicMark(word: string): Mark | undefined {
  if (NOT_MARK_BEGINNINGS.some((beginning) => word.startsWith(beginning))) return undefined;
  const whole = WORD_MARKS.get(word);
  if (whole !== undefined) return whole;
  for (const [prefix, mark] of PREFIX_MARKS) {
    if (word.startsWith(prefix) && (prefix.length >= 4 || word.length <= prefix.length + 6)) return mark;
  }
  return undefined;
}

// Age words that name one age (`детские`, `для детей`, `ребенка` are children; `малышей` infants, `подростков` teenagers):
// each is a narrower kind of goods than the others (`Книги для малышей` are no `Книги для подростков`).
const AGE_KEYS: readonly [string, string][] = [
  ['дет', 'дет'],
  ['ребен', 'дет'],
  ['малыш', 'малыш'],
  ['подрост', 'подрост'],
  ['балалар', 'бала'],
];
const AGE_WORDS: ReadonlyMap<string, string> = new Map(['бала', 'балаға', 'kid', 'kids', "kid's", 'kid’s'].map((word) => [word, word.startsWith('k') ? 'kid' : 'бала']));

/** Which age a word names (one key for `детские`, `детей`, `ребенка`), or undefined for a word naming no age or a gender too (`девочек`). */
export function readAgeWord(word: string): string | undefined {
  const mark = findDemographicMark(word);
  if (mark?.kids !== true || mark.gender !== undefined) return undefined;
  return AGE_WORDS.get(word) ?? AGE_KEYS.find(([prefix]) => word.startsWith(prefix))?.[1];
}

/** The marks of several words together; a text naming both genders (`для мужчин и женщин`) says no gender. */
export function collectDemographic(words: readonly string[]): Demographic {
  const genders = new Set<'female' | 'male'>();
  let kids = false;
  for (const word of words) {
    const mark = findDemographicMark(word);
    if (mark === undefined) continue;
    if (mark.gender !== undefined) genders.add(mark.gender);
    if (mark.kids === true) kids = true;
  }
  const result: Demographic = {};
  const [gender] = [...genders];
  if (genders.size === 1 && gender !== undefined) result.gender = gender;
  if (kids) result.kids = true;
  return result;
}

/** True when the text says nothing of who it is for. */
export function isDemographicEmpty(demographic: Demographic): boolean {
  return demographic.gender === undefined && demographic.kids !== true;
}

/**
 * True when a seller's words and a directory entry's path say different people: another gender,
 * or children against an adult branch that names its gender (`Детские кеды` is not `Женская обувь / Кеды`).
 */
export function contradictsDemographic(seller: Demographic, entry: Demographic): boolean {
  if (seller.gender !== undefined && entry.gender !== undefined && seller.gender !== entry.gender) return true;
  if (seller.kids === true && entry.kids !== true && entry.gender !== undefined) return true;
  if (seller.kids !== true && seller.gender !== undefined && entry.kids === true) return true;
  return false;
}

/** The ages the words name (`readAgeWord`), one key each. */
export function readAges(words: readonly string[]): Set<string> {
  return new Set(words.map(readAgeWord).filter((age) => age !== undefined));
}

/** Whether a seller's words say an age and a directory entry's own name says others only (`для подростков` against `Книги для малышей`). */
export function saysOtherAge(sellerAges: ReadonlySet<string>, entryAges: ReadonlySet<string>): boolean {
  return entryAges.size > 0 && sellerAges.size > 0 && ![...sellerAges].some((age) => entryAges.has(age));
}

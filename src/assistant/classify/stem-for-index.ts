/**
 * The key a word is indexed and looked up by: the shared light stemmer (`stemWord`) over the word
 * with its Kazakh letters folded (sellers type `казан` for `қазан`), plus two forms it leaves apart
 * that product names use all the time: a short word's ending vowel (`мяч`/`мячи`, `шина`/`шины`)
 * and the genitive plural's fleeting vowel (`отверток`/`отвертки`, `чехол`/`чехлы`, `огурец`/`огурцы`),
 * and a short adjective's ending (`сухой`/`сухие`, `общая`/`общие`), which the shared stemmer keeps for a stem that short. A word with a letter only Kazakh has loses its plural or possessive ending
 * only (`жұмыртқалары`, `жұмыртқасы` → `жұмыртқа`; `шұлығы` → `шұлық`; `қазандар` → `қазан`), never
 * a Russian one.
 */
import { isFrontWord, readKazakhPluralNoun, readLastVowel, stemWord, suffixConsonantAfter } from '../stem-word.js';
import { foldKazakhLetters } from '../transliterate.js';

// The instrumental singular `-ом` of a noun of a three-letter stem after `за` (`Уход за лицом`, `… за телом`), which the shared
// stemmer keeps for a stem that short: the `лиц` of `Маска для лица`. Only after `за`: alone, a five-letter word in `-ом` is as
// often an adjective's prepositional (`в сухом месте`, `белом`, `новом`) or a nominative (`геном`), or an adverb (`летом`, `потом`).
const SHORT_INSTRUMENTAL = /^(\p{L}{3})ом$/u;
const INSTRUMENTAL_PREPOSITION = 'за';
const SHORT_ENDING = /^(\p{L}{3,4})[аяыиеоуюьй]$/u;
const SHORT_ADJECTIVE = /^(\p{L}{3,4})(?:ый|ий|ой|ая|яя|ое|ее|ые|ие|ую|юю|ого|его|ых|их)$/u;
const FLEETING = /^(\p{L}{3,})[ое]([клц])$/u;
// The genitive plural of a noun in `-йка` after a vowel (`батареек`, `наклеек`, `гаек`, `стоек` of `батарейка`, `наклейка`,
// `гайка`, `стойка`): its `й` became the fleeting `е`'s neighbour, so the key gives it back (`батарейк`), not `батарек`.
const FLEETING_AFTER_J = /^(\p{L}{1,}[аеоуя])ек$/u;
// A fleeting `е` after `л` is a soft one in every other form (`кошелек`/`кошелька`, `стелек`/`стелька`, `шпилек`/`шпилька`):
// the key keeps the soft sign those forms have.
const FLEETING_AFTER_SOFT_L = /^(\p{L}{2,}л)ек$/u;
// A stem the shared stemmer left ending in `-ом`/`-ем` (`альбомы` → `альбом`, `системы` → `систем`), where the
// singular itself lost it as if instrumental (`альбом` → `альб`): every form of the noun keeps the shorter key.
const NOMINATIVE_OM = /^(\p{L}{4,})[ое]м$/u;
// An adjective or participle keeps its stem (`знакомые` → `знаком`, never the `знак` of a sign): its `-ом-` is no noun's
// ending.
const ADJECTIVE_ENDING = /(?:ый|ий|ой|ая|яя|ое|ее|ые|ие|ую|юю|ого|его|ому|ему|ым|им|ых|их|ыми|ими)$/u;
// Letters only Kazakh has: a word with one is Kazakh, and its endings are Kazakh ones.
const KAZAKH_LETTER = /[әғқңөұүһі]/u;
// The plural with the possessive (`жұмыртқалары`; a bare plural the shared stemmer takes, and `дәптер` is no plural) and the possessive (`жұмыртқасы`, `шұлығы`, `ұны`) of a noun: `Тауық жұмыртқалары`
// (a leaf) and `Жұмыртқа` (a name) are one word. A voiced `ғ`/`г` before the possessive's vowel is the noun's `қ`/`к`.
const KAZAKH_PLURAL = /^(\p{L}{2,}?)(?:лар|лер|дар|дер|тар|тер)[ыі]$/u;
// A bare plural's ending (`қазандар`), as the shared stemmer tells one (`дәптер` is none).
const KAZAKH_PLURAL_ENDING = /^(?:лар|лер|дар|дер|тар|тер)$/u;
const KAZAKH_POSSESSIVE_AFTER_VOWEL = /^(\p{L}{2,}[аәеиоөұүуыіэюя])с[ыі]$/u;
const KAZAKH_POSSESSIVE_AFTER_CONSONANT = /^(\p{L}{1,}[^аәеиоөұүуыіэюя\s])[ыі]$/u;

// A catalog repeats a few thousand words over its rows: each is stemmed once (bounded, so a file of codes cannot grow it without end).
const stems = new Map<string, string>();
const MAX_REMEMBERED = 100_000;

/** A Kazakh noun without its plural or possessive ending. */
function dropKazakhEnding(word: string): string {
  const plural = KAZAKH_PLURAL.exec(word);
  if (plural !== null) return plural[1] ?? word;
  const afterVowel = KAZAKH_POSSESSIVE_AFTER_VOWEL.exec(word);
  if (afterVowel !== null) return afterVowel[1] ?? word;
  const afterConsonant = KAZAKH_POSSESSIVE_AFTER_CONSONANT.exec(word);
  if (afterConsonant === null) return word;
  const noun = afterConsonant[1] ?? word;
  return noun.replace(/ғ$/u, 'қ').replace(/г$/u, 'к');
}

/** A Kazakh noun without a bare plural ending, where the shared stemmer finds one; nothing else of it is cut. */
function dropBarePlural(word: string): string {
  const noun = readKazakhPluralNoun(word);
  if (noun !== undefined) return noun;
  const stem = stemWord(word);
  return KAZAKH_PLURAL_ENDING.test(word.slice(stem.length)) && word.startsWith(stem) ? stem : word;
}

/**
 * The index keys of a directory name's words in order (`tokenizeForMatch`'s): `stemForIndex` of each, but a short noun's
 * instrumental `-ом` right after `за` keys as its other forms (`Уход за лицом` is the `лиц` of `для лица`).
 */
export function stemNameWordsInOrder(words: readonly string[]): string[] {
  return words.map((word, at) => {
    const instrumental = words[at - 1] === INSTRUMENTAL_PREPOSITION ? SHORT_INSTRUMENTAL.exec(word) : null;
    return instrumental === null ? stemForIndex(word) : stemForIndex(instrumental[1] ?? word);
  });
}

/** The index key of one normalised word (`tokenizeForMatch` output). */
export function stemForIndex(word: string): string {
  const known = stems.get(word);
  if (known !== undefined) return known;
  const stem = readStem(word);
  if (stems.size < MAX_REMEMBERED) stems.set(word, stem);
  return stem;
}

/**
 * The key of a Russian noun's stem without a `-ом`/`-ем` left by a plural (see above). A fleeting `е` is not dropped from
 * keys (`ремень`/`ремни`, `ковер`/`ковры` stay apart): before `н` it joined `Ремень Gates 5PK1100` to the accessory leaf
 * `Ремни` of the original directory, sure and wrong (a homonym only the brand tells); before `р` it cut `триммер` off the
 * `триммерн` of `Леска триммерная` (a key that drops an inner letter is no prefix of its adjective's any more).
 */
function joinSingularAndPlural(stem: string): string {
  const nominative = NOMINATIVE_OM.exec(stem);
  return nominative === null ? stem : (nominative[1] ?? stem);
}

function readStem(word: string): string {
  // `шашқа` ("for hair") is no `шашк` of Russian `Шашки`: a Kazakh word loses Kazakh endings only, never Russian ones.
  if (KAZAKH_LETTER.test(word)) {
    const noun = dropKazakhEnding(word);
    return foldKazakhLetters(noun === word ? dropBarePlural(word) : noun);
  }
  // A loanword's Kazakh plural after a consonant or soft sign (`гельдер`) keys as its noun's endings do (`гель` → `гел`), never
  // by the Russian fleeting vowel (`жидектер`, berries, is no `жидк-` of `жидкий`). After a vowel it keeps the noun whole
  // (`батареялар`, `кеселер`): without a Kazakh letter such a noun is as likely the Russian word of other goods (radiators, `Кесе`).
  const noun = readKazakhPluralNoun(word);
  if (noun !== undefined && CONSONANT_END.test(noun)) return readEndingStem(noun);
  const stem = readRussianStem(word);
  return ADJECTIVE_ENDING.test(word) ? stem : joinSingularAndPlural(stem);
}

function readRussianStem(word: string): string {
  const afterJ = FLEETING_AFTER_J.exec(word);
  if (afterJ !== null) return `${afterJ[1] ?? ''}йк`;
  const afterSoftL = FLEETING_AFTER_SOFT_L.exec(word);
  if (afterSoftL !== null) return `${afterSoftL[1] ?? ''}ьк`;
  const fleeting = FLEETING.exec(word);
  if (fleeting !== null) return `${fleeting[1] ?? ''}${fleeting[2] ?? ''}`;
  const adjective = SHORT_ADJECTIVE.exec(word);
  if (adjective !== null) return adjective[1] ?? word;
  return readEndingStem(word);
}

/** A word without its ending: the shared stemmer's, or a short word's ending vowel. */
function readEndingStem(word: string): string {
  const stem = stemWord(word);
  if (stem !== word) return stem;
  const short = SHORT_ENDING.exec(word);
  return short === null ? word : (short[1] ?? word);
}

// A neuter noun in `-о` has its plural in `-ья` where it has one (`крыло`/`крылья`, `перо`/`перья`).
const NEUTER_O = /^\p{L}{3,}о$/u;
// A masculine noun's `-ья` plural is a closed, unproductive class that nothing in the word tells: `стул`/`стулья`, but
// `плат`/`платы` (a shawl, no `Платья`), `брус`/`брусы` (timber, no gymnastic `Брусья`), `лист`/`листы` (sheets). Only these
// nouns, whose one plural is the `-ья` one, are read so.
const MASCULINE_YA_PLURAL: ReadonlySet<string> = new Set(['стул', 'колос', 'кол', 'клин', 'лоскут', 'струп']);

/**
 * Keys a noun (normalised) may be indexed by besides its own, for a look-up that finds no leaf by its own key: the word
 * without a fleeting reading of its `-ок` (`сайлентблок`/`сайлентблоки`: a compound of `блок`, whose `о` stays), and the
 * stem of an `-ья` plural of a neuter `-о` noun or of the few masculine nouns that have one (`крыло`/`крылья`,
 * `стул`/`стулья`; not `плат`, a shawl). From the plural alone neither can be read (`платья` of `платье`, `плат` of
 * `Плата`), so the index keeps one key per word and only a look-up that found nothing tries these.
 */
export function readOtherNounKeys(word: string): string[] {
  const own = stemForIndex(word);
  const keys: string[] = [];
  if (!KAZAKH_LETTER.test(word) && !ADJECTIVE_ENDING.test(word)) {
    if (FLEETING.test(word)) keys.push(word);
    if (NEUTER_O.test(word) || MASCULINE_YA_PLURAL.has(word)) keys.push(`${own}ь`);
  }
  keys.push(...readKazakhLemmaKeys(word));
  return [...new Set(keys)].filter((key) => key !== own);
}

const CONSONANT_END = /[^аоұыуяёеәөүіиэю]$/u;
// A Kazakh word's endings follow its last vowel (`readLastVowel`, `isFrontWord` of the shared stemmer).
const VOWEL_END = /[аоұыуяёеәөүіиэ]$/u;
// The possessive after a vowel (`футболка-сы`, `сөмке-сі`) and after a consonant (`шұлығ-ы`, `кагаз-ы`), as typed too (`-си`, `-и`).
const POSSESSIVE_AFTER_VOWEL = /^(\p{L}{3,})с([ыіи])$/u;
const POSSESSIVE_AFTER_CONSONANT = /^(\p{L}{2,}[^аоұыуяёеәөүіиэьъй])([ыіи])$/u;
// A word that already ends in a plural: its own key is its noun's (`шегелер` → `шеге`).
const PLURAL_END = /(?:лар|лер|дар|дер|тар|тер)$/u;

/** Whether an ending vowel agrees with the vowels before it: `ы` after a back word, `і` (typed `и`) after a front one. */
function agreesInHarmony(stem: string, ending: string): boolean {
  if (readLastVowel(stem) === undefined) return false;
  return isFrontWord(stem) === (ending !== 'ы');
}

/** The Kazakh plural of a noun, by its last vowel and last letter (`шеге` → `шегелер`, `қалам` → `қаламдар`, `кітап` → `кітаптар`). */
function pluralOf(noun: string): string {
  return `${noun}${suffixConsonantAfter(noun)}${isFrontWord(noun) ? 'ер' : 'ар'}`;
}

/** The Kazakh adjective "with the noun" (`ылғал` → `ылғалды`, moist; `тұз` → `тұзды`), by the same rules; a typed `і` is `и`. */
function adjectiveOf(noun: string): string {
  return `${noun}${suffixConsonantAfter(noun)}${isFrontWord(noun) ? (KAZAKH_LETTER.test(noun) ? 'і' : 'и') : 'ы'}`;
}

/**
 * The nouns a word may be in Kazakh: itself (`шеге`, `сүлгі`), without the possessive after a vowel (`футболкасы` →
 * `футболка`), or after a consonant with the voiced last consonant made voiceless again (`шулыгы` → `шулык`, `кагазы` →
 * `кагаз`). Only endings whose vowel agrees with the word's are read (`колбасы` is no front word's possessive; `часы`
 * leaves no noun).
 */
function readKazakhNouns(word: string): string[] {
  if (PLURAL_END.test(word) || word.length < 3) return [];
  const nouns = [word];
  const afterVowel = POSSESSIVE_AFTER_VOWEL.exec(word);
  if (afterVowel !== null && VOWEL_END.test(afterVowel[1] ?? '') && agreesInHarmony(afterVowel[1] ?? '', afterVowel[2] ?? '')) nouns.push(afterVowel[1] ?? '');
  const afterConsonant = POSSESSIVE_AFTER_CONSONANT.exec(word);
  if (afterConsonant !== null && agreesInHarmony(afterConsonant[1] ?? '', afterConsonant[2] ?? '')) {
    const noun = afterConsonant[1] ?? '';
    nouns.push(noun.replace(/ғ$/u, 'қ').replace(/г$/u, 'к'), noun);
  }
  return nouns;
}

/**
 * The keys a word has if it is a Kazakh noun, for a look-up whose own key names no leaf: the key of each noun's Kazakh plural,
 * which is how the directory's Kazakh names say it (`шеге` → the key of `Шегелер`; `сүлгі`, read as a possessive by its own
 * key, → that of `Қағаз сүлгілер`), then the noun's own key (`футболкасы` → `футболка` → the key of Russian `Футболки`), then
 * the key of the word's adjective "with it" (`ылғал` → that of `Ылғалды майлықтар`).
 * A Russian word whose own key names a leaf never comes here (`часы`, `свитер`, `колбасы` keep theirs); a Russian adjective
 * is no Kazakh noun; and a word without a Kazakh letter is read only by its possessive (`футболкасы`, `шулыгы`), the plural's
 * key of the noun left, never as a bare noun or its adjective.
 */
function readKazakhLemmaKeys(word: string): string[] {
  const kazakh = KAZAKH_LETTER.test(word);
  if (!kazakh && ADJECTIVE_ENDING.test(word)) return [];
  // Without a Kazakh letter, only a Kazakh ending says the word is Kazakh: the word itself is the Russian one it looks like
  // (`духовка` and `батарея` are no readings of `Духовкалар`, `Батареялар`; `кесе`, `таба` are left to the seller).
  const nouns = kazakh ? readKazakhNouns(word) : readKazakhNouns(word).slice(1);
  if (!kazakh) return nouns.map((noun) => stemForIndex(pluralOf(noun)));
  // Last, the noun's adjective: a Kazakh name says `Ылғалды майлықтар` (moist wipes) where a seller writes the noun (`ылғал майлықтар`).
  return [...nouns.map((noun) => stemForIndex(pluralOf(noun))), ...nouns.slice(1).map(stemForIndex), ...nouns.slice(0, 1).map((noun) => stemForIndex(adjectiveOf(noun)))];
}

/**
 * Whether a word of a leaf's Kazakh name keys only the masculine singular of its Russian `-ья` plural, a noun the closed list
 * above does not hold: `Брустар` (Kazakh for the gymnastic `Брусья`) is a plural of the loan `брус`, and by it the timber
 * `Брус 100х100` met that leaf, sure and wrong. A masculine singular meets an `-ья` plural leaf only through the list.
 */
export function isUnlistedSingularOfYaPlural(kazakhWord: string, russianWords: readonly string[]): boolean {
  const stem = stemForIndex(kazakhWord);
  return !MASCULINE_YA_PLURAL.has(stem) && russianWords.some((word) => word.endsWith('ья') && stemForIndex(word) === `${stem}ь`);
}

// `Витамин Д` and `Витамин D`: a letter naming a kind is one key in either script.
const LETTER_KEYS: Readonly<Record<string, string>> = { а: 'a', б: 'b', в: 'b', с: 'c', д: 'd', е: 'e', к: 'k' };

// One letter, or the same letter up to three times (`АА`, `AAA`, `BB`): a size or kind code.
const KIND_LETTERS = /^(\p{L})\1{0,2}$/u;

/** The key of a word of one letter (or one letter repeated) that names a kind after a noun (`c` of `Витамин C`, `d` of `Витамин Д`, `aaa` of `Аккумулятор ААА`), or undefined for any other word. */
export function readKindLetter(word: string): string | undefined {
  if (!KIND_LETTERS.test(word)) return undefined;
  return Array.from(word, (letter) => LETTER_KEYS[letter] ?? letter).join('');
}


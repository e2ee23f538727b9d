/**
 * What a directory name says the leaf is, and what it says it is for. Russian names put the thing
 * first and its use after a preposition (`Чехлы` | `для смартфонов`); Kazakh names put the use first
 * and the thing last (`Ноутбук тұғырлары` are stands; `Ерлерге арналған` | `футболкалар`).
 */

// `и` lists (`Аккумуляторы АА и ААА`, `Сухофрукты и орехи`), in Russian, Kazakh and English, and comma lists.
const LIST_SEPARATOR = /\s+(?:и|мен|пен|бен|және|and|&)\s+|\s*,\s*/;

const PREPOSITIONS = new Set(['для', 'в', 'во', 'на', 'с', 'со', 'из', 'от', 'под', 'по', 'к', 'без', 'при', 'за', 'for', 'with', 'of']);
const LINKS = new Set(['и', 'мен', 'пен', 'бен', 'және', 'and', 'арналған']);

/** The head words (what it is) and the purpose words (what for) of a tokenized name. */
export function splitNamePhrase(tokens: readonly string[], language: 'rus' | 'kaz', headAdjectivesLast = false): { head: string[]; purpose: string[] } {
  const kazakh = tokens.indexOf('арналған');
  if (kazakh >= 0) return { head: tokens.slice(kazakh + 1).filter(isWord), purpose: tokens.slice(0, kazakh).filter(isWord) };
  const first = tokens.findIndex((token) => PREPOSITIONS.has(token));
  // `Скобы для степлера офисные`: an adjective in the nominative after a `для` phrase is the head's, not the purpose's.
  // Read so for the classifier's index of leaf names (`headAdjectivesLast`); a seller's label keeps the words where they were.
  const trailing = headAdjectivesLast && first > 0 && tokens[first] === 'для' ? countHeadAdjectivesAtEnd(tokens, first + 2) : 0;
  const head = [...(first > 0 ? tokens.slice(0, first) : [...tokens]), ...tokens.slice(tokens.length - trailing)].filter(isWord);
  const purpose = (first > 0 ? tokens.slice(first + 1, tokens.length - trailing) : []).filter(isWord);
  if (language === 'kaz' && head.length >= 2) return { head: head.slice(-1), purpose: [...head.slice(0, -1), ...purpose] };
  return { head, purpose };
}

/** The parts of a name that lists kinds (`Аккумуляторы АА и ААА` → `Аккумуляторы АА`, `ААА`), blanks left out. */
export function splitListName(name: string): string[] {
  return name.split(LIST_SEPARATOR).filter((part) => part.trim() !== '');
}

/**
 * The purpose an `и` list name's parts share (`Мази и парафины для лыж`: the ointments are for skis too): the words after
 * the last part's preposition, for every part that says none of its own; undefined where the list itself follows a
 * preposition (`Средства для плит и духовок`: a list of uses, not of things) or is no list. The one reading of list names,
 * for the classifier's index and the label matcher alike.
 */
export function readSharedPurpose(parts: readonly string[], language: 'rus' | 'kaz', tokenize: (text: string) => string[]): string[] | undefined {
  if (parts.length < 2 || splitNamePhrase(tokenize(parts[0] ?? ''), language).purpose.length > 0) return undefined;
  return splitNamePhrase(tokenize(parts[parts.length - 1] ?? ''), language).purpose;
}

// The nominative endings of an adjective (`офисные`, `детская`, `ручной` is left out: `-ой` is a genitive too). A word after
// `для` is in the genitive, so one of these endings agrees with the head, never with the purpose (`для рисования детские`).
const NOMINATIVE_ADJECTIVE = /\p{L}{3}(?:ые|ие|ая|яя|ое|ее|ый)$/u;

// The adjective endings that agree with a noun by its ending: plural, feminine, neuter, masculine.
const AGREEMENT: readonly (readonly [RegExp, RegExp])[] = [
  [/[ыи]$/u, /(?:ые|ие)$/u],
  [/[ая]$/u, /(?:ая|яя)$/u],
  [/[оеё]$/u, /(?:ое|ее)$/u],
  [/[^аеёиоуыэюяь]$/u, /ый$/u],
];

/**
 * Whether a word after a `для` purpose is an adjective in the nominative that agrees with the head noun `head` by its
 * ending (`офисные` of `Скобы для степлера офисные`; not `водоотталкивающие` of `Пропитка для обуви …`): a word of the head
 * the name puts last.
 */
export function isHeadAdjectiveAfterPurpose(word: string, head: string): boolean {
  if (!NOMINATIVE_ADJECTIVE.test(word)) return false;
  const rule = AGREEMENT.find(([noun]) => noun.test(head));
  return rule !== undefined && rule[1].test(word);
}

/** How many words at the end of `tokens`, from `from` on, are the head's adjectives after its purpose (`офисные`). */
function countHeadAdjectivesAtEnd(tokens: readonly string[], from: number): number {
  const head = tokens[0] ?? '';
  let count = 0;
  while (tokens.length - count - 1 >= from && isHeadAdjectiveAfterPurpose(tokens[tokens.length - count - 1] ?? '', head)) count++;
  return count;
}

function isWord(token: string): boolean {
  return !PREPOSITIONS.has(token) && !LINKS.has(token);
}

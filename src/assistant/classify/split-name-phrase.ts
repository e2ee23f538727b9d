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
export function splitNamePhrase(tokens: readonly string[], language: 'rus' | 'kaz'): { head: string[]; purpose: string[] } {
  const kazakh = tokens.indexOf('арналған');
  if (kazakh >= 0) return { head: tokens.slice(kazakh + 1).filter(isWord), purpose: tokens.slice(0, kazakh).filter(isWord) };
  const first = tokens.findIndex((token) => PREPOSITIONS.has(token));
  const head = (first > 0 ? tokens.slice(0, first) : [...tokens]).filter(isWord);
  const purpose = (first > 0 ? tokens.slice(first + 1) : []).filter(isWord);
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

function isWord(token: string): boolean {
  return !PREPOSITIONS.has(token) && !LINKS.has(token);
}

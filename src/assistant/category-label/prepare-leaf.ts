import type { Category } from '../../domain/index.js';
import { buildCategoryPath, type DirectoryIndex } from '../../mapping/directory-index.js';
import { readSharedPurpose, splitListName, splitNamePhrase } from '../classify/split-name-phrase.js';
import { isUnlistedSingularOfYaPlural } from '../classify/stem-for-index.js';
import { collectDemographic, type Demographic, findDemographicMark, readAges } from '../demographic-words.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import { PREPOSITIONS, splitHead, STOP_WORDS } from './label-text.js';

export interface Variant {
  words: string[];
  /** Words before the first preposition (`Чехлы` of `Чехлы для телефонов`): what the entry is. */
  head: string[];
  /** The whole name (not a part of an `и` list). */
  full: boolean;
  language: 'rus' | 'kaz';
}

export interface PreparedLeaf {
  category: Category;
  key: string;
  label: string;
  variants: Variant[];
  /** Words of the parent levels and of the names, for the seller's parent path. */
  pathWords: string[];
  rootKey: string;
  groupKey: string;
  demographic: Demographic;
  /** What the leaf's own name says (`Детская косметика`), apart from its path. */
  nameDemographic: Demographic;
  /** What the levels above the leaf say, Russian and Kazakh (`Детские книги: дополнительно`, `Одежда для девочек`), apart from its name. */
  pathDemographic: Demographic;
  /** The ages the leaf's own names say (`readAgeWord`): `Книги для малышей` is not for teenagers. */
  nameAges: ReadonlySet<string>;
  /** The leaf's place among the matcher's leaves by `label` (`localeCompare`, equal labels one place): the last tie-break of a ranking, compared as a number. */
  labelOrder: number;
}

/**
 * What a directory name says the leaf is. A Kazakh name puts it last, after the words that qualify it
 * (`Ноутбук тұғырлары` are stands, `Сноуборд етіктері` boots): a seller's `Ноутбук` or `Сноуборд`
 * is not held among its words, as it would be if every word were the thing.
 */
function splitNameHead(tokens: readonly string[], language: 'rus' | 'kaz'): string[] {
  const head = splitHead(tokens).filter(isNameWord);
  if (language === 'rus' || tokens.includes('арналған') || head.length < 2) return head;
  return head.slice(-1);
}

/** A word a name is matched by: no stop word, no word saying whom it is for (the leaf's demographic holds those). */
function isNameWord(word: string): boolean {
  return !STOP_WORDS.has(word) && findDemographicMark(word) === undefined;
}

/**
 * The parts of a directory name listing things (`Футболки и поло`, `Головные уборы и текстиль`); none for a name of one
 * thing or a list after a preposition (`Средства для плит и духовок`: a list of uses, `духовок` is no name of it).
 */
export function splitThingsList(name: string): string[] {
  const parts = splitListName(name);
  return parts.length > 1 && !tokenizeForMatch(parts[0] ?? '').some((token) => PREPOSITIONS.has(token)) ? parts : [];
}

/** Prepares a leaf once: its names whole and by the parts of a list name, its path words, whom it is for. */
export function prepareLeaf(category: Category, index: DirectoryIndex): PreparedLeaf {
  const pathRus = buildCategoryPath(category, index.categoryById);
  const pathKaz = category.path?.kaz ?? '';
  const variants: Variant[] = [];
  const rusWords = tokenizeForMatch(category.name.rus);
  for (const [language, name] of [['rus', category.name.rus], ['kaz', category.name.kaz]] as const) {
    if (name.trim() === '') continue;
    const tokens = language === 'rus' ? rusWords : tokenizeForMatch(name).filter((word) => !isUnlistedSingularOfYaPlural(word, rusWords));
    if (tokens.length === 0) continue;
    variants.push({ words: tokens.filter(isNameWord), head: splitNameHead(tokens, language), full: true, language });
    const parts = splitThingsList(name);
    // `Мази и парафины для лыж`: a part without a purpose of its own has the list's (the ointments are for skis too).
    if (parts.length > 0) {
      const shared = readSharedPurpose(parts, language, tokenizeForMatch) ?? [];
      for (const part of parts) {
        const partTokens = tokenizeForMatch(part);
        const purpose = splitNamePhrase(partTokens, language).purpose.length === 0 ? shared : [];
        variants.push({ words: [...partTokens, ...purpose].filter(isNameWord), head: splitNameHead(partTokens, language), full: false, language });
      }
    }
  }
  const ancestors = [...pathRus.split(' / ').slice(0, -1), ...(pathKaz === '' ? [] : pathKaz.split(' / ').slice(0, -1))];
  const ancestorTokens = ancestors.flatMap((segment) => tokenizeForMatch(segment));
  const nameTokens = [...tokenizeForMatch(category.name.rus), ...tokenizeForMatch(category.name.kaz)];
  const rusSegments = pathRus.split(' / ');
  return {
    category,
    key: String(category.id),
    label: `${pathRus} [${category.id}]${pathKaz === '' ? '' : ` (${pathKaz})`}`,
    variants,
    pathWords: [...new Set([...ancestorTokens, ...nameTokens])].filter((word) => !STOP_WORDS.has(word)),
    rootKey: rusSegments[0] ?? '',
    groupKey: rusSegments.slice(0, -1).join(' / '),
    demographic: collectDemographic([...ancestorTokens, ...nameTokens]),
    nameDemographic: collectDemographic(nameTokens),
    pathDemographic: collectDemographic(ancestorTokens),
    nameAges: readAges(nameTokens),
    labelOrder: 0,
  };
}

/** Numbers the leaves by label as `localeCompare` orders them, equal labels alike (set up once, where each ranking compared labels as text). */
export function numberLeavesByLabel(leaves: readonly PreparedLeaf[]): void {
  const sorted = [...leaves].sort((a, b) => a.label.localeCompare(b.label));
  sorted.forEach((leaf, i) => {
    const previous = sorted[i - 1];
    leaf.labelOrder = previous === undefined ? 0 : previous.labelOrder + (previous.label.localeCompare(leaf.label) === 0 ? 0 : 1);
  });
}

/** The names of the levels above a leaf, Russian and Kazakh. */
export function listBranchNames(category: Category, index: DirectoryIndex): string[] {
  const names: string[] = [];
  const rus = buildCategoryPath(category, index.categoryById).split(' / ').slice(0, -1);
  const kaz = (category.path?.kaz ?? '').split(' / ').slice(0, -1);
  names.push(...rus, ...kaz.filter((name) => name !== ''));
  return names;
}

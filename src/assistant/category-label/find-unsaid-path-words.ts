import type { IndexedLeaf } from '../classify/classifier-types.js';
import { readParentPath, readTopSection } from '../classify/file-sections.js';
import { readPathQualifiers, saysPathQualifier } from '../classify/path-qualifiers.js';
import { stemForIndex } from '../classify/stem-for-index.js';
import { collectDemographic, contradictsDemographic, type Demographic, findDemographicMark, isDemographicEmpty } from '../demographic-words.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import { ADJECTIVE, readLabelNouns } from '../read-label-kinds.js';
import { STOP_WORDS } from './label-text.js';

/**
 * `Сапоги резиновые` against `Детская обувь / Резиновые сапоги`, `Рубашки и блузки` against the women's `Блузки и рубашки`:
 * the leaf's parent branch says whom the goods are for and the label does not, and another branch of the same kind has a
 * leaf named by the label's words alone, for other people (`Женская обувь / Сапоги`, `Мужская одежда / Рубашки`). Which
 * of them the seller means, the label does not tell.
 */
export function findUnsaidPathQualifier(leaf: IndexedLeaf, leaves: Iterable<IndexedLeaf>, head: string, said: string, productDemographic: Demographic): { qualifier: string; rival: string } | undefined {
  const levels = leaf.path.split(' / ');
  const parentTokens = tokenizeForMatch(levels[levels.length - 2] ?? '').filter((word) => !STOP_WORDS.has(word));
  // Whom for (`Детская`, `Женская`): a grouping's adjective (`Крупная бытовая`, `Командные виды`) sorts kinds, it narrows none.
  const parentWords = parentTokens.filter((word) => ADJECTIVE.test(word) && findDemographicMark(word) !== undefined);
  // What the branch is (`обувь` of `Детская обувь`): a rival branch is another kind of it (`Женская обувь`).
  const branchNouns = new Set(parentTokens.filter((word) => !ADJECTIVE.test(word)).map(stemForIndex));
  if (levels.length < 3 || parentWords.length === 0 || branchNouns.size === 0) return undefined;
  const saidWords = tokenizeForMatch(said);
  const saidStems = new Set(saidWords.map(stemForIndex));
  // Whom the label says the goods are for or, failing that, its product names (`Футболка для мальчика`).
  const labelDemographic = collectDemographic(saidWords);
  const saidDemographic = isDemographicEmpty(labelDemographic) ? productDemographic : labelDemographic;
  const unsaid = parentWords.filter((word) => !saidStems.has(stemForIndex(word)) && (isDemographicEmpty(saidDemographic) || contradictsDemographic(saidDemographic, findDemographicMark(word) ?? {})));
  const nouns = new Set(readLabelNouns(head));
  if (unsaid.length === 0 || nouns.size === 0) return undefined;
  const parent = readParentPath(leaf.path);
  const unsaidStems = new Set(unsaid.map(stemForIndex));
  const labelStems = new Set(tokenizeForMatch(head).map(stemForIndex));
  // Adults' goods are the default: a bare `Платья` is the women's, not the girls', but `Сапоги резиновые` no children's boots.
  const adultsOnly = unsaid.every((word) => findDemographicMark(word)?.gender !== undefined && findDemographicMark(word)?.kids !== true);
  for (const other of leaves) {
    if (other === leaf || readParentPath(other.path) === parent || readTopSection(other.path) !== levels[0] || (adultsOnly && other.demographic.kids === true)) continue;
    const otherBranch = tokenizeForMatch(readParentPath(other.path).split(' / ').pop() ?? '').map(stemForIndex);
    if (!otherBranch.some((stem) => branchNouns.has(stem)) || tokenizeForMatch(readParentPath(other.path)).some((word) => unsaidStems.has(stemForIndex(word)))) continue;
    if (other.names.some((name) => name.language === 'rus' && name.head.some((stem) => nouns.has(stem)) && [...name.head, ...name.purpose].every((stem) => labelStems.has(stem)))) return { qualifier: unsaid.join(' '), rival: `"${other.path}"` };
  }
  return undefined;
}

/**
 * `Жилеты`, `Мужские жилеты`, `Жилеты утепленные` against `Одежда / Национальная одежда / Жилеты`, where the section sorts
 * `одежда` by whom it is for (`Женская одежда`, `Мужская одежда`): a branch that narrows the section's goods by a kind
 * instead (`национальная`, `спортивная`) holds only that kind of the leaf's goods, and the directory may lack a leaf for
 * the plain ones. A label whose words, seller path and product names do not say that kind is a question, rival leaf or
 * none. A leaf whose own name says a kind of its own (`Беговые кроссовки`) is matched by that word, not by its branch.
 */
export function findUnsaidKindBranch(leaf: IndexedLeaf, peopleBranches: ReadonlyMap<string, ReadonlySet<string>>, said: string): { qualifier: string; noun: string; section: string } | undefined {
  const levels = leaf.path.split(' / ');
  const section = levels[0] ?? '';
  const nouns = peopleBranches.get(section);
  if (levels.length < 3 || nouns === undefined || tokenizeForMatch(levels[levels.length - 1] ?? '').some((word) => ADJECTIVE.test(word))) return undefined;
  const parentWords = tokenizeForMatch(levels[levels.length - 2] ?? '');
  const noun = parentWords.find((word) => !ADJECTIVE.test(word) && nouns.has(stemForIndex(word)));
  if (noun === undefined || parentWords.some((word) => findDemographicMark(word) !== undefined)) return undefined;
  const saidStems = new Set(tokenizeForMatch(said).map(stemForIndex));
  const unsaid = readPathQualifiers(leaf).filter((qualifier) => qualifier.mark === undefined && parentWords.includes(qualifier.word) && !saysPathQualifier(qualifier, {}, saidStems));
  return unsaid.length === 0 ? undefined : { qualifier: unsaid.map((qualifier) => qualifier.word).join(' '), noun, section: `"${section}"` };
}

/** Per top-level section, the nouns of its branches that say whom their goods are for (`одежда` of `Женская одежда`). */
export function collectPeopleBranchNouns(leaves: Iterable<IndexedLeaf>): Map<string, Set<string>> {
  const bySection = new Map<string, Set<string>>();
  for (const leaf of leaves) {
    const [section, branch] = leaf.path.split(' / ');
    const words = tokenizeForMatch(branch ?? '');
    if (section === undefined || !words.some((word) => findDemographicMark(word) !== undefined)) continue;
    const nouns = bySection.get(section) ?? new Set<string>();
    for (const word of words) if (!ADJECTIVE.test(word) && !STOP_WORDS.has(word) && findDemographicMark(word) === undefined) nouns.add(stemForIndex(word));
    bySection.set(section, nouns);
  }
  return bySection;
}

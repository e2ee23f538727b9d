import type { Category } from '../../domain/index.js';
import type { DirectoryIndex } from '../../mapping/directory-index.js';
import { stemForIndex } from '../classify/stem-for-index.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import { findUnheldKinds, type LabelMember, type LevelNames, namesEveryKind, namesMember, readLabelKinds, readLabelMembers, readNameHeads, readSlashList } from '../read-label-kinds.js';
import { readLabelHead } from './label-text.js';
import { listBranchNames } from './prepare-leaf.js';

/** Reads a label as a list of kinds against one directory (`createListLabelReader`). */
export interface ListLabelReader {
  /**
   * The label with a slash that lists kinds written as a comma (`readSlashList`): a slash before a word in lower case or
   * after a leaf's own name, a slash beside a section or group name left.
   */
  readSlashList(text: string): string;
  /** How many kinds the label lists when it lists two or more and the leaf's name is no list holding every one; else 0. */
  countUnheldKinds(text: string, leaf: Category): number;
  /**
   * The other leaves naming a kind the label lists that the leaf's name does not hold (`Отбеливатели` beside `Пятновыводители`
   * for `Пятновыводители и отбеливатели`): with them the label is a choice, never the one leaf. None for a label naming one kind.
   */
  findListRivals(text: string, leaf: Category): Category[];
}

// The readings of a directory's names, per index: the slash-list reading and the names' confirmation each make a reader.
const levelNames = new WeakMap<DirectoryIndex, LevelNames>();
const leavesByHead = new WeakMap<DirectoryIndex, Map<string, Category[]>>();

/** The list reading of labels against a directory, its section, group and leaf names read once per directory. */
export function createListLabelReader(index: DirectoryIndex): ListLabelReader {
  let levels: LevelNames | undefined;
  let byHead: Map<string, Category[]> | undefined;
  const read = (text: string): string => {
    if (levels === undefined) levelNames.set(index, (levels = levelNames.get(index) ?? readLevelNames(index)));
    return readSlashList(text, levels);
  };
  const namesOf = (leaf: Category): string[] => [leaf.name.rus, leaf.name.kaz ?? ''];
  return {
    readSlashList: read,
    countUnheldKinds(text, leaf) {
      const kinds = readLabelKinds(readLabelHead(read(text)));
      return kinds.length < 2 || namesEveryKind(kinds, namesOf(leaf)) ? 0 : kinds.length;
    },
    findListRivals(text, leaf) {
      const head = readLabelHead(read(text));
      const kinds = readLabelKinds(head);
      if (kinds.length < 2 || namesEveryKind(kinds, namesOf(leaf))) return [];
      if (byHead === undefined) leavesByHead.set(index, (byHead = leavesByHead.get(index) ?? collectLeavesByHead(index)));
      const members = readLabelMembers(head);
      const rivals = new Set<Category>();
      for (const at of findUnnamedKinds(kinds, members, leaf)) {
        const member = members[at];
        if (member === undefined) continue;
        const named = (other: Category): boolean => other !== leaf && (namesMember(member, other.name.rus) || namesMember(member, other.name.kaz ?? '', 'kaz'));
        for (const stem of member.nouns) for (const other of byHead.get(stem) ?? []) if (named(other)) rivals.add(other);
        // `аккум.` of `Батар. и аккум.`: a kind the seller cut short is every leaf whose head it begins.
        for (const other of findCutKindLeaves(member, head, byHead)) if (other !== leaf) rivals.add(other);
      }
      return [...rivals];
    },
  };
}

/**
 * The positions of the kinds a leaf's names do not hold (`findUnheldKinds`), and of those whose head they hold without the
 * complement that says which: `Галогенные лампы` holds the `лампы` of `Лампы накаливания и галогенные`, not its
 * `лампы накаливания`, which `Лампы накаливания` names.
 */
function findUnnamedKinds(kinds: readonly (readonly string[])[], members: readonly LabelMember[], leaf: Category): number[] {
  const unheld = new Set(findUnheldKinds(kinds, [leaf.name.rus, leaf.name.kaz ?? '']));
  members.forEach((member, at) => {
    if (member.purpose.length > 0 && !namesMember(member, leaf.name.rus) && !namesMember(member, leaf.name.kaz ?? '', 'kaz')) unheld.add(at);
  });
  return [...unheld].sort((a, b) => a - b);
}

/** The directory's section and group names, and its leaves' own names, as a label's levels are compared with them. */
function readLevelNames(index: DirectoryIndex): LevelNames {
  const leafIds = (category: Category): boolean => !index.nonLeafIds.has(category.id);
  const branches = new Set(index.directories.categories.flatMap((category) => listBranchNames(category, index)).map((name) => tokenizeForMatch(name).join(' ')));
  const stemKey = (text: string): string => tokenizeForMatch(text).map(stemForIndex).join(' ');
  const leafNames = new Set(index.directories.categories.filter(leafIds).flatMap((leaf) => [leaf.name.rus, leaf.name.kaz ?? '']).filter((name) => name !== '').map(stemKey));
  return { isBranchName: (level) => branches.has(tokenizeForMatch(level).join(' ')), isLeafName: (level) => leafNames.has(stemKey(level)) };
}

/** The leaves by each head stem of their names' parts, Russian and Kazakh (`полотенц` → `Бумажные полотенца`, `Полотенца`). */
function collectLeavesByHead(index: DirectoryIndex): Map<string, Category[]> {
  const byHead = new Map<string, Category[]>();
  for (const leaf of index.directories.categories) {
    if (index.nonLeafIds.has(leaf.id)) continue;
    const heads = new Set([...readNameHeads(leaf.name.rus), ...readNameHeads(leaf.name.kaz ?? '', 'kaz')]);
    for (const stem of heads) byHead.set(stem, [...(byHead.get(stem) ?? []), leaf]);
  }
  return byHead;
}

// A cut word keeps this many letters at least to be read as the beginning of a head (`акк.`, `батар.`).
const MIN_CUT_WORD = 3;

/** The leaves whose head begins a noun of the member that the label writes cut short, with a dot (`аккум.`). */
function findCutKindLeaves(member: LabelMember, head: string, byHead: ReadonlyMap<string, Category[]>): Category[] {
  const cut = new Set([...head.toLowerCase().matchAll(/(\p{L}+)\./gu)].map((found) => found[1] ?? '').filter((word) => word.length >= MIN_CUT_WORD).map(stemForIndex));
  const beginnings = member.nouns.filter((stem) => cut.has(stem));
  if (beginnings.length === 0) return [];
  const found: Category[] = [];
  for (const [stem, leaves] of byHead) if (beginnings.some((beginning) => stem.startsWith(beginning) && stem !== beginning)) found.push(...leaves.filter((leaf) => member.purpose.every((word) => tokenizeForMatch(leaf.name.rus).map(stemForIndex).includes(word))));
  return found;
}

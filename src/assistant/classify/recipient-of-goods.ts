/**
 * Whom the goods are for, as the directory sorts them: a level of goods in general for someone (`Зоотовары / Товары для
 * собак`, `Детские товары / Товары для малышей`) names a recipient, read from the directory, never from a list. A name that
 * says one after `для` (`Шлейка для собак`, `Спрей от блох д/кошек`; a cut or an initial, `д/кош`, `д/с`, when it opens one
 * recipient only) is goods for it: a leaf of another top-level section than every level for it (`Сухие шампуни` of beauty
 * for `Сухой шампунь для животных`), or one whose own name says another recipient (`Влажные корма для кошек` for `Влажный
 * корм д/с`), is then another recipient's twin of the goods, never a sure pick nor a line a group's one `yes` takes.
 */
import { findDemographicMark } from '../demographic-words.js';
import { tokenizeForMatch } from '../normalize-for-match.js';
import type { ClassifierIndex, IndexedLeaf } from './classifier-types.js';
import { readTopSection } from './file-sections.js';
import { stemForIndex } from './stem-for-index.js';

/** A recipient the name says that the best leaf is not for. */
export interface OtherRecipient {
  /** The recipient as the directory writes it (`собак`). */
  word: string;
  /** A level of the directory for it (`Зоотовары / Товары для собак`). */
  level: string;
}

/** One recipient of the directory: its word as written and the levels (paths) of goods for it. */
interface Recipient {
  word: string;
  levels: Set<string>;
  sections: Set<string>;
}

const recipientsOf = new WeakMap<ClassifierIndex, Map<string, Recipient>>();

/**
 * Stem → recipient, from every level below a top-level section whose name is a word for goods in general (`groupStems`,
 * `Товары`) followed by `для` and one word that is no word for people, read once per index.
 */
function readRecipients(index: ClassifierIndex, groupStems: ReadonlySet<string>): Map<string, Recipient> {
  let found = recipientsOf.get(index);
  if (found !== undefined) return found;
  found = new Map();
  for (const leaf of index.leaves) {
    const levels = leaf.path.split(' / ');
    for (let depth = 1; depth < levels.length - 1; depth += 1) {
      const [goods, preposition, ...whom] = tokenizeForMatch(levels[depth] ?? '');
      if (goods === undefined || preposition !== 'для' || whom.length !== 1 || !groupStems.has(stemForIndex(goods))) continue;
      const word = whom[0] ?? '';
      // `Товары для малышей`: people the demographic words read (`demographic-words.ts`), which the index keeps out of a leaf's words.
      if (findDemographicMark(word) !== undefined) continue;
      const recipient = found.get(stemForIndex(word)) ?? { word, levels: new Set<string>(), sections: new Set<string>() };
      recipient.levels.add(levels.slice(0, depth + 1).join(' / '));
      recipient.sections.add(readTopSection(leaf.path));
      found.set(stemForIndex(word), recipient);
    }
  }
  recipientsOf.set(index, found);
  return found;
}

/**
 * The recipient a word after `для` is: one of the same stem, or the one recipient (of all) whose word the word opens, when it
 * is cut short (`кош`, `с`).
 */
function readRecipient(recipients: ReadonlyMap<string, Recipient>, word: string): [string, Recipient] | undefined {
  const stem = stemForIndex(word);
  const same = recipients.get(stem);
  if (same !== undefined) return [stem, same];
  const opened = [...recipients].filter(([, recipient]) => recipient.word.length > word.length && recipient.word.startsWith(word));
  return opened.length === 1 ? opened[0] : undefined;
}

/**
 * The first recipient the name says (`tokens`, as the type reader writes `для`) that the best leaf is not for: the leaf does
 * not explain it (`explains`, by the recipient's stem and word), and the leaf is of a top-level section with no level for it,
 * or the leaf's own name says another recipient. Undefined where the name says none or the leaf may be for it (`Миски` of
 * `Товары для животных` for `Миска для собак`).
 */
export function findOtherRecipient(index: ClassifierIndex, groupStems: ReadonlySet<string>, tokens: readonly string[], best: IndexedLeaf, explains: (stem: string, word: string) => boolean): OtherRecipient | undefined {
  if (!tokens.includes(FOR)) return undefined;
  const recipients = readRecipients(index, groupStems);
  const section = readTopSection(best.path);
  const namesOther = (stem: string): boolean => best.names.some((name) => name.purpose.some((own) => own !== stem && recipients.has(own)));
  for (let at = 0; at < tokens.length - 1; at += 1) {
    if (tokens[at] !== FOR) continue;
    const said = readRecipient(recipients, tokens[at + 1] ?? '');
    if (said === undefined) continue;
    const [stem, recipient] = said;
    if (explains(stem, recipient.word) || (recipient.sections.has(section) && !namesOther(stem))) continue;
    return { word: recipient.word, level: [...recipient.levels][0] ?? '' };
  }
  return undefined;
}

const FOR = 'для';

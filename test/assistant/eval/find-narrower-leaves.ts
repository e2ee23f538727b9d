/**
 * Lists every evaluation label for which the marketplace-sized directory has a leaf naming exactly the
 * label's goods, narrower than (or instead of) the label's current answer: a leaf whose name words are
 * the label's own words (any order, hyphenation or word form: equal stems), adding no word the label
 * lacks, while the current answer's leaf names only part of them (or the label has no single answer).
 * These are the labels whose marketplace answer `default-directory-answers.csv` must name (issue 33:
 * "a generic leaf chosen where a narrower, exact one exists" is a wrong pick). Test data tooling: the
 * matcher never reads it. `npx tsx test/assistant/eval/find-narrower-leaves.ts`
 */
import { join } from 'node:path';
import type { Category } from '../../../src/domain/index.js';
import { tokenizeForMatch } from '../../../src/assistant/normalize-for-match.js';
import { stemWord } from '../../../src/assistant/stem-word.js';
import { MATCHING_PAIRS } from '../../fixtures/matching/pairs.js';
import { buildSandboxDirectories } from '../measure-matching.js';
import { applyDirectoryAnswers, OWN_EVAL_DIR, readEvalLabels, SHARED_EVAL_DIR, type EvalLabel } from './measure-eval.js';

// Words that name no goods: a leaf or label differing only by these still names the same goods.
const LINKING_WORDS = new Set(['и', 'для', 'с', 'в', 'на', 'из', 'по', 'без', 'к']);

function selectContentWords(text: string): string[] {
  return tokenizeForMatch(text).filter((word) => !LINKING_WORDS.has(word) && !/^\d+(\.\d+)?$/.test(word));
}

// Two forms of one word: equal stems, or (the stemmer strips one ending only, and sometimes a root's end: `блендер`)
// words or stems that differ only by an ending (`сухой`/`сухие`, `блендер`/`блендеры`, `лица`/`лицом`; never
// `курт`/`куртки`).
function isSameWord(a: string, b: string): boolean {
  return stemWord(a) === stemWord(b) || differByEnding(a, b) || differByEnding(stemWord(a), stemWord(b));
}

function differByEnding(a: string, b: string): boolean {
  let shared = 0;
  while (shared < a.length && a[shared] === b[shared]) shared += 1;
  return shared >= 3 && [a.slice(shared), b.slice(shared)].every((tail) => /^[аеиоуыэюяйь]?$/.test(tail) || ENDINGS.has(tail));
}

// Noun and adjective endings of two letters (`лица`/`лицом`); no consonant pair (`курт`/`куртки` differ by `ки`).
const ENDINGS = new Set(['ом', 'ем', 'ам', 'ям', 'ой', 'ей', 'ий', 'ый', 'ая', 'яя', 'ое', 'ее', 'ые', 'ие', 'ых', 'их', 'ов', 'ев', 'ах', 'ях', 'ую', 'юю']);

function covers(words: readonly string[], by: readonly string[]): boolean {
  return words.every((word) => by.some((other) => isSameWord(word, other)));
}

/** One label with the exact leaves the directory has for it. */
export interface NarrowerLeafFinding {
  set: string;
  label: string;
  current: string;
  leaves: string[];
}

/** The findings over labels whose answers are category paths (the ids resolved by `pathOf`). */
export function findNarrowerLeaves(
  items: readonly { set: string; label: string; answers: readonly string[] }[],
  leaves: readonly Category[],
): NarrowerLeafFinding[] {
  const byPath = new Map(leaves.map((leaf) => [leaf.path?.rus ?? leaf.name.rus, leaf]));
  const findings: NarrowerLeafFinding[] = [];
  for (const item of items) {
    // A path label's last step names its goods; the steps before it only place them.
    const steps = item.label.split(/\s*[/>\\|]\s*/).filter((step) => step !== '');
    const labelWords = selectContentWords(item.label);
    const lastWords = selectContentWords(steps[steps.length - 1] ?? item.label);
    const current = item.answers.map((answer) => byPath.get(answer)).filter((leaf): leaf is Category => leaf !== undefined);
    const currentWords = current.length === 1 ? selectContentWords(current[0]!.name.rus) : [];
    const exact = leaves.filter((leaf) => {
      if (current.length === 1 && leaf === current[0]) return false;
      const words = selectContentWords(leaf.name.rus);
      // The leaf adds no word the label lacks and is narrower than the current answer (it holds every word of that
      // leaf's name and more); a label with several answers or none is listed when its goods are the leaf's words.
      if (words.length === 0 || !covers(words, labelWords) || item.answers.includes(leaf.path?.rus ?? '')) return false;
      // Narrower: its name, or its name with its path, says every word of the current answer's name (`Уход за лицом: …
      // / Тканевые маски` is a kind of `Маски для лица`).
      const placed = [...words, ...selectContentWords(leaf.path?.rus ?? '')];
      return current.length === 1 ? covers(currentWords, placed) && !covers(words, currentWords) : covers(lastWords, words);
    });
    if (exact.length > 0) findings.push({ set: item.set, label: item.label, current: item.answers.join(' | ') || 'none', leaves: exact.map((leaf) => leaf.path?.rus ?? leaf.name.rus) });
  }
  return findings;
}

function toPaths(labels: readonly EvalLabel[], leaves: readonly Category[], set: string): { set: string; label: string; answers: string[] }[] {
  const paths = new Map(leaves.map((leaf) => [String(leaf.id), leaf.path?.rus ?? leaf.name.rus]));
  return labels.map((item) => ({ set: `${set} ${item.set}`, label: item.label, answers: item.expected.map((id) => paths.get(id) ?? `?${id}`) }));
}

const directories = buildSandboxDirectories('marketplace');
const leaves = directories.categories;
const items = [
  ...(SHARED_EVAL_DIR === undefined ? [] : toPaths(applyDirectoryAnswers(readEvalLabels(join(SHARED_EVAL_DIR, 'labels.csv'), 'label'), 'category', directories), leaves, 'shared')),
  ...toPaths(applyDirectoryAnswers(readEvalLabels(join(OWN_EVAL_DIR, 'labels.csv'), 'label'), 'category', directories), leaves, 'own'),
  ...MATCHING_PAIRS.filter((pair) => pair.kind === 'category').map((pair) => ({ set: 'pairs', label: pair.text, answers: pair.expected === null ? [] : [pair.expected] })),
];
for (const finding of findNarrowerLeaves(items, leaves)) {
  console.log(`${finding.set}\t${finding.label}\t${finding.current}\t→ ${finding.leaves.join(' ; ')}`);
}

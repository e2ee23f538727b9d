/**
 * Prints why each single-answer label is not right and confident, by cause, in both directories (the table of
 * docs/history/mapping-assistant-rounds.md's labels rounds): `npx tsx test/assistant/eval/print-label-causes.ts [labels.csv] [set]`,
 * the shared set's labels by default. Causes: a confident wrong pick; the right leaf not among the candidates; second or
 * lower; first, held by a doubt (printed); first below the confident score; first with a rival within the gap; first,
 * held as a narrower or contained leaf.
 */
import { join } from 'node:path';
import { CATEGORY_THRESHOLDS } from '../../../src/assistant/match-category.js';
import { createDirectoryMatchers } from '../../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from '../measure-matching.js';
import { applyDirectoryAnswers, OWN_EVAL_DIR, readEvalLabels, SHARED_EVAL_DIR } from './measure-eval.js';

const file = process.argv[2] ?? join(SHARED_EVAL_DIR ?? OWN_EVAL_DIR, 'labels.csv');
const only = process.argv[3];
for (const breadth of ['original', 'marketplace'] as const) {
  const directories = buildSandboxDirectories(breadth);
  const matcher = createDirectoryMatchers(directories).categoryMatcher();
  const labels = applyDirectoryAnswers(readEvalLabels(file, 'label'), 'category', directories).filter((label) => (only === undefined || label.set === only) && label.expected.length === 1);
  const counts = new Map<string, number>();
  for (const item of labels) {
    const match = matcher.match(item.label, { productNames: item.product === '' ? [] : [item.product] });
    const chosen = match.status === 'todo' ? undefined : match.best?.key;
    if (chosen === item.expected[0]) continue;
    const at = match.candidates.findIndex((candidate) => candidate.key === item.expected[0]);
    const [first, second] = match.candidates;
    const cause =
      chosen !== undefined ? 'WRONG'
      : at < 0 ? 'not among the candidates'
      : at > 0 ? 'second or lower'
      : match.doubt !== undefined ? 'first, held by a doubt'
      : (first?.score ?? 0) < CATEGORY_THRESHOLDS.minScore ? 'first, below the confident score'
      : (second?.score ?? 0) > (first?.score ?? 0) - CATEGORY_THRESHOLDS.minGap ? 'first, a rival within the gap'
      : 'first, held as a narrower or contained leaf';
    counts.set(cause, (counts.get(cause) ?? 0) + 1);
    const candidates = match.candidates.slice(0, 3).map((candidate) => `${candidate.key}:${candidate.score.toFixed(2)} ${candidate.entry.path?.rus ?? candidate.entry.name.rus}`).join(' | ');
    console.log(`${breadth}\t${cause}\t${item.label}\t${item.expected[0] ?? ''}\t${candidates}\t${match.doubt ?? ''}`);
  }
  console.log(`${breadth}: ${labels.length} single-answer labels; ${[...counts].map(([cause, count]) => `${cause} ${count}`).join('; ')}`);
}

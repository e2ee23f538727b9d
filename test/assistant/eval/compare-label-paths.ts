/**
 * Compares the two "text → leaf" paths on the labelled seller categories, label by label: the
 * label matcher (`createDirectoryMatchers(…).categoryMatcher()`, with the label's product name as
 * `mapping init` gives it) and the product classifier reading the label as a product type
 * (`classifyProduct`, a path's upper levels as group path, the product name as evidence apart).
 * `npx tsx test/assistant/eval/compare-label-paths.ts [--original | --default] [--list [--both]]`
 * prints, per set and directory, right-confident / wrong-confident / unsure for each path and how the
 * two cross; `--list` every label the two judge apart (`--both`: also single-answer labels both ask).
 */
import { join } from 'node:path';
import { createDirectoryMatchers } from '../../../src/assistant/create-directory-matchers.js';
import { classifyProduct } from '../../../src/assistant/classify/classify-product.js';
import { getClassifierIndex } from '../../../src/assistant/classify/load-classifier-index.js';
import { buildSandboxDirectories } from '../measure-matching.js';
import { applyDirectoryAnswers, OWN_EVAL_DIR, readEvalLabels, SHARED_EVAL_DIR, type EvalLabel } from './measure-eval.js';

type Verdict = 'right' | 'wrong' | 'unsure';

/** A label's path split as sellers write it: the leaf text last, the levels above as group path. */
function splitLabel(label: string): { text: string; groups: string[] } {
  const parts = label.split(/\s*(?:\/|>|›|»|\\)\s*/).filter((part) => part.trim() !== '');
  return { text: parts[parts.length - 1] ?? label, groups: parts.slice(0, -1) };
}

function judge(item: EvalLabel, confident: boolean, key: string | undefined): Verdict {
  if (!confident || key === undefined) return 'unsure';
  return item.expected.length === 1 && item.expected[0] === key ? 'right' : 'wrong';
}

const breadths = process.argv.includes('--original') ? (['original'] as const) : process.argv.includes('--default') ? (['marketplace'] as const) : (['original', 'marketplace'] as const);
const list = process.argv.includes('--list');
const files: [string, string][] = [];
if (SHARED_EVAL_DIR !== undefined) files.push(['shared', join(SHARED_EVAL_DIR, 'labels.csv')]);
files.push(['own', join(OWN_EVAL_DIR, 'labels.csv')]);
for (const breadth of breadths) {
  const directories = buildSandboxDirectories(breadth);
  const matchers = createDirectoryMatchers(directories);
  const matcher = matchers.categoryMatcher();
  const index = getClassifierIndex(directories, matchers.index);
  for (const [name, path] of files) {
    const labels = applyDirectoryAnswers(readEvalLabels(path, 'label'), 'category', directories);
    for (const set of [...new Set(labels.map((label) => label.set))]) {
      const cross = new Map<string, number>();
      const count = { matcher: { right: 0, wrong: 0, unsure: 0 }, classifier: { right: 0, wrong: 0, unsure: 0 } };
      for (const item of labels.filter((label) => label.set === set)) {
        const match = matcher.match(item.label, { productNames: item.product === '' ? [] : [item.product] });
        const m = judge(item, match.status !== 'todo', match.best?.key);
        const { text, groups } = splitLabel(item.label);
        const result = classifyProduct(index, { name: text, groupPath: groups });
        const c = judge(item, result.confident, result.leafId === undefined ? undefined : String(result.leafId));
        count.matcher[m] += 1;
        count.classifier[c] += 1;
        cross.set(`${m}/${c}`, (cross.get(`${m}/${c}`) ?? 0) + 1);
        if (list && (m !== c || (process.argv.includes('--both') && m === 'unsure' && item.expected.length === 1))) {
          console.log(`  ${m.padEnd(6)} ${c.padEnd(6)} ${item.label} [${match.candidates.slice(0, 3).map((x) => `${x.key}:${x.score}`).join(' ')}${match.doubt === undefined ? '' : ` doubt ${match.doubt}`}] type "${result.productType}"`);
          console.log(`    ${item.label} → expected ${item.expected.join('|') || 'none'}; matcher ${match.best?.key ?? match.candidates[0]?.key ?? '-'}; classifier ${result.leafId ?? '-'} ${result.path ?? ''} (${result.confidence}${result.doubt === undefined ? '' : `; ${result.doubt}`})`);
        }
      }
      const f = (x: Record<Verdict, number>): string => `${x.right} right / ${x.wrong} wrong / ${x.unsure} unsure`;
      console.log(`${name} ${set} (${breadth}): matcher ${f(count.matcher)}; classifier ${f(count.classifier)}; matcher/classifier ${[...cross].map(([k, v]) => `${k} ${v}`).join(', ')}`);
    }
  }
}

/** Prints the evaluation figures and every miss: `npx tsx test/assistant/eval/print-eval.ts [labels.csv] [--all]`. */
import { join } from 'node:path';
import { formatFigures, measureBrands, measureCategories, OWN_EVAL_DIR, readEvalLabels, SHARED_EVAL_DIR } from './measure-eval.js';

const verbose = process.argv.includes('--all');
const sets: [string, string, 'label' | 'brand'][] = [];
if (SHARED_EVAL_DIR !== undefined) sets.push(['shared categories', join(SHARED_EVAL_DIR, 'labels.csv'), 'label'], ['shared brands', join(SHARED_EVAL_DIR, 'brands.csv'), 'brand']);
sets.push(['own categories', join(OWN_EVAL_DIR, 'labels.csv'), 'label'], ['own brands', join(OWN_EVAL_DIR, 'brands.csv'), 'brand']);
for (const [name, path, key] of sets) {
  let labels;
  try {
    labels = readEvalLabels(path, key);
  } catch {
    continue;
  }
  for (const part of [...new Set(labels.map((label) => label.set))]) {
    const figures = key === 'label' ? measureCategories(labels.filter((l) => l.set === part)) : measureBrands(labels.filter((l) => l.set === part));
    console.log(formatFigures(`${name} (${part})`, figures));
    for (const o of figures.outcomes) {
      if (o.wrongConfident) console.log(`  WRONG ${o.item.label} [${o.item.tag}] expected ${o.item.expected.join('|') || 'none'} got ${o.top} (${o.status})`);
      else if (verbose && !o.rightTop) console.log(`  miss  ${o.item.label} [${o.item.tag}] expected ${o.item.expected.join('|') || 'none'} top ${o.top} cands ${o.scores.join(' ')}`);
      else if (verbose && !o.rightConfident && o.item.expected.length === 1) console.log(`  todo  ${o.item.label} [${o.item.tag}] expected ${o.item.expected.join('|')} cands ${o.scores.join(' ')}`);
    }
  }
}

/**
 * Prints the evaluation figures and every miss, against the original tree the labels were written
 * for and the directory the sandbox serves by default:
 * `npx tsx test/assistant/eval/print-eval.ts [--all] [--original | --default] [--labels FILE.csv]` (`--labels`: that
 * file's labels alone, in the columns of `labels.csv`).
 */
import { join } from 'node:path';
import { buildSandboxDirectories } from '../measure-matching.js';
import { applyDirectoryAnswers, formatFigures, measureBrands, measureCategories, OWN_EVAL_DIR, readEvalLabels, SHARED_EVAL_DIR } from './measure-eval.js';

const verbose = process.argv.includes('--all');
const breadths = process.argv.includes('--original') ? (['original'] as const) : process.argv.includes('--default') ? (['marketplace'] as const) : (['original', 'marketplace'] as const);
const sets: [string, string, 'label' | 'brand'][] = [];
// `--labels FILE`: only that file's category labels (written elsewhere, e.g. fresh ones against the default directory).
const labelsAt = process.argv.indexOf('--labels');
if (labelsAt >= 0) sets.push(['categories of ' + (process.argv[labelsAt + 1] ?? ''), process.argv[labelsAt + 1] ?? '', 'label']);
else if (SHARED_EVAL_DIR !== undefined) sets.push(['shared categories', join(SHARED_EVAL_DIR, 'labels.csv'), 'label'], ['shared brands', join(SHARED_EVAL_DIR, 'brands.csv'), 'brand']);
if (labelsAt < 0) sets.push(['own categories', join(OWN_EVAL_DIR, 'labels.csv'), 'label'], ['own brands', join(OWN_EVAL_DIR, 'brands.csv'), 'brand']);
for (const breadth of breadths) {
  const directories = buildSandboxDirectories(breadth);
  const directoryName = breadth === 'original' ? 'original directory' : 'default directory';
  for (const [name, path, key] of sets) {
    const labels = applyDirectoryAnswers(readEvalLabels(path, key), key === 'label' ? 'category' : 'brand', directories);
    for (const part of [...new Set(labels.map((label) => label.set))]) {
      const subset = labels.filter((l) => l.set === part);
      const figures = key === 'label' ? measureCategories(subset, directories) : measureBrands(subset, directories);
      console.log(formatFigures(`${name} (${part}, ${directoryName})`, figures));
      for (const o of figures.outcomes) {
        if (o.wrongConfident) console.log(`  WRONG ${o.item.label} [${o.item.tag}] expected ${o.item.expected.join('|') || 'none'} got ${o.top} (${o.status})`);
        else if (verbose && !o.rightTop) console.log(`  miss  ${o.item.label} [${o.item.tag}] expected ${o.item.expected.join('|') || 'none'} top ${o.top} cands ${o.scores.join(' ')}`);
        else if (verbose && !o.rightConfident && o.item.expected.length === 1) console.log(`  todo  ${o.item.label} [${o.item.tag}] expected ${o.item.expected.join('|')} cands ${o.scores.join(' ')}`);
      }
    }
  }
}

/**
 * Prints the review loop's figures on the generated price list, under both budgets of issue 33's "50
 * review answers" (50 questions, and 50 filled cells: a group's `no`s are cells the seller fills too):
 * `npx tsx test/assistant/eval/print-review-loop.ts [rows] [seed] [questions|cells] [--list FILE.tsv] [--no-groups]` (both when the
 * budget is not named; `--list`: a price list written elsewhere, `read-price-list-tsv.ts`, instead of the generated one). Under each budget, beside the careful seller's figures, a careless seller's (`yes` on every
 * group's row, nothing excepted): what the one-`yes` questions accept when a seller does not read every line. Each pass lists
 * 30 of its wrong rows; `REVIEW_LOOP_ALL_WRONG=1` lists every one (a whole file with every row `none`: its sure picks).
 */
import { measureReviewLoop, type ReviewLoopBudget } from './measure-review-loop.js';
import { readPriceListTsv } from './read-price-list-tsv.js';

// `--no-groups`: a list's `group` column is ignored (the names alone, as before the seller's groups were read).
const noGroups = process.argv.includes('--no-groups');
const argv = process.argv.filter((arg) => arg !== '--no-groups');
const listAt = argv.indexOf('--list');
const list = listAt < 0 ? undefined : readPriceListTsv(argv[listAt + 1] ?? '', { groups: !noGroups });
const args = listAt < 0 ? argv.slice(2) : [...argv.slice(2, listAt), ...argv.slice(listAt + 2)];
// The budget is named anywhere among the arguments; the numbers are rows, then seed.
const unit = args.find((arg): arg is ReviewLoopBudget['unit'] => arg === 'questions' || arg === 'cells');
const numbers = args.filter((arg) => arg !== unit);
const rows = Number(numbers[0] ?? 2000);
const seed = Number(numbers[1] ?? 33);
const units: ReviewLoopBudget['unit'][] = unit === undefined ? ['questions', 'cells'] : [unit];
const share = (part: number, whole: number): string => `${part} of ${whole} (${((part / Math.max(1, whole)) * 100).toFixed(1)} %)`;
for (const unit of units) {
  const figures = await measureReviewLoop({ rows, seed, budget: { unit, limit: 50 }, list });
  if (unit === units[0]) console.log(JSON.stringify(figures.review, null, 1));
  console.log(`\n== budget: 50 ${unit} ==`);
  console.log(`questions answered ${figures.answers} (${figures.wordAnswers} of them words, ${figures.groupAnswers} groups leaving out ${figures.leftOut} types), left empty ${figures.leftEmpty}; cells filled ${figures.cells}`);
  const sizes = [...figures.groupSizes].sort((a, b) => a - b);
  if (sizes.length > 0) console.log(`types per group answered: median ${sizes[sizes.length >> 1]}, largest ${sizes[sizes.length - 1]}, ${sizes.reduce((a, b) => a + b, 0)} in all; ${figures.groupsOtherLeaf.length} groups answered with another leaf: ${figures.groupsOtherLeaf.join('; ')}`);
  for (const [name, pass] of [['before (pipeline)', figures.before], ['after (pipeline)', figures.after], ['after (answers by type, then classifier)', figures.afterByType]] as const) {
    console.log(`${name}: right ${share(pass.right, pass.takeable)}; accepted ${pass.accepted}, wrong among accepted ${share(pass.acceptedWrong, pass.accepted)}`);
    for (const line of pass.wrongExamples) console.log(`  ${line}`);
  }
  const careless = await measureReviewLoop({ rows, seed, budget: { unit, limit: 50 }, seller: 'careless', list });
  console.log(`careless seller (yes on every group's row, nothing excepted; ${careless.answers} questions, ${careless.cells} cells): after (pipeline) right ${share(careless.after.right, careless.after.takeable)}; accepted ${careless.after.accepted}, wrong among accepted ${share(careless.after.acceptedWrong, careless.after.accepted)}`);
  for (const line of careless.after.wrongExamples.slice(0, 10)) console.log(`  ${line}`);
}

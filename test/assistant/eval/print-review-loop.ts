/** Prints the review loop's figures on the generated price list: `npx tsx test/assistant/eval/print-review-loop.ts [rows] [seed]`. */
import { measureReviewLoop } from './measure-review-loop.js';

const figures = await measureReviewLoop({ rows: Number(process.argv[2] ?? 2000), seed: Number(process.argv[3] ?? 33) });
const share = (part: number, whole: number): string => `${part} of ${whole} (${((part / Math.max(1, whole)) * 100).toFixed(1)} %)`;
console.log(JSON.stringify(figures.review, null, 1));
console.log(`answers ${figures.answers} (${figures.wordAnswers} of them words, ${figures.groupAnswers} groups leaving out ${figures.leftOut} types), left empty ${figures.leftEmpty}`);
const sizes = [...figures.groupSizes].sort((a, b) => a - b);
if (sizes.length > 0) console.log(`types per group answered: median ${sizes[sizes.length >> 1]}, largest ${sizes[sizes.length - 1]}, ${sizes.reduce((a, b) => a + b, 0)} in all; ${figures.groupsOtherLeaf.length} groups answered with another leaf: ${figures.groupsOtherLeaf.join('; ')}`);
for (const [name, pass] of [['before (pipeline)', figures.before], ['after (pipeline)', figures.after], ['after (answers by type, then classifier)', figures.afterByType]] as const) {
  console.log(`${name}: right ${share(pass.right, pass.takeable)}; accepted ${pass.accepted}, wrong among accepted ${share(pass.acceptedWrong, pass.accepted)}`);
  for (const line of pass.wrongExamples) console.log(`  ${line}`);
}

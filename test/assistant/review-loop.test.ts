/**
 * Issue 33's second "Done when", measured on the generated 2,000-row price list: classify → review
 * workbook → the first questions answered from the generator's truth, at most 50 filled cells (a
 * group's answer and each `no` on its types' rows count; the stricter reading of the "50
 * review answers": 50 questions fill more cells) → apply → every row mapped as
 * `validate` maps it against the sandbox's directories. Of the targets, ≤ 1 % of accepted
 * rows wrong is reached; ≥ 90 % of takeable rows right is not (docs/history/mapping-assistant-rounds.md, "Where the
 * loop stands", gives the figures and what stands in the way); this test holds the loop to what it reaches
 * now, so that nothing slips back, and checks what the loop itself guarantees.
 */
import { describe, expect, it } from 'vitest';
import { measureReviewLoop, type ReviewLoopFigures } from './eval/measure-review-loop.js';

const share = (part: number, whole: number): number => part / Math.max(1, whole);

describe('the review loop on a 2,000-row price list (issue 33)', () => {
  it('fills at most 50 answer cells, and the answers move rows into their right leaves', async () => {
    const figures: ReviewLoopFigures = await measureReviewLoop({ budget: { unit: 'cells', limit: 50 } });
    const { before, after, afterByType, review } = figures;
    console.log(
      `review: ${review.reviewTypes} types to answer over ${review.reviewRows} rows (first 50: ${review.firstFiftyRows}); questions answered ${figures.answers}, cells ${figures.cells} (${figures.groupAnswers} groups, ${figures.leftOut} types left out), left empty ${figures.leftEmpty}\n` +
        `before: right ${before.right}/${before.takeable}, wrong ${before.acceptedWrong}/${before.accepted}; after: right ${after.right}/${after.takeable}, wrong ${after.acceptedWrong}/${after.accepted}; by type: right ${afterByType.right}/${afterByType.takeable}, wrong ${afterByType.acceptedWrong}/${afterByType.accepted}`,
    );
    expect(review.rows).toBe(2000);
    // Every cell the seller fills counts: the group's answers and the `no`s that leave its types out.
    expect(figures.cells).toBeLessThanOrEqual(50);
    // `--apply` reads back each `no` the seller wrote to leave a type out of its group: none dropped, none made up.
    expect(figures.applied.leftOut).toBe(figures.leftOut);
    expect(figures.answers + figures.leftEmpty).toBeLessThan(50);
    // The answers settle their rows: the pipeline places far more rows right after them (half of the first 50 types' rows:
    // a doubted line's own `yes` costs a cell, so 50 cells reach fewer types than 50 questions).
    expect(after.right - before.right).toBeGreaterThan(review.firstFiftyRows * 0.5);
    // What the loop reaches now (floors, a little under the measured figures), the pipeline and the by-type reading alike (one finder of answers).
    // The review asks words too (sheet Words); with groups, few of them come among the first 50 (1 on seed 33).
    expect(review.wordQuestions).toBeGreaterThan(0);
    // The types proposed one leaf are asked as one question each (a group), leaving out the types it does not fit.
    expect(figures.groupAnswers).toBeGreaterThan(0);
    expect(figures.leftOut).toBeGreaterThan(0);
    // A leaf is confident only when it explains the whole product type: fewer wrong rows, more questions than 50 answers settle.
    // With questions grouped by proposed leaf (tenth round), 50 questions (68 cells) reach 86.5 % (seed 7: 83.6 %, 71 cells);
    // 50 cells, 33 questions (32 groups leaving out 17 types, 1 type): 82.6 % (seed 7: 77.4 %). Only the types the classifier
    // is surer of grouped, the rest asked alone (eleventh round, docs/history/mapping-assistant-rounds.md), 50 cells, 45 questions (27 groups leaving out 5 types):
    // 83.4 % (seed 7: 80.3 %). The leaves of one section gathered into questions of at most 12 types (loop round 2), 50 cells,
    // 25 questions (22 groups leaving out 25 types): 86.0 % (seed 7: 82.0 %; before it 83.6 %, 80.2 %). 0 accepted rows wrong in each.
    // A type whose evidence doubts its proposal is answered on its own row, never taken by the group's one `yes` (so that a
    // seller who does not read every line accepts 1.1 % wrong rows instead of 2.9 %): its `yes` costs a cell, 50 cells then
    // reach 80.3 % (seed 7: 75.1 %; 50 questions 92.0 %, 90.8 %). The floor follows the measured figure down, on purpose.
    // Each round of 50 questions asked the most rows per cell first (`order-review-questions.ts`): 50 cells, 28 questions,
    // 81.3 % (seed 7: 79.4 %; before it 79.4 %, 74.8 %; 50 questions unchanged, 91.9 %, 90.9 %). Session 17: an answer no
    // longer reaches a name that says a twin leaf's word outside its type (the generated list's `Шай … гранулированный` and
    // `… 25 пак.` rows, which its truth puts in black tea beside the directory's granulated and bagged tea leaves, stay open)
    // and the long tail's head-word questions take cells for their `no`s: 1,606 of 1,983 (81.0 %).
    expect(share(after.right, after.takeable)).toBeGreaterThanOrEqual(0.805);
    expect(share(after.acceptedWrong, after.accepted)).toBeLessThanOrEqual(0.01);
    expect(share(afterByType.right, afterByType.takeable)).toBeGreaterThanOrEqual(0.805);
    expect(share(afterByType.acceptedWrong, afterByType.accepted)).toBeLessThanOrEqual(0.01);
  }, 300_000);
});

/**
 * Diagnostic of the review loop (issue 33): after the answers (by default the first 50 filled
 * cells; `questions` for 50 questions), what they leave open, by cause (the type's question not
 * reached, left out of its group, left empty, …); which rows the answers did not settle although
 * their right leaf was given to another product type (by the leaf, with the answered types and the
 * unsettled rows' own types), and which rows an answer settled wrongly.
 * `npx tsx test/assistant/eval/diagnose-review-loop.ts [rows] [seed] [cells|questions] [--list FILE.tsv] [--no-groups]` (`--list`: a
 * price list written elsewhere, read as print-review-loop reads one). Reads the truth; prints, decides nothing.
 */
import { createReferenceData } from '../../../src/sandbox/reference-data.js';
import { stemForIndex } from '../../../src/assistant/classify/stem-for-index.js';
import { splitWords } from '../../../src/stages/derive/find-words-in-text.js';
import { measureReviewLoop, type LoopRow, type QuestionCost, type ReviewLoopFigures } from './measure-review-loop.js';
import { readPriceListTsv } from './read-price-list-tsv.js';

// `--no-groups`: a list's `group` column is ignored (the names alone, as before the seller's groups were read).
const noGroups = process.argv.includes('--no-groups');
const argv = process.argv.filter((arg) => arg !== '--no-groups');
const listAt = argv.indexOf('--list');
const list = listAt < 0 ? undefined : readPriceListTsv(argv[listAt + 1] ?? '', { groups: !noGroups });
const args = listAt < 0 ? argv.slice(2) : [...argv.slice(2, listAt), ...argv.slice(listAt + 2)];
const unit = args.includes('questions') ? 'questions' : 'cells';
const numbers = args.filter((arg) => arg !== 'questions' && arg !== 'cells');
const figures = await measureReviewLoop({ rows: Number(numbers[0] ?? 2000), seed: Number(numbers[1] ?? 33), budget: { unit, limit: 50 }, list });
console.log(`budget: 50 ${unit}; ${figures.answers} questions answered, ${figures.cells} cells filled`);
printCellLedger(figures);
printOpenByCause(figures);
const pathOf = new Map(createReferenceData(1).categories.map((category) => [category.id, category.name.rus]));
const typesOfLeaf = new Map<number, string[]>();
for (const [type, leaf] of figures.answered) typesOfLeaf.set(leaf, [...(typesOfLeaf.get(leaf) ?? []), type]);

const wrong = figures.afterRows.filter((row) => row.accepted && row.leaf !== row.truth);
console.log(`settled wrongly: ${wrong.length}`);
for (const row of wrong) console.log(`  ${row.name} [${row.type}] → ${row.leaf} (right ${row.truth})`);

const open = figures.afterRows.filter((row) => row.truth !== null && row.leaf !== row.truth);
const answeredLeafRows = open.filter((row) => row.truth !== null && typesOfLeaf.has(row.truth));
console.log(`\nopen rows: ${open.length}; of them with a right leaf some answer gave: ${answeredLeafRows.length}`);
const byLeaf = new Map<number, typeof open>();
for (const row of answeredLeafRows) byLeaf.set(row.truth as number, [...(byLeaf.get(row.truth as number) ?? []), row]);
for (const [leaf, rows] of [...byLeaf.entries()].sort((a, b) => b[1].length - a[1].length)) {
  console.log(`\n${leaf} ${pathOf.get(leaf)}: ${rows.length} open; answered types: ${(typesOfLeaf.get(leaf) ?? []).join(' | ')}`);
  const byType = new Map<string, typeof rows>();
  for (const row of rows) byType.set(row.type, [...(byType.get(row.type) ?? []), row]);
  for (const [type, typeRows] of [...byType.entries()].sort((a, b) => b[1].length - a[1].length)) {
    const first = typeRows[0]!;
    const c = first.classification;
    console.log(`  [${type}] ×${typeRows.length} proposed ${c.leafId ?? '-'}${c.leafId === leaf ? ' (right)' : ''} ${c.doubt ?? ''}${c.heldBy ? ` heldBy ${c.heldBy.join(',')}` : ''} e.g. ${typeRows.slice(0, 2).map((row) => row.name).join(' ; ')}`);
  }
}

// Open rows whose right leaf no answer gave: how many per right leaf (the long tail).
const rest = new Map<number, number>();
for (const row of open) if (!typesOfLeaf.has(row.truth as number)) rest.set(row.truth as number, (rest.get(row.truth as number) ?? 0) + 1);
console.log(`\nopen rows whose right leaf no answer gave: ${[...rest.values()].reduce((a, b) => a + b, 0)} over ${rest.size} leaves; top: ${[...rest.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([leaf, n]) => `${pathOf.get(leaf)} ${n}`).join('; ')}`);

// What an answer would settle if it also took the unsure rows the classifier proposes its leaf for, by how the types meet.
const stemsOf = (phrase: string): string[] => splitWords(phrase).map(stemForIndex);
const answeredTypeStems = new Map<number, string[][]>();
for (const row of figures.afterRows) {
  const leaf = figures.answered.get(row.type.replace(/ /g, ''));
  if (leaf !== undefined) answeredTypeStems.set(leaf, [...(answeredTypeStems.get(leaf) ?? []), stemsOf(row.type)]);
}
const variants: Record<string, (row: (typeof open)[number], leaf: number) => boolean> = {
  anyType: () => true,
  firstWord: (row, leaf) => (answeredTypeStems.get(leaf) ?? []).some((stems) => stems[0] === stemsOf(row.type)[0]),
  anyWord: (row, leaf) => (answeredTypeStems.get(leaf) ?? []).some((stems) => stems.some((stem) => stemsOf(row.type).includes(stem))),
};
for (const [name, meets] of Object.entries(variants)) {
  let right = 0;
  const wrongRows: string[] = [];
  for (const row of figures.afterRows) {
    if (row.leaf !== null) continue;
    const proposed = row.classification.leafId;
    if (proposed === undefined || !typesOfLeaf.has(proposed) || !meets(row, proposed)) continue;
    if (proposed === row.truth) right += 1;
    else wrongRows.push(`${row.name} [${row.type}] → ${proposed} (right ${row.truth}) ${row.classification.doubt ?? ''}`);
  }
  console.log(`\nextension ${name}: right ${right}, wrong ${wrongRows.length}`);
  for (const line of wrongRows.slice(0, 20)) console.log(`  ${line}`);
}

// Bounds on what 50 leaf answers can settle: the classifier's unsure rows by right leaf, and grouped by proposed leaf.
const unsure = figures.afterRows.filter((row) => !row.classification.confident);
const placedRight = figures.afterRows.filter((row) => row.classification.confident && row.classification.leafId === row.truth && row.truth !== null).length;
const takeable = figures.afterRows.filter((row) => row.truth !== null).length;
const unsureByTruth = new Map<number, number>();
for (const row of unsure) if (row.truth !== null) unsureByTruth.set(row.truth, (unsureByTruth.get(row.truth) ?? 0) + 1);
const top50 = [...unsureByTruth.values()].sort((a, b) => b - a).slice(0, 50).reduce((a, b) => a + b, 0);
console.log(`\nplaced right alone ${placedRight} of ${takeable}; unsure ${unsure.length}; one answer per right leaf, best 50: +${top50} → ${(((placedRight + top50) / takeable) * 100).toFixed(1)} %`);
// Types: majority truth, proposed leaf.
const types = new Map<string, { rows: number; truth: Map<number | null, number>; proposed: Map<number | undefined, number> }>();
for (const row of unsure) {
  const t = types.get(row.type) ?? { rows: 0, truth: new Map(), proposed: new Map() };
  t.rows += 1;
  t.truth.set(row.truth, (t.truth.get(row.truth) ?? 0) + 1);
  t.proposed.set(row.classification.leafId, (t.proposed.get(row.classification.leafId) ?? 0) + 1);
  types.set(row.type, t);
}
const top = <K>(votes: Map<K, number>): K => [...votes.entries()].sort((a, b) => b[1] - a[1])[0]![0];
const groups = new Map<string, { types: string[]; right: number; wrongTypes: number; rows: number }>();
for (const [type, t] of types) {
  const proposed = top(t.proposed);
  const key = `${proposed ?? '-'}`;
  const g = groups.get(key) ?? { types: [], right: 0, wrongTypes: 0, rows: 0 };
  g.types.push(type);
  g.rows += t.rows;
  if (proposed !== undefined) g.right += t.truth.get(proposed) ?? 0;
  if (proposed === undefined || top(t.truth) !== proposed) g.wrongTypes += 1;
  groups.set(key, g);
}
const byType = [...types.values()].map((t) => t.truth.get(top(t.truth)) ?? 0).sort((a, b) => b - a);
console.log(`one answer per type, best 50: +${byType.slice(0, 50).reduce((a, b) => a + b, 0)}`);
const byGroup = [...groups.entries()].filter(([key]) => key !== '-').sort((a, b) => b[1].right - a[1].right);
console.log(`one "yes" per proposed leaf (types whose proposal is wrong excluded), best 50: +${byGroup.slice(0, 50).reduce((a, [, g]) => a + g.right, 0)}; of them groups with a wrong type: ${byGroup.slice(0, 50).filter(([, g]) => g.wrongTypes > 0).length}`);
for (const [key, g] of byGroup.slice(0, 12)) console.log(`  ${key} ${pathOf.get(Number(key))}: right ${g.right} of ${g.rows}, types ${g.types.length}, wrong-proposal types ${g.wrongTypes}`);

/** The open takeable rows after the answers, by what became of their type's question; the commonest types of each cause. */
function printOpenByCause({ afterRows, typeFates }: ReviewLoopFigures): void {
  const causeOf = (row: LoopRow): string => {
    const fate = typeFates.get(row.type);
    const proposal = row.classification.leafId === row.truth ? 'proposed its right leaf' : 'proposed another leaf or none';
    if (fate === undefined) return row.classification.confident ? 'not asked: placed, in a wrong leaf or refused' : 'not a type of sheet Review (a bare code, or spelled otherwise there)';
    if (fate.fate === 'notReached') return `not reached within the budget (asked ${fate.inGroup ? 'in a group' : 'alone'}), ${proposal}`;
    if (fate.fate === 'leftOut') return `left out of its group's answer (no), ${proposal}`;
    if (fate.fate === 'leftEmpty') return 'left empty (most of its rows have no leaf)';
    return "answered, yet this row not settled (the answer is another leaf, or the name's type reads otherwise)";
  };
  const open = afterRows.filter((row) => row.truth !== null && row.leaf !== row.truth);
  const byCause = new Map<string, LoopRow[]>();
  for (const row of open) byCause.set(causeOf(row), [...(byCause.get(causeOf(row)) ?? []), row]);
  console.log(`\nopen takeable rows by cause: ${open.length}`);
  for (const [cause, rows] of [...byCause.entries()].sort((a, b) => b[1].length - a[1].length)) {
    const types = new Map<string, number>();
    for (const row of rows) types.set(row.type, (types.get(row.type) ?? 0) + 1);
    const top = [...types.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
    const orders = rows.map((row) => typeFates.get(row.type)?.order).filter((order): order is number => order !== undefined);
    const firstOrder = orders.length === 0 ? '' : `; ask orders ${Math.min(...orders)}–${Math.max(...orders)}`;
    console.log(`  ${rows.length} rows, ${types.size} types: ${cause}${firstOrder}; e.g. ${top.map(([type, n]) => `${type} ×${n}`).join(', ')}`);
  }
}

/**
 * Where the seller's cells went: per question answered, its cells (on its doubted lines, `no`s) and the rows they answer;
 * then per doubt that made a line its own answer, the lines and rows over the whole review, how many of them were proposed a
 * wrong leaf (by the truth), and the cells they took within the budget.
 */
function printCellLedger({ questionCosts }: ReviewLoopFigures): void {
  const reached = questionCosts.filter((question) => question.reached);
  const sum = (list: readonly QuestionCost[], of: (question: QuestionCost) => number): number => list.reduce((total, question) => total + of(question), 0);
  const ownCells = sum(reached, (question) => question.ownLines.filter((line) => line.filled).length);
  console.log(`\ncells: ${sum(reached, (question) => question.cells)} over ${reached.length} questions; on doubted lines ${ownCells}, \`no\` ${sum(reached, (question) => question.noCells)}`);
  for (const question of reached) {
    const own = question.ownLines.filter((line) => line.filled);
    console.log(`  ${question.order} ${question.kind}: ${question.cells} cells, ${question.rows} rows (${(question.rows / Math.max(1, question.cells)).toFixed(1)} a cell)${own.length > 0 ? `; ${own.length} doubted lines, ${own.reduce((total, line) => total + line.rows, 0)} rows` : ''}${question.noCells > 0 ? `; ${question.noCells} no` : ''}`);
  }
  const kindOf = (doubt: string): string => doubt.replace(/ scores [\d.]+ \(.*\)$/, ' scores high').replace(/^the leaf is doubted for ".*", of the same head word$/, 'the same head word as a doubted type');
  const kinds = new Map<string, { lines: number; rows: number; wrongLines: number; wrongRows: number; cells: number }>();
  for (const question of questionCosts) {
    for (const line of question.ownLines) {
      const kind = kinds.get(kindOf(line.doubt)) ?? { lines: 0, rows: 0, wrongLines: 0, wrongRows: 0, cells: 0 };
      kind.lines += 1;
      kind.rows += line.rows;
      if (line.proposalWrong) {
        kind.wrongLines += 1;
        kind.wrongRows += line.rows;
      }
      if (question.reached && line.filled) kind.cells += 1;
      kinds.set(kindOf(line.doubt), kind);
    }
  }
  console.log('\ndoubted lines by doubt: lines, rows, proposed a wrong leaf (lines, their rows), cells within the budget');
  for (const [kind, item] of [...kinds.entries()].sort((a, b) => b[1].lines - a[1].lines)) {
    console.log(`  ${item.lines} lines, ${item.rows} rows, wrong ${item.wrongLines} (${item.wrongRows} rows), ${item.cells} cells: ${kind}`);
  }
}

/**
 * Measures the category and brand matchers on labelled seller texts (`labels.csv`, `brands.csv`:
 * the shared evaluation set's columns). What counts, as the set's README says: a confident match
 * (`exact` or a score) to a wrong entry is the worst outcome; for a label with several equally
 * right leaves (`a|b`) any confident pick is wrong; a `none` label must stay TODO.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import type { Directories } from '../../../src/domain/index.js';
import { createDirectoryMatchers, type DirectoryMatchers } from '../../../src/assistant/create-directory-matchers.js';
import { matchBrand, type ValueMatch } from '../../../src/assistant/match-value.js';
import { buildSandboxDirectories } from '../measure-matching.js';

/** One labelled text. */
export interface EvalLabel {
  label: string;
  /** Right keys; empty for `none`. */
  expected: string[];
  set: string;
  tag: string;
  /** A product name of a row of that category (categories), or the domain (brands). */
  product: string;
}

/** The outcome of one label. */
export interface EvalOutcome {
  item: EvalLabel;
  status: ValueMatch<unknown>['status'];
  top: string | undefined;
  candidates: string[];
  /** `key:score` of each candidate, for reading misses. */
  scores: string[];
  /** Right at the top: the best candidate is a right key (for `none`: nothing was matched). */
  rightTop: boolean;
  /** Matched confidently (exact or score) to a right key of a single-answer label. */
  rightConfident: boolean;
  /** Matched confidently to anything else. */
  wrongConfident: boolean;
  /** A TODO whose candidates hold a right key (all of them for `a|b`; for `none`, any TODO). */
  todoWithRight: boolean;
}

/** The figures of one set. */
export interface EvalFigures {
  total: number;
  rightTop: number;
  rightConfident: number;
  wrongConfident: number;
  todo: number;
  todoWithRight: number;
  outcomes: EvalOutcome[];
}

/** The shared evaluation set, when this checkout sits beside it (`../shared/reference/mapping-eval/`). */
export const SHARED_EVAL_DIR = [join(process.cwd(), '..', 'shared', 'reference', 'mapping-eval'), '/work/shared/reference/mapping-eval'].find((dir) => existsSync(join(dir, 'labels.csv')));
/** Our own labels, in the repository. */
export const OWN_EVAL_DIR = dirname(fileURLToPath(import.meta.url));

/** Reads a labels or brands CSV. */
export function readEvalLabels(path: string, key: 'label' | 'brand'): EvalLabel[] {
  const rows = Papa.parse<Record<string, string>>(readFileSync(path, 'utf8'), { header: true, skipEmptyLines: true }).data;
  return rows.map((row) => ({
    label: row[key] ?? '',
    expected: (row.expected ?? '') === 'none' ? [] : (row.expected ?? '').split('|'),
    set: row.set ?? '',
    tag: row.tag ?? '',
    product: row.product ?? row.domain ?? '',
  }));
}

/**
 * The right answers that differ in the sandbox's default (marketplace-sized) directory: labels
 * written against the original tree as `none` whose concept now has a leaf (or brand) of its own,
 * and labels whose original leaf is broader than a leaf the default directory has for exactly the
 * label's concept (`Коляски 2 в 1`: `Коляски` there, `Коляски 2 в 1` here; the row's `replaces`
 * names the original leaf id)
 * (`default-directory-answers.csv`, an entry named by its Russian path or brand name). An answer
 * replaces the label's `expected` only in a directory that holds the entry it names, so the same
 * labels measure the original directory unchanged; an answer naming nothing in the default
 * directory is an error, so the file cannot silently rot.
 */
export function applyDirectoryAnswers(labels: readonly EvalLabel[], kind: 'category' | 'brand', directories: Directories): EvalLabel[] {
  const rows = Papa.parse<Record<string, string>>(readFileSync(join(OWN_EVAL_DIR, 'default-directory-answers.csv'), 'utf8'), { header: true, skipEmptyLines: true }).data;
  const ids = new Map<string, string>(
    kind === 'category' ? directories.categories.map((c) => [c.path?.rus ?? c.name.rus, String(c.id)]) : directories.brands.map((b) => [b.name, String(b.id)]),
  );
  const answers = new Map<string, { id: string; replaces: string }>();
  for (const row of rows.filter((r) => r.kind === kind)) {
    const id = ids.get(row.answer ?? '');
    if (id !== undefined) answers.set(row.label ?? '', { id, replaces: row.replaces ?? '' });
  }
  return labels.map((item) => {
    const answer = answers.get(item.label);
    // A row replaces only what it says it replaces: `none`, or the one original leaf it names (a label of another set
    // with the same text and another answer keeps its own).
    const applies = answer !== undefined && (answer.replaces === '' ? item.expected.length === 0 : item.expected.length === 1 && item.expected[0] === answer.replaces);
    return applies ? { ...item, expected: [answer.id], tag: `${item.tag} (default directory)` } : item;
  });
}

/** The entries `default-directory-answers.csv` names that `directories` does not hold. */
export function findMissingDirectoryAnswers(directories: Directories): string[] {
  const rows = Papa.parse<Record<string, string>>(readFileSync(join(OWN_EVAL_DIR, 'default-directory-answers.csv'), 'utf8'), { header: true, skipEmptyLines: true }).data;
  const categories = new Set(directories.categories.map((c) => c.path?.rus));
  const brands = new Set(directories.brands.map((b) => b.name));
  return rows.filter((r) => !(r.kind === 'brand' ? brands : categories).has(r.answer ?? '')).map((r) => `${r.label} → ${r.answer ?? ''}`);
}

// The matchers of each directories object, shared by every measurement of it: building them and
// their first matches cost about 3 s of CPU, paid again by each of category-eval's tests until
// they held a test worker's event loop past vitest's 60 s on a loaded machine.
const MATCHERS = new WeakMap<Directories, DirectoryMatchers>();

function readMatchers(directories: Directories): DirectoryMatchers {
  let matchers = MATCHERS.get(directories);
  if (matchers === undefined) {
    matchers = createDirectoryMatchers(directories);
    MATCHERS.set(directories, matchers);
  }
  return matchers;
}

/** Runs the category matcher over labels, each with its product name as the rows' context. */
export function measureCategories(labels: readonly EvalLabel[], directories: Directories = buildSandboxDirectories()): EvalFigures {
  const matchers = readMatchers(directories);
  return summarize(labels.map((item) => judge(item, matchers.categoryMatcher().match(item.label, { productNames: item.product === '' ? [] : [item.product] }))));
}

/** Runs the brand matcher. */
export function measureBrands(labels: readonly EvalLabel[], directories: Directories = buildSandboxDirectories()): EvalFigures {
  const matchers = readMatchers(directories);
  return summarize(labels.map((item) => judge(item, matchBrand(item.label, matchers.brands(), matchers.brandSounds()))));
}

/** `12 of 40 (30.0%)`. */
export function formatShare(count: number, total: number): string {
  return `${count} of ${total} (${total === 0 ? '0.0' : ((100 * count) / total).toFixed(1)}%)`;
}

/** One line of figures. */
export function formatFigures(name: string, figures: EvalFigures): string {
  return (
    `${name}: ${figures.total} labels; right at the top ${formatShare(figures.rightTop, figures.total)}; ` +
    `right and confident ${formatShare(figures.rightConfident, figures.total)}; wrong confident ${figures.wrongConfident}; ` +
    `TODO ${figures.todo}, with the right entry among the candidates ${formatShare(figures.todoWithRight, figures.todo)}`
  );
}

function judge(item: EvalLabel, match: ValueMatch<unknown>): EvalOutcome {
  const top = match.candidates[0]?.key;
  const candidates = match.candidates.map((candidate) => candidate.key);
  const confident = match.status !== 'todo' && match.best !== undefined;
  const chosen = confident ? match.best?.key : undefined;
  const single = item.expected.length === 1;
  const rightConfident = confident && single && chosen === item.expected[0];
  return {
    item,
    status: match.status,
    top: chosen ?? top,
    candidates,
    scores: match.candidates.map((candidate) => `${candidate.key}:${candidate.score.toFixed(2)}`),
    rightTop: item.expected.length === 0 ? !confident : item.expected.includes((chosen ?? top) ?? ''),
    rightConfident,
    wrongConfident: confident && !rightConfident,
    todoWithRight: !confident && (item.expected.length === 0 || item.expected.every((key) => candidates.includes(key))),
  };
}

function summarize(outcomes: EvalOutcome[]): EvalFigures {
  const count = (test: (outcome: EvalOutcome) => boolean): number => outcomes.filter(test).length;
  return {
    total: outcomes.length,
    rightTop: count((o) => o.rightTop),
    rightConfident: count((o) => o.rightConfident),
    wrongConfident: count((o) => o.wrongConfident),
    todo: count((o) => o.status === 'todo'),
    todoWithRight: count((o) => o.todoWithRight),
    outcomes,
  };
}

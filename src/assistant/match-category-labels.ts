/**
 * Matching many category labels at once (`mapping init`'s passes over the file's categories), each as the category
 * matcher matches it alone, optionally with a helper thread (`category-label-helper.ts`) taking a share: labels are
 * independent, so both threads claim them one by one from a shared counter and the matches are put back in label
 * order. The helper is an accelerator only: a label it did not answer, whatever the reason, is matched here.
 */
import type { Category } from '../domain/index.js';
import type { CategoryContext, CategoryMatcher } from './match-category.js';
import type { ValueMatch } from './match-value.js';

/** One label to match, with what the file says around it. */
export interface CategoryLabelJob {
  text: string;
  context: CategoryContext;
}

/** A batch of jobs offered to a helper thread, taken label by label by both threads. */
export interface SharedLabelBatch {
  /** The index of the next job this thread takes, or -1 when every job is taken. */
  claim(): number;
  /** Waits for the helper's matches of the jobs it took, by index; a job it could not match is missing (match it here). */
  collect(): ReadonlyMap<number, ValueMatch<Category>>;
}

/** A second thread with its own category matcher over the same directories. */
export interface CategoryLabelHelper {
  /** Offers the jobs to the helper thread. */
  share(jobs: readonly CategoryLabelJob[]): SharedLabelBatch;
  /** Ends the thread. */
  close(): Promise<void>;
}

/** Matches every job as `matcher.match(text, context)` does, in job order; with a helper, it takes a share of them. */
export function matchCategoryLabels(matcher: CategoryMatcher, jobs: readonly CategoryLabelJob[], helper?: CategoryLabelHelper): ValueMatch<Category>[] {
  const matchJob = (job: CategoryLabelJob): ValueMatch<Category> => matcher.match(job.text, job.context);
  if (helper === undefined || jobs.length < 2) return jobs.map(matchJob);
  const batch = helper.share(jobs);
  const matches: (ValueMatch<Category> | undefined)[] = new Array<ValueMatch<Category> | undefined>(jobs.length);
  let taken = 0;
  for (let i = batch.claim(); i !== -1; i = batch.claim()) {
    matches[i] = matchJob(jobs[i] as CategoryLabelJob);
    taken += 1;
  }
  const helped = taken === jobs.length ? new Map<number, ValueMatch<Category>>() : batch.collect();
  return jobs.map((job, i) => matches[i] ?? helped.get(i) ?? matchJob(job));
}

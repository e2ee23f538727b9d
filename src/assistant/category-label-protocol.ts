/**
 * What the category label helper (category-label-helper.ts) and its thread (category-label-worker.ts) say to each
 * other; a module of its own so that the thread loads none of the helper's imports.
 */
import type { MessagePort } from 'node:worker_threads';
import type { Category, Directories } from '../domain/index.js';
import type { CategoryLabelJob } from './match-category-labels.js';
import type { ValueMatch } from './match-value.js';

/** What the helper thread is given. */
export interface CategoryLabelWorkerData {
  directories: Directories;
  /** Where the classifier index is cached (the helper reads the one this thread loaded). */
  stateDir: string;
  /** Where its matches are posted. */
  matches: MessagePort;
}

/** A batch as posted to the helper: the shared counters are `[next job, matches delivered]`. */
export interface PostedBatch {
  batch: number;
  jobs: readonly CategoryLabelJob[];
  counters: SharedArrayBuffer;
}

/** One job's outcome, as the helper posts it: its match, or nothing when matching it failed there. */
export interface PostedMatch {
  batch: number;
  index: number;
  match?: ValueMatch<Category>;
}

/** Indices of the shared counters. */
export const NEXT_JOB = 0;
export const DELIVERED = 1;

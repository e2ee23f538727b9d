/**
 * The category label helper's thread entry (see category-label-helper.ts): builds the directory matchers, reads the
 * classifier index and sets up the category matcher at once, then, batch by batch, claims jobs from the shared counter
 * and posts each match (or, when matching one fails, its index alone) on the matches port, then counts it delivered.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { loadClassifierIndex } from './classify/load-classifier-index.js';
import { createDirectoryMatchers } from './create-directory-matchers.js';
import { DELIVERED, NEXT_JOB, type CategoryLabelWorkerData, type PostedBatch, type PostedMatch } from './category-label-protocol.js';

const data = workerData as CategoryLabelWorkerData;
const matchers = createDirectoryMatchers(data.directories);
await loadClassifierIndex({ stateDir: data.stateDir, directories: data.directories, index: matchers.index });
const matcher = matchers.categoryMatcher();

parentPort?.on('message', (posted: PostedBatch) => {
  const counters = new Int32Array(posted.counters);
  for (let index = Atomics.add(counters, NEXT_JOB, 1); index < posted.jobs.length; index = Atomics.add(counters, NEXT_JOB, 1)) {
    const job = posted.jobs[index];
    let answer: PostedMatch = { batch: posted.batch, index };
    try {
      if (job !== undefined) answer = { ...answer, match: matcher.match(job.text, job.context) };
      data.matches.postMessage(answer);
    } catch {
      data.matches.postMessage({ batch: posted.batch, index } satisfies PostedMatch);
    }
    Atomics.add(counters, DELIVERED, 1);
    Atomics.notify(counters, DELIVERED);
  }
});

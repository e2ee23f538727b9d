/**
 * The job-status location as a link only: the import answer is `{jobId, receivedItems, queuedAt,
 * links: {self}}` with the same URL in a `Location` header, and no `infoUrl`. The job status is
 * served at `JOB_LINKS_PATH`, which the configured import-info path does not match: that path
 * answers 404.
 */
import { answerWith } from './dialect-types.js';
import type { DialectTrait } from './dialect-types.js';

/** Where this dialect serves the job status (`?jobId=N`). */
export const JOB_LINKS_PATH = '/api/seller/v2/import-jobs';

/** The job-links trait. */
export const jobLinksTrait: DialectTrait = {
  name: 'job-links',
  summary: `job status only in a Location header and links.self, served at ${JOB_LINKS_PATH}?jobId=N (the configured path answers 404)`,
  writers: {
    jobPath: JOB_LINKS_PATH,
    importAccepted(accepted) {
      const self = `${accepted.infoPath}?jobId=${accepted.jobId}`;
      return answerWith({ jobId: accepted.jobId, receivedItems: accepted.receivedItems, queuedAt: accepted.queuedAt, links: { self } }, { location: self });
    },
  },
};

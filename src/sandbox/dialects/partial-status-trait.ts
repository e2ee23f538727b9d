/**
 * The per-product status under a name of its own: a job's product results carry `disposition`
 * (`Success`/`Failed`) where the interface says `status`; the job's own words are the
 * interface's. A client that reads only the job's `Done` cannot know which product was refused.
 */
import type { JobView } from '../create-sandbox-store.js';
import type { DialectTrait } from './dialect-types.js';

function writeJob(view: JobView): Record<string, unknown> {
  return { ...view, products: view.products.map(({ status, ...rest }) => ({ ...rest, disposition: status })) };
}

/** The partial-status trait. */
export const partialStatusTrait: DialectTrait = {
  name: 'partial-status',
  summary: 'per-product results say Success/Failed under `disposition`, not `status`',
  writers: { job: writeJob },
};

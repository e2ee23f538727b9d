/**
 * The job's own counts (received, succeeded, failed) are read, not reported as "fields not used"
 * (the sandbox's answers warned on every README run), and checked against the per-product
 * results: a disagreement is said, the per-product verdicts still decide. A local server on port 0.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import { makeTestDeps, startLocalServer, tokenAnswer } from './client-test-kit.js';
import type { LocalServer } from './client-test-kit.js';

const servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const products = [
  { index: 0, productId: 7, status: 'Success', skus: [{ index: 0, skuId: 70, barcode: '4600000000015' }] },
  { index: 1, status: 'Failed', errors: [{ field: 'price', code: 'x', description: 'bad price' }] },
];

async function jobStatusWith(counts: Record<string, number>) {
  const server = await startLocalServer((request) => {
    if (request.path.endsWith('/auth/token')) return tokenAnswer();
    return { json: { jobId: 5, status: 'Done', ...counts, products } };
  });
  servers.push(server);
  const client = createCatalogClient({ baseUrl: server.url, credentials: { clientId: 'local', clientSecret: 'secret-42' }, retry: { limit: 0 } }, makeTestDeps().deps);
  return { client, status: await client.getJobStatus({ jobId: 5 }) };
}

describe('the job status counts', () => {
  it('reads receivedItems, successCount and failedCount, and says nothing when they agree', async () => {
    const { client, status } = await jobStatusWith({ receivedItems: 2, successCount: 1, failedCount: 1 });
    expect(status.counts).toEqual({ received: 2, succeeded: 1, failed: 1 });
    const observed = client.observe();
    expect([...observed.unused.values()].flat()).toEqual([]);
    expect(observed.notes).toEqual([]);
  });

  it('says where the counts and the per-product results disagree, and keeps the per-product verdicts', async () => {
    const { client, status } = await jobStatusWith({ receivedItems: 3, successCount: 2, failedCount: 1 });
    expect(status.products.map((p) => p.meaning)).toEqual(['succeeded', 'failed']);
    const notes = client.observe().notes.join('\n');
    expect(notes).toMatch(/job 5 counts 3 product\(s\) received, its per-product results show 2/);
    expect(notes).toMatch(/job 5 counts 2 product\(s\) succeeded, its per-product results show 1/);
    expect(notes).not.toMatch(/failed, its/);
  });
});

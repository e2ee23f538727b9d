/**
 * No success without a per-product verdict (issue 37, item 7): a product result whose status is
 * under a name of its own is read by its word; a status-like field with a word the client does
 * not know makes the product's outcome unknown, never a success taken from the job's `Done`.
 * A local server on port 0 answers the job status.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import { makeTestDeps, startLocalServer, tokenAnswer } from './client-test-kit.js';
import type { LocalServer } from './client-test-kit.js';

const servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function jobStatusOf(products: unknown[]) {
  const server = await startLocalServer((request) => (request.path.endsWith('/auth/token') ? tokenAnswer() : { json: { jobId: 7, status: 'Done', products } }));
  servers.push(server);
  const client = createCatalogClient({ baseUrl: server.url, credentials: { clientId: 'local', clientSecret: 'secret-42' }, retry: { limit: 0 } }, makeTestDeps().deps);
  return client.getJobStatus({ jobId: 7 });
}

describe('per-product verdicts', () => {
  it('reads a known status word under a field name of its own', async () => {
    const status = await jobStatusOf([
      { index: 0, productId: 1, disposition: 'Success' },
      { index: 1, disposition: 'Failed', errors: [{ field: 'brandId', code: 'NOT_FOUND', description: 'no such brand' }] },
    ]);
    expect(status.meaning).toBe('succeeded');
    expect(status.products.map((p) => [p.status, p.meaning])).toEqual([
      ['Success', 'succeeded'],
      ['Failed', 'failed'],
    ]);
  });

  it('makes a product with an unknown word in a status-like field unknown, not accepted', async () => {
    const status = await jobStatusOf([{ index: 0, productId: 1, outcomeCode: 'Parked' }]);
    expect(status.products[0]?.status).toBe('Parked');
    expect(status.products[0]?.meaning).toBe('unknown');
  });

  it('takes no verdict from a known word under another name, nor from a number', async () => {
    const status = await jobStatusOf([
      { index: 0, productId: 1, operation: 'Updated' },
      { index: 1, productId: 2, resultCode: 1 },
    ]);
    expect(status.products.map((p) => p.status)).toEqual([undefined, undefined]);
    expect(status.products.every((p) => p.meaning !== 'succeeded')).toBe(true);
  });

  it('leaves a product with no status-like field at all to the job (absent)', async () => {
    const status = await jobStatusOf([{ index: 0, productId: 1, note: 'Parked' }]);
    expect(status.products[0]?.meaning).toBe('absent');
  });
});

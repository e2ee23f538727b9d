/**
 * Where the job status is asked (issue 37, item 3): the import answer's `Location` header, else a
 * link field (`links.self`, `_links.status.href`), else `infoUrl`, else the configured path; and
 * where it came from is said. A local server on port 0 answers the import and the job.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import { makeTestDeps, startLocalServer, tokenAnswer } from './client-test-kit.js';
import type { LocalAnswer, LocalServer } from './client-test-kit.js';

const servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Imports one product against an answer built from the server's URL; returns the path polled and what was said. */
async function pollAfter(answer: (base: string) => LocalAnswer) {
  const holder = { url: '' };
  const server = await startLocalServer((request) => {
    if (request.path.endsWith('/auth/token')) return tokenAnswer();
    if (request.method === 'POST') return answer(holder.url);
    return { json: { jobId: 5, status: 'Done', products: [{ index: 0, status: 'Success' }] } };
  });
  holder.url = server.url;
  servers.push(server);
  const deps = makeTestDeps();
  const client = createCatalogClient({ baseUrl: server.url, credentials: { clientId: 'local', clientSecret: 'secret-42' }, retry: { limit: 0 } }, deps.deps);
  const accepted = await client.importProducts([]);
  await client.getJobStatus(accepted);
  const polled = server.requests.filter((r) => r.method === 'GET').map((r) => `${r.path}?${r.query.toString()}`);
  return { polled, source: accepted.infoUrlSource, events: deps.events };
}

describe('job-status location', () => {
  it('takes the Location header first', async () => {
    const seen = await pollAfter((base) => ({ status: 202, json: { jobId: 5, links: { self: `${base}/jobs/from-link` }, infoUrl: '/jobs/from-info' }, headers: { location: `${base}/jobs/from-header?jobId=5` } }));
    expect(seen.polled).toEqual(['/jobs/from-header?jobId=5']);
    expect(seen.source).toBe('Location header');
  });

  it('takes a link field before infoUrl', async () => {
    const seen = await pollAfter(() => ({ json: { jobId: 5, _links: { status: { href: '/jobs/from-link' } }, infoUrl: '/jobs/from-info' } }));
    expect(seen.polled).toEqual(['/jobs/from-link?']);
    expect(seen.source).toBe('_links.status');
  });

  it('takes infoUrl, else the configured path, and says which', async () => {
    const info = await pollAfter(() => ({ json: { jobId: 5, infoUrl: '/jobs/from-info' } }));
    expect(info.polled).toEqual(['/jobs/from-info?']);
    const configured = await pollAfter(() => ({ json: { jobId: 5 } }));
    expect(configured.polled).toEqual(['/api/seller/v1/products/import/info?jobId=5']);
    expect(configured.source).toBeUndefined();
    expect(JSON.stringify(configured.events)).toMatch(/job status: asked at the location from the configured path/);
  });
});

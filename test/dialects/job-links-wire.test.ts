import { describe, expect, it } from 'vitest';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { JOB_LINKS_PATH } from '../../src/sandbox/dialects/job-links-trait.js';
import { call, makeCable } from '../sandbox/sandbox-test-kit.js';
import { useWireRig } from './dialect-kit.js';

describe('the job-links dialect, over raw HTTP', () => {
  const rig = useWireRig('job-links');

  it('gives the job-status location only as a Location header and a self link, and serves the job there', async () => {
    const accepted = await call(rig().sandbox, 'POST', DEFAULT_PATHS.import, { token: rig().token, body: { products: [makeCable(), makeCable({ brandId: 999_999 })] } });
    expect(accepted.status).toBe(202);
    const location = accepted.headers.get('location');
    expect(location).toBe(`${rig().sandbox.url}${JOB_LINKS_PATH}?jobId=${accepted.body.jobId as number}`);
    expect(accepted.body.links).toEqual({ self: location });
    expect(Object.keys(accepted.body).sort()).toEqual(['jobId', 'links', 'queuedAt', 'receivedItems']);

    const queued = await call(rig().sandbox, 'GET', location ?? '', { token: rig().token });
    expect(queued.status).toBe(200);
    expect(queued.body.jobId).toBe(accepted.body.jobId);
    await rig().sandbox.settleJobs();
    const done = await call(rig().sandbox, 'GET', location ?? '', { token: rig().token });
    expect(done.body.status).toBe('Done');
    expect(done.body.products.map((p: { status: string }) => p.status)).toEqual(['Success', 'Failed']);
  });

  it('answers 404 at the configured default path, whatever the job', async () => {
    const accepted = await call(rig().sandbox, 'POST', DEFAULT_PATHS.import, { token: rig().token, body: { products: [makeCable()] } });
    const atDefault = await call(rig().sandbox, 'GET', DEFAULT_PATHS.importInfo, { token: rig().token, query: { jobId: accepted.body.jobId as number } });
    expect(JOB_LINKS_PATH).not.toBe(DEFAULT_PATHS.importInfo);
    expect(atDefault.status).toBe(404);
    expect(atDefault.body.errorCode).toBe('ROUTE_NOT_FOUND');
  });
});

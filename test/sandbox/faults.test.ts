import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle, SandboxOptions } from '../../src/sandbox/start-sandbox.js';
import { call, createFakeClock, getToken, makeCable } from './sandbox-test-kit.js';

describe('sandbox faults', () => {
  let sandbox: SandboxHandle | undefined;
  const start = async (options: SandboxOptions = {}): Promise<SandboxHandle> => {
    sandbox = await startSandbox(options);
    return sandbox;
  };
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
  });

  it('rate-limits with a token bucket: 429, Retry-After in whole seconds and an error body', async () => {
    const clock = createFakeClock();
    const sb = await start({ now: clock.now });
    const token = await getToken(sb);
    sb.setFaults({ rateLimit: { requests: 2, perSeconds: 10 } });
    expect((await call(sb, 'GET', DEFAULT_PATHS.brands, { token })).status).toBe(200);
    expect((await call(sb, 'GET', DEFAULT_PATHS.brands, { token })).status).toBe(200);
    const limited = await call(sb, 'GET', DEFAULT_PATHS.brands, { token });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('5');
    expect(limited.body).toMatchObject({ status: 429, errorCode: 'TOO_MANY_REQUESTS' });
    clock.advance(5000);
    expect((await call(sb, 'GET', DEFAULT_PATHS.brands, { token })).status).toBe(200);
    expect((await call(sb, 'GET', DEFAULT_PATHS.brands, { token })).status).toBe(429);
    sb.setFaults({ rateLimit: null });
    expect((await call(sb, 'GET', DEFAULT_PATHS.brands, { token })).status).toBe(200);
  });

  it('plays scripted faults in order and only on matching requests; faulted imports queue nothing', async () => {
    const sb = await start({
      faults: {
        script: [
          { path: DEFAULT_PATHS.import, method: 'POST', times: 2, action: { status: 503 } },
          { path: DEFAULT_PATHS.import, times: 1, action: { status: 429, retryAfterSeconds: 7 } },
          { path: DEFAULT_PATHS.import, times: 1, action: { status: 400, body: { status: 400, errorCode: 'B2B-SELLER-NONE-VALIDATION_ERROR' } } },
        ],
      },
    });
    const token = await getToken(sb);
    const post = () => call(sb, 'POST', DEFAULT_PATHS.import, { token, body: { products: [makeCable()] } });
    expect((await post()).body).toMatchObject({ status: 503, errorCode: 'SERVICE_UNAVAILABLE' });
    expect((await call(sb, 'GET', DEFAULT_PATHS.brands, { token })).status).toBe(200);
    expect((await post()).status).toBe(503);
    const limited = await post();
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '7']);
    expect((await post()).body).toEqual({ status: 400, errorCode: 'B2B-SELLER-NONE-VALIDATION_ERROR' });
    expect(sb.stats().importRequests).toBe(0);
    expect((await post()).status).toBe(202);
    expect(sb.stats()).toMatchObject({ importRequests: 1, importedProducts: 1 });
  });

  it('drops connections without an answer (scripted and random)', async () => {
    const sb = await start({ faults: { script: [{ path: DEFAULT_PATHS.categories, times: 1, action: { drop: true } }] } });
    const token = await getToken(sb);
    await expect(call(sb, 'GET', DEFAULT_PATHS.categories, { token })).rejects.toThrow();
    expect((await call(sb, 'GET', DEFAULT_PATHS.categories, { token })).status).toBe(200);
    sb.setFaults({ dropRate: 1 });
    await expect(call(sb, 'GET', DEFAULT_PATHS.brands, { token })).rejects.toThrow();
  });

  it('can lose the response of an import that was handled (dropAfterHandling)', async () => {
    const sb = await start({ jobDelayMs: 0, faults: { script: [{ path: DEFAULT_PATHS.import, times: 1, action: { dropAfterHandling: true } }] } });
    const token = await getToken(sb);
    await expect(call(sb, 'POST', DEFAULT_PATHS.import, { token, body: { products: [makeCable()] } })).rejects.toThrow();
    await sb.settleJobs();
    expect(sb.products('sandbox-seller')).toHaveLength(1);
  });

  it('adds latency to every answer and scripted delays to matching ones', async () => {
    const sb = await start({ faults: { latencyMs: 80, script: [{ path: DEFAULT_PATHS.brands, times: 1, action: { delayMs: 120 } }] } });
    const token = await getToken(sb);
    let t0 = performance.now();
    expect((await call(sb, 'GET', DEFAULT_PATHS.brands, { token })).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(190);
    t0 = performance.now();
    await call(sb, 'GET', DEFAULT_PATHS.brands, { token });
    const elapsed = performance.now() - t0;
    expect(elapsed).toBeGreaterThanOrEqual(75);
    expect(elapsed).toBeLessThan(190);
  });

  it('fails the next N job-status requests with 503, then answers', async () => {
    const sb = await start({ jobDelayMs: 0, faults: { jobStatusFailures: 2 } });
    const token = await getToken(sb);
    const job = await call(sb, 'POST', DEFAULT_PATHS.import, { token, body: { products: [makeCable()] } });
    const info = () => call(sb, 'GET', DEFAULT_PATHS.importInfo, { token, query: { jobId: job.body.jobId } });
    expect((await info()).status).toBe(503);
    expect((await call(sb, 'POST', DEFAULT_PATHS.list, { token, body: {} })).status).toBe(200);
    expect((await info()).status).toBe(503);
    expect((await info()).body.status).toBe('Done');
  });

  it('fails at random with 503 from a seeded PRNG: same seed, same sequence', async () => {
    const statuses = async (seed: number): Promise<number[]> => {
      const sb = await startSandbox({ seed, faults: { failureRate: 0.5 } });
      try {
        const out: number[] = [];
        for (let i = 0; i < 20; i++) out.push((await call(sb, 'POST', DEFAULT_PATHS.list, { body: {} })).status);
        return out;
      } finally {
        await sb.close();
      }
    };
    const first = await statuses(7);
    expect(first).toEqual(await statuses(7));
    expect(first).toContain(503);
    expect(first).toContain(401);
  });

  it('counts requests per route and the most in flight at once', async () => {
    const sb = await start({ faults: { latencyMs: 100 } });
    const token = await getToken(sb);
    sb.resetStats();
    await Promise.all(Array.from({ length: 5 }, () => call(sb, 'GET', DEFAULT_PATHS.values, { token })));
    await call(sb, 'GET', '/nowhere', { token });
    expect(sb.stats()).toMatchObject({ requests: 6, byRoute: { values: 5, unknown: 1 }, maxInFlight: 5 });
  });
});

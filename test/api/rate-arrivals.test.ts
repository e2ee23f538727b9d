/**
 * The rate gate over real HTTP, counted where it matters: at the receiving end. With a constant
 * latency, with delays that vary over 200 ms each way, and with one request in five held 300 ms on
 * the way there (a margin of the usual jitter alone let 12 of 10 arrive within a second), no second
 * holds more arrivals than the configured rate. The sandbox case is a smoke test: its token bucket
 * holds a second's worth and lets ~25 % over the rate pass (review30), so the receiving-end counts
 * are the assertions that bind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import { createNodeDeps } from '../../src/core/deps.js';
import { createPrng } from '../../src/sandbox/create-prng.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle } from '../../src/sandbox/start-sandbox.js';
import { startLocalServer, tokenAnswer } from './client-test-kit.js';
import { countBusiestWindow } from './virtual-network.js';

const SELLER = { clientId: 'sandbox-seller', clientSecret: 'sandbox-secret-1' };
const EMPTY_PAGE = { products: [], totalCount: 0, pageNumber: 1, pageSize: 1, totalPages: 0 };

/**
 * Sends `count` product-list requests at once through a client limited to `rate`, to a local
 * server that records when each arrived and answers after `answerDelay()` ms; `thereDelay()` ms
 * pass between a request leaving the gate and reaching `fetch` (a delay on the way there).
 */
async function countArrivals(options: { rate: number; count: number; thereDelay: () => number; answerDelay: () => number }): Promise<number[]> {
  const arrivals: number[] = [];
  const server = await startLocalServer((request) => {
    arrivals.push(performance.now());
    return request.path.endsWith('/auth/token') ? tokenAnswer() : { json: EMPTY_PAGE, delayMs: options.answerDelay() };
  });
  try {
    const deps = createNodeDeps({
      env: {},
      fetch: async (input, init) => {
        await new Promise((resolve) => setTimeout(resolve, options.thereDelay()));
        return fetch(input, init);
      },
    });
    const client = createCatalogClient({ baseUrl: server.url, credentials: SELLER, rateLimit: options.rate }, deps);
    await client.getToken();
    await Promise.all(Array.from({ length: options.count }, () => client.listProducts({ pageNumber: 1, pageSize: 1 })));
    expect(arrivals).toHaveLength(options.count + 1);
    return arrivals;
  } finally {
    await server.close();
  }
}

describe('the rate gate at the receiving end', () => {
  it('lets no second hold more arrivals than the rate under a constant latency of 100 ms', async () => {
    const arrivals = await countArrivals({ rate: 20, count: 80, thereDelay: () => 0, answerDelay: () => 100 });
    expect(countBusiestWindow(arrivals, 1000)).toBeLessThanOrEqual(20);
  }, 20_000);

  it('lets no second hold more arrivals than the rate when delays vary over 200 ms on the way there and back', async () => {
    const random = createPrng(35);
    const arrivals = await countArrivals({ rate: 10, count: 60, thereDelay: () => random() * 200, answerDelay: () => 100 + random() * 200 });
    expect(countBusiestWindow(arrivals, 1000)).toBeLessThanOrEqual(10);
  }, 20_000);

  it('lets no second hold more arrivals than the rate when one request in five is held 300 ms on the way there', async () => {
    const random = createPrng(36);
    const arrivals = await countArrivals({ rate: 10, count: 60, thereDelay: () => (random() < 0.2 ? 300 : 0), answerDelay: () => 100 });
    expect(countBusiestWindow(arrivals, 1000)).toBeLessThanOrEqual(10);
  }, 20_000);
});

describe('the rate gate against the sandbox', () => {
  let sandbox: SandboxHandle;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, jobDelayMs: 0 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  it('sends nothing the sandbox refuses at its own rate with 100 ms answers, past the first answers', async () => {
    sandbox.setFaults({ rateLimit: { requests: 20, perSeconds: 1 }, latencyMs: 100 });
    const statuses: number[] = [];
    const deps = createNodeDeps({
      env: {},
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        statuses.push(response.status);
        return response;
      },
    });
    const client = createCatalogClient({ baseUrl: sandbox.url, credentials: SELLER, rateLimit: 20 }, deps);
    await Promise.all(Array.from({ length: 90 }, () => client.listProducts({ pageNumber: 1, pageSize: 1 })));
    expect(statuses).toHaveLength(91);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
  }, 20_000);
});

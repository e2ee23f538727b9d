/**
 * The bare replays of the submission benchmark: the imports alone send no job poll; with
 * `pollJobs`, every accepted import is followed by one poll of its job, as the tool follows its jobs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayBareImports } from '../../bench/replay-bare-imports.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle } from '../../src/sandbox/start-sandbox.js';

const SELLER = { clientId: 'sandbox-seller', clientSecret: 'sandbox-secret-1' };

let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, jobDelayMs: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

/** An import body of one product with barcode `barcode` that the sandbox takes as a request (its job judges the product). */
function buildBody(barcode: string): string {
  return JSON.stringify({ products: [{ productId: null, categoryCode: 'none', skus: [{ skuId: null, barcode }] }] });
}

describe('replayBareImports', () => {
  it('sends the imports alone, without job polls', async () => {
    const before = sandbox.stats().byRoute['importInfo'] ?? 0;
    const replay = await replayBareImports(sandbox.url, SELLER, [buildBody('4600000000011'), buildBody('4600000000028')], 2);
    expect(replay).toMatchObject({ requests: 2, failures: 0, polls: 0 });
    expect(sandbox.stats().byRoute['importInfo'] ?? 0).toBe(before);
  });

  it('with pollJobs, asks every accepted job once', async () => {
    const before = sandbox.stats().byRoute['importInfo'] ?? 0;
    const bodies = [buildBody('4600000000035'), buildBody('4600000000042'), buildBody('4600000000059')];
    const replay = await replayBareImports(sandbox.url, SELLER, bodies, 2, { pollJobs: true });
    expect(replay).toMatchObject({ requests: 3, failures: 0, polls: 3 });
    expect((sandbox.stats().byRoute['importInfo'] ?? 0) - before).toBe(3);
  });

  it('counts an import whose connection the sandbox dropped as a failure and goes on', async () => {
    sandbox.setFaults({ script: [{ path: '/api/seller/v1/products/import', method: 'POST', times: 1, action: { drop: true } }] });
    const replay = await replayBareImports(sandbox.url, SELLER, [buildBody('4600000000066'), buildBody('4600000000073')], 1, { pollJobs: true });
    expect(replay).toMatchObject({ requests: 2, failures: 1, products: 1, polls: 1 });
  });
});

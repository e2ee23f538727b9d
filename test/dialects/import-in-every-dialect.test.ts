/**
 * The five steps (`dialect-import-steps.ts`: directories whole, the sample imported, imported again,
 * a rejected update, barcodes optional) against each of the four spelling dialects, and the same
 * per-row outcome in every one of them.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import { SANDBOX_DIALECT_NAMES } from '../../src/sandbox/dialects/index.js';
import type { SandboxDialectName } from '../../src/sandbox/dialects/index.js';
import { startDialectRig } from './dialect-kit.js';
import { expectBarcodeOptionalImport, expectDirectoriesWhole, expectRejectedUpdateReported, expectSampleImportedTwice } from './dialect-import-steps.js';

const outcomes = new Map<SandboxDialectName, Map<number, string>>();

describe.each(SANDBOX_DIALECT_NAMES)('the %s dialect', (dialect) => {
  it('serves every directory whole, read by meaning into the same model (capped pages, trees and bare arrays included)', async () => {
    const rig = await startDialectRig(dialect);
    try {
      // The documented dialect states a requirement once per attribute where it holds in every category.
      await expectDirectoriesWhole(rig, dialect === 'documented' ? 'uniform' : 'per-category');
      // These dialects state every attribute flag: nothing is left to the sweep of unstated flags.
      const credential = rig.sandbox.credentials[0];
      const client = createCatalogClient({ baseUrl: rig.sandbox.url, credentials: { clientId: credential?.clientId ?? '', clientSecret: credential?.clientSecret ?? '' } }, rig.deps());
      expect((await client.fetchDirectories()).attributes.every((a) => a.unstated === undefined)).toBe(true);
    } finally {
      await rig.close();
    }
  });

  it("imports the README's sample, imports it again without creating anything, and reports an update the service rejects as rejected", async () => {
    const rig = await startDialectRig(dialect);
    try {
      // The tree dialect's job ids are past 2^53: carried as text, never rounded.
      const checkJobIds = dialect === 'tree' ? (ids: readonly string[]) => expect(ids.every((id) => BigInt(id) > BigInt(Number.MAX_SAFE_INTEGER))).toBe(true) : undefined;
      outcomes.set(dialect, await expectSampleImportedTwice(rig, checkJobIds));
      await expectRejectedUpdateReported(rig);
    } finally {
      await rig.close();
    }
  });
});

describe.each(SANDBOX_DIALECT_NAMES)('the %s dialect, barcode optional', (dialect) => {
  it('imports SKUs sent with no barcode, matches their job results without one, and creates nothing the second time', async () => {
    const rig = await startDialectRig(dialect, { requiredFields: [] });
    try {
      await expectBarcodeOptionalImport(rig);
    } finally {
      await rig.close();
    }
  });
});

afterAll(() => {
  // The sample gives the same per-row outcome in every dialect.
  const reference = outcomes.get('interface');
  if (reference === undefined) return;
  for (const dialect of SANDBOX_DIALECT_NAMES) {
    const seen = outcomes.get(dialect);
    if (seen !== undefined) expect([...seen], `per-row outcomes in the ${dialect} dialect`).toEqual([...reference]);
  }
});

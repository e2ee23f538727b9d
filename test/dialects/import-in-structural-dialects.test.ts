/**
 * The five steps of `import-in-every-dialect.test.ts` (directories whole, the sample imported,
 * imported again, a rejected update, barcodes optional), the error message and `doctor`, against
 * each structural dialect and all of them at once, with nothing but base URL and credentials.
 * The wire itself is checked by the `*-wire.test.ts` files beside this one. Where requirements are
 * stated once per attribute (attribute-scope), they are warnings (scope unclear): the sample's
 * rows give the same outcomes as in the interface dialect.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import { ApiError } from '../../src/core/errors.js';
import { STRUCTURAL_DIALECT_NAMES } from '../../src/sandbox/dialects/index.js';
import type { SandboxDialectSpec } from '../../src/sandbox/dialects/index.js';
import { startDialectRig } from './dialect-kit.js';
import { expectBarcodeOptionalImport, expectDirectoriesWhole, expectRejectedUpdateReported, expectSampleImportedTwice } from './dialect-import-steps.js';
import type { RequirementScope } from './dialect-import-steps.js';

/** The interface dialect first (the per-row outcomes every other must give), each structural dialect alone, then all composed. */
const SPECS: SandboxDialectSpec[] = ['interface', ...STRUCTURAL_DIALECT_NAMES, STRUCTURAL_DIALECT_NAMES.join('+') as SandboxDialectSpec];

const outcomes = new Map<string, Map<number, string>>();

/** Where the wire cannot say per category which attribute is required. */
const scopeOf = (dialect: SandboxDialectSpec): RequirementScope => (dialect.includes('attribute-scope') ? 'per-attribute' : 'per-category');

describe.each(SPECS)('the %s dialect, end to end', (dialect) => {
  it('step 1: reads every directory whole (no short directory, both languages, requirement scope kept)', async () => {
    const rig = await startDialectRig(dialect);
    try {
      await expectDirectoriesWhole(rig, scopeOf(dialect));
    } finally {
      await rig.close();
    }
  });

  it('steps 2-4: imports the sample, again without creating anything, and reports an update the service rejects as rejected', async () => {
    const rig = await startDialectRig(dialect);
    try {
      outcomes.set(dialect, await expectSampleImportedTwice(rig));
      await expectRejectedUpdateReported(rig);
    } finally {
      await rig.close();
    }
  });

  it('step 5: with the barcode optional, imports SKUs without one and creates nothing the second time', async () => {
    const rig = await startDialectRig(dialect, { requiredFields: [] });
    try {
      await expectBarcodeOptionalImport(rig);
    } finally {
      await rig.close();
    }
  });

  it('renders a refused request with the endpoint, the service message and the field error', async () => {
    const rig = await startDialectRig(dialect);
    try {
      const credential = rig.sandbox.credentials[0];
      const client = createCatalogClient({ baseUrl: rig.sandbox.url, credentials: { clientId: credential?.clientId ?? '', clientSecret: credential?.clientSecret ?? '' }, retry: { limit: 0 } }, rig.deps());
      const error = await client.importProducts([]).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect((error as Error).message).toMatch(/POST \/api\/seller\/v1\/products\/import answered 400/);
      expect((error as Error).message).toMatch(/send at least one product/);
      expect((error as Error).message).toMatch(/products/);
    } finally {
      await rig.close();
    }
  });
});

afterAll(() => {
  // The sample gives the same per-row outcome in every dialect: a false "required" (attribute-scope)
  // or a success read from the job alone (partial-status) shows here as a changed row.
  const reference = outcomes.get('interface');
  if (reference === undefined) return;
  for (const [dialect, seen] of outcomes) expect([...seen], `per-row outcomes in the ${dialect} dialect`).toEqual([...reference]);
});

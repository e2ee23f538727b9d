import { describe, expect, it } from 'vitest';
import { createCatalogClient } from '../../src/api/create-catalog-client.js';
import { ApiError } from '../../src/core/errors.js';
import { SANDBOX_DIALECT_NAMES } from '../../src/sandbox/dialects/index.js';
import { startDialectRig } from './dialect-kit.js';

describe.each(SANDBOX_DIALECT_NAMES)('error bodies of the %s dialect', (dialect) => {
  it('are read into a message naming the endpoint, the service message and each field error', async () => {
    const rig = await startDialectRig(dialect);
    try {
      const credential = rig.sandbox.credentials[0];
      const client = createCatalogClient({ baseUrl: rig.sandbox.url, credentials: { clientId: credential?.clientId ?? '', clientSecret: credential?.clientSecret ?? '' }, retry: { limit: 0 } }, rig.deps());
      const error = await client.importProducts([]).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
      expect((error as Error).message).toMatch(/POST \/api\/seller\/v1\/products\/import answered 400/);
      expect((error as Error).message).toMatch(/products is empty/);
      expect((error as Error).message).toMatch(/send at least one product/);
    } finally {
      await rig.close();
    }
  });
});

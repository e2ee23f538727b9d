import { describe, expect, it } from 'vitest';
import { importAndSettle, makeCable } from '../sandbox/sandbox-test-kit.js';
import { useWireRig } from './dialect-kit.js';

describe('the partial-status dialect, over raw HTTP', () => {
  const rig = useWireRig('partial-status');

  it("says each product's outcome under `disposition` only, while the job itself says Done", async () => {
    const job = await importAndSettle(rig().sandbox, rig().token, [makeCable(), makeCable({ brandId: 999_999 })]);
    expect(job.status).toBe('Done');
    expect(job.products.map((p: { disposition: string }) => p.disposition)).toEqual(['Success', 'Failed']);
    expect(job.products.some((p: Record<string, unknown>) => 'status' in p)).toBe(false);
    expect(job.products[1].errors[0]).toMatchObject({ field: 'brandId', code: 'BRAND_NOT_FOUND' });
    // The refusal is real: only the first product was stored.
    expect(rig().sandbox.products('sandbox-seller')).toHaveLength(1);
  });
});

/** The sandbox as a service whose required import fields differ: `requiredFields` (issue 19, item 4). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRequiredFields } from '../../src/cli/commands/sandbox-command.js';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle } from '../../src/sandbox/start-sandbox.js';
import { getToken, importAndSettle, makeCable } from './sandbox-test-kit.js';
import type { Loose } from './sandbox-test-kit.js';

const withoutBarcode = (sku: Record<string, Loose>): Record<string, Loose> => {
  const { barcode: _dropped, ...rest } = sku;
  return rest;
};

describe('sandbox requiredFields', () => {
  let strict: SandboxHandle;
  let optional: SandboxHandle;
  let demanding: SandboxHandle;
  beforeAll(async () => {
    [strict, optional, demanding] = await Promise.all([
      startSandbox({ jobDelayMs: 0 }),
      startSandbox({ jobDelayMs: 0, requiredFields: [] }),
      startSandbox({ jobDelayMs: 0, requiredFields: ['barcode', 'description', 'photos'] }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([strict.close(), optional.close(), demanding.close()]);
  });

  it('requires a barcode by default, and refuses a SKU without one with BARCODE_REQUIRED', async () => {
    const cable = makeCable();
    const job = await importAndSettle(strict, await getToken(strict), [{ ...cable, skus: cable.skus.map(withoutBarcode) }]);
    expect(job.products[0]).toMatchObject({ status: 'Failed', errors: [{ field: 'skus[0].barcode', code: 'BARCODE_REQUIRED' }] });
  });

  it('accepts a SKU with no barcode key where the barcode is optional; the result and details carry none', async () => {
    const token = await getToken(optional);
    const cable = makeCable();
    const job = await importAndSettle(optional, token, [{ ...cable, skus: cable.skus.map(withoutBarcode) }]);
    expect(job.products[0].status).toBe('Success');
    expect(job.products[0].skus[0]).not.toHaveProperty('barcode');
    const stored = optional.products('sandbox-seller').find((p) => p.productId === job.products[0].productId);
    expect(stored?.skus[0]?.barcode).toBe('');
    // Two products without barcodes do not collide on an empty barcode.
    const again = await importAndSettle(optional, token, [{ ...makeCable({ name: { rus: 'Кабель другой', kaz: '' } }), skus: cable.skus.map(withoutBarcode) }]);
    expect(again.products[0].status).toBe('Success');
  });

  it('refuses an empty-string barcode where the barcode is optional: a SKU without one leaves the key out', async () => {
    const cable = makeCable();
    const job = await importAndSettle(optional, await getToken(optional), [{ ...cable, skus: cable.skus.map((sku: Loose) => ({ ...sku, barcode: '' })) }]);
    expect(job.products[0]).toMatchObject({ status: 'Failed', errors: [{ field: 'skus[0].barcode', code: 'BARCODE_INVALID' }] });
  });

  it('requires a description and a photo per SKU when asked to', async () => {
    const cable = makeCable({ description: { rus: ' ', kaz: '' } });
    const job = await importAndSettle(demanding, await getToken(demanding), [{ ...cable, skus: cable.skus.map((sku: Loose) => ({ ...sku, photos: [] })) }]);
    expect(job.products[0].errors.map((e: Loose) => e.code).sort()).toEqual(['DESCRIPTION_REQUIRED', 'PHOTOS_REQUIRED']);
  });

  it('reads --required-fields: a list, none, or an error naming the wrong word', () => {
    expect(parseRequiredFields('barcode, Photos')).toEqual(['barcode', 'photos']);
    expect(parseRequiredFields('none')).toEqual([]);
    expect(() => parseRequiredFields('barcode,ean')).toThrow(/ean is not one of barcode, description, photos/);
  });
});

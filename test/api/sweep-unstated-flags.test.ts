/**
 * doctor against a service that states the SKU-defining flag under a name of no known class: it must
 * not call the attributes understood while a boolean field goes unused; under a name of the class
 * (`variation_flag`) the flag is read, and doctor says which field it took.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FOREIGN_CREDENTIALS, startForeignService } from '../helpers/foreign-service.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

async function runDoctorAgainst(skuFlagKey: string) {
  const service = await startForeignService({ skuFlagKey, pageCap: 40 });
  const dir = await mkdtemp(join(tmpdir(), 'catalog-import-sweep-flags-'));
  open.push(service, { close: () => rm(dir, { recursive: true, force: true }) });
  return runCliCaptured(['doctor', '--base-url', service.url, '--client-id', FOREIGN_CREDENTIALS.clientId, '--state-dir', join(dir, 'state')], {
    cwd: dir,
    env: { CATALOG_CLIENT_SECRET: FOREIGN_CREDENTIALS.clientSecret },
  });
}

describe('doctor on an unstated SKU-defining flag', () => {
  it('fails (exit 3) when no attribute states it and a boolean field went unused, naming the field', async () => {
    const doctor = await runDoctorAgainst('split_into_offers');
    expect(doctor.code).toBe(3);
    expect(doctor.stdout).toContain('split_into_offers');
    expect(doctor.stdout).toContain('service.fields["attribute.isSkuDefining"]');
    expect(doctor.stdout).not.toContain('Everything the import needs was understood');
  });

  it('reads a boolean field named of the class (variation_flag) and says which field it took', async () => {
    const doctor = await runDoctorAgainst('variation_flag');
    expect(doctor.code).toBe(0);
    expect(doctor.stdout).toMatch(/variation_flag taken as attribute\.isSkuDefining/);
  });
});

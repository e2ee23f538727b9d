/**
 * Issue 37 item 9: `directories pull` and `doctor` give the same leaf count, against a service that
 * lists every level of the category tree (the documented dialect), where leaves are fewer than categories.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createReferenceData } from '../../src/sandbox/reference-data.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';
import { startDialectRig } from './dialect-kit.js';

describe('leaf counts', () => {
  it('are the same in directories pull and doctor', async () => {
    const rig = await startDialectRig('documented');
    try {
      const credential = rig.sandbox.credentials[0];
      const env = { CATALOG_CLIENT_SECRET: credential?.clientSecret };
      const common = ['--base-url', rig.sandbox.url, '--client-id', credential?.clientId ?? '', '--state-dir', join(rig.dir, 'state')];
      const reference = createReferenceData().categories;
      const leaves = reference.filter((c) => c.isLeaf).length;
      expect(leaves).toBeLessThan(reference.length);
      const pull = await runCliCaptured(['directories', 'pull', ...common], { cwd: rig.dir, env });
      expect(pull.code, pull.stderr).toBe(0);
      expect(pull.stdout).toContain(`Fetched ${leaves} leaf categories of ${reference.length}`);
      const doctor = await runCliCaptured(['doctor', ...common], { cwd: rig.dir, env });
      expect(doctor.stdout).toContain(`${leaves} leaf categories of ${reference.length}`);
    } finally {
      await rig.close();
    }
  });
});

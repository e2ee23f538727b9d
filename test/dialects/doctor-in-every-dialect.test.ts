import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PATHS } from '../../src/domain/index.js';
import { runImport } from '../../src/pipeline/run-import.js';
import { SANDBOX_DIALECT_NAMES } from '../../src/sandbox/dialects/index.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';
import { startDialectRig } from './dialect-kit.js';
import { createReferenceData } from '../../src/sandbox/reference-data.js';

// The sandbox's directories, as every dialect serves them.
const REFERENCE = createReferenceData();

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe.each(SANDBOX_DIALECT_NAMES)('doctor against the %s dialect', (dialect) => {
  it('says what it saw per endpoint, reads the last job, and fails with a settings snippet on a status word it does not know', async () => {
    const rig = await startDialectRig(dialect);
    try {
      const imported = await runImport({ file: join(ROOT, 'samples', 'catalog.csv'), mapping: join(ROOT, 'mappings', 'sample.yaml'), settings: rig.settings() }, rig.deps());
      expect(imported.summary.jobs.length).toBeGreaterThan(0);
      const credential = rig.sandbox.credentials[0];
      const env = { CATALOG_CLIENT_SECRET: credential?.clientSecret };
      const args = ['doctor', '--base-url', rig.sandbox.url, '--client-id', credential?.clientId ?? '', '--state-dir', join(rig.dir, 'state'), '--json'];
      const imports = rig.sandbox.stats().importRequests;

      const healthy = await runCliCaptured(args, { cwd: rig.dir, env });
      expect(healthy.code, healthy.stdout + healthy.stderr).toBe(0);
      const result = JSON.parse(healthy.stdout.trim().split('\n').pop() ?? '{}') as { ok: boolean; checks: { name: string; ok: boolean; saw: string[] }[] };
      expect(result.ok).toBe(true);
      expect(result.checks.map((c) => c.name)).toEqual(expect.arrayContaining(['token', 'directory categories', 'directory brands', 'product list', 'product details']));
      expect(result.checks.some((c) => c.name.startsWith('job ') && c.ok)).toBe(true);
      expect(result.checks.find((c) => c.name === 'directory brands')?.saw.join(' ')).toMatch(new RegExp(`${REFERENCE.brands.length} record\\(s\\)`));

      // The service starts answering with a word nobody told the tool about.
      rig.sandbox.setFaults({ script: [{ path: DEFAULT_PATHS.importInfo, method: 'GET', times: 5, action: { status: 200, body: { status: 'Approvedish', products: [{ index: 0, status: 'Approvedish' }] } } }] });
      const puzzled = await runCliCaptured(args.filter((a) => a !== '--json'), { cwd: rig.dir, env });
      expect(puzzled.code).toBe(3);
      expect(puzzled.stdout).toMatch(/status word\(s\) not known: "Approvedish"/);
      expect(puzzled.stdout).toMatch(/statuses:\n\s+succeeded: \["Approvedish"\]/);
      // Read-only: doctor never sends an import.
      expect(rig.sandbox.stats().importRequests).toBe(imports);
    } finally {
      await rig.close();
    }
  });
});

describe('doctor with the embedded sandbox', () => {
  it('speaks the dialect the settings name (sandboxDialect) and reads it whole', async () => {
    const { mkdtemp, rm, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const dir = await mkdtemp(join(tmpdir(), 'catalog-import-doctor-'));
    try {
      await writeFile(join(dir, 'settings.yaml'), 'sandbox: true\nsandboxDialect: tree\n');
      const run = await runCliCaptured(['doctor', '--config', 'settings.yaml', '--state-dir', 'state'], { cwd: dir });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/paging fields: meta\.total, meta\.per_page, meta\.page/);
      expect(run.stdout).toMatch(new RegExp(`${REFERENCE.categories.filter((c) => c.isLeaf).length} leaf categories of ${REFERENCE.categories.length}`));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

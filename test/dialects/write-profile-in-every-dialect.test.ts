/**
 * `doctor --write-profile` (issue 37 deliver 8), over HTTP against every sandbox dialect — the four
 * spelling ones, the six structural ones, two compositions — and one dialect of this test's own,
 * spelled with names the tool has no alias for: doctor writes the profile and exits 0, and the
 * sample then imports with that profile alone (base URL and credentials apart): every product
 * accepted, an update the service refuses reported rejected.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { runImport } from '../../src/pipeline/run-import.js';
import { composeDialect } from '../../src/sandbox/dialects/compose-dialect.js';
import { SANDBOX_DIALECT_NAMES, STRUCTURAL_DIALECT_NAMES, isDialectAnswer, answerWith } from '../../src/sandbox/dialects/index.js';
import type { SandboxDialect, SandboxDialectSpec } from '../../src/sandbox/dialects/index.js';
import { requireAnnotatedPath } from '../helpers/require-annotated-path.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';
import { readRowStatuses, startDialectRig } from './dialect-kit.js';
import type { DialectRig } from './dialect-kit.js';
import { MAPPING, SAMPLE, expectRejectedUpdateReported } from './dialect-import-steps.js';

/** Directory keys renamed to words no alias table of the tool holds, by directory. */
const RENAMES: Record<string, Record<string, string>> = {
  categories: { id: 'ref', parentId: 'ownerRef', name: 'caption', path: 'trail', isLeaf: 'terminal' },
  attributes: { id: 'ref', code: 'mnemonic', name: 'caption', categories: 'bindings', categoryId: 'node', isRequired: 'obligatory' },
  values: { id: 'ref', name: 'caption', attributeId: 'characteristicRef', attributeCode: '' },
  brands: {},
};

function renameKeys(value: unknown, renames: Record<string, string>): unknown {
  if (Array.isArray(value)) return value.map((inner) => renameKeys(inner, renames));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const to = renames[key] ?? key;
    // Names ({rus, kaz}) and paging fields keep their keys.
    if (to !== '') out[to] = key === 'name' || key === 'path' ? inner : renameKeys(inner, renames);
  }
  return out;
}

/** This test's own dialect: cursor paging, and directory records spelled in words the tool has never seen. */
function createRenamedDialect(): SandboxDialect {
  const base = composeDialect(['cursor']);
  return {
    ...base,
    name: 'renamed+cursor',
    summary: 'directory records spelled ref/caption/trail/terminal/mnemonic/bindings/node/obligatory/characteristicRef, cursor paging',
    directory(name, index, paging, query, request) {
      const written = base.directory(name, index, paging, query, request);
      const rename = (body: unknown) => {
        const page = body as { items: unknown[] };
        return { ...page, items: renameKeys(page.items, RENAMES[name] ?? {}) };
      };
      return isDialectAnswer(written) ? answerWith(rename(written.body), written.headers, written.status) : rename(written);
    },
  };
}

const SPECS: (SandboxDialectSpec | 'renamed')[] = [...SANDBOX_DIALECT_NAMES, ...STRUCTURAL_DIALECT_NAMES, 'cursor+translations+jsonapi', 'attribute-scope+partial-status+job-links', 'renamed'];

async function writeProfile(rig: DialectRig): Promise<{ code: number; stdout: string; profile: string }> {
  const credential = rig.sandbox.credentials[0];
  const run = await runCliCaptured(['doctor', '--base-url', rig.sandbox.url, '--client-id', credential?.clientId ?? '', '--state-dir', join(rig.dir, 'state'), '--write-profile', 'profile.yaml'], {
    cwd: rig.dir,
    env: { CATALOG_CLIENT_SECRET: credential?.clientSecret },
  });
  const profile = await readFile(join(rig.dir, 'profile.yaml'), 'utf8').catch(() => '');
  return { code: run.code, stdout: run.stdout + run.stderr, profile };
}

describe.each(SPECS)('doctor --write-profile against the %s dialect', (spec) => {
  it('writes a profile by data that the sample imports with alone: every product accepted, a refused update rejected', async () => {
    const rig = await startDialectRig(spec === 'renamed' ? createRenamedDialect() : spec);
    try {
      const { code, stdout, profile } = await writeProfile(rig);
      expect(code, stdout).toBe(0);
      // Every inferred line says why.
      const inferredLines = profile.split('\n').filter((line) => /^\s+"[a-z]+\.[A-Za-z]+": \[/.test(line));
      expect(inferredLines.length).toBeGreaterThan(0);
      expect(inferredLines.every((line) => line.includes('# '))).toBe(true);
      const service = (parseYaml(profile) as { service: Record<string, unknown> }).service;
      const settings = () => rig.settings({ service });

      const first = await runImport({ file: SAMPLE, mapping: MAPPING, settings: settings() }, rig.deps());
      const statuses = [...(await readRowStatuses(requireAnnotatedPath(first.reportPaths))).values()];
      expect(first.exitCode, JSON.stringify(first.summary.counts)).toBe(0);
      expect(statuses.length).toBeGreaterThan(0);
      expect(statuses.every((status) => status === 'accepted')).toBe(true);
      expect(rig.sandbox.products('sandbox-seller').length).toBeGreaterThan(0);
      await expectRejectedUpdateReported({ ...rig, settings });
    } finally {
      await rig.close();
    }
  });
});

describe('the renamed dialect without a profile', () => {
  it('cannot be read by the built-in names (so the profile above was inferred by data)', async () => {
    const rig = await startDialectRig(createRenamedDialect());
    try {
      const run = await runImport({ file: SAMPLE, mapping: MAPPING, settings: rig.settings() }, rig.deps()).then(
        (result) => `exit ${result.exitCode}`,
        (error: unknown) => String(error),
      );
      expect(run).toMatch(/category\.id not found|not found \(looked for/);
    } finally {
      await rig.close();
    }
  });
});

/**
 * Limits: the largest file, the most rows and the longest cell are settings (here from a
 * `--config` file); going over them gives a clear error naming the file and the limit (exit 2)
 * or, for a cell, an error on that row and column. Mapping YAML with custom tags or an alias bomb
 * is refused before anything is read.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_MAPPING_YAML, writeCatalogFixture } from '../helpers/catalog-fixture.js';
import type { CatalogFixtureOptions } from '../helpers/catalog-fixture.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';
import { createTestDir, startTestSandbox } from './fault-kit.js';

async function setUp(options: Omit<CatalogFixtureOptions, 'dir'>) {
  const dir = await createTestDir('catalog-limits-');
  const sandbox = await startTestSandbox(dir);
  const fixture = await writeCatalogFixture({ dir, ...options });
  const env = { CATALOG_BASE_URL: sandbox.url, CATALOG_CLIENT_ID: 'sandbox-seller', CATALOG_CLIENT_SECRET: 'sandbox-secret-1', CATALOG_STATE_DIR: join(dir, 'state') };
  const validate = async (config: string | null, mapping = fixture.mapping) => {
    const args = ['validate', fixture.file, '--mapping', mapping];
    if (config !== null) {
      await writeFile(join(dir, 'limits.yaml'), config);
      args.push('--config', join(dir, 'limits.yaml'));
    }
    return runCliCaptured(args, { env, cwd: dir });
  };
  return { dir, fixture, validate };
}

describe('configurable limits give clear errors', () => {
  it('more rows than maxRows: exit 2 naming the file, the limit and the row', async () => {
    const { fixture, validate } = await setUp({ products: 20 });
    expect((await validate(null)).code).toBe(0);
    const run = await validate('maxRows: 5\n');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(fixture.file);
    expect(run.stderr).toMatch(/more than 5 data rows \(limit maxRows\); reading stopped at row 7/);
  });

  it('a file larger than maxFileMb: exit 2 naming the file, its size and the limit', async () => {
    const long = 'Подробное описание. '.repeat(60);
    const { fixture, validate } = await setUp({ products: 700, override: () => ({ Описание: long }) });
    const run = await validate('maxFileMb: 1\n');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(fixture.file);
    expect(run.stderr).toMatch(/the file has \d+ bytes, more than the limit of 1048576 \(maxFileBytes\)/);
  });

  it('a cell longer than maxCellLength: that row is invalid, with the row and column named', async () => {
    const { validate } = await setUp({ products: 4, override: (i) => (i === 2 ? { Наименование: 'Ж'.repeat(500) } : undefined) });
    const run = await validate('maxCellLength: 200\n');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/cell_truncated/);
    expect(run.stdout).toMatch(/row 4 › column C \(Наименование\)/);
  });

  it('a limit that makes no sense is refused with where it came from', async () => {
    const { validate } = await setUp({ products: 1 });
    const run = await validate('maxRows: 0\nmaxCellLength: -1\n');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/maxRows from settings file .*limits\.yaml/);
    expect(run.stderr).toMatch(/maxCellLength from settings file/);
  });

  it('a mapping with a custom tag or an alias bomb is refused before any row is read', async () => {
    const { dir, validate } = await setUp({ products: 1 });
    const tagged = join(dir, 'tagged.yaml');
    await writeFile(tagged, `${FIXTURE_MAPPING_YAML}hook: !!js/function "function () { return 1 }"\n`);
    const tagRun = await validate(null, tagged);
    expect(tagRun.code).toBe(2);
    expect(tagRun.stderr).toMatch(/mapping_yaml_tag/);
    const bomb = join(dir, 'bomb.yaml');
    const lines = ['a: &a [x,x,x,x,x,x,x,x,x,x]'];
    for (let i = 1; i < 10; i += 1) lines.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
    await writeFile(bomb, `${FIXTURE_MAPPING_YAML}${lines.join('\n')}\n`);
    const started = performance.now();
    const bombRun = await validate(null, bomb);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(bombRun.code).toBe(2);
    expect(bombRun.stderr).toMatch(/alias/i);
  });

  it('a settings file with an alias bomb is refused too', async () => {
    const { validate } = await setUp({ products: 1 });
    const lines = ['a: &a [x,x,x,x,x,x,x,x,x,x]'];
    for (let i = 1; i < 10; i += 1) lines.push(`${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10).fill(`*${String.fromCharCode(96 + i)}`).join(',')}]`);
    const run = await validate(`${lines.join('\n')}\n`);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/settings file .*limits\.yaml/);
  });
});

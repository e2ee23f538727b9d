/**
 * Issue 36 items 1 and 6 end to end (`runValidate` against the sandbox, on files generated from the
 * sample catalog): a CSV whose line endings change from record to record reads as the original; a
 * repeated row is left out with one warning under `rows.duplicates: keep-first`; rows left out by
 * `rows.skip` are counted in the summary, listed in `rejected-rows.csv`, never lost silently.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createNodeDeps } from '../../src/core/deps.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function makeDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'seller-rows-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function validate(file: string, mapping: string) {
  const settings = resolveSettings({ flags: { sandbox: true, stateDir: await makeDir() } });
  return runValidate({ file, mapping, settings }, createNodeDeps({ cwd: ROOT, env: {} }));
}

describe('seller rows end to end', () => {
  it('a CSV whose records end in CRLF, then LF, then CR reads the rows of the original', async () => {
    const original = await readFile(join(ROOT, 'samples', 'catalog.csv'), 'utf8');
    const lines = original.split('\r\n');
    // The header (row 3) ends in CRLF as in the original; the records after it take turns.
    const endings = ['\r\n', '\n', '\r'];
    const mixed = lines.map((line, i) => (i === lines.length - 1 ? line : line + (i < 3 ? '\r\n' : (endings[i % 3] as string)))).join('');
    const dir = await makeDir();
    await writeFile(join(dir, 'mixed.csv'), mixed);
    const base = await validate(join('samples', 'catalog.csv'), join('mappings', 'sample.yaml'));
    const read = await validate(join(dir, 'mixed.csv'), join('mappings', 'sample.yaml'));
    expect(read.summary.counts.rows).toBe(base.summary.counts.rows);
    expect(read.summary.counts.byStatus).toEqual(base.summary.counts.byStatus);
    expect(read.summary.counts.issuesByCode).toEqual(base.summary.counts.issuesByCode);
  });

  it('rows.duplicates keep-first and rows.skip: the repeat left out with one warning, the skipped rows counted and listed', async () => {
    const original = await readFile(join(ROOT, 'samples', 'catalog.csv'), 'utf8');
    const lines = original.split('\r\n');
    const firstData = lines[3] as string;
    const dir = await makeDir();
    // The first data row again, right after itself: the same SKU listed twice.
    await writeFile(join(dir, 'repeated.csv'), [...lines.slice(0, 4), firstData, ...lines.slice(4)].join('\r\n'));
    const mapping = await readFile(join(ROOT, 'mappings', 'sample.yaml'), 'utf8');
    await writeFile(join(dir, 'plain.yaml'), mapping.replace('$schema: ../schemas/mapping.schema.json\n', ''));
    await writeFile(
      join(dir, 'rows.yaml'),
      `${mapping.replace('$schema: ../schemas/mapping.schema.json\n', '')}\nrows:\n  duplicates: keep-first\n  skip:\n    - { column: Категория, equals: казаны }\n`,
    );
    const plain = await validate(join(dir, 'repeated.csv'), join(dir, 'plain.yaml'));
    expect(plain.summary.counts.issuesByCode.duplicate_barcode).toBeGreaterThan(0);

    const result = await validate(join(dir, 'repeated.csv'), join(dir, 'rows.yaml'));
    const codes = result.summary.counts.issuesByCode;
    expect(codes.duplicate_barcode).toBeUndefined();
    expect(codes.duplicate_rows_left_out).toBe(1);
    expect(result.summary.issues.find((issue) => issue.code === 'duplicate_rows_left_out')?.message).toContain('row 5');
    const kazany = lines.filter((line) => line.split(';')[7] === 'Казаны').length;
    expect(kazany).toBeGreaterThan(0);
    expect(codes.row_skipped).toBe(kazany);
    expect(result.summary.counts.rows).toBe(plain.summary.counts.rows);
    const rejected = await readFile(result.reportPaths.rejectedRows ?? '', 'utf8');
    expect(rejected.split('\r\n').filter((line) => line.includes('row_skipped'))).toHaveLength(kazany);
  });
});

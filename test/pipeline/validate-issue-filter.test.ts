import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createNodeDeps } from '../../src/core/deps.js';
import { ConfigError } from '../../src/core/errors.js';
import type { Issue } from '../../src/core/issue.js';
import { createIssueFilter } from '../../src/pipeline/issue-filter.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { writeResultJson } from '../../src/report/write-result-json.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function validate(flags: Record<string, unknown>) {
  const stateDir = await mkdtemp(join(tmpdir(), 'validate-filter-'));
  onTestFinished(() => rm(stateDir, { recursive: true, force: true }));
  const settings = resolveSettings({ flags: { sandbox: true, stateDir, ...flags } });
  return runValidate({ file: join('samples', 'catalog-with-mistakes.csv'), mapping: 'mappings/sample.yaml', settings }, createNodeDeps({ cwd: ROOT, env: {} }));
}

async function readNdjson(path: string): Promise<Issue[]> {
  return (await readFile(path, 'utf8'))
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Issue);
}

describe('validate --pick / --skip / --limit-errors and the --json result', () => {
  it('refuses an unknown code before anything runs, naming the nearest', () => {
    expect(() => createIssueFilter({ skip: ['invalid_prise'] })).toThrow(ConfigError);
    expect(() => createIssueFilter({ skip: ['invalid_prise'] })).toThrow(/did you mean: invalid_price/);
    expect(createIssueFilter({})).toBeUndefined();
  });

  it('--pick reports only the picked codes everywhere, while the rows keep the statuses of the full check', async () => {
    const full = await validate({});
    const picked = await validate({ pickIssues: ['invalid_price'] });
    const issues = await readNdjson(picked.reportPaths.issues ?? '');
    expect(issues.length).toBeGreaterThan(0);
    expect(new Set(issues.map((issue) => issue.code))).toEqual(new Set(['invalid_price']));
    expect(picked.summary.counts.issuesByCode).toEqual({ invalid_price: issues.length });
    // Nothing hidden turns valid.
    expect(picked.summary.counts.byStatus.valid).toBe(full.summary.counts.byStatus.valid);
  });

  it('--skip leaves the codes out; --limit-errors stops the read and says where', async () => {
    const skipped = await validate({ skipIssues: ['invalid_price', 'product_has_invalid_rows'] });
    expect(skipped.summary.counts.issuesByCode).not.toHaveProperty('invalid_price');
    expect(skipped.summary.counts.issuesByCode).not.toHaveProperty('product_has_invalid_rows');
    const full = await validate({});
    const limited = await validate({ limitErrors: 3 });
    expect(limited.summary.counts.rows).toBeLessThan(full.summary.counts.rows);
    expect(limited.summary.issues.find((issue) => issue.code === 'error_limit_reached')?.message).toMatch(/stopped at row \d+, where its error number 3 was found/);
    expect(limited.exitCode).toBe(1);
  });

  it('--json ends with a result object holding every issue of issues.ndjson, in its order', async () => {
    const result = await validate({});
    let out = '';
    await writeResultJson(result, (chunk) => (out += chunk));
    expect(out.endsWith('\n')).toBe(true);
    const parsed = JSON.parse(out) as { type: string; exitCode: number; counts: unknown; issues: Issue[] };
    expect(parsed).toMatchObject({ type: 'result', exitCode: result.exitCode, counts: result.summary.counts });
    expect(parsed.issues).toEqual(await readNdjson(result.reportPaths.issues ?? ''));
    expect(parsed.issues).toEqual(result.summary.issues);
  });
});

import { mkdirSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { scaleTimeout } from '../helpers/scale-timeout.js';
import { createNodeDeps } from '../../src/core/deps.js';
import type { PipelineEvent } from '../../src/core/events.js';
import { compareIssues, type Issue } from '../../src/core/issue.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The sample with mistakes, its data rows repeated ten times: a run of many issues. */
async function writeManyMistakes(dir: string): Promise<string> {
  const text = await readFile(join(ROOT, 'samples', 'catalog-with-mistakes.csv'), 'utf8');
  const lines = text.split(/(?<=\n)/);
  const head = lines.slice(0, 3).join('');
  const body = lines.slice(3).join('');
  const path = join(dir, 'many-mistakes.csv');
  await writeFile(path, head + (body.endsWith('\n') ? body : `${body}\n`).repeat(10));
  return path;
}

async function validate(onEvent?: (event: PipelineEvent) => void) {
  const stateDir = await mkdtemp(join(tmpdir(), 'issue-list-'));
  onTestFinished(() => rm(stateDir, { recursive: true, force: true }));
  const file = await writeManyMistakes(stateDir);
  const settings = resolveSettings({ flags: { sandbox: true, stateDir } });
  return runValidate({ file, mapping: join(ROOT, 'mappings', 'sample.yaml'), settings }, createNodeDeps({ cwd: ROOT, env: {}, ...(onEvent ? { onEvent } : {}) }));
}

/**
 * The dry run with a folder where the report file `name` should go, made as the report stage starts
 * (the report folder exists then): writing that file fails. The run's error, and the folder.
 */
async function validateWithFolderAt(name: string): Promise<{ failure: NodeJS.ErrnoException | undefined; reportDir: string }> {
  let reportDir = '';
  const failure = await validate((event) => {
    if (event.type !== 'stage:start' || event.stage !== 'report') return;
    reportDir = event.detail ?? '';
    mkdirSync(join(reportDir, name));
  }).then(
    () => undefined,
    (error: unknown) => error as NodeJS.ErrnoException,
  );
  return { failure, reportDir };
}

describe('a dry run with many issues: issues.ndjson and the report folder', () => {
  it('writes every issue in order, with the digest summary.json keeps', async () => {
    const result = await validate();
    const { counts, issues: examples } = result.summary;
    const total = counts.issuesBySeverity.error + counts.issuesBySeverity.warning;
    expect(total).toBeGreaterThanOrEqual(10_000);
    const lines = (await readFile(result.reportPaths.issues ?? '', 'utf8')).split('\n').filter((line) => line !== '');
    expect(lines).toHaveLength(total);
    const issues = lines.map((line) => JSON.parse(line) as Issue);
    for (let i = 1; i < issues.length; i++) expect(compareIssues(issues[i - 1] as Issue, issues[i] as Issue)).toBeLessThanOrEqual(0);
    // The examples are the first of each code, as written, key order included.
    const seen = new Map<string, number>();
    const firsts = issues.filter((issue) => {
      const n = (seen.get(issue.code) ?? 0) + 1;
      seen.set(issue.code, n);
      return n <= 100;
    });
    expect(JSON.stringify(examples)).toBe(JSON.stringify(firsts));
    expect(counts.issuesByCode).toEqual(Object.fromEntries([...seen].sort((a, b) => (a[0] < b[0] ? -1 : 1))));
    expect(result.reportPaths.annotated).not.toBeNull();
  }, scaleTimeout(60_000));

  it('stops the run with the error the file gave when issues.ndjson cannot be written, and keeps no copy and no summary.json', async () => {
    const { failure, reportDir } = await validateWithFolderAt('issues.ndjson');
    expect(failure?.code).toBe('EISDIR');
    expect(failure?.message).toBe(`EISDIR: illegal operation on a directory, open '${join(reportDir, 'issues.ndjson')}'`);
    // No copy is left (whole or partial) beside a list that failed, without the summary.json that would say what it is.
    expect(await readdir(reportDir)).toEqual(['issues.ndjson']);
  }, scaleTimeout(60_000));

  it('when a copy fails, stops the run with its error and keeps no partial copy', async () => {
    // The copies fail as they open rejected-rows.csv.
    const { failure, reportDir } = await validateWithFolderAt('rejected-rows.csv');
    expect(failure?.code).toBe('EISDIR');
    const left = await readdir(reportDir);
    expect(left).not.toContain('annotated.csv');
    expect(left).not.toContain('summary.json');
  }, scaleTimeout(60_000));
});

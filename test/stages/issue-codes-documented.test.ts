import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAPPING_ISSUE_CODES } from '../../src/mapping/issue-codes.js';
import { DRY_RUN_ISSUE_CODES } from '../../src/pipeline/issue-filter.js';
import { REPORT_ISSUE_CODES } from '../../src/pipeline/finish-run.js';
import { ASSEMBLY_ISSUE_CODES, ROW_ISSUE_CODES } from '../../src/stages/issue-codes.js';

describe('docs/issue-codes.md', () => {
  it.each([
    ['Mapping file', MAPPING_ISSUE_CODES],
    ['Rows', ROW_ISSUE_CODES],
    ['Products', ASSEMBLY_ISSUE_CODES],
    ['Dry run', DRY_RUN_ISSUE_CODES],
    ['Report', REPORT_ISSUE_CODES],
  ])('lists every code of the %s section in its table', async (section, codes) => {
    const doc = await readFile(join(import.meta.dirname, '..', '..', 'docs', 'issue-codes.md'), 'utf8');
    const start = doc.indexOf(`## ${section}`);
    expect(start).toBeGreaterThanOrEqual(0);
    const next = doc.indexOf('\n## ', start + 1);
    const body = doc.slice(start, next === -1 ? undefined : next);
    const missing = Object.keys(codes).filter((code) => !body.includes(`| \`${code}\` |`));
    expect(missing).toEqual([]);
  });
});

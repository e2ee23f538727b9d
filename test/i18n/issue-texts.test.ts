import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished } from 'vitest';
import { CREDENTIAL_ISSUE_CODES } from '../../src/api/request-service-token.js';
import { createNodeDeps } from '../../src/core/deps.js';
import { createIssue, issueTemplateKey, renderIssueMessage, type Issue } from '../../src/core/issue.js';
import { createTranslator, readCatalog } from '../../src/i18n/create-translator.js';
import { LANGUAGES, type Language } from '../../src/i18n/language.js';
import { MAPPING_ISSUE_CODES } from '../../src/mapping/issue-codes.js';
import { DRY_RUN_ISSUE_CODES } from '../../src/pipeline/issue-filter.js';
import { REPORT_ISSUE_CODES } from '../../src/pipeline/finish-run.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { PLAN_ISSUE_CODES } from '../../src/plan/build-plan-issues.js';
import { renderIssueText } from '../../src/report/render-issue-text.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import { READ_CODES } from '../../src/sources/read-codes.js';
import { ASSEMBLY_ISSUE_CODES, FIELD_TERMS, ROW_ISSUE_CODES } from '../../src/stages/issue-codes.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Every code of the code tables, and every code docs/issue-codes.md lists (the import's codes have no table). */
async function listAllCodes(): Promise<string[]> {
  const tables = [
    ...[MAPPING_ISSUE_CODES, ROW_ISSUE_CODES, ASSEMBLY_ISSUE_CODES, DRY_RUN_ISSUE_CODES, REPORT_ISSUE_CODES].flatMap((table) => Object.keys(table)),
    ...Object.values(READ_CODES),
    ...Object.values(CREDENTIAL_ISSUE_CODES),
  ];
  const doc = await readFile(join(ROOT, 'docs', 'issue-codes.md'), 'utf8');
  const documented = [...doc.matchAll(/^\| `([a-z_<>]+)`/gm)].map((match) => (match[1] as string).replace('service_<code>', 'service_rejected'));
  return [...new Set([...tables, ...PLAN_ISSUE_CODES, ...documented, ...(await scanCreationSites())])].sort();
}

/** Codes written as literals at creation sites (`code: 'x'`, `report('x'`, `writeAll(status, 'x'`...), zod's own codes left out. */
async function scanCreationSites(): Promise<string[]> {
  const found = new Set<string>();
  const site = /(?<![\w.])(?:code: |(?:report|setupIssue|issue)\(|writeAll\('\w+', |addRowIssue\(ref, )'([a-z][a-z_]+)'/g;
  for (const entry of await readdir(join(ROOT, 'src'), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const text = await readFile(join(entry.parentPath, entry.name), 'utf8');
    for (const match of text.matchAll(site)) found.add(match[1] as string);
  }
  for (const zodCode of ['custom', 'invalid_type', 'invalid_value', 'too_small', 'too_big', 'unrecognized_keys', 'invalid_union']) found.delete(zodCode);
  return [...found];
}

/** `{name}` placeholders of a template. */
function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
}

/** A key without its plural form: `issue.x.one` → `issue.x`. */
function baseKey(key: string): string {
  return key.replace(/\.(zero|one|two|few|many|other)$/, '');
}

describe('issue texts in the catalogs', () => {
  it.each(LANGUAGES)('%s has a template for every issue code', async (language) => {
    const keys = new Set([...readCatalog(language).keys()].map(baseKey));
    const codes = await listAllCodes();
    expect(codes.length).toBeGreaterThan(100);
    const missing = codes.filter((code) => {
      const key = issueTemplateKey(code, undefined);
      return !keys.has(key) && ![...keys].some((other) => other.startsWith(`${key}.`));
    });
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('%s has a word for every field a row issue names', (language) => {
    const translator = createTranslator(language);
    expect(FIELD_TERMS.filter((term) => !translator.has(`field.${term}`))).toEqual([]);
  });

  it.each(['ru', 'kk'] as const)('%s templates use no datum the English template (the one the creation sites fill) does not', (language) => {
    const english = readCatalog('en');
    const englishByBase = new Map<string, Set<string>>();
    for (const [key, template] of english) {
      const names = englishByBase.get(baseKey(key)) ?? new Set<string>();
      for (const name of placeholdersOf(template)) names.add(name);
      englishByBase.set(baseKey(key), names);
    }
    const extra: string[] = [];
    for (const [key, template] of readCatalog(language)) {
      const given = englishByBase.get(baseKey(key)) ?? new Set();
      for (const name of placeholdersOf(template)) if (!given.has(name) && name !== 'value' && name !== 'count') extra.push(`${key}: {${name}}`);
    }
    expect(extra).toEqual([]);
  });

  it('fills a template from the data, leaving no placeholder; a datum the site does not give shows as one', () => {
    const issue = createIssue({ code: 'too_few_photos', severity: 'error', stage: 'validate', data: { count: 0, min: 2 } });
    expect(issue.message).toBe('0 photos, at least 2 needed');
    expect(renderIssueText(issue, createTranslator('ru'))).toBe('0 фото, а нужно не меньше 2');
    const lacking = createIssue({ code: 'too_few_photos', severity: 'error', stage: 'validate', data: { count: 0 } });
    expect(lacking.message).toContain('{min}');
  });
});

/** Latin words that are names, not English: file formats, units, the mapping's own keys. */
const NOT_ENGLISH = new Set(['SKU', 'ID', 'Excel', 'URL', 'http', 'https', 'UTF', 'XLSX', 'CSV', 'Windows', 'VAT']);

/** The words of `text` in Latin letters that are neither the seller's (the issue's values) nor names. */
function findEnglishWords(text: string, issue: Issue): string[] {
  let rest = text;
  const theirs = [issue.value, issue.file, issue.sheet, issue.header, issue.path, ...Object.values(issue.data ?? {}).map(String)];
  for (const value of theirs) if (value !== undefined && value !== '') rest = rest.split(value).join(' ');
  rest = rest.replace(/`[^`]*`/g, ' ').replace(/[\w<>]+(\.[\w<>[\]]+)+(: \w+)?/g, ' ');
  return [...rest.matchAll(/[A-Za-z]{2,}/g)].map((match) => match[0]).filter((word) => !NOT_ENGLISH.has(word));
}

describe('a Russian run of the mistakes sample', () => {
  async function validateSample(): Promise<Issue[]> {
    const stateDir = await mkdtemp(join(tmpdir(), 'issue-texts-'));
    onTestFinished(() => rm(stateDir, { recursive: true, force: true }));
    const settings = resolveSettings({ flags: { sandbox: true, stateDir, reportDir: join(stateDir, 'reports') } });
    const result = await runValidate({ file: join('samples', 'catalog-with-mistakes.csv'), mapping: 'mappings/sample.yaml', settings }, createNodeDeps({ cwd: ROOT, env: {} }));
    const text = await readFile(result.reportPaths.issues ?? '', 'utf8');
    return text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as Issue);
  }

  it('reads every issue in Russian (and Kazakh): no English word of ours, only the seller values', async () => {
    const issues = await validateSample();
    const stages = new Set(issues.map((issue) => issue.stage));
    expect([...stages].sort()).toEqual(['build', 'map', 'validate']);
    for (const language of ['ru', 'kk'] as Language[]) {
      const translator = createTranslator(language);
      const english = issues.flatMap((issue) => {
        const text = renderIssueText(issue, translator);
        const words = findEnglishWords(text, issue);
        return words.length === 0 && !/[{}[\]]/.test(text.replace(/\[\d+\]/g, '')) ? [] : [`${issue.code}: ${text} (${words.join(' ')})`];
      });
      expect(english, language).toEqual([]);
    }
    // issues.ndjson stays language-neutral: code, data, and the English message made from them.
    expect(issues.filter((issue) => issue.data === undefined).map((issue) => issue.code)).toEqual([]);
    const en = createTranslator('en');
    expect(issues.filter((issue) => renderIssueMessage(issue, en) !== issue.message)).toEqual([]);
  });
});

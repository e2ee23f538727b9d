/**
 * `report.html`: built from summary.json alone (pure tests on a builder's summary), and the page of a
 * real dry run of the mistakes sample rendered in headless Chromium (Debian's `chromium`): the
 * numbers on the rendered page are those of summary.json. Without Chromium that test is skipped and
 * says why, unless `CATALOG_REQUIRE_CHROMIUM=1` (CI), where a missing browser fails it.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { runCli } from '../../src/cli/run-cli.js';
import { createNodeDeps } from '../../src/core/deps.js';
import { createTranslator } from '../../src/i18n/create-translator.js';
import { runValidate } from '../../src/pipeline/run-validate.js';
import { buildRunSummary } from '../../src/report/build-run-summary.js';
import { buildReportHtml, flattenSettings } from '../../src/report/html/build-report-html.js';
import { listReportFiles } from '../../src/report/html/write-report-html.js';
import type { RunSummary } from '../../src/report/report-types.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';
import { makeIssue, makeParts } from './report-builders.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
// `CATALOG_CHROMIUM` names the browser (and only it: a wrong path counts as no browser).
const CHROMIUM = (process.env['CATALOG_CHROMIUM'] ? [process.env['CATALOG_CHROMIUM']] : ['/usr/bin/chromium', '/usr/bin/chromium-browser']).find((path) => existsSync(path));

describe('buildReportHtml', () => {
  const summary = buildRunSummary(makeParts());
  const files = listReportFiles(['summary.json', 'issues.ndjson', 'annotated.xlsx', 'rejected-rows.csv', 'report.html', '.annotated.xlsx.1a2b.partial', 'notes.txt']);

  it('is one self-contained file: no script, no external resource, only relative links to the report folder', () => {
    const html = buildReportHtml({ summary, files, translator: createTranslator('en') });
    expect(html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(|\ssrc=/i);
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs).toEqual(['annotated.xlsx', 'rejected-rows.csv', 'issues.ndjson', 'summary.json', 'notes.txt']);
    expect(html).toContain('<svg');
  });

  it('escapes what the seller and the service wrote, and shows no credentials', () => {
    const hostile = makeIssue({ code: 'unknown_brand', message: 'brand "<script>alert(1)</script>" is unknown', row: 4, column: 'D', header: '<b>Бренд</b>', value: '<script>' });
    const html = buildReportHtml({ summary: buildRunSummary(makeParts({ outcomes: [{ row: 4, status: 'invalid', issues: [hostile] }] })), files, translator: createTranslator('en') });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('hunter22');
  });

  it('lists root causes before the rows they hold back, with how to fix them, in the run language', () => {
    const price = makeIssue({ code: 'invalid_price', message: 'the price must be a positive number', row: 6, column: 'C', header: 'Цена', value: '-5' });
    const held = (row: number) => makeIssue({ code: 'product_has_invalid_rows', stage: 'build', message: 'product "P2" is held back: row 6 of it has errors (invalid_price)', row, productKey: 'P2' });
    const parts = makeParts({
      outcomes: [
        { row: 6, status: 'invalid', productKey: 'P2', issues: [price] },
        { row: 7, status: 'not_sent', productKey: 'P2', issues: [held(7)] },
        { row: 8, status: 'not_sent', productKey: 'P2', issues: [held(8)] },
      ],
    });
    const html = buildReportHtml({ summary: buildRunSummary(parts), files, translator: createTranslator('ru') });
    const causes = html.slice(html.indexOf('id="causes-table"'));
    const codes = [...causes.matchAll(/data-code="([^"]+)"/g)].map((match) => match[1]);
    expect(codes[0]).toBe('invalid_price');
    expect(codes.at(-1)).toBe('product_has_invalid_rows');
    expect(causes).toContain('Укажите цену положительным числом');
    expect(causes).toMatch(/<tr class="follow-on">/);
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain('Строки по статусам');
  });

  it('flattens the settings with where each came from', () => {
    expect(flattenSettings({ batchSize: 30, service: { requiredFields: ['barcode'], paths: {} }, sources: { batchSize: 'flag' } })).toEqual([
      ['batchSize', '30', 'flag'],
      ['service.requiredFields', 'barcode', ''],
    ]);
  });
});

/** The page rendered by Chromium, as the DOM after parsing and layout (`--dump-dom`). */
async function renderInChromium(chromium: string, page: string): Promise<string> {
  const profile = await mkdtemp(join(tmpdir(), 'report-html-chromium-'));
  onTestFinished(() => rm(profile, { recursive: true, force: true }));
  const args = ['--headless', '--disable-gpu', '--no-sandbox', `--user-data-dir=${profile}`, '--dump-dom', `file://${page}`];
  const { stdout } = await promisify(execFile)(chromium, args, { maxBuffer: 64 * 1024 * 1024, timeout: 150_000 });
  return stdout;
}

/** The number an element shows (digits of its text: `1 234` in Russian is 1234). */
function readShown(dom: string, pattern: RegExp): Map<string, number> {
  return new Map([...dom.matchAll(pattern)].map((match) => [match[1] as string, Number((match[2] as string).replace(/\D/g, ''))]));
}

describe('report.html of a dry run, rendered in Chromium', () => {
  it('shows the numbers of summary.json, in the locale language', async (ctx) => {
    if (CHROMIUM === undefined) {
      const reason = 'headless Chromium not found (/usr/bin/chromium; apt-get install chromium): report.html NOT checked in a browser';
      if (process.env['CATALOG_REQUIRE_CHROMIUM'] === '1') throw new Error(`${reason}, and CATALOG_REQUIRE_CHROMIUM=1`);
      console.warn(`SKIPPED: ${reason}`);
      ctx.skip(reason);
      return;
    }
    const stateDir = await mkdtemp(join(tmpdir(), 'report-html-'));
    onTestFinished(() => rm(stateDir, { recursive: true, force: true }));
    const settings = resolveSettings({ flags: { sandbox: true, stateDir } });
    const deps = createNodeDeps({ cwd: ROOT, env: { LANG: 'ru_RU.UTF-8' } });
    const result = await runValidate({ file: join(ROOT, 'samples', 'catalog-with-mistakes.xlsx'), mapping: join(ROOT, 'mappings', 'sample.yaml'), settings }, deps);
    expect(result.reportPaths.html).toBe(join(result.reportDir, 'report.html'));
    const summary = JSON.parse(await readFile(result.reportPaths.summary, 'utf8')) as RunSummary;
    const dom = await renderInChromium(CHROMIUM, result.reportPaths.html ?? '');

    expect(dom).toContain('Отчёт о проверке');
    const rows = readShown(dom, /<td class="num" data-count="\d+" data-status="(\w+)">([^<]*)<\/td>/g);
    const byStatus = Object.fromEntries(Object.entries(summary.counts.byStatus).filter(([, count]) => count > 0));
    // The rows table comes first: its statuses are the summary's rows by status.
    const rowsTable = dom.slice(dom.indexOf('id="rows-by-status"'), dom.indexOf('id="products-by-status"'));
    expect(Object.fromEntries(readShown(rowsTable, /<td class="num" data-count="\d+" data-status="(\w+)">([^<]*)<\/td>/g))).toEqual(byStatus);
    expect(rows.size).toBeGreaterThan(0);
    const productsTable = dom.slice(dom.indexOf('id="products-by-status"'));
    expect(Object.fromEntries(readShown(productsTable.slice(0, productsTable.indexOf('</table>')), /<td class="num" data-count="\d+" data-status="(\w+)">([^<]*)<\/td>/g))).toEqual(summary.counts.productsByStatus);
    const bars = readShown(dom, /<g data-status="(\w+)">.*?class="chart-count" data-count="\d+">([^<]*)<\/text>/g);
    expect(Object.fromEntries(bars)).toEqual(byStatus);
    const totals = readShown(dom, /<div class="total" data-total="(\w+)"><b data-count="\d+">([^<]*)<\/b>/g);
    expect(Object.fromEntries(totals)).toEqual({ rows: summary.counts.rows, products: summary.counts.products, errors: summary.counts.issuesBySeverity.error, warnings: summary.counts.issuesBySeverity.warning });
    // Each cause shows the count of its code in its column, as summary.json counts every issue.
    const causes = [...dom.matchAll(/<td class="num" data-count="\d+" data-code="(\w+)" data-column="([^"]*)">([^<]*)<\/td>/g)];
    expect(causes.length).toBeGreaterThan(10);
    for (const [, code, column, shown] of causes) expect([code, column, Number((shown as string).replace(/\D/g, ''))]).toEqual([code, column, summary.issueList?.byCodeAndColumn?.[code as string]?.[column as string]]);
    // The columns table adds up to every issue of the run.
    const columns = readShown(dom.slice(dom.indexOf('id="columns-table"')), /<td class="num" data-count="\d+" data-column="([^"]*)">([^<]*)<\/td>/g);
    expect([...columns.values()].reduce((a, b) => a + b, 0)).toBe(summary.counts.issuesBySeverity.error + summary.counts.issuesBySeverity.warning);
    // The first cause is a root cause, not a held-back row.
    expect(causes[0]?.[1]).not.toBe('product_has_invalid_rows');
    expect(dom).toMatch(/<a href="annotated.xlsx">annotated.xlsx<\/a>/);
  }, 300_000);
});

describe('the terminal after a run', () => {
  it('ends with the line naming report.html, in the locale language', async () => {
    const stateDir = await mkdtemp(join(tmpdir(), 'report-html-cli-'));
    onTestFinished(() => rm(stateDir, { recursive: true, force: true }));
    const out: string[] = [];
    const io = { stdout: (text: string) => void out.push(text), stderr: () => undefined, isTty: false, env: { LANG: 'ru_RU.UTF-8' }, cwd: ROOT };
    const code = await runCli(['validate', 'samples/catalog.xlsx', '--mapping', 'mappings/sample.yaml', '--sandbox', '--state-dir', stateDir], io);
    expect(code).toBe(0);
    const lines = out.join('').trimEnd().split('\n');
    const page = /^Страница отчёта: (.+report\.html)$/.exec(lines.at(-1) ?? '')?.[1];
    expect(page).toBeDefined();
    expect(existsSync(page ?? '')).toBe(true);
  }, 300_000);
});

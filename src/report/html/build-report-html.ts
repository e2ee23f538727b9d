/**
 * `report.html`: one self-contained page per run, built from `summary.json` alone (pure): the rows
 * and products by status (an inline SVG chart and tables), the top causes with how to fix them
 * (`rankRootCauses`, as on the "To fix" sheet), the problems per column, the files of the report
 * folder (relative links), the run's facts, timings and settings (as `summary.json` has them:
 * secrets already redacted). Every word comes from the run's catalog; no script, no network.
 */
import type { Translator } from '../../i18n/create-translator.js';
import { CAUSE_ROWS_KEPT, describeFix, formatCauseRows, rankRootCauses, tallySummaryCauses, type RankedCause } from '../rank-root-causes.js';
import { renderIssueText } from '../render-issue-text.js';
import { ROW_STATUSES, type RunSummary } from '../report-types.js';
import { escapeHtml, renderTable, type HtmlCell } from './html-text.js';
import { renderStatusChart } from './render-status-chart.js';
import { compareTexts } from '../../core/compare-texts.js';

/** Root causes shown on the page; follow-ons are always shown after them. */
const TOP_CAUSES = 15;

/** A file of the report folder, linked from the page. */
export interface ReportFileLink {
  /** File name, relative to the page. */
  name: string;
  /** Catalog key of what it holds (`report.html.file.<kind>`), or none for a file the page does not know. */
  kind?: string;
}

/** What the page is built from. */
interface ReportHtmlInput {
  summary: RunSummary;
  files: readonly ReportFileLink[];
  translator: Translator;
}

/** The page. */
export function buildReportHtml(input: ReportHtmlInput): string {
  const { summary, translator: t } = input;
  const title = t.translate(`report.html.title.${summary.command}`);
  const sections = [renderHeader(input, title), renderTotals(input), renderStatuses(input), renderCauses(input), renderColumns(input), renderFiles(input), renderRun(input)];
  return (
    `<!DOCTYPE html>\n<html lang="${t.language}">\n<head>\n<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n` +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">\n` +
    `<title>${escapeHtml(`${title} — ${summary.runId}`)}</title>\n<style>${REPORT_HTML_STYLE}</style>\n</head>\n<body>\n` +
    sections.join('\n') +
    `\n<footer>${escapeHtml(t.translate('report.html.footer', { version: summary.tool.version }))}</footer>\n</body>\n</html>\n`
  );
}

function numberCell(t: Translator, value: number, attrs: Record<string, string> = {}): HtmlCell {
  return { text: t.formatNumber(value), attrs: { class: 'num', 'data-count': String(value), ...attrs } };
}

function renderHeader({ summary, translator: t }: ReportHtmlInput, title: string): string {
  const where = summary.source.sheet === undefined ? summary.source.file : t.translate('report.html.fileAndSheet', { file: summary.source.file, sheet: summary.source.sheet });
  const lead = t.translate('report.html.lead', { where, runId: summary.runId, finishedAt: summary.finishedAt });
  return `<header><h1>${escapeHtml(title)}</h1><p class="lead">${escapeHtml(lead)}</p></header>`;
}

function renderTotals({ summary, translator: t }: ReportHtmlInput): string {
  const boxes: [string, string, number][] = [
    ['rows', 'report.html.total.rows', summary.counts.rows],
    ['products', 'report.html.total.products', summary.counts.products],
    ['errors', 'report.html.total.errors', summary.counts.issuesBySeverity.error],
    ['warnings', 'report.html.total.warnings', summary.counts.issuesBySeverity.warning],
  ];
  const html = boxes.map(([id, key, value]) => `<div class="total" data-total="${id}"><b data-count="${value}">${escapeHtml(t.formatNumber(value))}</b>${escapeHtml(t.translate(key))}</div>`);
  return `<section id="totals"><div class="totals">${html.join('')}</div></section>`;
}

function renderStatuses({ summary, translator: t }: ReportHtmlInput): string {
  const present = ROW_STATUSES.filter((status) => (summary.counts.byStatus[status] ?? 0) > 0);
  const bars = present.map((status) => {
    const count = summary.counts.byStatus[status] ?? 0;
    return { status, label: t.translate(`status.${status}`), count, shown: t.formatNumber(count) };
  });
  const heading = t.translate('report.html.rowsByStatus');
  const chart = bars.length === 0 ? `<p>${escapeHtml(t.translate('report.html.noRows'))}</p>` : renderStatusChart(bars, heading);
  const statusRows = (counts: Partial<Record<string, number>>): HtmlCell[][] =>
    ROW_STATUSES.filter((status) => (counts[status] ?? 0) > 0).map((status) => [{ text: t.translate(`status.${status}`), attrs: { 'data-status': status } }, numberCell(t, counts[status] ?? 0, { 'data-status': status })]);
  const status = t.translate('report.html.col.status');
  return (
    `<section id="statuses"><h2>${escapeHtml(heading)}</h2>${chart}` +
    renderTable('rows-by-status', [status, t.translate('report.html.col.count')], statusRows(summary.counts.byStatus)) +
    `<h2>${escapeHtml(t.translate('report.html.productsByStatus'))}</h2>` +
    renderTable('products-by-status', [status, t.translate('report.html.col.products')], statusRows(summary.counts.productsByStatus)) +
    '</section>'
  );
}

function renderCauses({ summary, translator: t }: ReportHtmlInput): string {
  const ranked = rankRootCauses(tallySummaryCauses(summary));
  const heading = `<h2>${escapeHtml(t.translate('report.html.causes'))}</h2>`;
  if (ranked.length === 0) return `<section id="causes">${heading}<p>${escapeHtml(t.translate('report.html.noCauses'))}</p></section>`;
  const roots = ranked.filter((cause) => !cause.followOn);
  const shown = [...roots.slice(0, TOP_CAUSES), ...ranked.filter((cause) => cause.followOn)];
  const headers = ['#', 'kind', 'column', 'problem', 'issues', 'rows', 'fix'].map((key) => t.translate(`report.html.col.${key}`));
  const rows = shown.map((cause, index) => renderCauseRow(t, cause, index + 1));
  const more = roots.length > TOP_CAUSES ? `<p>${escapeHtml(t.translate('report.html.moreCauses', { count: roots.length - TOP_CAUSES, sheet: t.translate('report.toFix.sheet') }))}</p>` : '';
  const partial = summary.issueList?.complete === false ? `<p>${escapeHtml(t.translate('report.html.examplesOnly', { file: summary.issueList.file }))}</p>` : '';
  return `<section id="causes">${heading}${renderTable('causes-table', headers, rows, (index) => (shown[index]?.followOn === true ? 'follow-on' : undefined))}${more}${partial}</section>`;
}

function renderCauseRow(t: Translator, cause: RankedCause, rank: number): HtmlCell[] {
  const column = cause.column === undefined ? t.translate('report.html.noColumn') : cause.header === undefined ? cause.column : `${cause.column} (${cause.header})`;
  const severity = `<span class="sev-${cause.severity}">${escapeHtml(t.translate(`report.severity.${cause.severity}`))}</span>`;
  const kind = escapeHtml(t.translate(cause.followOn ? 'report.cause.followOn' : 'report.cause.root'));
  const problem = cause.first.message === '' ? '' : renderIssueText(cause.first, t, { column: false });
  return [
    { text: String(rank) },
    { html: `${kind}<br>${severity}` },
    { text: column },
    { html: `${escapeHtml(problem)}${problem === '' ? '' : '<br>'}<code>${escapeHtml(cause.code)}</code>` },
    numberCell(t, cause.count, { 'data-code': cause.code, 'data-column': cause.column ?? '-' }),
    { text: formatCauseRows(cause, CAUSE_ROWS_KEPT, t) },
    { text: describeFix(cause.code, t) },
  ];
}

function renderColumns({ summary, translator: t }: ReportHtmlInput): string {
  const byColumn = new Map<string, { count: number; header: string | undefined; codes: [string, number][] }>();
  for (const cause of tallySummaryCauses(summary)) {
    const key = cause.column ?? '-';
    const entry = byColumn.get(key) ?? { count: 0, header: undefined, codes: [] };
    entry.count += cause.count;
    entry.header ??= cause.header;
    entry.codes.push([cause.code, cause.count]);
    byColumn.set(key, entry);
  }
  const heading = `<h2>${escapeHtml(t.translate('report.html.columns'))}</h2>`;
  if (byColumn.size === 0) return `<section id="columns">${heading}<p>${escapeHtml(t.translate('report.html.noCauses'))}</p></section>`;
  const ordered = [...byColumn.entries()].sort(([a, x], [b, y]) => y.count - x.count || (a === '-' ? 1 : b === '-' ? -1 : a.length - b.length || compareTexts(a, b)));
  const rows = ordered.map(([column, entry]) => [
    { text: column === '-' ? t.translate('report.html.noColumn') : column, attrs: { 'data-column': column } },
    { text: entry.header ?? '' },
    numberCell(t, entry.count, { 'data-column': column }),
    { html: entry.codes.sort((a, b) => b[1] - a[1] || compareTexts(a[0], b[0])).map(([code, count]) => `<code>${escapeHtml(code)}</code> ×${escapeHtml(t.formatNumber(count))}`).join(', ') },
  ]);
  const headers = ['column', 'header', 'issues', 'codes'].map((key) => t.translate(`report.html.col.${key}`));
  return `<section id="columns">${heading}${renderTable('columns-table', headers, rows)}</section>`;
}

function renderFiles({ files, translator: t }: ReportHtmlInput): string {
  const items = files.map((file) => {
    const about = file.kind === undefined ? '' : ` — ${escapeHtml(t.translate(`report.html.file.${file.kind}`, { sheet: t.translate('report.toFix.sheet') }))}`;
    return `<li><a href="${escapeHtml(encodeURI(file.name))}">${escapeHtml(file.name)}</a>${about}</li>`;
  });
  return `<section id="files"><h2>${escapeHtml(t.translate('report.html.files'))}</h2><ul>${items.join('')}</ul></section>`;
}

function renderRun({ summary, translator: t }: ReportHtmlInput): string {
  const seconds = (ms: number): string => t.translate('report.html.seconds', { value: Math.round(ms / 100) / 10 });
  const elapsed = Date.parse(summary.finishedAt) - Date.parse(summary.startedAt);
  const facts: [string, string][] = [
    ['command', t.translate(`report.html.command.${summary.command}`)],
    ['file', summary.source.file],
    ['mapping', summary.mapping.file],
    ['service', summary.service.baseUrl],
    ['started', summary.startedAt],
    ['finished', summary.finishedAt],
    ['duration', Number.isFinite(elapsed) ? seconds(elapsed) : ''],
    ['jobs', t.formatNumber(summary.jobs.length)],
    ['exitCode', String(summary.exitCode)],
    ['runId', summary.runId],
  ];
  const two = [t.translate('report.html.col.what'), t.translate('report.html.col.value')];
  const factRows = facts.map(([key, value]) => [{ text: t.translate(`report.html.run.${key}`) }, { text: value, attrs: { 'data-fact': key } }]);
  const timingRows = Object.entries(summary.timings).map(([stage, ms]) => [{ text: t.has(`report.stage.${stage}`) ? t.translate(`report.stage.${stage}`) : stage }, { text: seconds(ms), attrs: { class: 'num', 'data-stage': stage, 'data-ms': String(Math.round(ms)) } }]);
  const settingRows = flattenSettings(summary.settings).map(([key, value, from]) => [{ html: `<code>${escapeHtml(key)}</code>` }, { text: value }, { text: from }]);
  return (
    `<section id="run"><h2>${escapeHtml(t.translate('report.html.run'))}</h2>${renderTable('run-facts', two, factRows)}` +
    `<h2>${escapeHtml(t.translate('report.html.timings'))}</h2>${renderTable('timings', [t.translate('report.html.col.stage'), t.translate('report.html.col.time')], timingRows)}` +
    `<h2>${escapeHtml(t.translate('report.html.settings'))}</h2>${renderTable('settings', [t.translate('report.html.col.setting'), t.translate('report.html.col.value'), t.translate('report.html.col.from')], settingRows)}</section>`
  );
}

/** The settings as `key`, value, origin lines: nested keys dotted, empty objects and `sources` left out. */
export function flattenSettings(settings: Record<string, unknown>): [string, string, string][] {
  const sources = (settings['sources'] ?? {}) as Record<string, string>;
  const lines: [string, string, string][] = [];
  const walk = (value: unknown, key: string): void => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [name, inner] of Object.entries(value)) walk(inner, key === '' ? name : `${key}.${name}`);
      return;
    }
    lines.push([key, Array.isArray(value) ? value.join(', ') : String(value), sources[key] ?? '']);
  };
  for (const [name, value] of Object.entries(settings)) if (name !== 'sources') walk(value, name);
  return lines;
}

/** The report page's style sheet, inline in the page (no file, no font or image fetched). */
const REPORT_HTML_STYLE = `
:root { color-scheme: light; --ink: #1f2933; --muted: #616e7c; --line: #d9e2ec; --band: #f5f7fa; --accent: #1565c0; }
* { box-sizing: border-box; }
body { margin: 0; padding: 24px 32px 48px; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif; color: var(--ink); background: #fff; }
header { border-bottom: 3px solid var(--accent); margin-bottom: 20px; padding-bottom: 12px; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 19px; margin: 28px 0 10px; }
.lead { color: var(--muted); margin: 0; }
.totals { display: flex; flex-wrap: wrap; gap: 12px; margin: 12px 0 4px; }
.total { background: var(--band); border: 1px solid var(--line); border-radius: 6px; padding: 8px 14px; min-width: 150px; }
.total b { display: block; font-size: 24px; }
table { border-collapse: collapse; width: 100%; max-width: 1200px; }
#rows-by-status, #products-by-status, #run-facts, #timings { max-width: 640px; }
#causes-table td:last-child { min-width: 260px; }
#causes-table td:nth-child(4) { min-width: 320px; overflow-wrap: anywhere; }
th, td { text-align: left; vertical-align: top; padding: 6px 10px; border-bottom: 1px solid var(--line); }
th { background: var(--band); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.follow-on td { color: var(--muted); }
.sev-error { color: #b71c1c; font-weight: 600; }
.sev-warning { color: #8d6e00; font-weight: 600; }
.chart-label { font-size: 14px; fill: var(--ink); }
.chart-count { font-size: 14px; font-weight: 600; fill: var(--ink); }
code { font-family: ui-monospace, "SFMono-Regular", Consolas, monospace; font-size: 13px; background: var(--band); padding: 1px 4px; border-radius: 3px; }
a { color: var(--accent); }
footer { margin-top: 36px; color: var(--muted); font-size: 13px; }
@media print { body { padding: 0; } }
`;

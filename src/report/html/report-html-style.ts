/** The report page's style sheet, inline in the page (no file, no font or image fetched). */
export const REPORT_HTML_STYLE = `
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

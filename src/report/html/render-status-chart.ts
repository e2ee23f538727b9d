/**
 * The rows of a run by status as an inline SVG bar chart: one bar a status, its word on the left and
 * its count on the right, longest bar for the largest count. No script, no font file: the page
 * stays one self-contained file.
 */
import { escapeHtml } from './html-text.js';

/** One bar. */
interface StatusBar {
  status: string;
  label: string;
  count: number;
  /** The count as the page writes it (in the page's language). */
  shown: string;
}

/** Bar colours by row status: red for errors, amber for rows left unsent or unknown, green for done, grey for unchanged. */
const STATUS_COLOURS: Readonly<Record<string, string>> = {
  invalid: '#d64541',
  rejected: '#a93226',
  unknown: '#e67e22',
  pending: '#f0b429',
  not_sent: '#f5a623',
  valid: '#43a047',
  unchanged: '#9e9e9e',
  accepted: '#2e7d32',
};

const WIDTH = 720;
const LABEL = 190;
const COUNT = 90;
const BAR_HEIGHT = 26;
const GAP = 10;

/** The chart's SVG element; `title` is its accessible name. */
export function renderStatusChart(bars: readonly StatusBar[], title: string): string {
  const largest = Math.max(1, ...bars.map((bar) => bar.count));
  const room = WIDTH - LABEL - COUNT;
  const height = Math.max(1, bars.length) * (BAR_HEIGHT + GAP) + GAP;
  const rows = bars.map((bar, index) => {
    const y = GAP + index * (BAR_HEIGHT + GAP);
    // A status with rows always shows a sliver, however small next to the largest.
    const width = bar.count === 0 ? 0 : Math.max(3, Math.round((bar.count / largest) * room));
    const middle = y + BAR_HEIGHT / 2;
    return (
      `<g data-status="${escapeHtml(bar.status)}">` +
      `<text x="${LABEL - 10}" y="${middle}" text-anchor="end" dominant-baseline="middle" class="chart-label">${escapeHtml(bar.label)}</text>` +
      `<rect x="${LABEL}" y="${y}" width="${width}" height="${BAR_HEIGHT}" rx="3" fill="${STATUS_COLOURS[bar.status] ?? '#607d8b'}"/>` +
      `<text x="${LABEL + width + 8}" y="${middle}" dominant-baseline="middle" class="chart-count" data-count="${bar.count}">${escapeHtml(bar.shown)}</text>` +
      '</g>'
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="${escapeHtml(title)}" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}"><title>${escapeHtml(title)}</title>${rows.join('')}</svg>`;
}

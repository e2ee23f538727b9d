/**
 * The words a seller reads about a cause, from the run's message catalog: how to fix an issue code
 * (`fix.<code>`, else `fix.default`), and which rows a cause is on.
 */
import type { Translator } from '../i18n/create-translator.js';
import type { CauseGroup } from './rank-root-causes.js';

/** How to fix issues of `code`, in the translator's language. */
export function describeFix(code: string, translator: Translator): string {
  return translator.translate(translator.has(`fix.${code}`) ? `fix.${code}` : 'fix.default');
}

/**
 * The rows of a cause, the first `kept` of them and how many more times it occurs: `14, 15, 20 and 12
 * more times`. Counted in issues, not rows (a row may hold a cause twice, and a summary keeps the
 * rows of its examples only), so the words say times, never rows.
 */
export function formatCauseRows(cause: Pick<CauseGroup, 'rows' | 'count'>, kept: number, translator: Translator): string {
  const shown = cause.rows.slice(0, kept);
  const rows = shown.join(', ');
  const more = cause.count - shown.length;
  if (more <= 0 || rows === '') return rows;
  return translator.translate('report.rows.more', { rows, count: more });
}

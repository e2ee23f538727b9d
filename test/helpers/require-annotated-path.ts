import type { RunReportPaths } from '../../src/report/write-run-report.js';

/** The annotated copy's path; fails the test when the run wrote none. */
export function requireAnnotatedPath(paths: Pick<RunReportPaths, 'annotated'>): string {
  if (paths.annotated === null) throw new Error('the run wrote no annotated copy');
  return paths.annotated;
}

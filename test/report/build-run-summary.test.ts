import { describe, expect, it } from 'vitest';
import { buildRunSummary, REDACTED } from '../../src/report/build-run-summary.js';
import { makeParts } from './report-builders.js';

describe('buildRunSummary', () => {
  it('counts rows, products (most severe row status) and issues, with sorted keys', () => {
    const summary = buildRunSummary(makeParts());
    expect(summary.counts).toEqual({
      rows: 5,
      byStatus: { invalid: 1, rejected: 1, not_sent: 1, accepted: 2 },
      products: 3,
      productsByStatus: { invalid: 1, rejected: 1, accepted: 1 },
      issuesBySeverity: { error: 3, warning: 1 },
      issuesByCode: { hidden_sheet_skipped: 1, price_not_positive: 1, service_rejected: 1, unknown_brand: 1 },
    });
    expect(Object.keys(summary.counts.issuesByCode)).toEqual(['hidden_sheet_skipped', 'price_not_positive', 'service_rejected', 'unknown_brand']);
  });

  it('sorts issues by file, sheet, row, column and drops a row issue repeated in the extra issues', () => {
    const summary = buildRunSummary(makeParts());
    expect(summary.issues.map((issue) => `${issue.sheet}:${issue.row ?? '-'}:${issue.column ?? '-'}:${issue.code}`)).toEqual([
      'Архив:-:-:hidden_sheet_skipped',
      'Лист1:6:C:price_not_positive',
      'Лист1:6:D:unknown_brand',
      'Лист1:8:-:service_rejected',
    ]);
  });

  it('never writes credentials: URL user info and secret-looking settings are removed, sources kept', () => {
    const summary = buildRunSummary(makeParts());
    expect(summary.service.baseUrl).toBe('https://seller-api.example.kz/');
    expect(summary.settings).toEqual({
      apiToken: REDACTED,
      auth: { clientId: 'shop-1', clientSecret: REDACTED, clientSecretFile: 'secrets/key.txt' },
      clientSecret: '(set)',
      concurrency: 2,
      paths: { token: '/api/v1/auth/token' },
      sources: { 'auth.clientSecret': 'env:CATALOG_CLIENT_SECRET', concurrency: 'default' },
    });
    expect(JSON.stringify(summary)).not.toMatch(/hunter22|p4ssw0rd9/);
  });

  it('is deterministic: ISO times, jobs by batch, timings by key, identical JSON for identical input', () => {
    const summary = buildRunSummary(makeParts());
    expect(summary.startedAt).toBe('2026-01-01T12:00:00.000Z');
    expect(summary.jobs.map((job) => job.batch)).toEqual([1, 2]);
    expect(Object.keys(summary.timings)).toEqual(['read', 'submit']);
    expect(JSON.stringify(buildRunSummary(makeParts()))).toBe(JSON.stringify(summary));
    expect(summary).toMatchObject({ reportVersion: 1, tool: { name: 'catalog-import', version: '0.1.0' }, exitCode: 1 });
  });
});

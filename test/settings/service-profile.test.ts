import { describe, expect, it } from 'vitest';
import type { ConfigError } from '../../src/core/errors.js';
import { buildClientProfile } from '../../src/pipeline/open-service.js';
import { resolveSettings } from '../../src/settings/resolve-settings.js';

function failure(values: unknown): ConfigError {
  try {
    resolveSettings({ file: { path: 'settings.yaml', values } });
  } catch (error) {
    return error as ConfigError;
  }
  throw new Error('expected the settings to be refused');
}

describe('the service profile and strict settings', () => {
  it('refuses an unknown key and names the nearest known one, at any depth', () => {
    expect(failure({ pageSize: 50 }).message).toContain('pageSize from settings file settings.yaml: not a known setting; did you mean service.pageSizes?');
    expect(failure({ service: { pageSizes: { brand: 20 } } }).message).toContain('did you mean service.pageSizes.brands?');
    expect(failure({ service: { statuses: { succeded: ['Ok'] } } }).message).toContain('did you mean service.statuses.succeeded?');
    expect(failure({ concurency: 3 }).message).toContain('did you mean concurrency?');
  });

  it('refuses a field alias for a meaning the client does not have', () => {
    expect(failure({ service: { fields: { 'attribute.isSkuDefinin': ['x'] } } }).message).toContain('did you mean service.fields.attribute.isSkuDefining?');
  });

  it('gives the client paths (service.paths over the older top-level paths), page sizes, names, words and the details limit', () => {
    const { settings } = resolveSettings({
      file: {
        path: 's.yaml',
        values: {
          paths: { categories: '/old', brands: '/b' },
          service: { paths: { categories: '/api/seller/v1/categories' }, pageSizes: { list: 25 }, detailsBatch: 20, fields: { 'attribute.isSkuDefining': ['isVariantAttr'] }, statuses: { succeeded: ['Published'] } },
        },
      },
    });
    expect(buildClientProfile(settings)).toEqual({
      paths: { categories: '/api/seller/v1/categories', brands: '/b' },
      profile: { fields: { 'attribute.isSkuDefining': ['isVariantAttr'] }, statuses: { succeeded: ['Published'] }, pageSizes: { list: 25 }, detailsBatch: 20, attributeTypes: {} },
    });
  });
});

/** Required fields follow the service profile (issue 19, item 4): defaults < profile < the mapping's own word. */
import { describe, expect, it } from 'vitest';
import { checkServiceRequirements } from '../../src/mapping/apply-service-requirements.js';
import { parseMapping } from '../../src/mapping/parse-mapping.js';
import { settingsSchema } from '../../src/settings/settings-schema.js';
import { makeMappingInput } from '../helpers/builders.js';

function withoutBarcode(validation?: Record<string, unknown>): Record<string, unknown> {
  const input = makeMappingInput() as { columns: Record<string, unknown> } & Record<string, unknown>;
  const { barcode: _dropped, ...columns } = input.columns;
  return { ...input, columns, ...(validation ? { validation: { ...(input['validation'] as object | undefined), ...validation } } : {}) };
}

describe('service.requiredFields', () => {
  it('defaults to the barcode, what the sandbox enforces, and is strict', () => {
    expect(settingsSchema.parse({}).service.requiredFields).toEqual(['barcode']);
    expect(settingsSchema.parse({ service: { requiredFields: [] } }).service.requiredFields).toEqual([]);
    expect(settingsSchema.safeParse({ service: { requiredFields: ['ean'] } }).success).toBe(false);
  });

  it('decides validation.requireBarcode when the mapping does not say it', () => {
    const refused = parseMapping(withoutBarcode(), 'm.yaml', { requiredFields: ['barcode'] });
    expect(refused.issues?.map((issue) => [issue.code, issue.path])).toEqual([['required_field_unmapped', 'columns.barcode']]);
    expect(refused.issues?.[0]?.message).toContain('service.requiredFields');
    const optional = parseMapping(withoutBarcode(), 'm.yaml', { requiredFields: [] });
    expect(optional.mapping?.validation.requireBarcode).toBe(false);
    // Without a profile (a mapping read alone), the built-in default holds: required.
    expect(parseMapping(withoutBarcode(), 'm.yaml').issues?.[0]?.code).toBe('required_field_unmapped');
  });

  it("lets the mapping's own word win, with a warning when it turns off what the profile requires", () => {
    // A barcode column under a profile without the barcode: read, but an empty cell is allowed.
    expect(parseMapping(makeMappingInput(), 'm.yaml', { requiredFields: [] }).mapping?.validation.requireBarcode).toBe(false);
    const stricter = parseMapping({ ...makeMappingInput(), validation: { requireBarcode: true } }, 'm.yaml', { requiredFields: [] }).mapping;
    expect(stricter?.validation.requireBarcode).toBe(true);
    const relaxed = parseMapping(withoutBarcode({ requireBarcode: false, requireDescription: false, photos: { min: 0 } }), 'm.yaml', { requiredFields: ['barcode'] }).mapping;
    if (relaxed === undefined) throw new Error('expected a mapping');
    expect(relaxed.validation.requireBarcode).toBe(false);
    expect(checkServiceRequirements(relaxed, ['barcode', 'description', 'photos'], 'm.yaml').map((issue) => [issue.severity, issue.code, issue.path])).toEqual([
      ['warning', 'required_by_service', 'validation.requireBarcode'],
      ['warning', 'required_by_service', 'validation.requireDescription'],
      ['warning', 'required_by_service', 'validation.photos.min'],
    ]);
    expect(checkServiceRequirements(relaxed, [])).toEqual([]);
  });
});

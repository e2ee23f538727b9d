import { describe, expect, it } from 'vitest';
import { buildErrorDescription, normalizeFieldPath, parseErrorBody } from '../../src/api/parse-error-body.js';

describe('parseErrorBody', () => {
  it('reads the documented 400 body with camelCase and PascalCase field keys', () => {
    const parsed = parseErrorBody({
      status: 400,
      errorCode: 'VALIDATION_ERROR',
      errorMessage: 'Validation failed',
      errors: {
        'products[0].vat': [{ code: 'INVALID_VAT', description: 'VAT must be 0 or 12' }],
        'Products[1].Skus[0].Barcode': [{ code: 'DUPLICATE' }, 'barcode is used by another product'],
      },
    });
    expect(parsed).toEqual({
      errorCode: 'VALIDATION_ERROR',
      errorMessage: 'Validation failed',
      fieldErrors: [
        { field: 'products[0].vat', code: 'INVALID_VAT', description: 'VAT must be 0 or 12' },
        { field: 'products[1].skus[0].barcode', code: 'DUPLICATE' },
        { field: 'products[1].skus[0].barcode', description: 'barcode is used by another product' },
      ],
    });
    expect(buildErrorDescription(parsed)).toBe(
      'Validation failed; products[0].vat: INVALID_VAT (VAT must be 0 or 12); products[1].skus[0].barcode: DUPLICATE; products[1].skus[0].barcode: barcode is used by another product',
    );
  });

  it('reads ASP.NET problem details (title, string entries)', () => {
    const parsed = parseErrorBody({ type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1', title: 'One or more validation errors occurred.', status: 400, errors: { '$.Products': ['The products field is required.'] } });
    expect(buildErrorDescription(parsed)).toBe('One or more validation errors occurred.; products: The products field is required.');
  });

  it('never throws on odd bodies', () => {
    expect(parseErrorBody(undefined)).toEqual({ fieldErrors: [] });
    expect(parseErrorBody('<html>Bad Gateway</html>')).toEqual({ errorMessage: '<html>Bad Gateway</html>', fieldErrors: [] });
    expect(parseErrorBody({ errors: 'nope', errorCode: 5 })).toEqual({ fieldErrors: [] });
    expect(parseErrorBody({ errors: { a: [null, 3, { code: null }] } })).toEqual({ fieldErrors: [{ field: 'a', description: '3' }, { field: 'a' }] });
    expect(parseErrorBody({ errors: [{ field: 'Name', message: 'too long' }, 'general'] }).fieldErrors).toEqual([
      { field: 'name', description: 'too long' },
      { field: '', description: 'general' },
    ]);
  });

  it('lists at most 20 field errors in the description', () => {
    const errors = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`f${i}`, ['bad']]));
    const text = buildErrorDescription(parseErrorBody({ errors }));
    expect(text).toContain('f19: bad');
    expect(text).not.toContain('f20: bad');
    expect(text).toMatch(/and 5 more field error\(s\)$/);
  });
});

describe('normalizeFieldPath', () => {
  it('lower-cases the first letter of each segment and drops a JSON-path root', () => {
    expect(normalizeFieldPath('$.Products[0].Name.Rus')).toBe('products[0].name.rus');
    expect(normalizeFieldPath('clientSecret')).toBe('clientSecret');
  });
});

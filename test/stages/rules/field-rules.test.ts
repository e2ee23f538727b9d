import { describe, expect, it } from 'vitest';
import { createValueResolver } from '../../../src/mapping/create-value-resolver.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { compileRowRules, FIELD_RULES, RowContext, type RuleFactory } from '../../../src/stages/rules/index.js';
import { makeDirectories, makeInfo, makeMapping, makeProductRow } from '../../helpers/builders.js';

const directories = makeDirectories();
const index = createDirectoryIndex(directories);

function compile(factories: readonly RuleFactory[] = FIELD_RULES) {
  const mapping = makeMapping();
  const info = makeInfo();
  const compiled = compileRowRules(mapping, info, index, createValueResolver(mapping, index), factories);
  return { ...compiled, info, ctx: new RowContext(info, compiled.cells) };
}

function runRow(compiled: ReturnType<typeof compile>, overrides: Parameters<typeof makeProductRow>[2] = {}, row = 5) {
  const { ctx, rules, info } = compiled;
  ctx.begin(makeProductRow(info, row, overrides));
  for (const rule of rules) {
    rule.apply(ctx);
    if (ctx.record === null) break;
  }
  return { record: ctx.record, issues: ctx.issues, valid: ctx.valid };
}

describe('the field rule table', () => {
  it('compiles one named rule per mapped field and attribute, in run order', () => {
    expect(compile().rules.map((rule) => rule.name)).toEqual([
      'productKey',
      'shopId',
      'category',
      'brand',
      'isLocalMade',
      'name',
      'description',
      'vat',
      'price',
      'barcode',
      'photos',
      'attribute:color',
      'attribute:size',
      'attribute:material',
    ]);
  });

  it('reuses one context across rows without carrying anything over', () => {
    const compiled = compile();
    const bad = runRow(compiled, { Цена: 'дорого', Штрихкод: '123' }, 5);
    expect(bad.issues.map((issue) => `${issue.row} ${issue.code}`)).toEqual(['5 invalid_price', '5 invalid_barcode']);
    expect(bad.valid).toBe(false);
    const good = runRow(compiled, {}, 6);
    expect(good.issues).toEqual([]);
    expect(good.valid).toBe(true);
    expect(good.record?.sku.price).toBe(4990);
    // The issues of the earlier row were handed out, not reused.
    expect(bad.issues).toHaveLength(2);
  });

  it('takes a new rule as one more factory: it reads, checks and writes through the context', () => {
    const noFreeShipping: RuleFactory = ({ slots }) => ({
      name: 'price-floor',
      apply(ctx) {
        const price = ctx.record?.sku.price;
        if (price !== null && price !== undefined && price < 5000) ctx.report('invalid_price', 'error', slots.price?.location, {}, String(price));
      },
    });
    const { issues, valid } = runRow(compile([...FIELD_RULES, noFreeShipping]));
    expect(valid).toBe(false);
    expect(issues).toMatchObject([{ code: 'invalid_price', column: 'I', header: 'Цена', row: 5, productKey: 'TS-1', stage: 'validate', value: '4990' }]);
  });

  it('ends the row at the product-key rule when the key is missing', () => {
    const { record, issues } = runRow(compile(), { Артикул: '' });
    expect(record).toBeNull();
    expect(issues.map((issue) => issue.code)).toEqual(['required_field_missing']);
  });
});

import { describe, expect, it } from 'vitest';
import { createValueResolver } from '../../../src/mapping/create-value-resolver.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { compileRowRules, FIELD_RULES, RowContext } from '../../../src/stages/rules/index.js';
import { makeDirectories, makeInfo, makeMapping, makeProductRow } from '../../helpers/builders.js';

const directories = makeDirectories();
const index = createDirectoryIndex(directories);

/** A fresh rule table per file, as the row mapper compiles it. */
function compile() {
  const mapping = makeMapping();
  const info = makeInfo();
  const compiled = compileRowRules(mapping, info, index, createValueResolver(mapping, index), FIELD_RULES);
  const ctx = new RowContext(info, compiled.cells);
  return (row: number, overrides: Parameters<typeof makeProductRow>[2]) => {
    ctx.begin(makeProductRow(info, row, overrides));
    for (const rule of compiled.rules) {
      rule.apply(ctx);
      if (ctx.record === null) break;
    }
    return { record: ctx.record, issues: ctx.issues.map(({ row: _row, ...rest }) => rest), valid: ctx.valid };
  };
}

// The rules remember the last text of several cells (Kazakh checks, photo links, price, category,
// brand, attribute values): a row repeating them must be judged exactly as a row seen first.
const cases: Record<string, Parameters<typeof makeProductRow>[2]> = {
  clean: {},
  'Kazakh letters lost': { Атауы: 'Ерлерге арнал?ан футболка', Сипаттама: '<p>М?та футболка</p>' },
  'Kazakh same as Russian': { Атауы: 'Футболка мужская', Сипаттама: '<p>Хлопковая футболка</p>' },
  'bad price': { Цена: 'по запросу' },
  'bad photo link': { Фото: 'cdn.example.kz/ts-1-red.jpg' },
  'photo listed twice': { Фото: 'https://cdn.example.kz/a.jpg https://cdn.example.kz/a.jpg' },
  'unknown values': { Категория: 'Нет такой', Бренд: 'Нет такого', Цвет: 'Фиолетовый в крапинку' },
};

describe('rules over repeated cells', () => {
  for (const [name, overrides] of Object.entries(cases)) {
    it(`judges a repeat as its first occurrence: ${name}`, () => {
      const first = compile()(2, overrides);
      // Each case but the clean one is a finding to repeat.
      expect(first.issues.length > 0).toBe(name !== 'clean');
      const mapRow = compile();
      // Another row in between, then the same cells twice in a row.
      mapRow(2, {});
      const again = mapRow(3, overrides);
      const repeat = mapRow(4, overrides);
      for (const result of [again, repeat]) {
        expect(result.issues).toEqual(first.issues);
        expect(result.valid).toBe(first.valid);
        expect({ ...result.record, source: undefined }).toEqual({ ...first.record, source: undefined });
      }
    });
  }
});

/**
 * A product type whose every word counts, packs or codes the goods names no kind (issue 33, probe
 * round 4, cause A): its rows are untyped, never one question whose answer places unrelated goods.
 */
import { describe, expect, it } from 'vitest';
import { getClassifierIndex } from '../../../src/assistant/classify/load-classifier-index.js';
import { createProductTypeCollector } from '../../../src/assistant/review/collect-product-types.js';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const directories = buildSandboxDirectories('marketplace');
const classifier = getClassifierIndex(directories, createDirectoryIndex(directories));

describe('a type of counts, packs and codes', () => {
  it('is no type: its rows are untyped, the rest asked by their own types', () => {
    const countFirst = ['1 шт Реле поворотов Stels 12V 30А', 'Stels 1 шт Реле 4-х контактное 12V', 'Norplast 4 шт Коврики резиновые в салон', 'Набор Lego 45 деталей'];
    // The type reader stops at the capitalised word after the count: the type is the count alone.
    expect(countFirst.map((name) => readProductTypeKey(name))).toEqual(['шт', 'шт', 'шт', 'набор']);
    const collector = createProductTypeCollector({ classifier });
    [...countFirst, 'Реле поворотов 12V 30А', 'Набор отверток 6 предметов'].forEach((name, i) => collector.add(name, i + 2));
    const { groups, untypedRows, rows } = collector.finish();
    expect(rows).toBe(6);
    expect(untypedRows).toBe(4);
    expect(groups.map((group) => group.type).sort()).toEqual(['набор отверток', 'реле поворотов']);
  });
});

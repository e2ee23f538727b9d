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
    // A count before the head is no word of the type (the type reader's rule): these read their heads.
    const countFirst = ['1 шт Реле поворотов Stels 12V 30А', 'Norplast 4 шт Коврики резиновые в салон'];
    expect(countFirst.map((name) => readProductTypeKey(name))).toEqual(['реле поворотов', 'коврики резиновые в салон']);
    // A pack or container word alone, the rest a brand, a count or a code: the type says no kind.
    const packOnly = ['Набор Lego 45 деталей', 'Комплект Bosch 2 шт', 'Упаковка 10 шт'];
    expect(packOnly.map((name) => readProductTypeKey(name))).toEqual(['набор', 'комплект', 'упаковка']);
    const collector = createProductTypeCollector({ classifier });
    [...countFirst, ...packOnly, 'Реле поворотов 12V 30А', 'Набор отверток 6 предметов'].forEach((name, i) => collector.add(name, i + 2));
    const { groups, untypedRows, rows } = collector.finish();
    expect(rows).toBe(7);
    expect(untypedRows).toBe(3);
    expect(groups.map((group) => group.type).sort()).toEqual(['коврики резиновые в салон', 'набор отверток', 'реле поворотов']);
  });
});

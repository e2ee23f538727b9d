/**
 * A type key that unlike goods only happen to share is no question (issue 33, probe 13 item 1): the classifier's proposals for
 * its rows spread over leaves of several categories, none holding half, so one answer would carry one leaf to all of them.
 */
import { describe, expect, it } from 'vitest';
import { getClassifierIndex } from '../../../src/assistant/classify/load-classifier-index.js';
import { createProductTypeCollector } from '../../../src/assistant/review/collect-product-types.js';
import { readProductTypeKey } from '../../../src/assistant/review/read-product-type-key.js';
import { createDirectoryIndex } from '../../../src/mapping/directory-index.js';
import { buildSandboxDirectories } from '../measure-matching.js';

const directories = buildSandboxDirectories('marketplace');
const classifier = getClassifierIndex(directories, createDirectoryIndex(directories));

function collect(names: readonly string[]): ReturnType<ReturnType<typeof createProductTypeCollector>['finish']> {
  const collector = createProductTypeCollector({ classifier });
  names.forEach((name, i) => collector.add(name, i + 2));
  return collector.finish();
}

describe('a type of unlike goods', () => {
  it('is no question: its rows are untyped', () => {
    const names = ['Новинка 2024 Полотенце махровое 70х140', 'Новинка 2024 Прожектор светодиодный 100 Вт', 'Новинка 2024 Табурет мягкий', 'Новинка 2024 Глобус настольный 21 см', 'Новинка 2024 Одеяло стеганое 2 сп'];
    expect(names.map((name) => readProductTypeKey(name))).toEqual(names.map(() => 'новинка'));
    const { groups, untypedRows } = collect(names);
    expect(groups.map((group) => group.type)).toEqual([]);
    expect(untypedRows).toBe(names.length);
  });

  it('keeps a type of like goods one question, whatever their brands and sizes (trap)', () => {
    const names = ['Полотенце махровое 70х140', 'Полотенце махровое 50х90 белое', 'Полотенце махровое Cleanelly 30х50', 'Полотенце махровое 100х150 синее', 'Полотенце махровое Aisha 40х70'];
    const { groups, untypedRows } = collect(names);
    expect(groups.map((group) => [group.type, group.rows])).toEqual([['полотенце махровое', 5]]);
    expect(untypedRows).toBe(0);
    // A key the directory does not know over like goods is still one question: the rest of every name reads one kind.
    const towels = collect(['Новинка 2024 Полотенце махровое 70х140', 'Новинка 2024 Полотенце махровое 50х90', 'Новинка 2024 Полотенце банное 100х150', 'Новинка 2024 Полотенце махровое белое', 'Новинка 2024 Полотенце кухонное вафельное']);
    expect(towels.groups.map((group) => [group.type, group.rows])).toEqual([['новинка', 5]]);
  });
});

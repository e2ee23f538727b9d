import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const original = createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher();
const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('the second noun of a hyphenated pair (issue 33, labels25)', () => {
  it('says which variety of the goods the first noun names, where the directory knows no word of its root', () => {
    for (const [matcher, label, key] of [
      [original, 'Шкаф-купе', '60305'],
      [marketplace, 'Шкафы-купе', '60305'],
      [original, 'Зонт-трость', '50406'],
    ] as const) {
      const match = matcher.match(label);
      expect(match.status, label).toBe('confident');
      expect(match.best?.key, label).toBe(key);
    }
  });

  it('leaves a pair whose second noun the directory names a question: the goods may be that leaf\'s', () => {
    // `Трости и костыли` (marketplace), `Таблетки для ПММ`, the synonyms' `трусики`, `Кровати`, `Холодильники`.
    for (const [matcher, label] of [
      [marketplace, 'Зонт-трость'],
      [original, 'Свеча-таблетка'],
      [original, 'Подгузники-трусики'],
      [original, 'Диван-кровать'],
      [original, 'Сумка-холодильник'],
      // A second noun of the root of a directory word (`заварник` of `Заварочные чайники`) is that word in another form.
      [marketplace, 'Чайник-заварник'],
    ] as const) {
      expect(matcher.match(label).status, label).toBe('todo');
    }
  });

  it('reads no pair without the hyphen, nor one whose first noun is not the leaf\'s', () => {
    for (const label of ['Шкаф купе', 'Купе-шкаф']) expect(original.match(label).status, label).toBe('todo');
  });
});

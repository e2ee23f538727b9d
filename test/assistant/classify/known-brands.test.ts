import { describe, expect, it } from 'vitest';
import { collectKnownBrandNames } from '../../../src/assistant/classify/known-brands.js';
import type { Brand } from '../../../src/domain/index.js';

const brands = (...names: string[]): Brand[] => names.map((name, i) => ({ id: i + 1, code: `B${i + 1}`, name }));

describe('collectKnownBrandNames', () => {
  it('keeps one-word Cyrillic brands, never one in an adjective or genitive form', () => {
    // `Поршневые` or `Домашний` as a brand would be cut from `Кольца поршневые`, `Сыр домашний`: what makes them other goods.
    const kept = collectKnownBrandNames(brands('Адал', 'Домашний', 'Поршневые', 'Давления', 'Простоквашино', 'Ак'), () => false);
    expect(kept).toEqual(['адал', 'простоквашино']);
  });

  it('keeps a brand of several words whatever their forms, unless one is a leaf word', () => {
    const kept = collectKnownBrandNames(brands('Домик в деревне', 'Фруктовый сад'), (stem) => stem.startsWith('сад'));
    expect(kept).toEqual(['домик в деревне']);
  });
});

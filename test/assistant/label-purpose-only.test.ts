import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const original = createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher();
const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('a label that says only what goods are for (issue 33, labels34 probes)', () => {
  it('names no kind of goods: goods for laptops are no laptops (traps)', () => {
    // Before: sure `Ноутбуки`, `Телевизоры` (both directories), bathtubs for `Для ванны` (exact) and `Для ванной`, cakes for `Для торта`.
    for (const label of ['Для ноутбука', 'Для TV']) expect(original.match(label).status, label).toBe('todo');
    for (const label of ['Для ноутбука', 'Для TV', 'Для ванны', 'Для ванной', 'Для торта', 'Для аквариума']) {
      const match = marketplace.match(label);
      expect(match.status, label).toBe('todo');
      expect(match.doubt, label).toBe('the label says only what the goods are for, no kind of goods');
    }
  });

  it('reads the seller\'s shortening `Д/` as `Для` (reviewB33 D2: `Д/ноутбука` was a sure `Ноутбуки`)', () => {
    for (const matcher of [original, marketplace]) expect(matcher.match('Д/ноутбука').status).toBe('todo');
    expect(marketplace.match('Д/ванной').status).toBe('todo');
    expect(marketplace.match('д/ванной').status).toBe('todo');
  });

  it('still reads goods named before their purpose', () => {
    expect(original.match('Корм для собак').best?.entry.name.rus).toBe('Корм для собак');
    expect(original.match('Корм д/собак').best?.entry.name.rus).toBe('Корм для собак');
  });
});

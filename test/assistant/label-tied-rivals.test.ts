import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const original = createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher();
const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('a leaf as near as the first is its rival (issue 33, labels34 probes)', () => {
  it('keeps a list leaf tied with a plain name a rival, though the label says only one of its kinds', () => {
    // `Кабели Samsung`: the brand lowers `Кабели и переходники` to the plain `Кабель` (0.95 each); the order of the tie made the
    // electricians' cable a sure pick, for phone cables.
    for (const label of ['Кабели Samsung', 'Кабели Xiaomi', 'Кабели Apple']) {
      expect(original.match(label).status).toBe('todo');
      expect(marketplace.match(label).status).toBe('todo');
    }
  });

  it('still takes the list leaf that the label names better', () => {
    expect(original.match('Кабели USB').best?.entry.path?.rus).toBe('Электроника / Смартфоны и гаджеты / Кабели и переходники');
  });
});

import { describe, expect, it } from 'vitest';
import { isStateWord } from '../../src/assistant/category-label/state-words.js';
import { readVolumeLeaves } from '../../src/assistant/category-label/read-attribute-leaves.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const originalDirectories = buildSandboxDirectories('original');
const original = createDirectoryMatchers(originalDirectories).categoryMatcher();
const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('whether goods are liquid or solid (issue 33, labels23)', () => {
  it('reads the adjectives of a state, no powder and no gel', () => {
    for (const word of ['жидкое', 'жидкие', 'твердый', 'твёрдый', 'кусковое']) expect(isStateWord(word), word).toBe(true);
    for (const word of ['сухое', 'гелевые', 'жидкость', 'твердость']) expect(isStateWord(word), word).toBe(false);
  });

  it('reads the leaves the directory measures in millilitres: soap, no nails', () => {
    const volume = readVolumeLeaves(originalDirectories);
    expect(volume.has(80504)).toBe(true);
    expect(volume.has(120506)).toBe(false);
  });

  it('qualifies goods sold by volume', () => {
    for (const label of ['Мыло жидкое', 'Мыло кусковое']) {
      const match = original.match(label);
      expect(match.status, label).toBe('confident');
      expect(match.best?.key, label).toBe('80504');
    }
  });

  it('leaves goods of no volume questions: liquid nails are glue, liquid wallpaper a plaster', () => {
    for (const label of ['Гвозди жидкие', 'Обои жидкие']) expect(marketplace.match(label).status, label).toBe('todo');
  });
});

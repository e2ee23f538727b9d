import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('a Latin word beside Russian words that a candidate leaf spells in Cyrillic (issue 33, labels24)', () => {
  it('is read as the leaf\'s word, sure only as the label so read is sure, never as the exact name', () => {
    for (const label of ['Web камеры', 'Web-камеры']) {
      const match = marketplace.match(label);
      expect(match.status, label).toBe('confident');
      expect(match.best?.entry.path?.rus, label).toBe('Электроника / Ноутбуки и компьютеры / Веб-камеры');
      expect(match.text).toBe(label);
    }
  });

  it('leaves a brand no candidate spells, and a respelt label that still asks, a question (traps)', () => {
    // `смарт` of `Смарт-часы` still asks beside the children's smart watches; `NGK` is a brand of spark plugs.
    for (const label of ['Smart часы', 'Свечи NGK', 'Web']) expect(marketplace.match(label).status, label).toBe('todo');
  });
});

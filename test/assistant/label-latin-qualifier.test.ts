import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('a Latin word of the label that another leaf of the same goods is named by (issue 33, labels25)', () => {
  it('makes a sure pick whose name lacks it a question, that leaf first', () => {
    // Before: `IP-видеокамеры Dahua Imou` was a sure camcorder (probe 25's fresh labels); the directory has `IP-камеры`.
    for (const [label, productNames] of [
      ['IP-видеокамеры Dahua Imou', ['Imou Ranger 2 4MP']],
      ['IP-видеокамеры', []],
      ['Видеокамеры IP', []],
    ] as const) {
      const match = marketplace.match(label, { productNames });
      expect(match.status, label).toBe('todo');
      expect(match.candidates[0]?.entry.name.rus, label).toBe('IP-камеры');
      expect(match.doubt, label).toContain('"ip"');
    }
  });

  it('leaves a leaf named by the word sure, and a word no leaf of the label\'s goods holds to the other readings', () => {
    for (const [label, name] of [
      ['Видеокамеры', 'Видеокамеры'],
      // A protection rating (`IP66`) is no kind of goods: the classifier's Latin kind words leave it out (review25c A).
      ['Видеокамеры IP66', 'Видеокамеры'],
      ['Камеры IP', 'IP-камеры'],
      ['Флешки USB', 'USB-флешки'],
      ['Переходники HDMI', 'Переходники HDMI'],
      // `Мультимедиа на Android` holds `android`, but no word of smartphones.
      ['Смартфоны Android', 'Смартфоны'],
    ] as const) {
      const match = marketplace.match(label, { productNames: [] });
      expect(match.status, label).not.toBe('todo');
      expect(match.best?.entry.name.rus, label).toBe(name);
    }
  });
});

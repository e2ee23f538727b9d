/** `арналган`, the Kazakh purpose word typed without its Kazakh letter, is `арналған` for every reader of names and labels. */
import { describe, expect, it } from 'vitest';
import { tokenizeForMatch } from '../../src/assistant/normalize-for-match.js';

describe('the Kazakh purpose word typed on a Russian keyboard', () => {
  it('is one token for every reader: the tokenizer reads `арналган` as `арналған`', () => {
    expect(tokenizeForMatch('Душка арналган гель')).toEqual(['душка', 'арналған', 'гель']);
    expect(tokenizeForMatch('Ерлерге арналған футболка')).toEqual(['ерлерге', 'арналған', 'футболка']);
  });
});

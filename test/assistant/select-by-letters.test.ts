import { describe, expect, it } from 'vitest';
import { createCandidateMatcher, type MatchCandidate } from '../../src/assistant/score-candidates.js';

const names = ['Смартфоны', 'Кастрюли', 'Сковороды', 'Ноутбуки', 'Қазандар', 'Samsung'];
const candidates: MatchCandidate<string>[] = names.map((name, i) => ({ key: String(i), label: name, names: [{ text: name }], entry: name }));

describe('scoring only the candidates that share letters with the text (selectByLetters)', () => {
  it('scores the candidates sharing two letter triples of a word, with the same scores as a full scan', () => {
    const full = createCandidateMatcher(candidates);
    const selected = createCandidateMatcher(candidates, { selectByLetters: true });
    for (const text of ['Смартфоы', 'кострюли', 'казандар', 'Сковородки', 'Самсунг']) {
      const best = full.score(text, 0.5)[0];
      expect(selected.score(text, 0.5)[0]).toEqual(best);
    }
  });

  it('leaves out a candidate sharing no letters with the text, which a full scan scores only by chance', () => {
    const full = createCandidateMatcher(candidates).score('Ноутбуки', 0).map((candidate) => candidate.label);
    const selected = createCandidateMatcher(candidates, { selectByLetters: true }).score('Ноутбуки', 0).map((candidate) => candidate.label);
    expect(full).toContain('Кастрюли');
    expect(selected).toEqual(['Ноутбуки']);
  });
});

import { describe, expect, it } from 'vitest';
import { collectDemographic, findDemographicMark } from '../../src/assistant/demographic-words.js';
import { tokenizeForMatch } from '../../src/assistant/normalize-for-match.js';

describe('findDemographicMark', () => {
  it('reads English marks as whole words and their plural or possessive forms', () => {
    expect(findDemographicMark('men')).toEqual({ gender: 'male' });
    expect(findDemographicMark('mens')).toEqual({ gender: 'male' });
    expect(findDemographicMark('women')).toEqual({ gender: 'female' });
    expect(findDemographicMark('kids')).toEqual({ kids: true });
    expect(findDemographicMark('boys')).toEqual({ gender: 'male', kids: true });
    expect(findDemographicMark('girl')).toEqual({ gender: 'female', kids: true });
  });

  it('never reads a brand or another word that only begins like an English mark', () => {
    for (const word of ['boya', 'mentos', 'menthol', 'mendeleev', 'kidney', 'kidde', 'boyard', 'girlande', 'menu']) {
      expect(findDemographicMark(word), word).toBeUndefined();
    }
  });

  it('keeps the Russian stems as prefixes', () => {
    expect(findDemographicMark('женские')).toEqual({ gender: 'female' });
    expect(findDemographicMark('детская')).toEqual({ kids: true });
    expect(findDemographicMark('детали')).toBeUndefined();
  });

  it('says nothing of who a microphone of the brand Boya is for', () => {
    expect(collectDemographic(tokenizeForMatch('Микрофон петличный Boya BY-M1'))).toEqual({});
    expect(collectDemographic(tokenizeForMatch("Футболка Men's Classic"))).toEqual({ gender: 'male' });
  });
});

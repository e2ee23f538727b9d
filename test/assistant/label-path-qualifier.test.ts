import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const original = createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher();

describe('a bare label on a leaf whose parent branch narrows the kind', () => {
  it('is a question when another branch of the section has goods of the same noun', () => {
    // Children's rubber boots beside the women's and men's `Сапоги`.
    const boots = original.match('Сапоги резиновые');
    expect(boots.status).toBe('todo');
    expect(boots.doubt).toContain('детская');
    // The women's `Блузки и рубашки` beside the men's `Рубашки`.
    expect(original.match('Рубашки и блузки').status).toBe('todo');
  });

  it('stays the leaf when the label says what the branch says, or when only children\'s goods are beside an adults\' leaf', () => {
    expect(original.match('Резиновые сапоги детские').best?.entry.name.rus).toBe('Резиновые сапоги');
    // The product names say it when the label does not.
    expect(original.match('Сапоги резиновые', { productNames: ['Сапоги резиновые детские', 'Сапоги резиновые для мальчика'] }).best?.entry.name.rus).toBe('Резиновые сапоги');
    expect(original.match('Женские блузки и рубашки').best?.entry.name.rus).toBe('Блузки и рубашки');
    expect(original.match('Юбки').best?.entry.name.rus).toBe('Юбки');
    expect(original.match('Блузы').best?.entry.name.rus).toBe('Блузки и рубашки');
  });
});

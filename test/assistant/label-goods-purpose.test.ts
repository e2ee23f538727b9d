import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const original = createDirectoryMatchers(buildSandboxDirectories('original')).categoryMatcher();
const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('a label whose purpose is what another leaf of the same section is', () => {
  it('is a question naming the purpose: doll strollers are no baby strollers', () => {
    const match = original.match('Коляски для кукол');
    expect(match.status).toBe('todo');
    expect(match.doubt).toContain('кукол');
  });

  it('keeps a purpose that is a use of the leaf\'s goods or that the leaf names', () => {
    expect(original.match('Переноска для кошек').best?.entry.name.rus).toBe('Переноски');
    expect(original.match('Фен для волос').best?.entry.name.rus).toBe('Фены');
    expect(original.match('Чехлы для телефонов').status).toBe('exact');
  });

  it('reads a part of an `и` list leaf with the purpose the list shares, as the classifier index does', () => {
    // `Мази и парафины для лыж`: the ointments are ski ointments; a bare `Мази` (a pharmacy's too) is a question.
    expect(marketplace.match('Мази').status).toBe('todo');
    const ski = marketplace.match('Мази для лыж');
    expect(ski.status).toBe('confident');
    expect(ski.best?.entry.name.rus).toBe('Мази и парафины для лыж');
  });
});

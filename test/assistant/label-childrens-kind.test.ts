import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const marketplace = createDirectoryMatchers(buildSandboxDirectories('marketplace')).categoryMatcher();

describe('a children\'s leaf beside the adults\' plain leaf of a bare noun (issue 33, labels26)', () => {
  it('takes the adults\' leaf for a bare garment noun that says nobody', () => {
    // Rivals before: `Юбки для девочек` (1.00, its name equal once `для девочек` is set apart), `Рубашки и блузки для девочек / мальчиков`.
    expect(marketplace.match('Юбки').best?.entry.path?.rus).toBe('Одежда / Женская одежда / Юбки');
    expect(marketplace.match('Блузки', { productNames: ['Блузка шифоновая'] }).best?.entry.path?.rus).toBe('Одежда / Женская одежда / Блузки и рубашки');
  });

  it('leaves the children\'s leaf to labels or rows that say children', () => {
    expect(marketplace.match('Юбки для девочек').best?.entry.path?.rus).toBe('Одежда / Одежда для девочек / Юбки для девочек');
    const rows = marketplace.match('Блузки', { productNames: ['Блузка для девочки школьная', 'Блузка для девочки белая'] });
    expect(rows.best?.entry.path?.rus).not.toBe('Одежда / Женская одежда / Блузки и рубашки');
  });

  it('keeps a plain leaf filed for nobody beside the children\'s kind, and the two sexes\' leaves beside each other', () => {
    // `Велосипеды`: the plain leaf or `Детские велосипеды`, as the labels mark it; `Шорты`: women's or men's.
    expect(marketplace.match('Велосипеды').status).toBe('todo');
    expect(marketplace.match('Шорты').status).toBe('todo');
    expect(marketplace.match('Пижамы').status).toBe('todo');
    // No plain leaf at all: `Детская косметика` is never the answer to a bare `Косметика`.
    expect(marketplace.match('Косметика').status).toBe('todo');
  });
});

import { describe, expect, it } from 'vitest';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import type { Category } from '../../src/domain/index.js';
import { buildClassifierDirectories } from './classify/classifier-directory.js';
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

describe('a label on a leaf whose branch narrows the section\'s goods by a kind, where other branches sort them by whom they are for', () => {
  const branch = (id: number, rus: string, kaz: string): Category => ({ id, parentId: null, name: { rus: rus.split(' / ')[1] ?? rus, kaz: kaz.split(' / ')[1] ?? kaz }, path: { rus, kaz }, isLeaf: false });
  const leaf = (id: number, parent: Category, rus: string, kaz: string): Category => ({ id, parentId: parent.id, name: { rus, kaz }, path: { rus: `${parent.path?.rus ?? ''} / ${rus}`, kaz: `${parent.path?.kaz ?? ''} / ${kaz}` }, isLeaf: true });
  const national = branch(31, 'Одежда / Национальная одежда', 'Киім / Ұлттық киім');
  const women = branch(32, 'Одежда / Женская одежда', 'Киім / Әйелдер киімі');
  const vests = leaf(3101, national, 'Жилеты', 'Кеудешелер');
  const dresses = leaf(3201, women, 'Платья', 'Көйлектер');

  it('is a question when neither the label, its seller path nor its product names say the kind, with no rival leaf', () => {
    const matcher = createDirectoryMatchers(buildClassifierDirectories([national, women, vests, dresses])).categoryMatcher();
    for (const label of ['Жилеты', 'Мужские жилеты', 'Жилеты утепленные']) {
      const match = matcher.match(label, { productNames: ['Жилет утепленный мужской'] });
      expect(match.status, label).toBe('todo');
      expect(match.doubt, label).toContain('национальная');
      expect(match.candidates[0]?.key, label).toBe('3101');
    }
    expect(matcher.match('Жилеты национальные').best?.key).toBe('3101');
    expect(matcher.match('Жилеты', { productNames: ['Жилет национальный с орнаментом'] }).best?.key).toBe('3101');
    expect(matcher.match('Жилеты', { parentPath: 'Национальная одежда' }).best?.key).toBe('3101');
  });

  it('stays the leaf where no branch of the section says whom its goods are for: the kind then only sorts the section', () => {
    const matcher = createDirectoryMatchers(buildClassifierDirectories([national, vests])).categoryMatcher();
    expect(matcher.match('Жилеты').best?.key).toBe('3101');
    // The original directory's large appliances: `Крупная бытовая техника` beside `Техника для кухни`, no one's goods.
    expect(original.match('Холодильники').best?.entry.name.rus).toBe('Холодильники');
  });
});

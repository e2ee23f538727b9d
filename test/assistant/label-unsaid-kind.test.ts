import { describe, expect, it } from 'vitest';
import { acceptUnsaidKindNames, readUnsaidKinds } from '../../src/assistant/category-label/read-unsaid-kind-names.js';
import { createDirectoryMatchers } from '../../src/assistant/create-directory-matchers.js';
import { buildSandboxDirectories } from './measure-matching.js';

const matchers = createDirectoryMatchers(buildSandboxDirectories('marketplace'));
const marketplace = matchers.categoryMatcher();
const PLAIN = 'Зоотовары / Корма / Корм для кошек';

describe('a name that leaves unsaid the kind its plain leaf is sorted by, under a label saying no kind (issue 33, mend26a)', () => {
  it('confirms the plain leaf for a label that says no kind', () => {
    // `Корм для кошек 400 г` alone is a question (dry, wet or veterinary: `classify/kinds-sorted-elsewhere.ts`); `Мысық жемі` says no kind either.
    expect(matchers.classifyName('Корм для кошек 400 г').confident).toBe(false);
    const match = marketplace.match('Мысық жемі', { productNames: ['Корм для кошек 400 г'] });
    expect(match.status).toBe('confident');
    expect(match.best?.entry.path?.rus).toBe(PLAIN);
  });

  it('reads the kinds the doubt names, and no other doubt', () => {
    expect(readUnsaidKinds(matchers.classifyName('Корм для кошек 400 г'))).toContain('Зоотовары / Товары для кошек / Сухие корма для кошек');
    expect(readUnsaidKinds(matchers.classifyName('Корм для кошек Whiskas сухой 2 кг'))).toBeUndefined();
    expect(readUnsaidKinds(matchers.classifyName('Мысық жемі'))).toBeUndefined();
  });

  it('keeps the name a question under a label that ranks a kind at least as high as the plain leaf', () => {
    const result = matchers.classifyName('Корм для кошек 400 г');
    // `Сухой корм для кошек` names the dry kind (0.91) above the plain leaf (0.80): read as a question, the name does not take the plain leaf.
    const kindFirst = { ...marketplace.match('Сухой корм для кошек'), status: 'todo' as const };
    expect(acceptUnsaidKindNames(kindFirst, [result])[0]?.confident).toBe(false);
    const noKind = marketplace.match('Мысық жемі');
    expect(acceptUnsaidKindNames(noKind, [result])[0]?.confident).toBe(true);
    // A label that does not rank the plain leaf at all (`Сухой корм`: dry food for cats or dogs) says nothing of it.
    expect(marketplace.match('Сухой корм', { productNames: ['Корм для кошек 400 г'] }).status).toBe('todo');
  });

  it('never confirms the plain leaf from a name that says another kind', () => {
    const match = marketplace.match('Мысық жемі', { productNames: ['Сухой корм для кошек Whiskas 2 кг'] });
    expect(match.best?.entry.path?.rus).not.toBe(PLAIN);
  });
});

import { describe, expect, it } from 'vitest';
import { isBranchName } from '../../src/assistant/category-label/branch-names.js';
import { createLabelReader } from '../../src/assistant/category-label/parse-label.js';
import { prepareLabelDirectory } from '../../src/assistant/category-label/prepare-label-directory.js';
import { createDirectoryIndex } from '../../src/mapping/directory-index.js';
import { buildSandboxDirectories } from './measure-matching.js';

const directory = prepareLabelDirectory(createDirectoryIndex(buildSandboxDirectories('marketplace')));
const readLabel = createLabelReader(directory.namedByDirectory);
const namesBranch = (text: string): boolean => {
  const label = readLabel(text, undefined);
  return isBranchName(label, directory.branchNames, (a, b) => directory.similarity(label, a, b));
};

describe('a label naming a branch, read through the branch words each label word could spell (issue 33 item 6, init28)', () => {
  it('finds a branch named in either language, or in another form of its words', () => {
    expect(namesBranch('Смартфоны и гаджеты')).toBe(true);
    expect(namesBranch('Смартфондар мен гаджеттер')).toBe(true);
    expect(namesBranch('Смартфон и гаджеты')).toBe(true);
    // Asked again, and a label sharing one word with it: the words' readings are kept, the answers stay.
    expect(namesBranch('Смартфоны и гаджеты')).toBe(true);
    expect(namesBranch('Гаджеты и смартфоны')).toBe(true);
  });

  it('never a label one of whose words no word of a branch name of its length could spell, nor a branch name of another length', () => {
    expect(namesBranch('Смартфоны и ноутбуки')).toBe(false);
    expect(namesBranch('Смартфоны')).toBe(false);
    expect(namesBranch('Смартфоны гаджеты чехлы')).toBe(false);
  });
});

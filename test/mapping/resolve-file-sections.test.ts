/**
 * `classify.sections` is read by every run's mapping check, though most mappings name no section: the resolver must
 * not read the directory's leaves until a target is read (issue 39: the tables cost a cached small dry run ~30 ms),
 * and must read them once for many targets.
 */
import { describe, expect, it } from 'vitest';
import { createDirectoryIndex, type DirectoryIndex } from '../../src/mapping/directory-index.js';
import { createSectionResolver, resolveFileSections } from '../../src/mapping/resolve-file-sections.js';
import { makeDirectories } from '../helpers/builders.js';

/** The index, and how many times its leaves were listed. */
function countLeafReads(): { index: DirectoryIndex; reads: () => number } {
  const index = createDirectoryIndex(makeDirectories());
  let reads = 0;
  const directories = new Proxy(index.directories, {
    get(target, key, receiver) {
      if (key === 'categories') reads += 1;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { index: { ...index, directories }, reads: () => reads };
}

describe('createSectionResolver', () => {
  it('reads no leaf for a mapping without sections', () => {
    const { index, reads } = countLeafReads();
    expect(resolveFileSections([], createSectionResolver(index))).toEqual({ paths: [], problems: [] });
    expect(reads()).toBe(0);
  });

  it('reads the leaves once for every target, and answers as the directory names its sections', () => {
    const { index, reads } = countLeafReads();
    const { paths, problems } = resolveFileSections(['электроника', 'Электроника', 'Одежда', 999], createSectionResolver(index));
    expect(paths).toEqual(['Электроника']);
    expect(problems.map((problem) => [problem.at, problem.code])).toEqual([
      [2, 'unknown_category'],
      [3, 'unknown_category'],
    ]);
    expect(reads()).toBe(1);
  });
});

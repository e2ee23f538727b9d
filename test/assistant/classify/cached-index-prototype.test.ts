/**
 * A classifier index read from its cache file looks names' stems up as the built one does: its stem tables have no
 * prototype, so a word such as `constructor` finds no leaf list it never had. This file imports the index loader only
 * dynamically, so that a fresh module reads the file instead of the index the first call keeps in memory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildSandboxDirectories } from '../measure-matching.js';

describe('a classifier index read from its cache', () => {
  it('has stem tables without a prototype, and classifies a name with a prototype word as the built index does', async () => {
    const stateDir = await mkdtemp(join(tmpdir(), 'proto-index-'));
    try {
      const first = await import('../../../src/assistant/classify/load-classifier-index.js');
      const built = await first.loadClassifierIndex({ stateDir, directories: buildSandboxDirectories('marketplace') });
      vi.resetModules();
      const fresh = await import('../../../src/assistant/classify/load-classifier-index.js');
      const { classifyProduct } = await import('../../../src/assistant/classify/classify-product.js');
      const cached = await fresh.loadClassifierIndex({ stateDir, directories: buildSandboxDirectories('marketplace') });
      expect(cached).not.toBe(built);
      expect(Object.getPrototypeOf(cached.byHeadStem)).toBeNull();
      expect(Object.getPrototypeOf(cached.byCompoundEnd)).toBeNull();
      for (const name of ['Набор constructor', 'constructor toString', 'Конструктор hasOwnProperty 3 шт']) {
        expect(() => classifyProduct(cached, { name })).not.toThrow();
      }
    } finally {
      await rm(stateDir, { recursive: true, force: true });
    }
  });
});

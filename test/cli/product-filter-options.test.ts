/** The product filters of `products list` and `export`: one folding of the flags into the list filters. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readProductFilters } from '../../src/cli/product-filter-options.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';

describe('readProductFilters', () => {
  it('keeps each filter given, shop 0 included', () => {
    expect(readProductFilters({ category: [10101], status: ['Active'], moderation: ['Rejected'], search: 'чай', shop: 0 })).toEqual({
      categoryIds: [10101],
      productStatus: ['Active'],
      moderationProductStatus: ['Rejected'],
      search: 'чай',
      shopId: 0,
    });
  });

  it('a flag given no value filters nothing (not "none of these")', () => {
    expect(readProductFilters({ category: [], status: [], moderation: [], search: '' })).toEqual({});
  });
});

describe('the filters\' help and checks', () => {
  it('is in the run language, as the service options are, for products list and export', async () => {
    for (const command of [['products', 'list'], ['export']]) {
      const run = await runCliCaptured([...command, '--help', '--lang', 'ru'], { cwd: tmpdir(), env: {} });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('Только эти категории (id)');
      expect(run.stdout).toContain('Сортировать по убыванию');
      expect(run.stdout).toContain('Адрес сервиса');
      expect(run.stdout).not.toContain('Sort descending');
      expect(run.stdout).not.toContain('Only this shop id');
    }
  });

  it('refuses a page, page size or photo count out of range in the run language (exit 2, before anything opens)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'filter-flags-'));
    try {
      const ru = await runCliCaptured(['products', 'list', '--page-size', '0', '--lang', 'ru'], { cwd: dir, env: {} });
      expect(ru.code).toBe(2);
      expect(ru.stderr).toContain('--page-size должно быть целым числом от 1 до 100');
      const en = await runCliCaptured(['products', 'list', '--page', '0', '--lang', 'en'], { cwd: dir, env: {} });
      expect(en.code).toBe(2);
      expect(en.stderr).toContain('--page must be a whole number from 1');
      const kk = await runCliCaptured(['export', '-o', 'x.csv', '--photo-columns', '0', '--lang', 'kk'], { cwd: dir, env: {} });
      expect(kk.code).toBe(2);
      // No case ending after a bound: "1-ден", "100-ге" read wrong for a bound such as 30 or 6.
      expect(kk.stderr).toContain('--photo-columns бүтін сан болуы керек (ең азы 1, ең көбі 100)');
      const kkFrom = await runCliCaptured(['products', 'list', '--page', '0', '--lang', 'kk'], { cwd: dir, env: {} });
      expect(kkFrom.stderr).toContain('--page бүтін сан болуы керек (ең азы 1)');
      // 0 is a whole number: the refusal says from which one.
      const zeroId = await runCliCaptured(['products', 'show', '0', '--lang', 'en'], { cwd: dir, env: {} });
      expect(zeroId.code).toBe(2);
      expect(zeroId.stderr).toContain('product ids are whole numbers from 1');
      // Refused before anything opened: no state, no export file, nothing written.
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

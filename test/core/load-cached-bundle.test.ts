/** `loadCachedBundle`: a CommonJS bundle run as a module, with V8's code cache taken when its stamp matches and V8 accepts it, and written on request. */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCachedBundle, stampCodeCache } from '../../src/core/load-cached-bundle.js';

// What a bundle of esbuild's CommonJS output relies on: `module.exports` replaced, `require` of a
// builtin and of a file beside it, `__filename`/`__dirname`, and a `#!` line at the start.
const BUNDLE = `#!/usr/bin/env node
const { basename } = require('node:path');
const beside = require('./beside.cjs');
module.exports = { double: (n) => n * 2, name: basename(__filename), folder: __dirname, beside };
`;

let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'catalog-import-bundle-'));
  await writeFile(join(work, 'beside.cjs'), "module.exports = 'found beside';\n");
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('loadCachedBundle', () => {
  it('runs the bundle as a CommonJS module: its exports, its own require, file name and folder', async () => {
    const bundle = join(work, 'plain.cjs');
    await writeFile(bundle, BUNDLE);
    const loaded = loadCachedBundle(bundle, join(work, 'plain.code-cache'));
    expect(loaded.cache).toBe('absent');
    expect((loaded.exports['double'] as (n: number) => number)(21)).toBe(42);
    expect(loaded.exports).toMatchObject({ name: 'plain.cjs', folder: work, beside: 'found beside' });
  });

  it('writes the compiled code and takes it at the next load when its stamp matches', async () => {
    const bundle = join(work, 'cached.cjs');
    const cache = join(work, 'cached.code-cache');
    await writeFile(bundle, BUNDLE);
    const first = loadCachedBundle(bundle, cache);
    (first.exports['double'] as (n: number) => number)(1);
    first.writeCache();
    expect(existsSync(cache)).toBe(true);
    const stamp = stampCodeCache(await readFile(bundle), await readFile(cache));

    const second = loadCachedBundle(bundle, cache, stamp);
    expect(second.cache).toBe('used');
    expect((second.exports['double'] as (n: number) => number)(4)).toBe(8);
    // Without a stamp, or with one of another Node release or architecture, the cache is not given to V8.
    expect(loadCachedBundle(bundle, cache).cache).toBe('unmatched');
    expect(loadCachedBundle(bundle, cache, { ...stamp, node: 'v20.0.0' }).cache).toBe('unmatched');
    expect(loadCachedBundle(bundle, cache, { ...stamp, arch: 'riscv64' }).cache).toBe('unmatched');
  });

  it('compiles the source of a bundle changed since its cache, even of the same length, which V8 alone would run from the old cache', async () => {
    const bundle = join(work, 'changed.cjs');
    const cache = join(work, 'changed.code-cache');
    await writeFile(bundle, BUNDLE);
    const first = loadCachedBundle(bundle, cache);
    (first.exports['double'] as (n: number) => number)(1);
    first.writeCache();
    const stamp = stampCodeCache(await readFile(bundle), await readFile(cache));

    await writeFile(bundle, BUNDLE.replace('n * 2', 'n * 3'));
    const changed = loadCachedBundle(bundle, cache, stamp);
    expect(changed.cache).toBe('unmatched');
    expect((changed.exports['double'] as (n: number) => number)(4)).toBe(12);

    // A stamp that matches but a cache V8 refuses (here: made for a source of another length): the source is compiled.
    await writeFile(bundle, BUNDLE.replace('n * 2', 'n * 3 + 0'));
    const refused = loadCachedBundle(bundle, cache, stampCodeCache(await readFile(bundle), await readFile(cache)));
    expect(refused.cache).toBe('rejected');
    expect((refused.exports['double'] as (n: number) => number)(4)).toBe(12);
  });

  it('runs without a cache that cannot be read (a folder in its place)', async () => {
    const bundle = join(work, 'unreadable.cjs');
    const cache = join(work, 'unreadable.code-cache');
    await writeFile(bundle, BUNDLE);
    await mkdir(cache);
    const loaded = loadCachedBundle(bundle, cache, stampCodeCache(await readFile(bundle), new Uint8Array()));
    expect(loaded.cache).toBe('absent');
    expect((loaded.exports['double'] as (n: number) => number)(5)).toBe(10);
  });
});

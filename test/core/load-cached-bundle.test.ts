/** `loadCachedBundle`: a CommonJS bundle run as a module, with V8's code cache taken when it fits and written on request. */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCachedBundle } from '../../src/core/load-cached-bundle.js';

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

  it('writes the compiled code, takes it at the next load, and compiles the source when the cache no longer fits it', async () => {
    const bundle = join(work, 'cached.cjs');
    const cache = join(work, 'cached.code-cache');
    await writeFile(bundle, BUNDLE);
    const first = loadCachedBundle(bundle, cache);
    (first.exports['double'] as (n: number) => number)(1);
    first.writeCache();
    expect(existsSync(cache)).toBe(true);

    const second = loadCachedBundle(bundle, cache);
    expect(second.cache).toBe('used');
    expect((second.exports['double'] as (n: number) => number)(4)).toBe(8);

    // A bundle rebuilt without its cache: V8 rejects the old one and the new source runs.
    await writeFile(bundle, BUNDLE.replace('n * 2', 'n * 3 + 0'));
    const rebuilt = loadCachedBundle(bundle, cache);
    expect(rebuilt.cache).toBe('rejected');
    expect((rebuilt.exports['double'] as (n: number) => number)(4)).toBe(12);
  });
});

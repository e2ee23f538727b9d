/**
 * The compiled-mapping cache (issue 39): a YAML mapping parsed once is read back from the state
 * directory while its bytes, the required fields and the parser are the same; anything else is parsed
 * again by the one parser, and a mapping with problems is never kept.
 */
import { chmod, cp, mkdir, mkdtemp, readFile, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { describe, expect, it, onTestFinished } from 'vitest';
import { MappingError } from '../../src/core/errors.js';
import { buildCompiledMappingPath, loadCachedMapping, PARSER_MODULES } from '../../src/mapping/load-cached-mapping.js';
import { loadMappingWithHash } from '../../src/mapping/load-mapping.js';
import { walkValueImports } from '../helpers/walk-value-imports.js';

const ROOT = join(import.meta.dirname, '..', '..');
const MAPPING = await readFile(join(ROOT, 'mappings', 'sample.yaml'), 'utf8');
const now = (): Date => new Date();

async function makeWorkDir(): Promise<{ dir: string; stateDir: string; path: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'cached-mapping-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const path = join(dir, 'shop.yaml');
  await writeFile(path, MAPPING);
  return { dir, stateDir: join(dir, 'state'), path };
}

/** Rewrites the kept file's mapping: what a later load returns shows whether it was read from the cache. */
async function markKeptMapping(file: string): Promise<void> {
  const kept = deserialize(await readFile(file)) as { mapping: { batchSize: number } };
  kept.mapping.batchSize = 7;
  await writeFile(file, serialize(kept));
}

describe('loadCachedMapping', () => {
  it('parses a mapping as loadMappingWithHash does, keeps it, and reads it back for the same bytes', async () => {
    const { dir, stateDir, path } = await makeWorkDir();
    const parsed = await loadMappingWithHash('shop.yaml', { cwd: dir });
    const first = await loadCachedMapping('shop.yaml', { cwd: dir, now }, { stateDir });
    expect(first).toStrictEqual(parsed);
    expect(await readdir(join(stateDir, 'compiled-mappings'))).toHaveLength(1);

    const again = await loadCachedMapping('shop.yaml', { cwd: dir, now }, { stateDir });
    expect(again).toStrictEqual(parsed);

    await markKeptMapping(buildCompiledMappingPath(stateDir, path));
    const fromCache = await loadCachedMapping('shop.yaml', { cwd: dir, now }, { stateDir });
    expect(fromCache.mapping.batchSize).toBe(7);
    expect(fromCache.sha256).toBe(parsed.sha256);
  });

  it('parses again when the bytes or the required fields differ', async () => {
    const { dir, stateDir, path } = await makeWorkDir();
    await loadCachedMapping('shop.yaml', { cwd: dir, now }, { stateDir });
    await markKeptMapping(buildCompiledMappingPath(stateDir, path));

    const otherFields = await loadCachedMapping('shop.yaml', { cwd: dir, now }, { stateDir, requiredFields: ['barcode'] });
    expect(otherFields.mapping.batchSize).toBe(30);
    expect(otherFields.mapping.validation.requireBarcode).toBe(true);

    await markKeptMapping(buildCompiledMappingPath(stateDir, path));
    await writeFile(path, `${MAPPING}batchSize: 10\n`);
    const edited = await loadCachedMapping('shop.yaml', { cwd: dir, now }, { stateDir });
    expect(edited.mapping.batchSize).toBe(10);
    expect(edited).toStrictEqual(await loadMappingWithHash('shop.yaml', { cwd: dir }));
  });

  it('reads an unreadable kept file as a miss', async () => {
    const { dir, stateDir, path } = await makeWorkDir();
    await loadCachedMapping('shop.yaml', { cwd: dir, now }, { stateDir });
    await writeFile(buildCompiledMappingPath(stateDir, path), 'not a serialized value');
    expect(await loadCachedMapping('shop.yaml', { cwd: dir, now }, { stateDir })).toStrictEqual(await loadMappingWithHash('shop.yaml', { cwd: dir }));
  });

  it('throws every problem of a bad mapping as loadMappingWithHash does, and keeps nothing', async () => {
    const { dir, stateDir, path } = await makeWorkDir();
    await writeFile(path, `${MAPPING}batchSize: 0\nunknownKey: 1\n`);
    const error = await loadCachedMapping('shop.yaml', { cwd: dir, now }, { stateDir }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MappingError);
    const expected = await loadMappingWithHash('shop.yaml', { cwd: dir }).catch((caught: unknown) => caught);
    expect((error as MappingError).issues).toStrictEqual((expected as MappingError).issues);
    await expect(readdir(stateDir)).rejects.toMatchObject({ code: 'ENOENT' });

    const missing = await loadCachedMapping('none.yaml', { cwd: dir, now }, { stateDir }).catch((caught: unknown) => caught);
    expect((missing as MappingError).issues[0]?.code).toBe('mapping_unreadable');
  });

  it('keeps a mapping with derived columns as the parser made it', async () => {
    const { dir, stateDir, path } = await makeWorkDir();
    const derive = `derive:
  - {name: Бренд из названия, from: Наименование, steps: [{lookup: brand}]}
  - {name: Размер, from: Наименование, steps: [{regex: {pattern: '\\b(S|M|L)\\b', group: 1}}], onFail: error}
  - {name: Объём, from: Наименование, steps: [{split: {separator: '/', take: last}}, {unit: мл}]}
  - {name: Местный, from: Штрихкод, steps: [{when: {startsWith: '487'}, then: да, else: нет}]}
`;
    await writeFile(path, `${MAPPING}${derive}`);
    const parsed = await loadMappingWithHash('shop.yaml', { cwd: dir });
    expect(parsed.mapping.derive).toHaveLength(4);
    await loadCachedMapping('shop.yaml', { cwd: dir, now }, { stateDir });
    const kept = deserialize(await readFile(buildCompiledMappingPath(stateDir, path))) as { mapping: unknown };
    expect(kept.mapping).toStrictEqual(parsed.mapping);
    expect(await loadCachedMapping('shop.yaml', { cwd: dir, now }, { stateDir })).toStrictEqual(parsed);
  });

  it('parses as without the cache, and keeps nothing, while the parser stamp cannot be computed; tries again later', async () => {
    // A copy of the sources whose stamped module goes missing once loaded (as in a bundle): the
    // parser runs, the stamp cannot read its code. Inside the project, so the copy finds its packages.
    const copy = await mkdtemp(join(ROOT, '.stamp-test-'));
    onTestFinished(() => rm(copy, { recursive: true, force: true }));
    await cp(join(ROOT, 'src'), join(copy, 'src'), { recursive: true });
    const cached = (await import(join(copy, 'src', 'mapping', 'load-cached-mapping.ts'))) as { loadCachedMapping: typeof loadCachedMapping };
    await import(join(copy, 'src', 'mapping', 'load-mapping.ts'));
    const stamped = join(copy, 'src', 'mapping', 'unit-factors.ts');
    const code = await readFile(stamped);
    await rm(stamped);

    const { dir, stateDir } = await makeWorkDir();
    const parsed = await loadMappingWithHash('shop.yaml', { cwd: dir });
    expect(await cached.loadCachedMapping('shop.yaml', { cwd: dir, now }, { stateDir })).toStrictEqual(parsed);
    expect(await cached.loadCachedMapping('shop.yaml', { cwd: dir, now }, { stateDir })).toStrictEqual(parsed);
    await expect(readdir(stateDir)).rejects.toMatchObject({ code: 'ENOENT' });

    await writeFile(stamped, code);
    expect(await cached.loadCachedMapping('shop.yaml', { cwd: dir, now }, { stateDir })).toStrictEqual(parsed);
    expect(await readdir(join(stateDir, 'compiled-mappings'))).toHaveLength(1);
  });

  it('stamps the code of every module the parser imports for values, transitively inside src/', async () => {
    const imported = await walkValueImports(join(ROOT, 'src', 'mapping'), ['load-mapping', 'parse-mapping']);
    expect(imported).toContain('../core/is-plain-record');
    expect(imported.filter((name) => !PARSER_MODULES.includes(name))).toEqual([]);
  });

  it.skipIf(process.getuid === undefined)('trusts no kept mapping another user owns or that group or others may write (a planted entry)', async () => {
    const { dir, stateDir, path } = await makeWorkDir();
    const userId = process.getuid?.() ?? 0;
    const file = buildCompiledMappingPath(stateDir, path);
    await loadCachedMapping('shop.yaml', { cwd: dir, now, userId }, { stateDir });
    await markKeptMapping(file);
    expect((await loadCachedMapping('shop.yaml', { cwd: dir, now, userId }, { stateDir })).mapping.batchSize).toBe(7);

    expect((await loadCachedMapping('shop.yaml', { cwd: dir, now, userId: userId + 1 }, { stateDir })).mapping.batchSize).toBe(30);
    await markKeptMapping(file);
    await chmod(file, 0o660);
    expect((await loadCachedMapping('shop.yaml', { cwd: dir, now, userId }, { stateDir })).mapping.batchSize).toBe(30);
  });

  it('removes the temporary files of writes that died an hour ago or more when it keeps a mapping', async () => {
    const { dir, stateDir, path } = await makeWorkDir();
    const folder = join(stateDir, 'compiled-mappings');
    await mkdir(folder, { recursive: true });
    const at = new Date('2026-11-29T12:00:00Z');
    const dead = join(folder, '.0123456789abcdef.v8.0a0b0c0d.partial');
    const underWay = join(folder, '.fedcba9876543210.v8.01020304.partial');
    await writeFile(dead, 'cut short');
    await writeFile(underWay, 'being written');
    await utimes(dead, new Date(at.getTime() - 61 * 60_000), new Date(at.getTime() - 61 * 60_000));
    await utimes(underWay, new Date(at.getTime() - 10 * 60_000), new Date(at.getTime() - 10 * 60_000));

    await loadCachedMapping('shop.yaml', { cwd: dir, now: () => at }, { stateDir });
    expect((await readdir(folder)).sort()).toEqual([basename(buildCompiledMappingPath(stateDir, path)), basename(underWay)].sort());
  });
});

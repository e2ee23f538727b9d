/**
 * A small deflated part is inflated in one go (issue 39: a small workbook's sheet streamed through
 * zlib's thread in ~30 round trips); a large one is streamed; a small part that does not inflate to
 * what the directory declares is streamed too, so it fails as it always did.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { checkZipEntry, loadZipDirectory, openZipEntry, type ZipDirectory } from '../../src/xlsx/zip-directory.js';
import { buildTestZip, type TestZipEntry } from '../helpers/write-test-zip.js';

/** 200 KB of text: more than one chunk of a zlib stream (16 KiB). */
const SMALL = { prefix: '<sheetData>', piece: '<row><c t="inlineStr"><is><t>Футболка хлопковая</t></is></c></row>', times: 3000, suffix: '</sheetData>' };

async function writeZip(entries: TestZipEntry[]): Promise<{ path: string; directory: ZipDirectory }> {
  const dir = await mkdtemp(join(tmpdir(), 'zip-small-parts-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const path = join(dir, 'book.zip');
  const bytes = buildTestZip(entries);
  await writeFile(path, bytes);
  const directory = await loadZipDirectory(path, bytes.length);
  if ('problem' in directory) throw new Error(`unexpected zip problem ${JSON.stringify(directory.problem)}`);
  return { path, directory };
}

async function readChunks(path: string, directory: ZipDirectory, name: string): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of await openZipEntry(path, directory.entries.get(name)!)) chunks.push(chunk as Buffer);
  return chunks;
}

describe('openZipEntry', () => {
  it('hands a small deflated part as one chunk, the whole part', async () => {
    const text = `${SMALL.prefix}${SMALL.piece.repeat(SMALL.times)}${SMALL.suffix}`;
    const { path, directory } = await writeZip([{ name: 'xl/worksheets/sheet1.xml', content: text }]);
    const chunks = await readChunks(path, directory, 'xl/worksheets/sheet1.xml');
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.toString('utf8')).toBe(text);
  });

  // A small part's header and bytes come in one read with slack for the header's own name and extra field (issue 39).
  it.each([
    ['an extra field inside the first read', 200],
    ['an extra field longer than the first read takes (the bytes read again)', 5000],
  ])('reads a small part whose local header has %s, from where that header says it starts', async (_, localExtraBytes) => {
    const text = `${SMALL.prefix}${SMALL.piece.repeat(SMALL.times)}${SMALL.suffix}`;
    const { path, directory } = await writeZip([
      { name: 'xl/workbook.xml', content: '<workbook/>', localExtraBytes },
      { name: 'xl/worksheets/sheet1.xml', content: text, localExtraBytes },
    ]);
    expect(Buffer.concat(await readChunks(path, directory, 'xl/workbook.xml')).toString('utf8')).toBe('<workbook/>');
    const chunks = await readChunks(path, directory, 'xl/worksheets/sheet1.xml');
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.toString('utf8')).toBe(text);
  });

  it('streams a part larger than a megabyte in chunks', async () => {
    const { path, directory } = await writeZip([{ name: 'xl/worksheets/sheet1.xml', content: { ...SMALL, times: 20_000 } }]);
    const chunks = await readChunks(path, directory, 'xl/worksheets/sheet1.xml');
    expect(chunks.length).toBeGreaterThan(1);
    expect(Buffer.concat(chunks).length).toBe(directory.entries.get('xl/worksheets/sheet1.xml')!.uncompressedSize);
  });

  it('streams a small part whose directory declares far more compressed bytes than a small part can have (never read whole)', async () => {
    const { path, directory } = await writeZip([{ name: 'xl/worksheets/sheet1.xml', content: SMALL }]);
    const entry = directory.entries.get('xl/worksheets/sheet1.xml')!;
    const chunks: Buffer[] = [];
    for await (const chunk of await openZipEntry(path, { ...entry, compressedSize: entry.compressedSize + 8 * 1024 * 1024 })) chunks.push(chunk as Buffer);
    expect(chunks.length).toBeGreaterThan(1);
  });

  it('streams a small part that inflates past its declared size, and the check says so', async () => {
    const { path, directory } = await writeZip([{ name: 'xl/worksheets/sheet1.xml', content: SMALL, declaredSize: 1000 }]);
    const chunks = await readChunks(path, directory, 'xl/worksheets/sheet1.xml');
    expect(chunks.length).toBeGreaterThan(1);
    await expect(checkZipEntry(path, directory.entries.get('xl/worksheets/sheet1.xml')!)).rejects.toThrow('inflates past its declared size of 1000 bytes');
  });
});

/**
 * docs/library.md runs as written: every `ts` block is a whole module importing only from
 * `'catalog-import'` (and Node's built-ins), and each runs to its end against the sandbox it starts,
 * with this checkout's `src/index.ts` standing for the package (the specifier is the only change).
 * The other docs' code imports only what the package exports, too: its `exports` map blocks the rest.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const PACKAGE_ENTRY = pathToFileURL(join(ROOT, 'src', 'index.ts')).href;

/** The fenced blocks of one language in a Markdown text, with the line each starts on. */
function extractBlocks(text: string, language: string): { line: number; code: string }[] {
  const blocks: { line: number; code: string }[] = [];
  for (const match of text.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))) {
    blocks.push({ line: text.slice(0, match.index).split('\n').length, code: match[1] ?? '' });
  }
  return blocks;
}

/** Every module specifier a block imports. */
function listSpecifiers(code: string): string[] {
  return [...code.matchAll(/\bfrom\s+'([^']+)'|\bimport\(\s*'([^']+)'\s*\)/g)].map((m) => m[1] ?? m[2] ?? '');
}

const library = await readFile(join(ROOT, 'docs', 'library.md'), 'utf8');
const examples = extractBlocks(library, 'ts');
let workspace: string;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'catalog-import-library-'));
});

afterAll(async () => {
  await rm(workspace, { recursive: true, force: true });
});

describe('docs/library.md', () => {
  it('has an example of the runs, each stage, the journaled import of built drafts, and the client with the sandbox', () => {
    expect(examples.length).toBeGreaterThanOrEqual(4);
    const all = examples.map((example) => example.code).join('\n');
    for (const name of ['runValidate', 'runImport', 'openSource', 'mapAndAssemble', 'buildBatches', 'followJob', 'matchJobResults', 'importDrafts', 'startSandbox']) {
      expect(all).toContain(`${name}(`);
    }
  });

  it.each(examples.map((example) => [`line ${example.line}`, example] as const))('the example at %s imports only the package and Node built-ins', (_, example) => {
    const specifiers = listSpecifiers(example.code);
    expect(specifiers).toContain('catalog-import');
    expect(specifiers.filter((specifier) => specifier !== 'catalog-import' && !specifier.startsWith('node:'))).toEqual([]);
  });

  it.each(examples.map((example) => [`line ${example.line}`, example] as const))(
    'the example at %s runs to its end',
    async (_, example) => {
      const lines: string[] = [];
      vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' ')));
      const file = join(workspace, `example-${example.line}.ts`);
      await writeFile(file, example.code.replaceAll("from 'catalog-import'", `from '${PACKAGE_ENTRY}'`));
      await import(pathToFileURL(file).href);
      expect(lines.length).toBeGreaterThan(0);
    },
    180_000,
  );
});

describe('the code in the other docs', () => {
  it('imports from the package, never from a path inside it', async () => {
    const docs = ['README.md', ...(await readdir(join(ROOT, 'docs'))).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];
    const internal: string[] = [];
    for (const doc of docs) {
      const text = await readFile(join(ROOT, doc), 'utf8');
      for (const block of [...extractBlocks(text, 'ts'), ...extractBlocks(text, 'js')]) {
        for (const specifier of listSpecifiers(block.code)) {
          if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('catalog-import/') || specifier.includes('src/')) internal.push(`${doc}:${block.line} ${specifier}`);
        }
      }
    }
    expect(internal).toEqual([]);
  });
});

/**
 * The docs say what the tool does: every command in a fenced block of README.md and docs/*.md that
 * runs against the embedded sandbox (`--sandbox`) is run, in the order the docs give them, in one
 * workspace holding the samples and mappings, and must exit as the text says: the exit code named
 * in its comment (`# … exit code 1`), else 0. Synopsis lines with placeholders (`FILE`, `[…]`) are
 * not commands and are left out.
 */
import { cp, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from '../helpers/run-cli-captured.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** One documented command. */
interface DocCommand {
  where: string;
  args: string[];
  expected: number;
}

const EXIT_STATED = /\bexit(?: code)? (\d+)\b/i;
const COMMAND = /^(?:\$ )?(?:npm ci && )?(?:npm run build && )?(?:npx |npm run )?catalog-import (?:-- )?(.*)$/;

/** Splits a command line into words the way a shell would for these simple lines (quotes, no expansion). */
function splitWords(line: string): string[] {
  const words: string[] = [];
  for (const match of line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) words.push(match[1] ?? match[2] ?? match[3] ?? '');
  return words;
}

/** The `--sandbox` commands of one Markdown text, with the exit code the text states for each. */
function extractSandboxCommands(doc: string, text: string): DocCommand[] {
  const commands: DocCommand[] = [];
  let inFence = false;
  let comment = '';
  text.split('\n').forEach((raw, index) => {
    if (raw.startsWith('```')) {
      inFence = !inFence;
      comment = '';
      return;
    }
    if (!inFence) return;
    const line = raw.trim();
    if (line === '') comment = '';
    else if (line.startsWith('#')) comment = line;
    if (!line.includes('--sandbox')) return;
    const match = COMMAND.exec(line);
    if (!match?.[1]) return;
    const [command = '', inline = ''] = match[1].split(/\s+#\s/, 2);
    const beforePipe = command.split(/\s\|\s/)[0] ?? '';
    if (/\b[A-Z]{3,}\b|\[|\]/.test(beforePipe)) return;
    const stated = EXIT_STATED.exec(inline) ?? EXIT_STATED.exec(comment);
    commands.push({ where: `${doc}:${index + 1}`, args: splitWords(beforePipe), expected: stated ? Number(stated[1]) : 0 });
  });
  return commands;
}

let workspace: string;
const commands: DocCommand[] = [];

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'catalog-import-docs-'));
  await cp(join(ROOT, 'samples'), join(workspace, 'samples'), { recursive: true });
  await cp(join(ROOT, 'mappings'), join(workspace, 'mappings'), { recursive: true });
});

afterAll(async () => {
  await rm(workspace, { recursive: true, force: true });
});

const docs = ['README.md', ...(await readdir(join(ROOT, 'docs'))).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/${name}`)];
for (const doc of docs) commands.push(...extractSandboxCommands(doc, await readFile(join(ROOT, doc), 'utf8')));

describe('the commands of the docs', () => {
  it('are found (README, samples, export, products, validate …)', () => {
    expect(commands.length).toBeGreaterThanOrEqual(12);
    expect(commands[0]).toMatchObject({ where: 'README.md:12', args: ['import', 'samples/catalog.xlsx', '--mapping', 'mappings/sample.yaml', '--sandbox'] });
    expect(commands.some((c) => c.expected === 1)).toBe(true);
    expect(commands.some((c) => c.args.includes('|'))).toBe(false);
  });

  it('reads the exit code a comment states, and skips synopsis lines', () => {
    const text = ['```sh', '# the clean one, exit code 0', 'catalog-import validate a.csv --sandbox', '# the bad one: exit code 1', 'catalog-import validate b.csv --sandbox # or not', 'catalog-import validate FILE [--sandbox]', '```'].join('\n');
    expect(extractSandboxCommands('x.md', text).map((c) => [c.args[1], c.expected])).toEqual([
      ['a.csv', 0],
      ['b.csv', 1],
    ]);
  });

  for (const command of commands) {
    it(`${command.where}: catalog-import ${command.args.join(' ')} → exit ${command.expected}`, async () => {
      const run = await runCliCaptured(command.args, { cwd: workspace, env: {} });
      expect(run.code, `${command.where}\n${run.stderr.slice(-2000)}`).toBe(command.expected);
    }, 120_000);
  }
});

/**
 * Every command's `--help` in the run's language: no option, positional, command description,
 * group heading or example left in English. The commands are found by walking the CLI's own help
 * (its command lists, subcommands included), so a command added later is checked without naming it.
 */
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';

const PROGRAM = 'catalog-import';

/** The service's own words, kept as the service spells them in any language (product and moderation statuses). */
const SERVICE_WORDS = new Set(['Active', 'OnModeration', 'Rejected', 'Pending', 'Approved']);

/** `--help` of the command at `path`, in `lang`. */
async function readHelp(path: readonly string[], lang: string): Promise<string> {
  const run = await runCliCaptured([...path, '--help', '--lang', lang], { cwd: tmpdir(), env: {} });
  expect(run.code, `${path.join(' ')} --help: ${run.stderr}`).toBe(0);
  return run.stdout;
}

/** The commands one level below `parent` that its (English) help lists. */
function listSubcommands(help: string, parent: readonly string[]): string[][] {
  const found = new Map<string, string[]>();
  for (const line of help.split('\n')) {
    const words = /^\s+catalog-import\s+(.*)$/.exec(line)?.[1]?.split(/\s+/) ?? [];
    const path: string[] = [];
    for (const word of words) {
      if (!/^[a-z][a-z-]*$/.test(word)) break;
      path.push(word);
    }
    const isChild = path.length === parent.length + 1 && parent.every((word, i) => path[i] === word);
    if (isChild) found.set(path.join(' '), path);
  }
  return [...found.values()];
}

/**
 * Every command path the CLI registers, subcommands included, found through its English help.
 * `completion` is yargs's: it prints the shell script, not a help (its description is in the root help).
 */
async function walkCommands(): Promise<{ paths: string[][]; topLevel: number }> {
  const paths: string[][] = [];
  const queue: string[][] = [[]];
  let topLevel = 0;
  while (queue.length > 0) {
    const parent = queue.shift()!;
    const children = listSubcommands(await readHelp(parent, 'en'), parent).filter((path) => path.join(' ') !== 'completion');
    if (parent.length === 0) topLevel = children.length;
    paths.push(...children);
    queue.push(...children);
  }
  return { paths, topLevel };
}

/** Whether a plain ASCII word reads as a term rather than prose: an acronym or placeholder (CSV, SKU, FILE), or a service word. */
function isTerm(word: string): boolean {
  return /^[A-Z]{2,}$/.test(word) || SERVICE_WORDS.has(word);
}

/**
 * The runs of 2 or more plain ASCII words in a help text, each a phrase not broken by punctuation or a parenthesis:
 * English prose. Invocations (`catalog-import export` and the words after it), the name column of
 * positionals, flags, code in backticks, quoted values, `[types]`, `<placeholders>`, paths and file
 * names, and terms are not words.
 */
function findEnglishRuns(help: string): string[] {
  const runs: string[] = [];
  // Code may wrap onto the next line: blanked over the whole text, its line breaks kept.
  const withoutCode = help.replace(/`[^`]*`/g, (code) => code.replace(/[^\n]/g, ' '));
  for (const line of withoutCode.split('\n')) {
    const text = line
      .replace(/^\s+[a-z][a-z-]*(?=\s{2})/, ' ')
      .replace(/"[^"]*"/g, ' ')
      .replace(/\[[^\]]*\]/g, ' ')
      .replace(/<[^>]*>/g, ' ')
      .replace(new RegExp(`${PROGRAM}(\\s+[a-z][a-z-]*)*`, 'g'), ' ');
    let run: string[] = [];
    const close = (): void => {
      if (run.length >= 2) runs.push(run.join(' '));
      run = [];
    };
    for (const token of text.split(/\s+/)) {
      const word = /^(\(?)([A-Za-z][A-Za-z'’]*)([,.;:!?)]*)$/.exec(token);
      if (word === null || isTerm(word[2]!)) {
        close();
        continue;
      }
      if (word[1] !== '') close();
      run.push(word[2]!);
      if (word[3] !== '') close();
    }
    close();
  }
  return runs;
}

describe('every command\'s help in the run\'s language', () => {
  it('walks every command the CLI registers, subcommands included', async () => {
    const { paths, topLevel } = await walkCommands();
    expect(topLevel).toBeGreaterThanOrEqual(COMMANDS.length);
    expect(paths.some((path) => path.length === 2)).toBe(true);
  });

  it('finds English in the English help of every command (the check can fail)', async () => {
    const { paths } = await walkCommands();
    for (const path of [[], ...paths]) expect(findEnglishRuns(await readHelp(path, 'en')), path.join(' ')).not.toEqual([]);
  });

  it.each(['ru', 'kk'])('%s: no description, heading or example of any command is left in English', async (lang) => {
    const { paths } = await walkCommands();
    const leftInEnglish: string[] = [];
    for (const path of [[], ...paths]) {
      for (const run of findEnglishRuns(await readHelp(path, lang))) leftInEnglish.push(`${path.join(' ') || PROGRAM}: ${run}`);
    }
    expect(leftInEnglish).toEqual([]);
  });
});

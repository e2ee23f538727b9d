/**
 * A mistake in the command line stops before anything runs. Every command of the registry (found
 * through the CLI's own help, so a command added later is covered without touching this file) is
 * run with an unknown flag and with each required input missing, against a sandbox that counts
 * requests: exit 2, one line naming the problem, the usage, no stack, no request, no file written.
 */
import { mkdir, readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/start-sandbox.js';
import type { SandboxHandle } from '../../src/sandbox/types.js';
import { runCliCaptured } from '../helpers/run-cli-captured.js';
import { writeSandboxEnv } from '../helpers/write-sandbox-env.js';
import { buildPhoneRows, createPhoneCatalog } from '../helpers/smartphone-catalog.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** A command as its help describes it. */
interface LeafCommand {
  path: string[];
  positionals: { name: string; variadic: boolean }[];
  requiredOptions: string[];
  takesServiceOptions: boolean;
}

/** Commands yargs itself provides rather than the registry. */
const BUILT_IN = new Set(['completion']);

async function helpOf(path: string[]): Promise<string> {
  const run = await runCliCaptured([...path, '--help'], { cwd: ROOT, env: { COLUMNS: '400' } });
  expect(run.code).toBe(0);
  return run.stdout;
}

/**
 * Walks the help tree from the top: a command with a "Commands:" section is a group; a group that
 * takes the service options runs by itself too (`runs`, beside `runs prune`).
 */
async function listLeafCommands(path: string[] = []): Promise<LeafCommand[]> {
  const help = await helpOf(path);
  const section = /^Commands:\n([\s\S]*?)\n\n/m.exec(`${help}\n\n`);
  if (section?.[1]) {
    const names = [...section[1].matchAll(/^ {2}catalog-import (\S.*?)(?: {2,}|$)/gm)]
      .map((m) => (m[1] ?? '').split(' ')[path.length])
      .filter((name): name is string => name !== undefined && !name.startsWith('<') && !BUILT_IN.has(name));
    const leaves: LeafCommand[] = path.length > 0 && /--base-url\b/.test(help) ? [describeLeaf(path, help)] : [];
    for (const name of names) leaves.push(...(await listLeafCommands([...path, name])));
    return leaves;
  }
  return [describeLeaf(path, help)];
}

/** A runnable command as its help describes it. */
function describeLeaf(path: string[], help: string): LeafCommand {
  const usage = help.split('\n')[0] ?? '';
  const positionals = [...usage.matchAll(/<([^>.]+)(\.\.)?>/g)].map((m) => ({ name: m[1] ?? '', variadic: m[2] !== undefined }));
  const requiredOptions = [...help.matchAll(/^\s+(?:-\w, )?--([\w-]+)\b.*\[required\]/gm)].map((m) => m[1] ?? '').filter((name) => !positionals.some((p) => p.name === name));
  return { path, positionals, requiredOptions, takesServiceOptions: /--base-url\b/.test(help) };
}

/** A value a handler could really work with, so that a handler run by mistake would send requests. */
const VALUES: Record<string, string> = { file: 'catalog.csv', mapping: 'mapping.yaml', inbox: 'inbox', ids: '1000001', out: 'out.xlsx' };

function validArgs(command: LeafCommand, omit?: string): string[] {
  const args = [...command.path];
  for (const p of command.positionals) if (p.name !== omit) args.push(VALUES[p.name] ?? 'x');
  for (const option of command.requiredOptions) if (option !== omit) args.push(`--${option}`, VALUES[option] ?? 'x');
  if (command.path[0] === 'watch') args.push('--once', '--stable-seconds', '0');
  return args;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.map((entry) => relative(dir, join(dir, entry))).sort();
}

let sandbox: SandboxHandle;
let catalog: Awaited<ReturnType<typeof createPhoneCatalog>>;
let env: Record<string, string>;
let commands: LeafCommand[];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, jobDelayMs: 0 });
  catalog = await createPhoneCatalog(buildPhoneRows(3));
  await mkdir(join(catalog.dir, 'inbox'));
  env = await writeSandboxEnv(sandbox, catalog.dir);
  commands = await listLeafCommands();
});

afterAll(async () => {
  await sandbox.close();
  await catalog.remove();
});

/** Runs one invocation and checks the promise of a usage error: exit 2, nothing sent, nothing written. */
async function expectUsageError(args: string[], problem: RegExp): Promise<void> {
  const before = await listFiles(catalog.dir);
  sandbox.resetStats();
  const run = await runCliCaptured(args, { cwd: catalog.dir, env });
  const context = `catalog-import ${args.join(' ')}\n${run.stderr}`;
  expect(run.code, context).toBe(2);
  expect(sandbox.stats().requests, context).toBe(0);
  expect(await listFiles(catalog.dir), context).toEqual(before);
  const [first, ...rest] = run.stderr.split('\n');
  expect(first, context).toMatch(problem);
  expect(rest.join('\n'), context).toMatch(/catalog-import/);
  expect(run.stderr, context).not.toMatch(/^\s+at /m);
  expect(run.stdout, context).toBe('');
}

describe('usage errors', () => {
  it('finds every command of the registry through the help', () => {
    const names = commands.map((c) => c.path.join(' '));
    for (const known of ['import', 'validate', 'runs', 'runs prune', 'reconcile', 'watch', 'export', 'products list', 'products show', 'directories pull', 'mapping init', 'mapping check', 'sandbox']) {
      expect(names).toContain(known);
    }
    const importCommand = commands.find((c) => c.path.join(' ') === 'import');
    expect(importCommand?.positionals.map((p) => p.name)).toEqual(['file']);
    expect(importCommand?.requiredOptions).toEqual(['mapping']);
  });

  it('the counting sandbox sees a valid run (so zero below means nothing was sent)', async () => {
    sandbox.resetStats();
    const run = await runCliCaptured(['validate', 'catalog.csv', '-m', 'mapping.yaml'], { cwd: catalog.dir, env });
    expect(run.code, run.stderr).toBe(0);
    expect(sandbox.stats().requests).toBeGreaterThan(0);
    await catalog.write(buildPhoneRows(3));
  });

  it('an unknown flag on any command: exit 2, no handler, no request, no file', async () => {
    for (const command of commands) {
      await expectUsageError([...validArgs(command), '--frobnicate'], /^catalog-import: unknown option --frobnicate$/);
      await expectUsageError([...validArgs(command), '--no-such-flag=1'], /^catalog-import: unknown option --no-such-flag$/);
    }
  });

  it('a typo of --plan sends nothing and says which flag was meant', async () => {
    await expectUsageError(['import', 'catalog.csv', '-m', 'mapping.yaml', '--plann'], /unknown option --plann \(did you mean --plan\?\)/);
  });

  it('two neighbouring letters swapped count as one slip, as in every other "did you mean" of the tool', async () => {
    await expectUsageError(['import', 'catalog.csv', '-m', 'mapping.yaml', '--jsno'], /unknown option --jsno \(did you mean --json\?\)/);
  });

  it('each required argument or option missing: exit 2 naming it', async () => {
    let cases = 0;
    for (const command of commands) {
      for (const p of command.positionals) {
        cases += 1;
        // Arguments fill the positionals from the left, so one left out is reported as the last one missing.
        const reported = command.positionals.at(-1)?.name ?? p.name;
        await expectUsageError(validArgs(command, p.name), new RegExp(`missing ${reported.toUpperCase()}`));
      }
      for (const option of command.requiredOptions) {
        cases += 1;
        await expectUsageError(validArgs(command, option), new RegExp(`missing required option --${option}`));
      }
    }
    expect(cases).toBeGreaterThanOrEqual(12);
  });

  it('a bad choice, a number that is not one, an option without its value', async () => {
    await expectUsageError(['watch', 'inbox', '-m', 'mapping.yaml', '--once', '--log-format', 'xml'], /--log-format "xml" is not one of "text", "json"/);
    await expectUsageError(['products', 'list', '--page-size', 'ten'], /--page-size takes a number/);
    await expectUsageError(['products', 'show', 'abc'], /<ids> takes a number/);
    await expectUsageError(['import', 'catalog.csv', '-m', 'mapping.yaml', '--concurrency'], /--concurrency needs a value/);
    await expectUsageError(['export', '--out'], /--out needs a value/);
    await expectUsageError(['sandbox', '--port', '0', '--dialect', 'cursor+bogus'], /--dialect cursor\+bogus: not a sandbox dialect/);
  });

  it('--resume with --fresh names the two flags at odds, not a run that does not exist', async () => {
    await expectUsageError(['import', 'catalog.csv', '-m', 'mapping.yaml', '--resume', 'no-such-run', '--fresh'], /^catalog-import: --resume RUN continues that run and --fresh starts a new one: give one of them$/);
  });

  it('no command, or a group without its subcommand, lists the commands', async () => {
    for (const args of [[], ['products'], ['mapping'], ['directories']]) {
      const run = await runCliCaptured(args, { cwd: catalog.dir, env });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^catalog-import: name a (sub)?command/i);
      expect(run.stderr).toContain('Commands:');
    }
    const top = await runCliCaptured([], { cwd: catalog.dir, env });
    for (const name of ['import', 'validate', 'export', 'sandbox']) expect(top.stderr).toContain(`catalog-import ${name}`);
  });

  it('with --json, a usage error also ends stdout with a JSON error line', async () => {
    sandbox.resetStats();
    const run = await runCliCaptured(['import', 'catalog.csv', '-m', 'mapping.yaml', '--json', '--plann'], { cwd: catalog.dir, env });
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toEqual({ type: 'error', code: 'USAGE', message: 'unknown option --plann (did you mean --plan?)', exitCode: 2 });
    expect(sandbox.stats().requests).toBe(0);
  });

  it('an extra argument is named as one, not as a flag', async () => {
    await expectUsageError(['import', 'catalog.csv', 'other.csv', '-m', 'mapping.yaml'], /^catalog-import: unexpected argument "other.csv"/);
    await expectUsageError(['runs', 'extra', '--frobnicate'], /^catalog-import: unknown option --frobnicate; unexpected argument "extra"/);
  });

  it('a mistyped command is named with the one meant', async () => {
    await expectUsageError(['improt', 'catalog.csv'], /unknown command "improt" \(did you mean import\?\)/);
  });

  it('a misspelt required flag is named first, with the flag meant, not as the required one missing', async () => {
    await expectUsageError(['import', 'catalog.csv', '--maping', 'mapping.yaml'], /^catalog-import: unknown option --maping \(did you mean --mapping\?\)$/m);
    await expectUsageError(['validate', 'catalog.csv', '--mappin=mapping.yaml'], /^catalog-import: unknown option --mappin \(did you mean --mapping\?\)$/m);
  });

  it('completion offers -m and --mapping, never a stray --m', async () => {
    const run = await runCliCaptured(['--get-yargs-completions', 'import', 'catalog.csv', '--m'], { cwd: catalog.dir, env });
    const offered = run.stdout.split('\n');
    expect(offered).toContain('--mapping');
    expect(offered.filter((word) => /^--.$/.test(word))).toEqual([]);
  });
});

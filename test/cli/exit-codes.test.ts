/**
 * Exit codes mean what README.md says: an unexpected error is 70 (never 3, which a wrapper may
 * retry), one line unless `--debug`; an install missing better-sqlite3's build is explained with
 * its fix; `-v`, `completion` and a bare `catalog-import` behave.
 */
import { describe, expect, it } from 'vitest';
import type { CommandRegistrar } from '../../src/cli/command-context.js';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { runCli } from '../../src/cli/run-cli.js';
import { TOOL_VERSION } from '../../src/core/version.js';
import { ApiError } from '../../src/core/errors.js';

function capture(): { out: string[]; err: string[]; io: Parameters<typeof runCli>[1] } {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, io: { stdout: (t) => out.push(t), stderr: (t) => err.push(t), isTty: false, env: {}, cwd: process.cwd() } };
}

/** A command whose handler fails the way the test asks: caught and reported, or thrown past the handler. */
const registerFailing: CommandRegistrar = (y, ctx) =>
  y.command(
    'fail-now <how>',
    'test command',
    (c) => c.positional('how', { type: 'string', demandOption: true }),
    async (argv) => {
      if (argv.how === 'bug') ctx.reportError(new TypeError("Cannot read properties of undefined (reading 'x')"), false);
      else if (argv.how === 'thrown') throw new RangeError('thrown past the handler');
      else if (argv.how === 'bindings') ctx.reportError(new Error('Could not locate the bindings file. Tried:\n → /x/node_modules/better-sqlite3/build/better_sqlite3.node'), false);
      else if (argv.how === 'abi') ctx.reportError(Object.assign(new Error('The module \'/x/better_sqlite3.node\' was compiled against a different Node.js version using NODE_MODULE_VERSION 115.'), { code: 'ERR_DLOPEN_FAILED' }), false);
      else if (argv.how === 'service') ctx.reportError(new ApiError('API_UNREACHABLE', 'POST /auth', 'the service did not answer'), false);
    },
  );

async function runFailing(how: string, ...extra: string[]): Promise<{ code: number; stderr: string; stdout: string }> {
  const c = capture();
  const code = await runCli(['fail-now', how, ...extra], c.io, [...COMMANDS, registerFailing]);
  return { code, stderr: c.err.join(''), stdout: c.out.join('') };
}

describe('exit codes', () => {
  it('an unexpected error exits 70 with one line and no stack', async () => {
    for (const how of ['bug', 'thrown']) {
      const run = await runFailing(how);
      expect(run.code).toBe(70);
      const lines = run.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^catalog-import: internal error: .+; run again with --debug for details$/);
    }
  });

  it('--debug adds the stack', async () => {
    const run = await runFailing('bug', '--debug');
    expect(run.code).toBe(70);
    expect(run.stderr).toMatch(/^catalog-import: internal error: Cannot read properties/);
    expect(run.stderr).toMatch(/^\s+at /m);
  });

  it('3 stays "the service could not be used"', async () => {
    expect((await runFailing('service')).code).toBe(3);
  });

  it('a missing better-sqlite3 build is one line naming the fix, exit 2', async () => {
    for (const how of ['bindings', 'abi']) {
      const run = await runFailing(how);
      expect(run.code).toBe(2);
      const lines = run.stderr.trimEnd().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/better-sqlite3 .*; fix: .*npm rebuild better-sqlite3/);
      expect(run.stderr).not.toContain('internal error');
    }
  });

  it('-v prints the version like --version', async () => {
    for (const flag of ['-v', '--version']) {
      const c = capture();
      expect(await runCli([flag], c.io)).toBe(0);
      expect(c.out.join('').trim()).toBe(TOOL_VERSION);
      expect(c.err.join('')).toBe('');
    }
  });

  it('completion prints a shell completion script', async () => {
    const c = capture();
    expect(await runCli(['completion'], c.io)).toBe(0);
    const script = c.out.join('');
    expect(script).toContain('###-begin-catalog-import-completions-###');
    expect(script).toContain('--get-yargs-completions');
    const words = capture();
    expect(await runCli(['--get-yargs-completions', 'impo'], words.io)).toBe(0);
    expect(words.out.join('')).toContain('import');
  });
});
